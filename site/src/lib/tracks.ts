import type { AlbumResource, TrackResource } from '@app/api';
import type { QueueTrack } from '../stores/player.atoms.ts';
import { albumUrl } from './slug.ts';

type AlbumLike = Pick<AlbumResource, 'id' | 'name' | 'image'> & { artists?: { id: number; name: string }[] };

/** The player's view of tracks; tracks of an album page borrow its cover and name. */
export function toQueueTracks(tracks: TrackResource[], album?: AlbumLike): QueueTrack[] {
  return tracks.map((track) => {
    const source: AlbumLike | null | undefined = track.album ?? album;
    return {
      id: track.id,
      name: track.name,
      duration: track.duration,
      stream_url: track.stream_url,
      image: source?.image ?? null,
      artists: (track.artists ?? []).map(({ id, name }) => ({ id, name })),
      album: source ? { id: source.id, name: source.name, url: albumUrl({ ...source, artists: source.artists ?? track.artists }) } : null,
    };
  });
}
