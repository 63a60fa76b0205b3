import * as catalogRepository from '@app/db/catalog/catalog';
import * as subsonicRepository from '@app/db/subsonic/subsonic';
import type { AppDeps, AuthState } from '../context.ts';
import { follow, like } from '../library/library.service.ts';
import { countPlay, type Listener } from '../player/plays.service.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';
import { NOT_FOUND, type SubsonicKind } from './ids.ts';

// The listener's library: stars (the site's likes and follows), ratings and plays.

export async function star(deps: AppDeps, auth: AuthState, items: { kind: SubsonicKind; id: number }[], starred: boolean): Promise<void> {
  for (const { kind, id } of items) {
    if (kind === 'artist') await follow(deps, auth, 'artist', id, starred);
    // The site's like refuses drafts to those who may not see them, as an unknown id.
    else if (kind === 'track' || kind === 'album') await like(deps.db, auth, kind, id, starred);
    else throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND[kind]);
  }
}

export async function rate(deps: AppDeps, auth: AuthState, item: { kind: SubsonicKind; id: number }, rating: number): Promise<void> {
  if (item.kind === 'playlist') throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.playlist);
  const exists = item.kind === 'artist' ? await catalogRepository.findArtist(deps.db, item.id) : item.kind === 'album' ? await catalogRepository.findAlbum(deps.db, item.id) : await catalogRepository.findTrack(deps.db, item.id);
  if (!exists) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND[item.kind]);
  await subsonicRepository.setRating(deps.db, auth.user!.id, item.kind, item.id, rating, new Date().toISOString());
}

/** Listens older than this are not counted, as scrobbling services do. */
const SCROBBLE_MAX_AGE_MS = 14 * 86_400_000;
/** Scrobbles one call may carry: each is a transaction, and an app's offline backlog fits many times over. */
export const MAX_SCROBBLES_PER_CALL = 500;

/**
 * scrobble with submission=true counts a play through the web player's rule (a repeat within the
 * counting threshold is ignored); streaming never counts, since apps download ahead and cache.
 * Each play is dated when the app says it was heard (apps scrobble offline listens later), and
 * the repeat rule looks around that time, so two listens an hour apart count twice and a resent
 * scrobble once. A time ahead of the server's clock is a phone's clock running fast: it counts now.
 * A dated listen is a repeat of any song heard within the counting threshold of it (nobody hears two
 * at once), and listens older than 14 days are left out, so a date in the past cannot add plays
 * faster than anyone listens.
 * submission=false ("now playing") records nothing: getNowPlaying lists recent counted plays.
 */
export async function scrobble(deps: AppDeps, auth: AuthState, plays: { trackId: number; time?: number }[], submission: boolean, listener: Omit<Listener, 'userId'>): Promise<void> {
  const known = new Set((await catalogRepository.tracksByIds(deps.db, [...new Set(plays.map((p) => p.trackId))])).map((t) => t.id));
  if (plays.some((p) => !known.has(p.trackId))) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.track);
  if (!submission) return;
  const oldest = Date.now() - SCROBBLE_MAX_AGE_MS;
  for (const play of plays) {
    if (play.time !== undefined && play.time < oldest) continue;
    const playedAt = play.time === undefined ? undefined : new Date(Math.min(play.time, Date.now()));
    await countPlay(deps.db, play.trackId, { ...listener, userId: auth.user!.id }, playedAt);
  }
}
