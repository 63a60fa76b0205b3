import { randomUUID } from 'node:crypto';
import { createDb, migrateToLatest } from '../connection.ts';
import { countRows } from '../catalog/catalog.repository.ts';
import { createRandom } from './audio/random.ts';
import { renderPieces } from './audio/render-pool.ts';
import { albumCoverSvg, artistImageSvg } from './covers.ts';
import { seedChannels } from './demo-extras.ts';
import { DEMO_GENRES, type DemoGenre } from './demo-names.ts';
import { GENRE_STYLES } from './demo-styles.ts';
import { seedFoundation, type SeedProgress, type SeedStorage } from './index.ts';
import { closeBulkLoad, openForBulkLoad, type Raw, rebuildSearchIndexes, restoreSetAside } from './scale-bulk.ts';
import {
  planAlbums, planArtists, SCALE_GENRES, type ScaleFiles, type ScaleLoad, type ScaleSizes, writeAlbumsAndTracks, writeArtists, writeTags,
} from './scale-catalog.ts';
import { writeLikesAndFollows, writeListeners, writePlaylists } from './scale-listeners.ts';
import { TAG_NAMES } from './scale-names.ts';
import { type ScaleQueries, titleWords } from './scale-words.ts';

/**
 * Bumped whenever the catalogue this seed produces changes, so cached scale databases (the
 * benchmark keeps one) are rebuilt instead of measuring yesterday's data.
 */
export const SCALE_SEED_VERSION = 1;

export interface ScaleSeedOptions {
  /** Number of tracks; albums (one per 10 tracks), artists (one per 40), listeners and playlists follow. */
  tracks: number;
  storage: SeedStorage;
  /** Rendered audio is kept here and reused, like the demo catalogue's. */
  audioCacheDir?: string;
  onProgress?: SeedProgress;
}

export interface ScaleSeedSummary {
  tracks: number;
  albums: number;
  artists: number;
  users: number;
  playlists: number;
  playlistTracks: number;
  likes: number;
  follows: number;
  tags: number;
  genres: number;
  seconds: number;
  phases: { name: string; seconds: number }[];
  queries: ScaleQueries;
  /** A few albums of each size class, for page benchmarks. */
  sampleAlbumIds: number[];
  /** The most played track. */
  topTrackId: number;
}

/**
 * A catalogue the size of a real service, for benchmarks and for trying the product at scale:
 * `tracks` tracks on tracks/10 albums by tracks/40 artists, with play counts that follow a Zipf
 * law (a few hits, a long tail), 1–3 artists per album, release dates over six decades, tags,
 * listeners with playlists, likes and follows. Every track streams one of eight synthesised
 * pieces (one per genre) and albums share a few dozen covers.
 *
 * Speed: rows go in through multi-row prepared statements with foreign-key checks, journaling
 * and syncing off; secondary indexes and the full-text insert triggers are taken out first and
 * put back afterwards from their own stored SQL, then the full-text indexes are rebuilt in one
 * pass. The schema ends exactly as the migrations left it.
 *
 * Refuses a database that already has music; seed a fresh file.
 */
export async function seedScaleCatalog(file: string, options: ScaleSeedOptions): Promise<ScaleSeedSummary> {
  const started = performance.now();
  const phases: { name: string; seconds: number }[] = [];
  let phaseStarted = started;
  const endPhase = (name: string) => {
    const now = performance.now();
    phases.push({ name, seconds: (now - phaseStarted) / 1000 });
    phaseStarted = now;
  };
  const progress = options.onProgress ?? (() => {});
  const sizes = scaleSizes(options.tracks);

  const usersRoleId = await prepareSchema(file);
  endPhase('migrate');

  const random = createRandom(20261122);
  const assets = await storeAssets(options, progress);
  endPhase('audio and images');

  const { raw, setAside } = openForBulkLoad(file);
  const summary = raw.transaction(() => {
    const files = writeGenresAndFiles(raw, assets, options.storage);
    writeTags(raw);
    const load: ScaleLoad = { raw, random, sizes, words: titleWords(random, sizes.tracks), now: Date.UTC(2026, 10, 22), progress };
    const artists = planArtists(load);
    const albums = planAlbums(load, artists);
    const catalogue = writeAlbumsAndTracks(load, artists, albums, files);
    const artistCount = writeArtists(load, artists, files);
    const users = writeListeners(load, usersRoleId);
    const playlists = writePlaylists(load);
    const likesAndFollows = writeLikesAndFollows(load, artists);
    return {
      tracks: catalogue.tracks,
      albums: catalogue.albums,
      artists: artistCount,
      users,
      ...playlists,
      ...likesAndFollows,
      tags: TAG_NAMES.length,
      genres: DEMO_GENRES.length,
      queries: load.words.queries(),
      sampleAlbumIds: catalogue.sampleAlbumIds,
      topTrackId: catalogue.topTrackId,
    };
  })();
  endPhase('rows');

  restoreSetAside(raw, setAside, progress);
  endPhase('indexes');
  rebuildSearchIndexes(raw, progress);
  endPhase('search indexes');
  closeBulkLoad(raw);

  await seedHomeChannels(file);
  return { ...summary, seconds: (performance.now() - started) / 1000, phases };
}

/** Albums (one per 10 tracks), artists (one per 40), listeners and playlists follow the number of tracks. */
function scaleSizes(tracks: number): ScaleSizes {
  const trackTotal = Math.max(10, Math.floor(tracks));
  return {
    tracks: trackTotal,
    albums: Math.max(1, Math.round(trackTotal / 10)),
    artists: Math.max(8, Math.round(trackTotal / 40)),
    users: Math.max(10, Math.round(trackTotal / 200)),
    playlists: Math.max(5, Math.round(trackTotal / 100)),
  };
}

/** Migrates and seeds the foundation; refuses a database with music. Returns the ordinary role's id. */
async function prepareSchema(file: string): Promise<number> {
  const db = createDb(file);
  try {
    await migrateToLatest(db);
    await seedFoundation(db);
    if ((await countRows(db, 'tracks')) > 0 || (await countRows(db, 'artists')) > 0) {
      throw new Error(`${file} already has music; the scale seed fills an empty database only (give it a new file).`);
    }
    return (await db.selectFrom('roles').select('id').where('name', '=', 'users').executeTakeFirstOrThrow()).id;
  } finally {
    await db.destroy();
  }
}

/** One synthesised piece per genre, a few dozen covers and portraits, put in storage under fresh keys. */
async function storeAssets(options: ScaleSeedOptions, progress: SeedProgress) {
  const pieces = await renderPieces(
    SCALE_GENRES.map((genre, g) => ({ style: { ...GENRE_STYLES[genre], root: 43 + g }, seed: 7000 + g, seconds: 36 })),
    { cacheDir: options.audioCacheDir, onPiece: (done, total) => progress('Audio', done, total) },
  );
  const audioKeys = pieces.map(() => `${randomUUID()}.mp3`);
  for (const [i, piece] of pieces.entries()) await options.storage.put('uploads', audioKeys[i], piece.mp3);
  const coverKeys = Array.from({ length: 48 }, () => `${randomUUID()}.svg`);
  const coverSvgs = coverKeys.map((_, i) => albumCoverSvg('', '', 20_000 + i));
  for (const [i, key] of coverKeys.entries()) await options.storage.put('public', key, coverSvgs[i]);
  const portraitKeys = Array.from({ length: 24 }, () => `${randomUUID()}.svg`);
  const portraitSvgs = portraitKeys.map((_, i) => artistImageSvg(' ', 30_000 + i));
  for (const [i, key] of portraitKeys.entries()) await options.storage.put('public', key, portraitSvgs[i]);
  return { pieces, audioKeys, coverKeys, coverSvgs, portraitKeys, portraitSvgs };
}

/** Genres and file rows: a handful each. */
function writeGenresAndFiles(raw: Raw, assets: Awaited<ReturnType<typeof storeAssets>>, storage: SeedStorage): ScaleFiles {
  const genreIds = new Map<DemoGenre, number>();
  const insertGenre = raw.prepare('INSERT INTO genres (name, display_name) VALUES (?, ?)');
  for (const genre of DEMO_GENRES) genreIds.set(genre.name, Number(insertGenre.run(genre.name, genre.display_name).lastInsertRowid));
  const insertFile = raw.prepare('INSERT INTO file_entries (name, file_name, mime, extension, file_size, disk) VALUES (?, ?, ?, ?, ?, ?)');
  const audioIds = assets.pieces.map((piece, i) => Number(insertFile.run(`scale-${SCALE_GENRES[i]}.mp3`, assets.audioKeys[i], 'audio/mpeg', 'mp3', piece.mp3.byteLength, 'uploads').lastInsertRowid));
  assets.coverKeys.forEach((key, i) => {
    insertFile.run(`scale-cover-${i + 1}.svg`, key, 'image/svg+xml', 'svg', Buffer.byteLength(assets.coverSvgs[i]), 'public');
  });
  assets.portraitKeys.forEach((key, i) => {
    insertFile.run(`scale-artist-${i + 1}.svg`, key, 'image/svg+xml', 'svg', Buffer.byteLength(assets.portraitSvgs[i]), 'public');
  });
  return {
    genreIds,
    audioIds,
    coverUrls: assets.coverKeys.map((key) => storage.publicUrl(key)),
    portraitUrls: assets.portraitKeys.map((key) => storage.publicUrl(key)),
  };
}

/** The home page is the "discover" channel, as on the demo catalogue, so it can be measured here too. */
async function seedHomeChannels(file: string): Promise<void> {
  const db = createDb(file);
  try {
    const editorsPicks = await db.selectFrom('playlists').select('id').where('public', '=', 1).orderBy('plays', 'desc').limit(6).execute();
    await seedChannels(db, editorsPicks.map((p) => p.id));
  } finally {
    await db.destroy();
  }
}
