import { playQueue } from '../stores/player.atoms.ts';
import { toast } from '../stores/toast.atoms.ts';
import { islandApi, ok } from './island-api.ts';
import { toQueueTracks } from './tracks.ts';

type Kind = 'album' | 'playlist' | 'artist';

/** The tracks a card's play button starts: the album, the playlist, or the artist's top tracks. */
async function tracksOf(kind: Kind, id: string) {
  if (kind === 'album') {
    const { album } = await ok(islandApi.albums[':id'].$get({ param: { id }, query: { with: 'artists,tracks,tracks.artists' } }));
    return toQueueTracks(album.tracks ?? [], album);
  }
  if (kind === 'playlist') {
    const { pagination } = await ok(islandApi.playlists[':id'].tracks.$get({ param: { id }, query: { perPage: 500 } }));
    return toQueueTracks(pagination.data);
  }
  const { artist } = await ok(islandApi.artists[':id'].$get({ param: { id }, query: { with: 'topTracks,topTracks.artists,topTracks.album' } }));
  return toQueueTracks(artist.top_tracks ?? []);
}

/**
 * Play buttons on album, playlist and artist cards are plain HTML (no island per card): one
 * listener on the document starts them, once the page's scripts have loaded.
 */
export function setupCardPlay(): void {
  // The buttons show once this listener exists (see .card-play in global.css), so no click is
  // lost; page swaps replace the <html> attributes, so the mark is set again after each.
  const mark = () => (document.documentElement.dataset.cardPlay = 'ready');
  mark();
  document.addEventListener('astro:after-swap', mark);
  document.addEventListener('click', async (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-play-kind]');
    if (!button) return;
    event.preventDefault();
    const kind = button.dataset.playKind as Kind;
    const id = button.dataset.playId ?? '';
    if (!['album', 'playlist', 'artist'].includes(kind) || !/^\d+$/.test(id)) return;
    button.disabled = true;
    try {
      const tracks = await tracksOf(kind, id);
      if (tracks.length) playQueue(tracks, 0);
      else toast.danger(button.dataset.emptyMessage ?? 'Nothing to play.');
    } catch (error) {
      toast.danger(error instanceof Error ? error.message : 'There was an issue. Please try again.');
    } finally {
      button.disabled = false;
    }
  });
}
