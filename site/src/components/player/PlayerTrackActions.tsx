import type { Lines } from '../../lib/i18n.ts';
import type { QueueTrack } from '../../stores/player.atoms.ts';

export interface PlayerTrackActionsProps {
  track: QueueTrack;
  lines: Lines;
  /** The compact player bar, or the roomy now-playing view. */
  placement: 'bar' | 'now-playing';
}

/**
 * SLOT for "Like" and "Add to playlist" on the playing track, shown in the player bar (beside the
 * title) and in the now-playing view (under the title). The likes and playlists APIs are being
 * built separately; until they land this renders nothing rather than buttons that do nothing.
 * Fill it in here: the player already renders it with the current track, inside the shared jotai
 * Provider, and styles `.player-track-actions` (a flex row of `.icon-button`s) in both places.
 */
export default function PlayerTrackActions(_props: PlayerTrackActionsProps) {
  return null;
}
