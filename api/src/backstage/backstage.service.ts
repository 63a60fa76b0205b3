import * as adminResourceRepository from '@app/db/admin/admin-resource';
import * as backstageRepository from '@app/db/backstage/backstage';
import * as lyricsRepository from '@app/db/catalog/lyrics';
import * as fileEntriesRepository from '@app/db/uploads/file-entries';
import { z } from 'zod';
import { createRecord, readOne, updateRecord } from '../admin/resource-writes.ts';
import { albums } from '../admin/resources/albums.ts';
import { artists } from '../admin/resources/artists.ts';
import { lyrics } from '../admin/resources/lyrics.ts';
import { tracks } from '../admin/resources/tracks.ts';
import type { AppDeps, AuthState } from '../context.ts';
import { ConflictError, NotFoundError, unauthenticated, validationFailed } from '../common/errors.ts';
import { albumFields, artistFields, trackFields } from '../catalog/music.schemas.ts';
import { artistsOfUser, requireOwnership, type BackstageKind } from './backstage-ownership.ts';
import { mayManageEntry } from '../uploads/file-entries.service.ts';
import { clearSharedPageCache } from '../caching/page-cache.service.ts';
import { playsInsights } from '../reports/reports.service.ts';
import { importTrackFromFileEntry, isPlayableEntry } from '../uploads/track-import.service.ts';
import { checkUploadQuota, storeWithinUploadQuota } from '../uploads/upload-quota.ts';

/*
 * An artist's own tracks, albums and profile. Validation and writes are the back office's
 * (the same resource declarations and shared field schemas); what is added here is who may touch
 * what (backstage-ownership.ts), where new music goes and the upload quota.
 */

const artistId = z.number({ error: 'Choose the artist.' }).int().positive().max(Number.MAX_SAFE_INTEGER);

export const TrackChanges = trackFields
  .pick({ name: true, number: true, album_id: true, file_entry_id: true, description: true, genre_ids: true, published: true })
  .partial()
  .extend({ lyrics: z.string().trim().max(50000, 'Lyrics are at most 50,000 characters.').nullable().optional() });
const fileEntryId = z.number({ error: 'Give the id of an uploaded file.' }).int().positive().max(Number.MAX_SAFE_INTEGER);
export const TrackUpload = z.strictObject({ fileEntryId, artist_id: artistId });
export const NewTrack = trackFields
  .pick({ name: true, number: true, album_id: true, description: true, genre_ids: true })
  .extend({ artist_id: artistId, file_entry_id: z.number({ error: 'Upload the audio of the track.' }).int().positive().max(Number.MAX_SAFE_INTEGER) });
const trackIds = z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(1000);
export const AlbumChanges = albumFields.pick({ name: true, image: true, description: true, type: true, release_date: true }).partial().extend({ track_ids: trackIds.optional() });
export const NewAlbum = albumFields.pick({ name: true, image: true, description: true, type: true, release_date: true }).extend({ artist_id: artistId });
export const ArtistChanges = artistFields.pick({ name: true, image: true, description: true, links: true, genre_ids: true }).partial();

export interface BackstageTrack {
  id: number;
  name: string;
  number: number | null;
  duration: number | null;
  album_id: number | null;
  file_entry_id: number | null;
  description: string | null;
  plays: number;
  published: boolean;
  artist_ids: number[];
  genre_ids: number[];
}

export interface BackstageAlbum {
  id: number;
  name: string;
  image: string | null;
  description: string | null;
  type: string;
  release_date: string | null;
  artist_ids: number[];
  tracks: { id: number; name: string; number: number | null; duration: number | null }[];
}

export interface BackstageArtist {
  id: number;
  name: string;
  image: string | null;
  description: string | null;
  verified: boolean;
  links: { url: string; title: string }[];
  genre_ids: number[];
}

const pick = <T>(record: adminResourceRepository.ResourceRecord, keys: (keyof T)[]) => Object.fromEntries(keys.map((key) => [key, record[key as string] ?? null])) as T;

function presentTrack(record: adminResourceRepository.ResourceRecord): BackstageTrack {
  return {
    ...pick<BackstageTrack>(record, ['id', 'name', 'number', 'duration', 'album_id', 'file_entry_id', 'description', 'plays', 'artist_ids', 'genre_ids']),
    published: record.published === 1,
  };
}

async function presentAlbum(deps: AppDeps, record: adminResourceRepository.ResourceRecord): Promise<BackstageAlbum> {
  return { ...pick<BackstageAlbum>(record, ['id', 'name', 'image', 'description', 'type', 'release_date', 'artist_ids']), tracks: await backstageRepository.albumTrackList(deps.db, record.id) };
}

function presentArtist(record: adminResourceRepository.ResourceRecord): BackstageArtist {
  const links = Array.isArray(record.links) ? (record.links as BackstageArtist['links']) : [];
  return { ...pick<BackstageArtist>(record, ['id', 'name', 'image', 'description', 'genre_ids']), verified: Boolean(record.verified), links };
}

/** The artists a user acts for, for backstage's home and the "new" forms. */
export async function myArtists(deps: AppDeps, auth: AuthState) {
  return backstageRepository.artistChoices(deps.db, await artistsOfUser(deps, auth));
}

/** The albums a track of this artist may go on. */
export async function albumsOfArtist(deps: AppDeps, auth: AuthState, id: number) {
  await requireOwnership(deps, auth, 'artist', id);
  return backstageRepository.albumChoices(deps.db, [id]);
}

export async function getTrack(deps: AppDeps, auth: AuthState, id: number): Promise<BackstageTrack> {
  await requireOwnership(deps, auth, 'track', id);
  return presentTrack((await readOne(deps, tracks, id))!);
}

export async function getAlbum(deps: AppDeps, auth: AuthState, id: number): Promise<BackstageAlbum> {
  await requireOwnership(deps, auth, 'album', id);
  return presentAlbum(deps, (await readOne(deps, albums, id))!);
}

export async function getArtist(deps: AppDeps, auth: AuthState, id: number): Promise<BackstageArtist> {
  await requireOwnership(deps, auth, 'artist', id);
  return presentArtist((await readOne(deps, artists, id))!);
}

/** An id in a form that must name something of the user's: unknown is a field error, someone else's a 403. */
async function requireOwnedReference(deps: AppDeps, auth: AuthState, kind: BackstageKind, id: number, field: string): Promise<void> {
  try {
    await requireOwnership(deps, auth, kind, id);
  } catch (error) {
    if (error instanceof NotFoundError) throw validationFailed({ [field]: error.message });
    throw error;
  }
}

/** The track's audio: a playable file the user uploaded, not already another track's. */
async function checkAudio(deps: AppDeps, auth: AuthState, fileEntryId: number, trackId?: number): Promise<void> {
  const entry = await fileEntriesRepository.findFileEntry(deps.db, fileEntryId);
  if (!entry || !mayManageEntry(auth, entry)) throw validationFailed({ file_entry_id: 'This file does not exist.' });
  if (!isPlayableEntry(entry)) throw validationFailed({ file_entry_id: 'This file is not audio that can be read.' });
  const usedBy = await fileEntriesRepository.trackUsingFileEntry(deps.db, entry.id);
  if (usedBy !== undefined && usedBy !== trackId) throw new ConflictError('A track already plays this file.');
}

/**
 * A new track, always on one of the user's own artists, counted against the `count` restriction
 * of music.create like an upload from the back office.
 */
export async function createTrack(deps: AppDeps, auth: AuthState, input: z.output<typeof NewTrack>): Promise<BackstageTrack> {
  if (!auth.user) throw unauthenticated();
  const { artist_id, ...fields } = input;
  await requireOwnedReference(deps, auth, 'artist', artist_id, 'artist_id');
  await checkUploadQuota(deps.db, auth);
  if (fields.album_id != null) await requireOwnedReference(deps, auth, 'album', fields.album_id, 'album_id');
  await checkAudio(deps, auth, fields.file_entry_id);
  const record = await storeWithinUploadQuota(deps, auth, fields.file_entry_id, (db) => createRecord({ ...deps, db }, auth, tracks, { ...fields, artist_ids: [artist_id] }));
  return presentTrack(record);
}

export async function updateTrack(deps: AppDeps, auth: AuthState, id: number, changes: z.output<typeof TrackChanges>): Promise<BackstageTrack> {
  await requireOwnership(deps, auth, 'track', id);
  const { lyrics: text, ...fields } = changes;
  if (fields.album_id != null) await requireOwnedReference(deps, auth, 'album', fields.album_id, 'album_id');
  if (fields.file_entry_id != null) await checkAudio(deps, auth, fields.file_entry_id, id);
  const record = await updateRecord(deps, auth, tracks, id, fields);
  if (text !== undefined) await saveLyrics(deps, auth, id, text);
  // A track withdrawn to a draft leaves visitors' cached pages at once, as a back-office change does.
  if (fields.published !== undefined) await clearSharedPageCache(deps.db);
  return presentTrack(record);
}

/** A track's plain (unsynced) lyrics, through the back office's lyrics resource; empty removes them. */
async function saveLyrics(deps: AppDeps, auth: AuthState, trackId: number, text: string | null): Promise<void> {
  const existing = await lyricsRepository.findLyricsByTrack(deps.db, trackId);
  if (!text) {
    if (existing) await adminResourceRepository.deleteResource(deps.db, lyrics.table, existing.id);
  } else if (existing) {
    await updateRecord(deps, auth, lyrics, existing.id, { text, is_synced: 0 });
  } else {
    await createRecord(deps, auth, lyrics, { track_id: trackId, text, is_synced: 0 });
  }
}

/** A track's lyrics as the review list edits them (plain text). */
export async function lyricsOf(deps: AppDeps, auth: AuthState, trackId: number): Promise<string | null> {
  await requireOwnership(deps, auth, 'track', trackId);
  return (await lyricsRepository.findLyricsByTrack(deps.db, trackId))?.text ?? null;
}

/** How many tracks the user may still upload: null when the `count` restriction of music.create sets no limit. */
export async function uploadQuota(deps: AppDeps, auth: AuthState): Promise<{ limit: number | null; used: number; remaining: number | null }> {
  if (!auth.user) throw unauthenticated();
  const used = await fileEntriesRepository.countTracksUploadedBy(deps.db, auth.user.id);
  const isAdmin = auth.permissions.some((p) => p.name === 'admin');
  const limit = isAdmin ? null : (auth.permissions.find((p) => p.name === 'music.create')?.restrictions.find((r) => r.name === 'count')?.value ?? null);
  return { limit, used, remaining: limit === null ? null : Math.max(0, limit - used) };
}

/**
 * An uploaded audio file made into a draft track of one of the user's own artists, from its tags:
 * the artist tags are ignored (the track and a new album go on the chosen artist), the album tag
 * finds or makes one of that artist's albums. Counted against the upload quota.
 */
export async function importUpload(deps: AppDeps, auth: AuthState, input: z.output<typeof TrackUpload>) {
  if (!auth.user) throw unauthenticated();
  await requireOwnedReference(deps, auth, 'artist', input.artist_id, 'artist_id');
  const entry = await fileEntriesRepository.findFileEntry(deps.db, input.fileEntryId);
  if (!entry || !mayManageEntry(auth, entry)) throw validationFailed({ fileEntryId: 'This file does not exist.' });
  if (await fileEntriesRepository.trackUsingFileEntry(deps.db, entry.id)) throw new ConflictError('A track already plays this file.');
  const imported = await importTrackFromFileEntry(deps, auth, entry, { ownerArtistId: input.artist_id, published: false });
  return {
    track: presentTrack((await readOne(deps, tracks, imported.trackId))!),
    album: { id: imported.album.id, name: imported.album.name, image: imported.album.image },
  };
}

export async function createAlbum(deps: AppDeps, auth: AuthState, input: z.output<typeof NewAlbum>): Promise<BackstageAlbum> {
  const { artist_id, ...fields } = input;
  await requireOwnedReference(deps, auth, 'artist', artist_id, 'artist_id');
  return presentAlbum(deps, await createRecord(deps, auth, albums, { ...fields, artist_ids: [artist_id] }));
}

/** Changes an album; `track_ids`, when sent, is the album's tracks in their new order (all of them, each once). */
export async function updateAlbum(deps: AppDeps, auth: AuthState, id: number, changes: z.output<typeof AlbumChanges>): Promise<BackstageAlbum> {
  await requireOwnership(deps, auth, 'album', id);
  const { track_ids, ...fields } = changes;
  if (track_ids) {
    const current = (await backstageRepository.albumTrackList(deps.db, id)).map((track) => track.id);
    const same = track_ids.length === current.length && new Set(track_ids).size === current.length && track_ids.every((trackId) => current.includes(trackId));
    if (!same) throw validationFailed({ track_ids: "List each of the album's tracks once." });
  }
  const record = await updateRecord(deps, auth, albums, id, fields);
  if (track_ids) await backstageRepository.numberAlbumTracks(deps.db, id, track_ids);
  return presentAlbum(deps, record);
}

export async function updateArtist(deps: AppDeps, auth: AuthState, id: number, changes: z.output<typeof ArtistChanges>): Promise<BackstageArtist> {
  await requireOwnership(deps, auth, 'artist', id);
  return presentArtist(await updateRecord(deps, auth, artists, id, changes));
}


const SCOPE = { track: 'trackId', album: 'albumId', artist: 'artistId' } as const;

/** The back office's plays report of one track, album or artist, for those who own it. */
export async function insightsOf(deps: AppDeps, auth: AuthState, kind: BackstageKind, id: number, range: { from: string; to: string }) {
  await requireOwnership(deps, auth, kind, id);
  return playsInsights(deps.db, range, { [SCOPE[kind]]: id });
}
