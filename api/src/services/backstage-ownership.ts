import { artistIdsOfUser, artistsOwningAlbum, artistsOwningTrack, findArtist, findTrackOrDraft, type TrackRow } from '@app/db';
import type { AppDeps, AuthState } from '../context.ts';
import { forbidden, notFound, unauthenticated } from './errors.ts';
import { hasPermission } from './permissions.ts';

export type BackstageKind = 'track' | 'album' | 'artist';

const MISSING: Record<BackstageKind, string> = {
  track: 'This track does not exist.',
  album: 'This album does not exist.',
  artist: 'This artist does not exist.',
};

/** Those who manage the whole catalogue in the back office manage every artist's music here too. */
export function managesAllMusic(auth: AuthState): boolean {
  return hasPermission(auth.permissions, 'music.update');
}

/** The artists a user acts for in backstage: the ones an approved request linked them to. */
export async function artistsOfUser(deps: AppDeps, auth: AuthState): Promise<number[]> {
  if (!auth.user) throw unauthenticated();
  return artistIdsOfUser(deps.db, auth.user.id);
}

/**
 * The one ownership rule of backstage: a track, album or artist may be read, changed or looked
 * into by a user linked to one of its artists (artist_user), or by whoever manages all music.
 * Guests get 401, unknown ids 404 (before anything else, so an id says nothing more to an
 * outsider than the public catalogue does), anyone else 403.
 */
export async function requireOwnership(deps: AppDeps, auth: AuthState, kind: BackstageKind, id: number): Promise<void> {
  if (!auth.user) throw unauthenticated();
  const owners = await ownerArtists(deps, kind, id);
  if (owners === undefined) throw notFound(MISSING[kind]);
  if (!(await ownsOneOf(deps, auth, owners))) throw forbidden('You can only manage the music of your own artists.');
}

async function ownsOneOf(deps: AppDeps, auth: AuthState, owners: number[]): Promise<boolean> {
  if (managesAllMusic(auth)) return true;
  if (!auth.user) return false;
  const mine = new Set(await artistIdsOfUser(deps.db, auth.user.id));
  return owners.some((artistId) => mine.has(artistId));
}

/**
 * A track to play: published tracks for everyone who may listen, drafts only for those who
 * manage them (so an artist hears an upload before publishing it). To anyone else a draft does
 * not exist: 404, as for an unknown id.
 */
export async function findAudibleTrack(deps: AppDeps, auth: AuthState, id: number): Promise<TrackRow> {
  const track = await findTrackOrDraft(deps.db, id);
  if (track?.published) return track;
  const owners = track && auth.user ? await ownerArtists(deps, 'track', id) : undefined;
  if (!track || !owners || !(await ownsOneOf(deps, auth, owners))) throw notFound(MISSING.track);
  return track;
}

async function ownerArtists(deps: AppDeps, kind: BackstageKind, id: number): Promise<number[] | undefined> {
  if (kind === 'track') return artistsOwningTrack(deps.db, id);
  if (kind === 'album') return artistsOwningAlbum(deps.db, id);
  return (await findArtist(deps.db, id)) ? [id] : undefined;
}
