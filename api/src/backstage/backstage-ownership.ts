import type { Db, TrackRow } from '@app/db';
import * as backstageRepository from '@app/db/backstage/backstage';
import * as backstageRequestsRepository from '@app/db/backstage/backstage-requests';
import * as catalogRepository from '@app/db/catalog/catalog';
import * as libraryRepository from '@app/db/library/library';
import type { AppDeps, AuthState } from '../context.ts';
import { forbidden, notFound, unauthenticated } from '../common/errors.ts';
import { hasPermission } from '../permissions/permissions.ts';

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
  return backstageRequestsRepository.artistIdsOfUser(deps.db, auth.user.id);
}

/**
 * The one ownership rule of backstage: a track, album or artist may be read, changed or looked
 * into by a user linked to one of its artists (artist_user), or by whoever manages all music.
 * Guests get 401, unknown ids 404 (before anything else, so an id says nothing more to an
 * outsider than the public catalogue does), anyone else 403.
 */
export async function requireOwnership(deps: AppDeps, auth: AuthState, kind: BackstageKind, id: number): Promise<void> {
  if (!auth.user) throw unauthenticated();
  const owners = await ownerArtists(deps.db, kind, id);
  if (owners === undefined) throw notFound(MISSING[kind]);
  if (!(await ownsOneOf(deps.db, auth, owners))) throw forbidden('You can only manage the music of your own artists.');
}

async function ownsOneOf(db: Db, auth: AuthState, owners: number[]): Promise<boolean> {
  if (managesAllMusic(auth)) return true;
  if (!auth.user) return false;
  const mine = new Set(await backstageRequestsRepository.artistIdsOfUser(db, auth.user.id));
  return owners.some((artistId) => mine.has(artistId));
}

/** What listeners name by id and may find a draft behind: a track, or an album of drafts only. */
export type DraftableKind = 'track' | 'album';

/**
 * The one rule for drafts wherever a listener names a track or album by id (play it, read its
 * lyrics, like, repost, add to a playlist, on the site and through Subsonic): what listeners see
 * (findTrack, findAlbum: published tracks, albums with a published track or none yet), and besides
 * that a draft for its own artists and for whoever manages all music, so an artist hears an upload
 * before publishing it. To anyone else a draft does not exist: the answer is an unknown id's.
 * Lists, which everyone shares, show only what is published (the repositories' `published = 1`
 * and albumIsListed), to those people too.
 */
export async function isVisible(db: Db, auth: AuthState, kind: DraftableKind, id: number): Promise<boolean> {
  if (await (kind === 'track' ? catalogRepository.findTrack(db, id) : catalogRepository.findAlbum(db, id))) return true;
  const owners = auth.user ? await ownerArtists(db, kind, id) : undefined;
  return owners !== undefined && (await ownsOneOf(db, auth, owners));
}

/** isVisible, or the 404 an unknown id gets. */
export async function requireVisible(db: Db, auth: AuthState, kind: DraftableKind, id: number): Promise<void> {
  if (!(await isVisible(db, auth, kind, id))) throw notFound(MISSING[kind]);
}

/** Which of these tracks the asker may see (isVisible): one read, unless they are someone drafts may be shown to. */
export async function visibleTrackIds(db: Db, auth: AuthState, ids: readonly number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  const visible = await libraryRepository.listedIds(db, 'track', unique);
  const others = unique.filter((id) => !visible.has(id));
  if (!others.length || !auth.user || !(managesAllMusic(auth) || (await backstageRequestsRepository.artistIdsOfUser(db, auth.user.id)).length)) return visible;
  for (const id of others) if (await isVisible(db, auth, 'track', id)) visible.add(id);
  return visible;
}

/** A track to play (isVisible), or the 404 an unknown id gets. */
export async function findAudibleTrack(deps: AppDeps, auth: AuthState, id: number): Promise<TrackRow> {
  const track = await catalogRepository.findTrackOrDraft(deps.db, id);
  if (!track || !(track.published || (await isVisible(deps.db, auth, 'track', id)))) throw notFound(MISSING.track);
  return track;
}

async function ownerArtists(db: Db, kind: BackstageKind, id: number): Promise<number[] | undefined> {
  if (kind === 'track') return backstageRepository.artistsOwningTrack(db, id);
  if (kind === 'album') return backstageRepository.artistsOwningAlbum(db, id);
  return (await catalogRepository.findArtist(db, id)) ? [id] : undefined;
}
