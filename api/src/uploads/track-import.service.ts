import { randomUUID } from 'node:crypto';
import type { FileEntryRow } from '@app/db';
import * as fileEntriesRepository from '@app/db/uploads/file-entries';
import * as trackImportRepository from '@app/db/uploads/track-import';
import type { IAudioMetadata, IPicture } from 'music-metadata';
import type { AppDeps, AuthState } from '../context.ts';
import { ConflictError, forbidden, ValidationError } from '../common/errors.ts';
import { manageableEntry } from './file-entries.service.ts';
import { sniffImage } from '../accounts/avatar.service.ts';
import { checkUploadQuota, storeWithinUploadQuota } from './upload-quota.ts';

/** The tags read from one audio file, cleaned, before anything is stored. */
export interface TrackTags {
  title: string;
  artists: string[];
  albumArtists: string[];
  album: string | null;
  number: number | null;
  genres: string[];
  /** Milliseconds. */
  duration: number | null;
  releaseDate: string | null;
  cover: { mime: string; extension: string; data: Uint8Array } | null;
}

export const UNKNOWN_ARTIST = 'Unknown artist';
const COVER_MAX_BYTES = 10 * 1024 * 1024;

/** Tag text as people should see it: no control characters, single spaces, at most 255 characters. */
function clean(text: string | undefined | null): string {
  return (text ?? '')
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 255);
}

function cleanList(values: (string | undefined | null)[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const value of values) {
    const text = clean(value);
    if (text && !seen.has(text.toLowerCase())) {
      seen.add(text.toLowerCase());
      result.push(text);
    }
  }
  return result.slice(0, 20);
}

/**
 * A file name as a title: without its extension, underscores and a leading track number
 * ("07 ", "3. ", "12 - "; a title such as "99 Red Balloons" keeps its number).
 */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[A-Za-z0-9]{1,16}$/, '').replace(/_+/g, ' ');
  return clean(base.replace(/^(\d{1,3}\s*[-.)]\s*|0\d\s+)/, '')) || clean(base) || 'Untitled';
}

/** Genre names are URL keys (`hip-hop`); the tag as written becomes the display name. */
export function genreKey(genre: string): string {
  return genre
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

function releaseDate(common: IAudioMetadata['common']): string | null {
  const date = common.date ?? common.originaldate;
  if (date && /^\d{4}-\d{2}-\d{2}/.test(date)) return date.slice(0, 10);
  const year = common.year ?? common.originalyear;
  return year && year >= 1000 && year <= 9999 ? `${year}-01-01` : null;
}

/** Cleans what music-metadata read (and the cover it chose); anything missing falls back to what the file name says. */
export function tagsFromMetadata(metadata: IAudioMetadata, fileName: string, picture: IPicture | null): TrackTags {
  const { common, format } = metadata;
  const artists = cleanList(common.artists?.length ? common.artists : [common.artist]);
  const albumArtists = cleanList(common.albumartists?.length ? common.albumartists : [common.albumartist]);
  let cover: TrackTags['cover'] = null;
  if (picture && picture.data.byteLength <= COVER_MAX_BYTES) {
    // The tag's own mime type is not trusted: the bytes must be a raster image.
    const type = sniffImage(picture.data);
    if (type) cover = { mime: type.mime, extension: type.extension, data: picture.data };
  }
  const number = common.track?.no;
  return {
    title: clean(common.title) || titleFromFileName(fileName),
    artists,
    albumArtists,
    album: clean(common.album) || null,
    number: number && number > 0 && number <= 10000 ? number : null,
    genres: cleanList(common.genre ?? []).slice(0, 5),
    duration: format.duration && Number.isFinite(format.duration) ? Math.round(format.duration * 1000) : null,
    releaseDate: releaseDate(common),
    cover,
  };
}

export async function readTrackTags(deps: AppDeps, entry: FileEntryRow): Promise<TrackTags> {
  const disk = entry.disk === 'public' ? 'public' : 'uploads';
  // Loaded with the first import, not at start (some 2 MB of memory most processes never need).
  const { parseWebStream, selectCover } = await import('music-metadata');
  try {
    const metadata = await parseWebStream(
      deps.storage.read(disk, entry.file_name),
      { mimeType: entry.mime ?? undefined, size: entry.file_size },
      // Counting frames gives the true length of files without a length header (plain CBR MP3s).
      { duration: true },
    );
    if (!metadata.format.container && !metadata.format.codec) throw new Error('no audio format');
    return tagsFromMetadata(metadata, entry.name, selectCover(metadata.common.picture));
  } catch {
    throw new ValidationError('This file is not audio that can be read.', { fileEntryId: 'This file is not audio that can be read.' });
  }
}

/** The plan of what will be stored: the album defaults to a single named after the track. */
export function planImport(tags: TrackTags, fileEntryId: number, coverUrl: string | null): trackImportRepository.TrackImport {
  const artists = tags.artists.length ? tags.artists : tags.albumArtists.length ? tags.albumArtists : [UNKNOWN_ARTIST];
  const albumArtists = tags.albumArtists.length ? tags.albumArtists : artists.slice(0, 1);
  return {
    name: tags.title,
    number: tags.number,
    duration: tags.duration,
    fileEntryId,
    artistNames: artists,
    album: {
      name: tags.album ?? tags.title,
      artistNames: albumArtists,
      type: tags.album ? 'album' : 'single',
      releaseDate: tags.releaseDate,
      image: coverUrl,
    },
    genres: tags.genres.map((genre) => ({ name: genreKey(genre), displayName: genre })).filter((genre) => genre.name),
  };
}

/** Audio, or a container browsers play as audio: what a track's file may be. */
export function isPlayableEntry(entry: FileEntryRow): boolean {
  return Boolean(entry.mime?.startsWith('audio/')) || ['video/mp4', 'video/webm', 'video/x-matroska', 'video/ogg'].includes(entry.mime ?? '');
}

export interface ImportResult extends trackImportRepository.ImportedTrack {
  name: string;
  number: number | null;
  duration: number | null;
  fileEntryId: number;
}

/**
 * Makes a track of an uploaded audio file from its tags: title, artists, album, number, genre,
 * duration and cover art. Missing artists, album and genres are created; the embedded cover
 * becomes the album's cover unless the album already has one.
 */
export async function importTrackFromFileEntry(
  deps: AppDeps,
  auth: AuthState,
  entry: FileEntryRow,
  options: Pick<trackImportRepository.TrackImport, 'ownerArtistId' | 'published'> = {},
): Promise<ImportResult> {
  const user = auth.user;
  if (!user) throw forbidden();
  await checkUploadQuota(deps.db, auth);
  if (!isPlayableEntry(entry)) {
    throw new ValidationError('This file is not audio that can be read.', { fileEntryId: 'This file is not audio that can be read.' });
  }
  const tags = await readTrackTags(deps, entry);

  let coverKey: string | null = null;
  if (tags.cover) {
    coverKey = `cover-${randomUUID()}.${tags.cover.extension}`;
    await deps.storage.put('public', coverKey, tags.cover.data);
    try {
      await fileEntriesRepository.insertFileEntry(deps.db, {
        name: `${tags.album ?? tags.title} cover.${tags.cover.extension}`.slice(0, 255),
        file_name: coverKey,
        mime: tags.cover.mime,
        extension: tags.cover.extension,
        file_size: tags.cover.data.byteLength,
        disk: 'public',
        user_id: user.id,
      });
    } catch (error) {
      await deps.storage.delete('public', coverKey);
      throw error;
    }
  }
  const plan = { ...planImport(tags, entry.id, coverKey ? deps.storage.publicUrl(coverKey) : null), ...options };
  let imported: trackImportRepository.ImportedTrack;
  try {
    imported = await storeWithinUploadQuota(deps, auth, entry.id, (db) => trackImportRepository.importTrack(db, plan));
  } catch (error) {
    if (coverKey) await dropCover(deps, coverKey);
    throw error;
  }
  // The album already had a cover: this one is not used anywhere.
  if (coverKey && !imported.album.imageUsed) await dropCover(deps, coverKey);
  return { ...imported, name: plan.name, number: plan.number, duration: plan.duration, fileEntryId: entry.id };
}

async function dropCover(deps: AppDeps, key: string) {
  await fileEntriesRepository.deleteFileEntryByName(deps.db, key);
  await deps.storage.delete('public', key);
}

/**
 * The back office's import (admin.access, music.update): an uploaded file of the user's (or any,
 * with files.update) not yet played by a track, filed under the artists its tags name and published.
 */
export async function importUploadedFile(deps: AppDeps, auth: AuthState, fileEntryId: number): Promise<ImportResult> {
  const entry = await manageableEntry(deps, auth, fileEntryId);
  if (await fileEntriesRepository.trackUsingFileEntry(deps.db, entry.id)) throw new ConflictError('A track already plays this file.');
  return importTrackFromFileEntry(deps, auth, entry);
}
