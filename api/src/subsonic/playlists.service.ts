import type { PlaylistRow, TrackRow } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as playlistsRepository from '@app/db/library/playlists';
import type { AppDeps, AuthState } from '../context.ts';
import { msg } from '../i18n/msg.ts';
import { visibleTrackIds } from '../backstage/backstage-ownership.ts';
import { hasPermission } from '../permissions/permissions.ts';
import { addTracks, canEditTracks, changePlaylist, createOwnPlaylist, PLAYLIST_MAX_TRACKS, removePlaylist, removeTracks, visiblePlaylist } from '../library/playlists.service.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';
import { NOT_FOUND } from './ids.ts';
import { presentPlaylists, presentSongs, viewerOf } from './present.ts';
import type { Playlist, PlaylistWithSongs } from './responses.ts';

// Playlists, through the site's rules: owners and managers change them, collaborators their tracks.

export async function playlistsOf(deps: AppDeps, auth: AuthState, username: string | undefined): Promise<Playlist[]> {
  let userId = auth.user!.id;
  let onlyPublic = false;
  if (username !== undefined && username !== auth.user!.email) {
    const other = await usersRepository.findUserByEmail(deps.db, username);
    if (!other) throw new SubsonicError(SUBSONIC_ERROR.notFound, msg('This user does not exist.'));
    userId = other.id;
    // Without the right to manage playlists, someone else's private ones stay private.
    onlyPublic = !hasPermission(auth.permissions, 'playlists.update');
  }
  const rows = await playlistsRepository.playlistsOfUser(deps.db, userId, { includeFollowed: userId === auth.user!.id, onlyPublic, offset: 0, limit: 1000 });
  return presentPlaylists(deps, viewerOf(auth), rows);
}

export async function playlistWithSongs(deps: AppDeps, auth: AuthState, id: number): Promise<PlaylistWithSongs> {
  const playlist = await visiblePlaylist(deps.db, auth, id);
  const tracks = await shownTracks(deps, playlist.id);
  const [presented] = await presentPlaylists(deps, viewerOf(auth), [playlist]);
  return { ...presented, entry: await presentSongs(deps, viewerOf(auth), tracks) };
}

/**
 * The songs of a playlist as apps see them, in order: drafts are left out (their rows stay, so
 * they show again once published), and songIndexToRemove counts over this list.
 */
async function shownTracks(deps: AppDeps, playlistId: number): Promise<TrackRow[]> {
  return playlistsRepository.tracksOfPlaylist(deps.db, playlistId, 0, PLAYLIST_MAX_TRACKS);
}

/**
 * A playlist holds a song once, as on the site, so a repeat is refused rather than quietly
 * dropped. Unknown songs and drafts are refused alike, as getSong refuses them.
 */
const REPEATED_SONG = msg('A playlist holds a song only once.');

/**
 * Songs a playlist call adds, checked before anything changes: each once, each one the caller may
 * see (the site's rule for drafts, visibleTrackIds), and room for them beside the `kept` songs.
 */
async function checkSongsToAdd(deps: AppDeps, auth: AuthState, ids: number[], kept: number): Promise<void> {
  if (new Set(ids).size !== ids.length) throw new SubsonicError(SUBSONIC_ERROR.generic, REPEATED_SONG);
  const visible = await visibleTrackIds(deps.db, auth, ids);
  if (ids.some((id) => !visible.has(id))) throw new SubsonicError(SUBSONIC_ERROR.notFound, NOT_FOUND.track);
  if (kept + ids.length > PLAYLIST_MAX_TRACKS) throw new SubsonicError(SUBSONIC_ERROR.generic, msg('A playlist holds at most :count tracks.'), { count: String(PLAYLIST_MAX_TRACKS) });
}

async function playlistForTrackChanges(deps: AppDeps, auth: AuthState, id: number): Promise<PlaylistRow> {
  const playlist = await visiblePlaylist(deps.db, auth, id);
  if (!(await canEditTracks(deps.db, auth, playlist))) throw new SubsonicError(SUBSONIC_ERROR.notAuthorized, msg('Only the owner or collaborators can change the tracks of this playlist.'));
  return playlist;
}

/**
 * createPlaylist: a new playlist, or with playlistId the songs of that one replaced. Everything
 * is checked before anything changes, so a refused call leaves the playlist as it was.
 */
export async function createOrReplacePlaylist(deps: AppDeps, auth: AuthState, q: { playlistId?: number; name?: string; trackIds: number[] }): Promise<PlaylistWithSongs> {
  let id = q.playlistId;
  if (id !== undefined) await playlistForTrackChanges(deps, auth, id);
  // Replacing keeps none of the songs shown, so the new ones need room of their own only.
  await checkSongsToAdd(deps, auth, q.trackIds, 0);
  if (id !== undefined) {
    if (q.name) await changePlaylist(deps.db, auth, id, { name: q.name.slice(0, 255) });
    const shown = (await shownTracks(deps, id)).map((t) => t.id);
    if (shown.length) await removeTracks(deps.db, auth, id, shown);
  } else {
    if (!q.name) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Required parameter name (or playlistId) is missing.'));
    id = (await createOwnPlaylist(deps.db, auth, { name: q.name.slice(0, 255), public: false })).id;
  }
  if (q.trackIds.length) await addTracks(deps.db, auth, id, q.trackIds);
  return playlistWithSongs(deps, auth, id);
}

/**
 * updatePlaylist: details, then the songs at the given indexes (of the list before this call)
 * removed, then songs appended. An index past the end or a repeated song refuses the whole call.
 */
export async function updatePlaylist(
  deps: AppDeps,
  auth: AuthState,
  id: number,
  q: { name?: string; comment?: string; public?: boolean; add: number[]; removeIndexes: number[] },
): Promise<void> {
  const details = { ...(q.name !== undefined ? { name: q.name.slice(0, 255) } : {}), ...(q.comment !== undefined ? { description: q.comment } : {}), ...(q.public !== undefined ? { public: q.public } : {}) };
  let removed: number[] = [];
  if (q.add.length || q.removeIndexes.length) {
    await playlistForTrackChanges(deps, auth, id);
    const shown = (await shownTracks(deps, id)).map((t) => t.id);
    const outside = q.removeIndexes.find((index) => index >= shown.length);
    if (outside !== undefined) throw new SubsonicError(SUBSONIC_ERROR.generic, msg('This playlist has no song at index :index.'), { index: String(outside) });
    removed = [...new Set(q.removeIndexes.map((index) => shown[index]))];
    const kept = new Set(shown.filter((trackId) => !removed.includes(trackId)));
    if (q.add.some((trackId) => kept.has(trackId))) throw new SubsonicError(SUBSONIC_ERROR.generic, REPEATED_SONG);
    await checkSongsToAdd(deps, auth, q.add, kept.size);
  }
  if (Object.keys(details).length) await changePlaylist(deps.db, auth, id, details);
  if (removed.length) await removeTracks(deps.db, auth, id, removed);
  if (q.add.length) await addTracks(deps.db, auth, id, q.add);
  // Nothing to change still proves the playlist exists and is the caller's to see.
  if (!Object.keys(details).length && !q.removeIndexes.length && !q.add.length) await visiblePlaylist(deps.db, auth, id);
}

export async function deletePlaylist(deps: AppDeps, auth: AuthState, id: number): Promise<void> {
  await removePlaylist(deps, auth, id);
}
