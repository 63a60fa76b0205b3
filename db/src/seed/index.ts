import { randomUUID } from 'node:crypto';
import type { Db } from '../connection.ts';
import { countRows } from '../catalog/catalog.repository.ts';
import { ensureLocalization } from '../settings/localizations.repository.ts';
import { ensureRole, syncPermissions } from '../permissions/permissions.repository.ts';
import { countThemes, insertTheme } from '../settings/themes.repository.ts';
import { createRandom } from './audio/random.ts';
import { renderPieces, type PieceJob } from './audio/render-pool.ts';
import { albumCoverSvg, artistImageSvg } from './covers.ts';
import { seedDemoExtras } from './demo-extras.ts';
import { ALBUM_WORDS, DEMO_ARTISTS, DEMO_GENRES, TRACK_TEMPLATES, TRACK_WORDS, type DemoGenre } from './demo-names.ts';
import { GENRE_STYLES, PIECES_PER_GENRE } from './demo-styles.ts';
import { PERMISSIONS, ROLES } from './permissions.ts';
import { DEFAULT_THEMES } from './themes.ts';

export { ARTISTS_ROLE, PERMISSIONS, ROLES } from './permissions.ts';
export { DEFAULT_THEMES } from './themes.ts';

/** Where the seed puts files; the API passes its storage so seeded files live with uploads. */
export interface SeedStorage {
  put(disk: 'public' | 'uploads', key: string, data: Uint8Array | string): Promise<void>;
  publicUrl(key: string): string;
}

export type SeedProgress = (step: string, done: number, total: number) => void;

/** Data every installation needs. Safe to run on every start: it only adds what is missing. */
export async function seedFoundation(db: Db): Promise<void> {
  await syncPermissions(db, PERMISSIONS);
  for (const role of ROLES) await ensureRole(db, role);
  if ((await countThemes(db)) === 0) {
    for (const theme of DEFAULT_THEMES) await insertTheme(db, theme);
  }
  await ensureLocalization(db, 'en', 'English');
}

export interface DemoCatalogOptions {
  storage: SeedStorage;
  /** Rendered audio is kept here and reused by later seeds. */
  audioCacheDir?: string;
  onProgress?: SeedProgress;
  /** Total number of tracks; albums and artists stay as designed. */
  tracks?: number;
}

export interface DemoCatalogSummary {
  artists: number;
  albums: number;
  tracks: number;
  genres: number;
}

const ALBUM_COUNT = 30;

function trackTitle(random: ReturnType<typeof createRandom>): string {
  return random.pick(TRACK_TEMPLATES).replace(/\{(adj|noun|verb)\}/g, (_, kind: keyof typeof TRACK_WORDS) => random.pick(TRACK_WORDS[kind]));
}

/** Spreads `total` tracks over albums with believable, uneven lengths. */
function trackCounts(random: ReturnType<typeof createRandom>, albums: number, total: number): number[] {
  const counts = Array.from({ length: albums }, () => random.int(7, 13));
  let diff = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; diff !== 0; i = (i + 1) % albums) {
    if (diff > 0) {
      counts[i]++;
      diff--;
    } else if (counts[i] > 1) {
      counts[i]--;
      diff++;
    }
  }
  return counts;
}

function randomDate(random: ReturnType<typeof createRandom>, fromYear: number, toYear: number): string {
  const from = Date.UTC(fromYear, 0, 1);
  const to = Date.UTC(toYear, 9, 31);
  return new Date(from + random.next() * (to - from)).toISOString().slice(0, 10);
}

/**
 * A believable catalog with audio that really plays: 12 artists, 30 albums, 300 tracks over
 * 8 genres. Audio is synthesised per genre and shared between tracks of that genre, so a fresh
 * install is ready in seconds rather than encoding 300 pieces.
 */
export async function seedDemoCatalog(db: Db, options: DemoCatalogOptions): Promise<DemoCatalogSummary | null> {
  if ((await countRows(db, 'tracks')) > 0 || (await countRows(db, 'artists')) > 0) return null;
  const { storage, onProgress } = options;
  const random = createRandom(2026);
  const totalTracks = options.tracks ?? 300;

  const genres = DEMO_GENRES.map((g) => g.name);
  const jobs: (PieceJob & { genre: DemoGenre })[] = genres.flatMap((genre, g) =>
    Array.from({ length: PIECES_PER_GENRE }, (_, p) => {
      const base = GENRE_STYLES[genre];
      return {
        genre,
        style: { ...base, root: random.int(40, 50), bpm: Math.round(base.bpm * (0.94 + random.next() * 0.12)) },
        seed: 1000 + g * 10 + p,
        seconds: random.int(30, 42),
      };
    }),
  );
  const pieces = await renderPieces(
    jobs.map(({ style, seed, seconds }) => ({ style, seed, seconds })),
    { cacheDir: options.audioCacheDir, onPiece: (done, total) => onProgress?.('Generating demo audio', done, total) },
  );

  onProgress?.('Writing catalog', 0, 1);
  const audioEntries: { id: number; genre: DemoGenre; durationMs: number }[] = [];
  for (const [index, piece] of pieces.entries()) {
    const key = `${randomUUID()}.mp3`;
    await storage.put('uploads', key, piece.mp3);
    const entry = await db
      .insertInto('file_entries')
      .values({ name: `demo-${jobs[index].genre}-${index + 1}.mp3`, file_name: key, mime: 'audio/mpeg', extension: 'mp3', file_size: piece.mp3.byteLength, disk: 'uploads' })
      .returning('id')
      .executeTakeFirstOrThrow();
    audioEntries.push({ id: entry.id, genre: jobs[index].genre, durationMs: piece.durationMs });
  }

  async function putSvg(executor: Db, name: string, svg: string): Promise<string> {
    const key = `${randomUUID()}.svg`;
    await storage.put('public', key, svg);
    await executor
      .insertInto('file_entries')
      .values({ name, file_name: key, mime: 'image/svg+xml', extension: 'svg', file_size: Buffer.byteLength(svg), disk: 'public' })
      .execute();
    return storage.publicUrl(key);
  }

  const counts = trackCounts(random, ALBUM_COUNT, totalTracks);
  const usedAlbumNames = new Set<string>();
  let albumIndex = 0;
  let tracksWritten = 0;
  const pieceTurn = new Map<DemoGenre, number>();

  await db.transaction().execute(async (trx) => {
    const genreIds = new Map<string, number>();
    for (const genre of DEMO_GENRES) {
      const { id } = await trx.insertInto('genres').values({ name: genre.name, display_name: genre.display_name }).returning('id').executeTakeFirstOrThrow();
      genreIds.set(genre.name, id);
    }

    const artistIds: number[] = [];
    for (const [a, artist] of DEMO_ARTISTS.entries()) {
      const image = await putSvg(trx, `${artist.name}.svg`, artistImageSvg(artist.name, 500 + a));
      const { id } = await trx
        .insertInto('artists')
        .values({ name: artist.name, description: artist.bio, image, verified: artist.verified ? 1 : 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      artistIds.push(id);
    }

    for (const [a, artist] of DEMO_ARTISTS.entries()) {
      const albumsOfArtist = a < ALBUM_COUNT - 2 * DEMO_ARTISTS.length ? 3 : 2;
      for (let n = 0; n < albumsOfArtist; n++, albumIndex++) {
        let name: string;
        do name = `${random.pick(ALBUM_WORDS.first)} ${random.pick(ALBUM_WORDS.second)}`;
        while (usedAlbumNames.has(name));
        usedAlbumNames.add(name);
        const genre = artist.genres[n % artist.genres.length];
        const trackCount = counts[albumIndex];
        const image = await putSvg(trx, `${name}.svg`, albumCoverSvg(name, artist.name, 900 + albumIndex));
        const { id: albumId } = await trx
          .insertInto('albums')
          .values({
            name,
            image,
            type: trackCount <= 3 ? 'single' : trackCount <= 6 ? 'ep' : 'album',
            release_date: randomDate(random, 2012, 2026),
            description: `${name} is a ${GENRE_STYLES[genre].drums === 'none' ? 'quiet' : 'driving'} ${DEMO_GENRES.find((g) => g.name === genre)!.display_name.toLowerCase()} record by ${artist.name}.`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('album_artist').values({ album_id: albumId, artist_id: artistIds[a], position: 0 }).execute();

        const usedTitles = new Set<string>();
        const popularity = 0.3 + random.next();
        for (let number = 1; number <= trackCount; number++) {
          let title: string;
          do title = trackTitle(random);
          while (usedTitles.has(title));
          usedTitles.add(title);
          const candidates = audioEntries.filter((e) => e.genre === genre);
          const turn = pieceTurn.get(genre) ?? 0;
          pieceTurn.set(genre, turn + 1);
          const audio = candidates[turn % candidates.length];
          const { id: trackId } = await trx
            .insertInto('tracks')
            .values({
              name: title,
              number,
              duration: audio.durationMs,
              album_id: albumId,
              file_entry_id: audio.id,
              // Heavy-tailed play counts, so "popular" lists look like real charts.
              plays: Math.floor(popularity * 40000 * random.next() ** 4),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const featured = random.chance(0.1) ? artistIds[(a + random.int(1, artistIds.length - 1)) % artistIds.length] : undefined;
          await trx
            .insertInto('track_artist')
            .values([{ track_id: trackId, artist_id: artistIds[a], position: 0 }, ...(featured ? [{ track_id: trackId, artist_id: featured, position: 1 }] : [])])
            .execute();
          await trx.insertInto('genre_track').values({ genre_id: genreIds.get(genre)!, track_id: trackId }).execute();
          tracksWritten++;
        }
      }
    }
    await seedDemoExtras(trx, random);
  });
  onProgress?.('Writing catalog', 1, 1);
  return { artists: DEMO_ARTISTS.length, albums: albumIndex, tracks: tracksWritten, genres: DEMO_GENRES.length };
}
