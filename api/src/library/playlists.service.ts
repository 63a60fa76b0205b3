import type { Db, PlaylistRow } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as libraryRepository from '@app/db/library/library';
import * as playlistsRepository from '@app/db/library/playlists';
import * as fileEntriesRepository from '@app/db/uploads/file-entries';
import { randomUUID } from 'node:crypto';
import type { AppDeps, AuthState } from '../context.ts';
import { sniffImage } from '../accounts/avatar.service.ts';
import { forbidden, notFound, TooLargeError, validationFailed } from '../common/errors.ts';
import { msg } from '../i18n/msg.ts';
import type { z } from 'zod';
import type { PlaylistSchema, UserSummarySchema } from './listener.schemas.ts';
import { presentTracks } from '../catalog/catalog.service.ts';
import { displayName } from '../accounts/display-name.ts';
import { hasPermission } from '../permissions/permissions.ts';
import { visibleTrackIds } from '../backstage/backstage-ownership.ts';

export type PlaylistResource = z.infer<typeof PlaylistSchema>;
export type UserSummary = z.infer<typeof UserSummarySchema>;

/** A playlist without an image shows a 2×2 mosaic of its first albums' covers. */
export const PLAYLIST_COVERS = 4;

/** Most playlists people make stay well under this; it keeps one playlist from growing without end. */
export const PLAYLIST_MAX_TRACKS = 5000;

export function userSummary(user: usersRepository.PublicUserRow): UserSummary {
  return { id: user.id, name: displayName(user), image: user.image };
}

/** What a playlist's card shows beside its own columns, when a caller loaded it in its own batch. */
export interface LoadedPlaylistFacts {
  owners: Map<number, usersRepository.PublicUserRow>;
  stats: Map<number, { count: number; duration: number }>;
  followers: Map<number, number>;
}

export async function presentPlaylists(db: Db, playlists: PlaylistRow[], loaded?: LoadedPlaylistFacts): Promise<PlaylistResource[]> {
  const ids = playlists.map((p) => p.id);
  const [covers, [owners, stats, followers]] = await Promise.all([
    playlistsRepository.albumCoversOfPlaylists(db, ids, PLAYLIST_COVERS),
    loaded
      ? ([loaded.owners, loaded.stats, loaded.followers] as const)
      : Promise.all([
          usersRepository.publicUsersByIds(
            db,
            playlists.map((p) => p.owner_id),
          ),
          playlistsRepository.trackStatsOfPlaylists(db, ids),
          libraryRepository.followerCounts(db, 'playlist', ids),
        ]),
  ]);
  return playlists.map((playlist) => {
    const owner = owners.get(playlist.owner_id);
    return {
      id: playlist.id,
      name: playlist.name,
      description: playlist.description,
      image: playlist.image,
      covers: covers.get(playlist.id) ?? [],
      public: Boolean(playlist.public),
      collaborative: Boolean(playlist.collaborative),
      owner: owner ? userSummary(owner) : null,
      tracks_count: stats.get(playlist.id)?.count ?? 0,
      duration: stats.get(playlist.id)?.duration ?? 0,
      followers_count: followers.get(playlist.id) ?? 0,
      updated_at: playlist.updated_at,
    };
  });
}

const managesPlaylists = (auth: AuthState) => hasPermission(auth.permissions, 'playlists.update');

/** Private playlists are seen by their owner and by people who manage playlists, nobody else. */
export function canView(auth: AuthState, playlist: PlaylistRow): boolean {
  return Boolean(playlist.public) || auth.user?.id === playlist.owner_id || managesPlaylists(auth);
}

/** The owner changes everything; followers of a collaborative playlist change its tracks. */
export async function canEditTracks(db: Db, auth: AuthState, playlist: PlaylistRow): Promise<boolean> {
  if (!auth.user) return false;
  if (auth.user.id === playlist.owner_id || managesPlaylists(auth)) return true;
  return Boolean(playlist.collaborative) && canView(auth, playlist) && (await libraryRepository.isFollowing(db, auth.user.id, 'playlist', playlist.id));
}

export function canEditDetails(auth: AuthState, playlist: PlaylistRow): boolean {
  return Boolean(auth.user) && (auth.user!.id === playlist.owner_id || managesPlaylists(auth));
}

/** A playlist the asker may see, or a 404 that does not reveal private playlists exist. */
export async function visiblePlaylist(db: Db, auth: AuthState, id: number): Promise<PlaylistRow> {
  const playlist = await playlistsRepository.findPlaylist(db, id);
  if (!playlist || !canView(auth, playlist)) throw notFound('This playlist does not exist.');
  return playlist;
}

export async function playlistTracksPage(db: Db, playlist: PlaylistRow, page: number, perPage: number) {
  const rows = await playlistsRepository.tracksOfPlaylist(db, playlist.id, (page - 1) * perPage, perPage + 1);
  const tracks = await presentTracks(db, rows.slice(0, perPage), new Set(['artists', 'album', 'album.artists']));
  const stats = await playlistsRepository.trackStatsOfPlaylists(db, [playlist.id]);
  return {
    data: tracks.map((track, i) => ({ ...track, added_at: rows[i].added_at })),
    current_page: page,
    per_page: perPage,
    has_more: rows.length > perPage,
    total: stats.get(playlist.id)?.count ?? 0,
  };
}

export interface PlaylistInput {
  name?: string;
  description?: string | null;
  public?: boolean;
  collaborative?: boolean;
}

export async function createOwnPlaylist(db: Db, auth: AuthState, input: PlaylistInput & { name: string }): Promise<PlaylistResource> {
  const playlist = await playlistsRepository.createPlaylist(db, {
    owner_id: auth.user!.id,
    name: input.name,
    description: input.description ?? null,
    public: input.public === false ? 0 : 1,
    collaborative: input.collaborative ? 1 : 0,
  });
  return (await presentPlaylists(db, [playlist]))[0];
}

export async function changePlaylist(db: Db, auth: AuthState, id: number, input: PlaylistInput): Promise<PlaylistResource> {
  const playlist = await visiblePlaylist(db, auth, id);
  if (!canEditDetails(auth, playlist)) throw forbidden('Only the owner can change this playlist.');
  await playlistsRepository.updatePlaylist(db, id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.public !== undefined ? { public: input.public ? 1 : 0 } : {}),
    ...(input.collaborative !== undefined ? { collaborative: input.collaborative ? 1 : 0 } : {}),
  });
  return (await presentPlaylists(db, [(await playlistsRepository.findPlaylist(db, id))!]))[0];
}

export async function removePlaylist(deps: AppDeps, auth: AuthState, id: number): Promise<void> {
  const playlist = await visiblePlaylist(deps.db, auth, id);
  if (!canEditDetails(auth, playlist)) throw forbidden('Only the owner can delete this playlist.');
  await deletePlaylistAndCover(deps, playlist);
}

/** Deletes a playlist and its uploaded cover: the owner's delete on the site and the back office's. */
export async function deletePlaylistAndCover(deps: AppDeps, playlist: Pick<PlaylistRow, 'id' | 'image'>): Promise<void> {
  await playlistsRepository.deletePlaylist(deps.db, playlist.id);
  await releasePlaylistCover(deps, playlist.image);
}

/** Names the server gives uploaded covers; anything else is an address someone typed, not our file. */
const UPLOADED_COVER = /^\/uploads\/(playlist-[\w-]+\.[a-z0-9]+)$/;

/**
 * Removes the bytes and file entry of an uploaded cover no playlist shows any more. A cover given
 * as an address is left alone, and so is one the back office also gave to another playlist.
 */
export async function releasePlaylistCover(deps: AppDeps, image: string | null | undefined): Promise<void> {
  const key = image ? UPLOADED_COVER.exec(image)?.[1] : undefined;
  if (!key || (await playlistsRepository.countPlaylistsWithImage(deps.db, image!)) > 0) return;
  await fileEntriesRepository.deleteFileEntryByName(deps.db, key);
  await deps.storage.delete('public', key);
}

async function editableForTracks(db: Db, auth: AuthState, id: number): Promise<PlaylistRow> {
  const playlist = await visiblePlaylist(db, auth, id);
  if (!(await canEditTracks(db, auth, playlist))) throw forbidden('Only the owner or collaborators can change the tracks of this playlist.');
  return playlist;
}

/**
 * Refuses the ids of tracks the asker may not see, drafts as unknown ids are (visibleTrackIds):
 * otherwise the answer would tell an unreleased track's id from an unknown one. Subsonic's
 * playlist calls add through here too.
 */
export async function requireVisibleTracks(db: Db, auth: AuthState, trackIds: number[]): Promise<void> {
  const known = await visibleTrackIds(db, auth, trackIds);
  const missing = trackIds.filter((trackId) => !known.has(trackId));
  if (missing.length) throw validationFailed({ track_ids: `These tracks do not exist: ${missing.slice(0, 10).join(', ')}.` });
}

export async function addTracks(db: Db, auth: AuthState, id: number, trackIds: number[]): Promise<{ added: number; tracks_count: number }> {
  const playlist = await editableForTracks(db, auth, id);
  await requireVisibleTracks(db, auth, trackIds);
  const count = (await playlistsRepository.trackStatsOfPlaylists(db, [id])).get(id)?.count ?? 0;
  if (count + trackIds.length > PLAYLIST_MAX_TRACKS) throw validationFailed({ track_ids: `A playlist holds at most ${PLAYLIST_MAX_TRACKS} tracks.` });
  const added = await playlistsRepository.addTracksToPlaylist(db, playlist.id, trackIds, auth.user!.id);
  return { added, tracks_count: (await playlistsRepository.trackStatsOfPlaylists(db, [id])).get(id)?.count ?? 0 };
}

export async function removeTracks(db: Db, auth: AuthState, id: number, trackIds: number[]): Promise<{ removed: number }> {
  const playlist = await editableForTracks(db, auth, id);
  return { removed: await playlistsRepository.removeTracksFromPlaylist(db, playlist.id, trackIds) };
}

export async function moveTrack(db: Db, auth: AuthState, id: number, trackId: number, index: number): Promise<void> {
  const playlist = await editableForTracks(db, auth, id);
  if (!(await playlistsRepository.moveTrackInPlaylist(db, playlist.id, trackId, index))) throw validationFailed({ track_id: 'This track is not in the playlist.' });
}

export const PLAYLIST_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** A cover over the limit, whether the route or the request's body limit finds it. */
export const PLAYLIST_IMAGE_TOO_LARGE = msg('file exceeds maximum allowed size of 5MB');

/** Covers are raster images recognised by their bytes, stored under a server-made name. */
export async function replacePlaylistImage(deps: AppDeps, auth: AuthState, id: number, file: File): Promise<PlaylistResource> {
  const playlist = await visiblePlaylist(deps.db, auth, id);
  if (!canEditDetails(auth, playlist)) throw forbidden('Only the owner can change this playlist.');
  if (file.size > PLAYLIST_IMAGE_MAX_BYTES) throw new TooLargeError(PLAYLIST_IMAGE_TOO_LARGE, { file: PLAYLIST_IMAGE_TOO_LARGE });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImage(bytes);
  if (!type) throw validationFailed({ file: 'This file type is not allowed' });
  const key = `playlist-${randomUUID()}.${type.extension}`;
  await deps.storage.put('public', key, bytes);
  try {
    await fileEntriesRepository.insertPlaylistImage(deps.db, id, { name: file.name.slice(0, 255) || key, file_name: key, mime: type.mime, extension: type.extension, file_size: bytes.byteLength, disk: 'public', user_id: auth.user!.id }, deps.storage.publicUrl(key));
  } catch (error) {
    await deps.storage.delete('public', key);
    throw error;
  }
  await releasePlaylistCover(deps, playlist.image);
  return (await presentPlaylists(deps.db, [(await playlistsRepository.findPlaylist(deps.db, id))!]))[0];
}

/** Own and followed playlists for the library; only public ones when others look. */
export async function playlistsPage(db: Db, userId: number, options: { includeFollowed: boolean; onlyPublic: boolean; page: number; perPage: number }) {
  const rows = await playlistsRepository.playlistsOfUser(db, userId, { ...options, offset: (options.page - 1) * options.perPage, limit: options.perPage + 1 });
  return {
    data: await presentPlaylists(db, rows.slice(0, options.perPage)),
    current_page: options.page,
    per_page: options.perPage,
    has_more: rows.length > options.perPage,
  };
}
