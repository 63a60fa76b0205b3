import './dropdown.css';
import './TrackMenu.css';
import { useEffect, useState } from 'react';
import { translator, type Lines } from '../lib/i18n.ts';
import { useAtomValue } from 'jotai';
import { currentUserId, goToLogin } from '../lib/current-user.ts';
import { radioUrl, trackUrl } from '../lib/slug.ts';
import { useMenuButton } from '../lib/use-menu-button.ts';
import { libraryIdsAtom, loadLibraryIds, requestAddToPlaylist, setInLibrary } from '../stores/library.atoms.ts';
import { addToQueue, playNext, type QueueTrack } from '../stores/player.atoms.ts';
import { toast } from '../stores/toast.atoms.ts';
import Icon from './Icon.tsx';
import PlayerIcon from './player/PlayerIcon.tsx';

/** About 40 px per entry. */
const MENU_HEIGHT = 6 * 40 + 16;

interface Props {
  track: QueueTrack;
  lines: Lines;
  disabled?: boolean;
}

type Place = { top: number | 'auto'; bottom: number | 'auto'; right: number };

/** Fixed-position place of the menu: below the button, or above it when the room left below is too small. */
function placeBelowOrAbove(trigger: HTMLElement): Place {
  const rect = trigger.getBoundingClientRect();
  const right = Math.max(8, window.innerWidth - rect.right);
  // The player bar (and the mobile navigation) cover the bottom of the window.
  const root = getComputedStyle(document.documentElement);
  const reserved = (parseFloat(root.getPropertyValue('--player-height')) || 0) + (parseFloat(root.getPropertyValue('--mobile-nav-height')) || 0);
  const below = window.innerHeight - reserved - rect.bottom;
  return below < MENU_HEIGHT ? { top: 'auto', bottom: window.innerHeight - rect.top + 4, right } : { top: rect.bottom + 4, bottom: 'auto', right };
}

/**
 * A track's "more" menu: play next, add to queue. A menu button with the ARIA menu pattern
 * (arrow keys, Home/End, Escape returns focus). The list is fixed-positioned from the button, so
 * table cells that clip their content cannot cut it off.
 */
export default function TrackMenu({ track, lines, disabled }: Props) {
  const t = translator(lines);
  const [place, setPlace] = useState<Place>({ top: 0, bottom: 'auto', right: 0 });
  const { open, setOpen, close, triggerRef, triggerProps, menuProps } = useMenuButton({ onOpen: () => setPlace(placeBelowOrAbove(triggerRef.current!)) });
  const liked = Boolean(useAtomValue(libraryIdsAtom)?.liked_tracks.includes(track.id));

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the menu opens or closes; the trigger is read at that moment and setOpen is stable
  useEffect(() => {
    if (!open) return;
    // Whether the track is liked is known once the listener's library ids are loaded.
    if (currentUserId() !== null) void loadLibraryIds();
    // Scrolling that moves the button (the page, the list) leaves the menu behind: close it.
    const openedAt = triggerRef.current?.getBoundingClientRect().top;
    const onMove = () => {
      if (triggerRef.current?.getBoundingClientRect().top !== openedAt) setOpen(false);
    };
    const onResize = () => setOpen(false);
    window.addEventListener('resize', onResize);
    window.addEventListener('scroll', onMove, true);
    return () => {
      window.removeEventListener('resize', onResize);
      window.removeEventListener('scroll', onMove, true);
    };
  }, [open]);

  const choose = (action: () => void, message: string) => {
    action();
    toast(message);
    close();
  };

  return (
    <>
      <button
        {...triggerProps}
        type="button"
        className="icon-button row-menu-trigger"
        disabled={disabled}
        aria-label={t('More options for :name', { name: track.name })}
      >
        <PlayerIcon name="more" />
      </button>
      {open && (
        <ul
          {...menuProps}
          className="dropdown-menu track-menu"
          aria-label={t('Options for :name', { name: track.name })}
          style={{ position: 'fixed', ...place }}
        >
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(() => playNext(track), t('":name" will play next.', { name: track.name }))}>
              <PlayerIcon name="playNext" />
              {t('Play next')}
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(() => addToQueue(track), t('":name" was added to the queue.', { name: track.name }))}>
              <PlayerIcon name="addToQueue" />
              {t('Add to queue')}
            </button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                setOpen(false);
                requestAddToPlaylist([track.id], track.name);
              }}
            >
              <Icon name="playlistAdd" />
              {t('Add to playlist')}
            </button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close();
                if (currentUserId() === null) goToLogin();
                else void setInLibrary('like', 'track', track.id, !liked, t);
              }}
            >
              <Icon name={liked ? 'heart' : 'heartOutline'} />
              {liked ? t('Remove from liked songs') : t('Add to liked songs')}
            </button>
          </li>
          <li role="none">
            <a role="menuitem" tabIndex={-1} href={radioUrl({ type: 'track', id: track.id, name: track.name })}>
              <Icon name="radio" />
              {t('Go to track radio')}
            </a>
          </li>
          <li role="none">
            <a role="menuitem" tabIndex={-1} href={trackUrl(track)}>
              <Icon name="music" />
              {t('Go to track')}
            </a>
          </li>
        </ul>
      )}
    </>
  );
}
