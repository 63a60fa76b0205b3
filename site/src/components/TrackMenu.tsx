import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { translator, type Lines } from '../lib/i18n.ts';
import { useAtomValue } from 'jotai';
import { currentUserId, goToLogin } from '../lib/current-user.ts';
import { radioUrl, trackUrl } from '../lib/slug.ts';
import { libraryIdsAtom, loadLibraryIds, requestAddToPlaylist, setInLibrary } from '../stores/library.atoms.ts';
import { addToQueue, playNext, type QueueTrack } from '../stores/player.atoms.ts';
import { toast } from '../stores/toast.atoms.ts';
import Icon from './Icon.tsx';
import PlayerIcon from './player/PlayerIcon.tsx';

const MENU_HEIGHT = 6 * 40 + 16;

interface Props {
  track: QueueTrack;
  lines: Lines;
  disabled?: boolean;
}

/**
 * A track's "more" menu: play next, add to queue. A menu button with the ARIA menu pattern
 * (arrow keys, Home/End, Escape returns focus). The list is fixed-positioned from the button, so
 * table cells that clip their content cannot cut it off.
 */
export default function TrackMenu({ track, lines, disabled }: Props) {
  const t = translator(lines);
  const [place, setPlace] = useState<{ top: number | 'auto'; bottom: number | 'auto'; right: number } | null>(null);
  const open = place !== null;
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const liked = Boolean(useAtomValue(libraryIdsAtom)?.liked_tracks.includes(track.id));

  const setOpen = (value: boolean) => {
    if (!value || !triggerRef.current) {
      setPlace(null);
      return;
    }
    const rect = triggerRef.current.getBoundingClientRect();
    const right = Math.max(8, window.innerWidth - rect.right);
    // Opens upwards when the space left above the player bar (and the mobile navigation) is too small.
    const root = getComputedStyle(document.documentElement);
    const reserved = (parseFloat(root.getPropertyValue('--player-height')) || 0) + (parseFloat(root.getPropertyValue('--mobile-nav-height')) || 0);
    const below = window.innerHeight - reserved - rect.bottom;
    // About 40 px per entry: open upwards when the list would not fit below.
    setPlace(below < MENU_HEIGHT ? { top: 'auto', bottom: window.innerHeight - rect.top + 4, right } : { top: rect.bottom + 4, bottom: 'auto', right });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: setOpen is rebuilt each render and only sets state; the listeners are bound once per opening
  useEffect(() => {
    if (!open) return;
    // Whether the track is liked is known once the listener's library ids are loaded.
    if (currentUserId() !== null) void loadLibraryIds();
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
    const onPointer = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node) && !triggerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // Scrolling that moves the button (the page, the list) leaves the menu behind: close it.
    const openedAt = triggerRef.current?.getBoundingClientRect().top;
    const onMove = () => {
      if (triggerRef.current?.getBoundingClientRect().top !== openedAt) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    const onResize = () => setOpen(false);
    window.addEventListener('resize', onResize);
    window.addEventListener('scroll', onMove, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('resize', onResize);
      window.removeEventListener('scroll', onMove, true);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  const choose = (action: () => void, message: string) => {
    action();
    toast(message);
    close();
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      entries[(index + (event.key === 'ArrowDown' ? 1 : -1) + entries.length) % entries.length]?.focus({ preventScroll: true });
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      entries[event.key === 'Home' ? 0 : entries.length - 1]?.focus({ preventScroll: true });
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className="icon-button row-menu-trigger"
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('More options for :name', { name: track.name })}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <PlayerIcon name="more" />
      </button>
      {open && (
        <ul
          className="dropdown-menu track-menu"
          role="menu"
          id={menuId}
          ref={menuRef}
          onKeyDown={onMenuKey}
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
