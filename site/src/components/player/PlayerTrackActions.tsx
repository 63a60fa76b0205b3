import '../library/LibraryButton.css';
import './PlayerTrackActions.css';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { currentUserId, goToLogin } from '../../lib/current-user.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { libraryIdsAtom, loadLibraryIds, requestAddToPlaylist, setInLibrary } from '../../stores/library.atoms.ts';
import type { QueueTrack } from '../../stores/player.atoms.ts';
import Icon from '../Icon.tsx';

export interface PlayerTrackActionsProps {
  track: QueueTrack;
  lines: Lines;
  /** The compact player bar, or the roomy now-playing view. */
  placement: 'bar' | 'now-playing';
}

/** Like and add-to-playlist for the playing track, in the player bar and the now-playing view. */
export default function PlayerTrackActions({ track, lines, placement }: PlayerTrackActionsProps) {
  const t = translator(lines);
  const liked = Boolean(useAtomValue(libraryIdsAtom)?.liked_tracks.includes(track.id));
  useEffect(() => {
    if (currentUserId() !== null) void loadLibraryIds();
  }, []);
  const likeLabel = liked ? t('Remove :name from your library', { name: track.name }) : t('Like :name', { name: track.name });
  const addLabel = t('Add :name to a playlist', { name: track.name });
  return (
    <div className={`player-track-actions ${placement}`}>
      <button
        type="button"
        className={`icon-button library-toggle${liked ? ' on' : ''}`}
        aria-pressed={liked}
        aria-label={likeLabel}
        title={likeLabel}
        onClick={() => (currentUserId() === null ? goToLogin() : void setInLibrary('like', 'track', track.id, !liked, t))}
      >
        <Icon name={liked ? 'heart' : 'heartOutline'} />
      </button>
      <button type="button" className="icon-button" aria-label={addLabel} title={addLabel} aria-haspopup="dialog" onClick={() => requestAddToPlaylist([track.id], track.name)}>
        <Icon name="playlistAdd" />
      </button>
    </div>
  );
}
