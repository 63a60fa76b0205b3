import { randomUUID } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { createDb, migrateToLatest } from '../connection.ts';
import { countRows } from '../repositories/catalog.repository.ts';
import { createRandom, type Random } from './audio/random.ts';
import { renderPieces } from './audio/render-pool.ts';
import { albumCoverSvg, artistImageSvg } from './covers.ts';
import { seedChannels } from './demo-extras.ts';
import { DEMO_GENRES, type DemoGenre } from './demo-names.ts';
import { GENRE_STYLES } from './demo-styles.ts';
import { seedFoundation, type SeedProgress, type SeedStorage } from './index.ts';
import { FIRST_NAMES, inventedWords, LAST_NAMES, PLAYLIST_TEMPLATES, TAG_NAMES, TITLE_TEMPLATES, TITLE_WORDS, zipf } from './scale-names.ts';

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

/** Words worth searching for, picked from what was generated, with how many track names contain them. */
export interface ScaleQueries {
  rare: { query: string; tracks: number }[];
  common: { query: string; tracks: number }[];
  prefix: { query: string }[];
  twoWords: { query: string; tracks: number }[];
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

/** Tables filled in bulk: their secondary indexes, full-text insert triggers and version triggers are set aside meanwhile. */
const BULK_TABLES = [
  'artists', 'albums', 'album_artist', 'album_tag', 'tracks', 'track_artist', 'genre_track', 'track_tag', 'tags',
  'users', 'user_role', 'playlists', 'playlist_track', 'likes', 'follows',
];

type Raw = InstanceType<typeof SqliteDatabase>;

/**
 * Multi-row INSERTs through one prepared statement per batch size: the fastest way to put
 * millions of rows through better-sqlite3 (one native call per few hundred rows).
 */
function inserter(raw: Raw, table: string, columns: string[]) {
  const perStatement = Math.max(1, Math.floor(2000 / columns.length));
  const tuple = `(${columns.map(() => '?').join(',')})`;
  const sqlFor = (rows: number) => `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(',')}) VALUES ${Array(rows).fill(tuple).join(',')}`;
  const full = raw.prepare(sqlFor(perStatement));
  let values: unknown[] = [];
  let rows = 0;
  let total = 0;
  return {
    add(...row: unknown[]) {
      for (const value of row) values.push(value);
      total++;
      if (++rows === perStatement) {
        full.run(values);
        values = [];
        rows = 0;
      }
    },
    flush() {
      if (rows) raw.prepare(sqlFor(rows)).run(values);
      values = [];
      rows = 0;
    },
    get count() {
      return total;
    },
  };
}

/** Something between a and b with most values near the middle, for durations and sizes. */
function around(random: Random, min: number, max: number): number {
  return min + ((random.next() + random.next() + random.next()) / 3) * (max - min);
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString();
}

const DAY = 86_400_000;

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
  const trackTotal = Math.max(10, Math.floor(options.tracks));
  const albumTotal = Math.max(1, Math.round(trackTotal / 10));
  const artistTotal = Math.max(8, Math.round(trackTotal / 40));
  const userTotal = Math.max(10, Math.round(trackTotal / 200));
  const playlistTotal = Math.max(5, Math.round(trackTotal / 100));

  const db = createDb(file);
  let usersRoleId: number;
  try {
    await migrateToLatest(db);
    await seedFoundation(db);
    if ((await countRows(db, 'tracks')) > 0 || (await countRows(db, 'artists')) > 0) {
      throw new Error(`${file} already has music; the scale seed fills an empty database only (give it a new file).`);
    }
    usersRoleId = (await db.selectFrom('roles').select('id').where('name', '=', 'users').executeTakeFirstOrThrow()).id;
  } finally {
    await db.destroy();
  }
  endPhase('migrate');

  const random = createRandom(20261122);
  const genres = DEMO_GENRES.map((g) => g.name);
  const pieces = await renderPieces(
    genres.map((genre, g) => ({ style: { ...GENRE_STYLES[genre], root: 43 + g }, seed: 7000 + g, seconds: 36 })),
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
  endPhase('audio and images');

  const raw = new SqliteDatabase(file);
  raw.pragma('foreign_keys = OFF');
  raw.pragma('journal_mode = OFF');
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -262144');
  raw.pragma('temp_store = MEMORY');
  raw.pragma('locking_mode = EXCLUSIVE');

  // Set aside what makes each inserted row expensive: secondary indexes and FTS insert triggers.
  const placeholders = BULK_TABLES.map(() => '?').join(',');
  const setAside = raw
    .prepare(
      `SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND tbl_name IN (${placeholders}) ` +
        `AND ((type = 'index') OR (type = 'trigger' AND (name LIKE '%\\_fts\\_insert' ESCAPE '\\' OR name LIKE '%\\_bump\\_version\\_%' ESCAPE '\\')))`,
    )
    .all(...BULK_TABLES) as { type: 'index' | 'trigger'; name: string; sql: string }[];
  for (const item of setAside) raw.exec(`DROP ${item.type.toUpperCase()} "${item.name}"`);

  const summary = raw.transaction(() => {
    // Genres, files and tags: a handful of rows each.
    const genreIds = new Map<DemoGenre, number>();
    const insertGenre = raw.prepare('INSERT INTO genres (name, display_name) VALUES (?, ?)');
    for (const genre of DEMO_GENRES) genreIds.set(genre.name, Number(insertGenre.run(genre.name, genre.display_name).lastInsertRowid));
    const insertFile = raw.prepare('INSERT INTO file_entries (name, file_name, mime, extension, file_size, disk) VALUES (?, ?, ?, ?, ?, ?)');
    const audioIds = pieces.map((piece, i) => Number(insertFile.run(`scale-${genres[i]}.mp3`, audioKeys[i], 'audio/mpeg', 'mp3', piece.mp3.byteLength, 'uploads').lastInsertRowid));
    coverKeys.forEach((key, i) => {
      insertFile.run(`scale-cover-${i + 1}.svg`, key, 'image/svg+xml', 'svg', Buffer.byteLength(coverSvgs[i]), 'public');
    });
    portraitKeys.forEach((key, i) => {
      insertFile.run(`scale-artist-${i + 1}.svg`, key, 'image/svg+xml', 'svg', Buffer.byteLength(portraitSvgs[i]), 'public');
    });
    const coverUrls = coverKeys.map((key) => options.storage.publicUrl(key));
    const portraitUrls = portraitKeys.map((key) => options.storage.publicUrl(key));
    const tagInsert = inserter(raw, 'tags', ['id', 'name', 'display_name']);
    TAG_NAMES.forEach((name, i) => {
      tagInsert.add(i + 1, name, name.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase()));
    });
    tagInsert.flush();
    const pickTag = zipf(random, TAG_NAMES.length, 1);

    // Words: real ones by Zipf rank, invented ones for the rare tail.
    const invented = inventedWords(random, Math.max(200, Math.round(trackTotal / 25)));
    const pickWord = zipf(random, TITLE_WORDS.length, 0.6);
    const word = () => (random.chance(0.06) ? random.pick(invented) : TITLE_WORDS[pickWord()]);
    const fill = (template: string) => template.replace(/\{w\}/g, word);
    const wordCounts = new Map<string, number>();
    const pairCounts = new Map<string, number>();
    // Only words of the lists count, not template glue such as "again", so queries read like a person's.
    const glue = new Set(TITLE_TEMPLATES.join(' ').toLowerCase().match(/[a-z]+/g));
    const vocabulary = new Set([...TITLE_WORDS, ...invented].map((w) => w.toLowerCase()).filter((w) => !glue.has(w)));
    const countWords = (name: string) => {
      const tokens = (name.toLowerCase().match(/[a-z]+/g) ?? []).filter((token) => vocabulary.has(token));
      for (const token of new Set(tokens)) wordCounts.set(token, (wordCounts.get(token) ?? 0) + 1);
      for (let i = 1; i < tokens.length; i++) {
        if (tokens[i] === tokens[i - 1]) continue;
        const pair = `${tokens[i - 1]} ${tokens[i]}`;
        pairCounts.set(pair, (pairCounts.get(pair) ?? 0) + 1);
      }
    };

    // Artists: generated first, written last, once their play counts are known.
    const artistNames: string[] = [];
    const artistGenres: DemoGenre[][] = [];
    for (let a = 0; a < artistTotal; a++) {
      const kind = random.next();
      const name =
        kind < 0.4 ? `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`
        : kind < 0.6 ? `The ${word()} ${word()}`
        : kind < 0.75 ? random.pick(invented)
        : kind < 0.85 ? `${random.pick(invented)} ${word()}`
        : kind < 0.95 ? `${random.pick(FIRST_NAMES)} & The ${word()}`
        : `${random.pick(['DJ', 'MC', 'Lil'])} ${random.pick(invented)}`;
      artistNames.push(name);
      const first = random.pick(genres);
      artistGenres.push(random.chance(0.4) ? [first, random.pick(genres)] : [first]);
    }
    // Popularity rank is independent of id, so "popular" is not "oldest".
    const rankOfArtist = Array.from({ length: artistTotal }, (_, i) => i);
    for (let i = artistTotal - 1; i > 0; i--) {
      const j = Math.floor(random.next() * (i + 1));
      [rankOfArtist[i], rankOfArtist[j]] = [rankOfArtist[j], rankOfArtist[i]];
    }
    const artistByRank = new Int32Array(artistTotal);
    rankOfArtist.forEach((rank, artist) => {
      artistByRank[rank] = artist;
    });
    const artistWeight = rankOfArtist.map((rank) => 1 / (rank + 1) ** 0.9);
    const artistPlays = new Float64Array(artistTotal);
    const pickPopularArtist = zipf(random, artistTotal, 0.7);
    const pickProlificArtist = zipf(random, artistTotal, 0.5);

    // Albums: every artist has at least one; popular artists have more.
    const albumArtists: number[][] = [];
    const trackCounts = new Int32Array(albumTotal);
    const albumTypes: string[] = [];
    for (let b = 0; b < albumTotal; b++) {
      const primary = b < artistTotal ? b : random.chance(0.5) ? random.int(0, artistTotal - 1) : artistByRank[pickProlificArtist()];
      const list = [primary];
      const extra = random.next();
      if (extra < 0.19) list.push(random.int(0, artistTotal - 1));
      if (extra < 0.04) list.push(random.int(0, artistTotal - 1));
      albumArtists.push([...new Set(list)]);
      const kind = random.next();
      const [type, count] =
        kind < 0.25 ? ['single', random.int(1, 3)]
        : kind < 0.45 ? ['ep', random.int(4, 6)]
        : kind < 0.95 ? ['album', Math.round(around(random, 8, 24))]
        : ['compilation', random.int(14, 24)];
      albumTypes.push(type as string);
      trackCounts[b] = count as number;
    }
    let difference = trackTotal - trackCounts.reduce((a, b) => a + b, 0);
    while (difference !== 0) {
      const b = random.int(0, albumTotal - 1);
      if (difference > 0 && trackCounts[b] < 30) {
        trackCounts[b]++;
        difference--;
      } else if (difference < 0 && trackCounts[b] > 1) {
        trackCounts[b]--;
        difference++;
      }
    }

    const albumRows = inserter(raw, 'albums', ['id', 'name', 'image', 'description', 'type', 'release_date', 'plays', 'created_at', 'updated_at']);
    const albumArtistRows = inserter(raw, 'album_artist', ['album_id', 'artist_id', 'position']);
    const albumTagRows = inserter(raw, 'album_tag', ['album_id', 'tag_id']);
    const trackRows = inserter(raw, 'tracks', ['id', 'name', 'number', 'duration', 'album_id', 'file_entry_id', 'plays', 'created_at', 'updated_at']);
    const trackArtistRows = inserter(raw, 'track_artist', ['track_id', 'artist_id', 'position']);
    const genreTrackRows = inserter(raw, 'genre_track', ['genre_id', 'track_id']);
    const trackTagRows = inserter(raw, 'track_tag', ['track_id', 'tag_id']);

    const now = Date.UTC(2026, 10, 22);
    let trackId = 0;
    let topTrack = { id: 1, plays: -1 };
    const sampleAlbums: number[] = [];
    const trackPlays = new Float64Array(31);
    for (let b = 0; b < albumTotal; b++) {
      const albumId = b + 1;
      const artists = albumArtists[b];
      const primary = artists[0];
      const genre = random.pick(artistGenres[primary]);
      const count = trackCounts[b];
      const name = random.chance(0.15) ? word() : fill(random.pick(TITLE_TEMPLATES));
      const year = 2026 - Math.floor(66 * random.next() ** 2);
      const releaseDate = `${year}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
      const created = isoDate(now - Math.floor(random.next() * 3 * 365 * DAY));
      // Heavy tail: an album's appeal times its artist's, and within it one or two hits.
      const appeal = artistWeight[primary] * Math.exp(around(random, -2.5, 2.5));
      const hit = random.int(1, count);
      let albumPlays = 0;
      for (let n = 1; n <= count; n++) {
        const plays = Math.floor(4e6 * appeal * random.next() ** 3 * (n === hit ? 4 : 1));
        trackPlays[n] = plays;
        albumPlays += plays;
      }
      albumRows.add(
        albumId,
        name,
        random.chance(0.9) ? coverUrls[b % coverUrls.length] : null,
        random.chance(0.3) ? `${name} is a ${DEMO_GENRES.find((g) => g.name === genre)!.display_name.toLowerCase()} record from ${year}.` : null,
        albumTypes[b],
        releaseDate,
        albumPlays,
        created,
        created,
      );
      artists.forEach((artist, position) => {
        albumArtistRows.add(albumId, artist + 1, position);
      });
      if (random.chance(0.25)) for (const tag of new Set([pickTag(), pickTag()])) albumTagRows.add(albumId, tag + 1);
      if ((b % Math.max(1, Math.floor(albumTotal / 12)) === 0 || count >= 20) && sampleAlbums.length < 24) sampleAlbums.push(albumId);

      for (let n = 1; n <= count; n++) {
        const id = ++trackId;
        const title = albumTypes[b] === 'single' && n === 1 ? name : fill(random.pick(TITLE_TEMPLATES));
        countWords(title);
        const plays = trackPlays[n];
        if (plays > topTrack.plays) topTrack = { id, plays };
        trackRows.add(id, title, n, Math.round(around(random, 95_000, 420_000)), albumId, audioIds[genres.indexOf(genre)], plays, created, created);
        trackArtistRows.add(id, primary + 1, 0);
        artistPlays[primary] += plays;
        if (random.chance(0.12)) {
          const featured = random.int(0, artistTotal - 1);
          if (featured !== primary) trackArtistRows.add(id, featured + 1, 1);
        }
        genreTrackRows.add(genreIds.get(genre)!, id);
        if (random.chance(0.05)) {
          const second = random.pick(genres);
          if (second !== genre) genreTrackRows.add(genreIds.get(second)!, id);
        }
        if (random.chance(0.15)) for (const tag of new Set([pickTag(), pickTag()])) trackTagRows.add(id, tag + 1);
      }
      if (b % 1000 === 0) progress('Albums and tracks', trackId, trackTotal);
    }
    for (const rows of [albumRows, albumArtistRows, albumTagRows, trackRows, trackArtistRows, genreTrackRows, trackTagRows]) rows.flush();
    progress('Albums and tracks', trackTotal, trackTotal);

    const artistRows = inserter(raw, 'artists', ['id', 'name', 'image', 'description', 'verified', 'plays', 'created_at', 'updated_at']);
    for (let a = 0; a < artistTotal; a++) {
      const created = isoDate(now - Math.floor(random.next() * 4 * 365 * DAY));
      artistRows.add(
        a + 1,
        artistNames[a],
        random.chance(0.7) ? portraitUrls[a % portraitUrls.length] : null,
        random.chance(0.2) ? `${artistNames[a]} makes ${artistGenres[a].map((g) => DEMO_GENRES.find((d) => d.name === g)!.display_name.toLowerCase()).join(' and ')} music.` : null,
        rankOfArtist[a] < artistTotal / 50 ? 1 : 0,
        Math.floor(artistPlays[a]),
        created,
        created,
      );
    }
    artistRows.flush();

    // Listeners, their playlists, likes and follows.
    const userRows = inserter(raw, 'users', ['id', 'name', 'first_name', 'last_name', 'email', 'email_verified_at', 'created_at', 'updated_at']);
    const userRoleRows = inserter(raw, 'user_role', ['user_id', 'role_id']);
    for (let u = 1; u <= userTotal; u++) {
      const first = random.pick(FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      const created = isoDate(now - Math.floor(random.next() * 3 * 365 * DAY));
      userRows.add(u, random.chance(0.2) ? random.pick(invented) : `${first} ${last}`, first, last, `listener${u}@example.com`, created, created, created);
      userRoleRows.add(u, usersRoleId);
    }
    userRows.flush();
    userRoleRows.flush();
    progress('Listeners', 0, userTotal);

    const playlistRows = inserter(raw, 'playlists', ['id', 'owner_id', 'name', 'description', 'public', 'collaborative', 'plays', 'created_at', 'updated_at']);
    const playlistTrackRows = inserter(raw, 'playlist_track', ['playlist_id', 'track_id', 'position', 'added_by', 'created_at']);
    const pickTrack = () => random.int(1, trackTotal);
    for (let p = 1; p <= playlistTotal; p++) {
      const owner = random.int(1, userTotal);
      const name = random.pick(PLAYLIST_TEMPLATES).replace(/\{w\}/g, word);
      const created = isoDate(now - Math.floor(random.next() * 2 * 365 * DAY));
      playlistRows.add(p, owner, name, random.chance(0.3) ? `${word()} and ${word().toLowerCase()} for ${random.pick(['long drives', 'slow mornings', 'the gym', 'late nights', 'rainy days', 'working'])}.` : null, random.chance(0.9) ? 1 : 0, random.chance(0.05) ? 1 : 0, Math.floor(1e5 * random.next() ** 6), created, created);
      const picked = new Set<number>();
      const size = random.int(5, 40);
      while (picked.size < size) picked.add(pickTrack());
      [...picked].forEach((track, position) => {
        playlistTrackRows.add(p, track, position, owner, created);
      });
    }
    playlistRows.flush();
    playlistTrackRows.flush();

    const likeRows = inserter(raw, 'likes', ['user_id', 'likeable_type', 'likeable_id', 'created_at']);
    const followRows = inserter(raw, 'follows', ['follower_id', 'followable_type', 'followable_id', 'created_at']);
    for (let u = 1; u <= userTotal; u++) {
      const created = isoDate(now - Math.floor(random.next() * 365 * DAY));
      const albums = new Set<number>();
      const albumLikes = Math.floor(10 * random.next() ** 2);
      while (albums.size < albumLikes) albums.add(random.int(1, albumTotal));
      for (const album of [...albums].sort((x, y) => x - y)) likeRows.add(u, 'album', album, created);
      const tracks = new Set<number>();
      const trackLikes = Math.floor(60 * random.next() ** 2);
      while (tracks.size < trackLikes) tracks.add(pickTrack());
      for (const track of [...tracks].sort((x, y) => x - y)) likeRows.add(u, 'track', track, created);
      const followed = new Set<number>();
      const artistFollows = Math.floor(15 * random.next() ** 2);
      while (followed.size < artistFollows) followed.add(artistByRank[pickPopularArtist()] + 1);
      for (const artist of [...followed].sort((x, y) => x - y)) followRows.add(u, 'artist', artist, created);
      if (random.chance(0.3)) {
        const other = random.int(1, userTotal);
        if (other !== u) followRows.add(u, 'user', other, created);
      }
      if (u % 500 === 0) progress('Listeners', u, userTotal);
    }
    likeRows.flush();
    followRows.flush();
    progress('Listeners', userTotal, userTotal);

    // Queries for benchmarks, several of each kind so a cache does not answer them all: the most
    // common words, words of the rare tail, prefixes of frequent words as typed, frequent pairs.
    const ranked = [...wordCounts].sort((x, y) => y[1] - x[1]);
    const inventedTokens = new Set(invented.map((w) => w.toLowerCase()));
    const asQuery = ([query, tracks]: [string, number]) => ({ query, tracks });
    const rare = ranked.filter(([token, n]) => n >= 2 && n <= 5 && inventedTokens.has(token)).slice(0, 8);
    const prefixes = [...new Set(ranked.slice(3, 40).map(([token]) => token.slice(0, 3)))].slice(0, 8);
    const queries: ScaleQueries = {
      rare: (rare.length ? rare : ranked.slice(-8)).map(asQuery),
      common: ranked.slice(0, 5).map(asQuery),
      prefix: prefixes.map((query) => ({ query })),
      twoWords: [...pairCounts].sort((x, y) => y[1] - x[1]).slice(2, 10).map(asQuery),
    };
    return {
      tracks: trackRows.count,
      albums: albumRows.count,
      artists: artistRows.count,
      users: userRows.count,
      playlists: playlistRows.count,
      playlistTracks: playlistTrackRows.count,
      likes: likeRows.count,
      follows: followRows.count,
      tags: TAG_NAMES.length,
      genres: DEMO_GENRES.length,
      queries,
      sampleAlbumIds: sampleAlbums,
      topTrackId: topTrack.id,
    };
  })();
  endPhase('rows');

  // Indexes and triggers back exactly as the migrations wrote them.
  const indexes = setAside.filter((item) => item.type === 'index');
  indexes.forEach((item, i) => {
    progress('Indexes', i, indexes.length);
    raw.exec(item.sql);
  });
  progress('Indexes', indexes.length, indexes.length);
  for (const item of setAside.filter((item) => item.type === 'trigger')) raw.exec(item.sql);
  // Raised once for the whole load rather than once per row: what any process kept is stale now.
  raw.exec(`UPDATE table_versions SET version = version + 1 WHERE table_name IN (${BULK_TABLES.map((table) => `'${table}'`).join(', ')})`);
  endPhase('indexes');

  const searchIndexes = ['tracks_fts', 'albums_fts', 'artists_fts', 'playlists_fts', 'users_fts', 'tags_fts'];
  searchIndexes.forEach((index, i) => {
    progress('Search indexes', i, searchIndexes.length);
    raw.exec(`INSERT INTO ${index}(${index}) VALUES ('rebuild')`);
  });
  progress('Search indexes', searchIndexes.length, searchIndexes.length);
  endPhase('search indexes');

  raw.pragma('locking_mode = NORMAL');
  raw.pragma('journal_mode = WAL');
  raw.close();

  // The home page is the "discover" channel, as on the demo catalogue, so it can be measured here too.
  const channelsDb = createDb(file);
  try {
    const editorsPicks = await channelsDb.selectFrom('playlists').select('id').where('public', '=', 1).orderBy('plays', 'desc').limit(6).execute();
    await seedChannels(channelsDb, editorsPicks.map((p) => p.id));
  } finally {
    await channelsDb.destroy();
  }
  return { ...summary, seconds: (performance.now() - started) / 1000, phases };
}
