import * as catalogRepository from '@app/db/catalog/catalog';
import * as subsonicRepository from '@app/db/subsonic/subsonic';
import type { AppDeps, AuthState } from '../context.ts';
import { subsonicId } from './ids.ts';
import { presentAlbums, presentArtists, presentSongs, viewerOf } from './present.ts';
import type { NowPlayingEntry, Starred2 } from './responses.ts';

export type { AlbumListType } from '@app/db/subsonic/subsonic';

const MINUTE = 60_000;

export async function albumsInOrder(deps: AppDeps, auth: AuthState, q: { type: subsonicRepository.AlbumListType; offset: number; size: number; fromYear?: number; toYear?: number; genre?: string }) {
  const albums = await subsonicRepository.albumList(deps.db, { type: q.type, offset: q.offset, limit: q.size, userId: auth.user!.id, fromYear: q.fromYear, toYear: q.toYear, genre: q.genre });
  return presentAlbums(deps, viewerOf(auth), albums);
}

export async function randomSongs(deps: AppDeps, auth: AuthState, q: { size: number; genre?: string; fromYear?: number; toYear?: number }) {
  return presentSongs(deps, viewerOf(auth), await subsonicRepository.randomTracks(deps.db, { limit: q.size, genre: q.genre, fromYear: q.fromYear, toYear: q.toYear }));
}

export async function songsByGenre(deps: AppDeps, auth: AuthState, genre: string, offset: number, count: number) {
  return presentSongs(deps, viewerOf(auth), await subsonicRepository.tracksOfGenre(deps.db, genre, offset, count));
}

const STARRED_LIMIT = 5000;

export async function starredItems(deps: AppDeps, auth: AuthState): Promise<Starred2> {
  const viewer = viewerOf(auth);
  const ids = await subsonicRepository.starredIds(deps.db, viewer.userId, STARRED_LIMIT);
  const [artists, albums, tracks] = await Promise.all([catalogRepository.artistsByIds(deps.db, ids.artist), catalogRepository.albumsByIds(deps.db, ids.album), catalogRepository.tracksByIds(deps.db, ids.track)]);
  return {
    artist: await presentArtists(deps, viewer, catalogRepository.inOrderOf(ids.artist, artists)),
    album: await presentAlbums(deps, viewer, catalogRepository.inOrderOf(ids.album, albums)),
    song: await presentSongs(deps, viewer, catalogRepository.inOrderOf(ids.track, tracks)),
  };
}

/** How far back a counted play still shows as playing now. */
export const NOW_PLAYING_MINUTES = 10;

export async function nowPlaying(deps: AppDeps, auth: AuthState): Promise<NowPlayingEntry[]> {
  const now = Date.now();
  const plays = await subsonicRepository.playsSince(deps.db, new Date(now - NOW_PLAYING_MINUTES * MINUTE).toISOString(), 100);
  // One entry per listener: their latest play.
  const latest = [...new Map(plays.reverse().map((play) => [play.user_id, play])).values()].reverse();
  const tracks = await catalogRepository.tracksByIds(deps.db, latest.map((p) => p.track_id));
  const songs = new Map((await presentSongs(deps, viewerOf(auth), tracks)).map((s) => [s.id, s]));
  return latest.flatMap((play) => {
    const entry = songs.get(subsonicId('track', play.track_id));
    return entry ? [{ ...entry, username: play.user_name ?? `Listener ${play.user_id}`, minutesAgo: Math.max(0, Math.floor((now - Date.parse(play.created_at)) / MINUTE)), playerId: 0 }] : [];
  });
}
