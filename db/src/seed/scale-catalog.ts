import type { Random } from './audio/random.ts';
import { DEMO_GENRES, type DemoGenre } from './demo-names.ts';
import type { SeedProgress } from './index.ts';
import { FIRST_NAMES, LAST_NAMES, TAG_NAMES, TITLE_TEMPLATES, zipf } from './scale-names.ts';
import { type Inserter, inserter, type Raw } from './scale-bulk.ts';
import type { TitleWords } from './scale-words.ts';

export const SCALE_GENRES = DEMO_GENRES.map((g) => g.name);

export const DAY = 86_400_000;

export interface ScaleSizes {
  tracks: number;
  albums: number;
  artists: number;
  users: number;
  playlists: number;
}

/** What every step of the row load shares; `random` is consumed in a fixed order, so the catalogue is the same on every run. */
export interface ScaleLoad {
  raw: Raw;
  random: Random;
  sizes: ScaleSizes;
  words: TitleWords;
  now: number;
  progress: SeedProgress;
}

/** The rows the catalogue points at: genres, audio and image files. */
export interface ScaleFiles {
  genreIds: Map<DemoGenre, number>;
  audioIds: number[];
  coverUrls: string[];
  portraitUrls: string[];
}

/** Something between a and b with most values near the middle, for durations and sizes. */
export function around(random: Random, min: number, max: number): number {
  return min + ((random.next() + random.next() + random.next()) / 3) * (max - min);
}

export function isoDate(ms: number): string {
  return new Date(ms).toISOString();
}

export function writeTags(raw: Raw): void {
  const tagInsert = inserter(raw, 'tags', ['id', 'name', 'display_name']);
  TAG_NAMES.forEach((name, i) => {
    tagInsert.add(i + 1, name, name.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase()));
  });
  tagInsert.flush();
}

/** Artists: generated first, written last, once their play counts are known. */
export function planArtists({ random, sizes, words }: ScaleLoad) {
  const names: string[] = [];
  const genres: DemoGenre[][] = [];
  for (let a = 0; a < sizes.artists; a++) {
    const kind = random.next();
    const name =
      kind < 0.4 ? `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`
      : kind < 0.6 ? `The ${words.word()} ${words.word()}`
      : kind < 0.75 ? random.pick(words.invented)
      : kind < 0.85 ? `${random.pick(words.invented)} ${words.word()}`
      : kind < 0.95 ? `${random.pick(FIRST_NAMES)} & The ${words.word()}`
      : `${random.pick(['DJ', 'MC', 'Lil'])} ${random.pick(words.invented)}`;
    names.push(name);
    const first = random.pick(SCALE_GENRES);
    genres.push(random.chance(0.4) ? [first, random.pick(SCALE_GENRES)] : [first]);
  }
  // Popularity rank is independent of id, so "popular" is not "oldest".
  const rankOf = Array.from({ length: sizes.artists }, (_, i) => i);
  for (let i = sizes.artists - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [rankOf[i], rankOf[j]] = [rankOf[j], rankOf[i]];
  }
  const byRank = new Int32Array(sizes.artists);
  rankOf.forEach((rank, artist) => {
    byRank[rank] = artist;
  });
  return {
    names,
    genres,
    rankOf,
    byRank,
    weight: rankOf.map((rank) => 1 / (rank + 1) ** 0.9),
    plays: new Float64Array(sizes.artists),
    pickPopular: zipf(random, sizes.artists, 0.7),
    pickProlific: zipf(random, sizes.artists, 0.5),
  };
}

export type ArtistPlan = ReturnType<typeof planArtists>;

/** Albums: every artist has at least one; popular artists have more. */
export function planAlbums({ random, sizes }: ScaleLoad, artists: ArtistPlan) {
  const albumArtists: number[][] = [];
  const trackCounts = new Int32Array(sizes.albums);
  const types: string[] = [];
  for (let b = 0; b < sizes.albums; b++) {
    const primary = b < sizes.artists ? b : random.chance(0.5) ? random.int(0, sizes.artists - 1) : artists.byRank[artists.pickProlific()];
    const list = [primary];
    const extra = random.next();
    if (extra < 0.19) list.push(random.int(0, sizes.artists - 1));
    if (extra < 0.04) list.push(random.int(0, sizes.artists - 1));
    albumArtists.push([...new Set(list)]);
    const kind = random.next();
    const [type, count] =
      kind < 0.25 ? ['single', random.int(1, 3)]
      : kind < 0.45 ? ['ep', random.int(4, 6)]
      : kind < 0.95 ? ['album', Math.round(around(random, 8, 24))]
      : ['compilation', random.int(14, 24)];
    types.push(type as string);
    trackCounts[b] = count as number;
  }
  balanceTrackCounts(random, trackCounts, sizes.tracks);
  return { artists: albumArtists, trackCounts, types };
}

type AlbumPlan = ReturnType<typeof planAlbums>;

/** Moves tracks between random albums (1 to 30 each) until they add up to the total asked for. */
function balanceTrackCounts(random: Random, trackCounts: Int32Array, trackTotal: number): void {
  let difference = trackTotal - trackCounts.reduce((a, b) => a + b, 0);
  while (difference !== 0) {
    const b = random.int(0, trackCounts.length - 1);
    if (difference > 0 && trackCounts[b] < 30) {
      trackCounts[b]++;
      difference--;
    } else if (difference < 0 && trackCounts[b] > 1) {
      trackCounts[b]--;
      difference++;
    }
  }
}

function catalogInserters(raw: Raw) {
  return {
    albums: inserter(raw, 'albums', ['id', 'name', 'image', 'description', 'type', 'release_date', 'plays', 'created_at', 'updated_at']),
    albumArtists: inserter(raw, 'album_artist', ['album_id', 'artist_id', 'position']),
    albumTags: inserter(raw, 'album_tag', ['album_id', 'tag_id']),
    tracks: inserter(raw, 'tracks', ['id', 'name', 'number', 'duration', 'album_id', 'file_entry_id', 'plays', 'created_at', 'updated_at']),
    trackArtists: inserter(raw, 'track_artist', ['track_id', 'artist_id', 'position']),
    genreTracks: inserter(raw, 'genre_track', ['genre_id', 'track_id']),
    trackTags: inserter(raw, 'track_tag', ['track_id', 'tag_id']),
  } satisfies Record<string, Inserter>;
}

type CatalogRows = ReturnType<typeof catalogInserters>;

interface TrackTally {
  lastTrackId: number;
  topTrack: { id: number; plays: number };
  sampleAlbums: number[];
}

/** Albums and their tracks, in album order; adds each track's plays to its artist's. */
export function writeAlbumsAndTracks(load: ScaleLoad, artists: ArtistPlan, albums: AlbumPlan, files: ScaleFiles) {
  const rows = catalogInserters(load.raw);
  const pickTag = zipf(load.random, TAG_NAMES.length, 1);
  const tally: TrackTally = { lastTrackId: 0, topTrack: { id: 1, plays: -1 }, sampleAlbums: [] };
  for (let b = 0; b < load.sizes.albums; b++) {
    const album = writeAlbum(load, rows, pickTag, artists, albums, files, b, tally);
    writeAlbumTracks(load, rows, pickTag, artists, files, album, tally);
    if (b % 1000 === 0) load.progress('Albums and tracks', tally.lastTrackId, load.sizes.tracks);
  }
  for (const inserter of Object.values(rows)) inserter.flush();
  load.progress('Albums and tracks', load.sizes.tracks, load.sizes.tracks);
  return { tracks: rows.tracks.count, albums: rows.albums.count, sampleAlbumIds: tally.sampleAlbums, topTrackId: tally.topTrack.id };
}

function writeAlbum(
  { random, words, now }: ScaleLoad,
  rows: CatalogRows,
  pickTag: () => number,
  artists: ArtistPlan,
  albums: AlbumPlan,
  files: ScaleFiles,
  b: number,
  tally: TrackTally,
) {
  const albumId = b + 1;
  const albumArtists = albums.artists[b];
  const primary = albumArtists[0];
  const genre = random.pick(artists.genres[primary]);
  const count = albums.trackCounts[b];
  const name = random.chance(0.15) ? words.word() : words.fill(random.pick(TITLE_TEMPLATES));
  const year = 2026 - Math.floor(66 * random.next() ** 2);
  const releaseDate = `${year}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
  const created = isoDate(now - Math.floor(random.next() * 3 * 365 * DAY));
  // Heavy tail: an album's appeal times its artist's, and within it one or two hits.
  const appeal = artists.weight[primary] * Math.exp(around(random, -2.5, 2.5));
  const hit = random.int(1, count);
  const trackPlays = new Float64Array(count + 1);
  let albumPlays = 0;
  for (let n = 1; n <= count; n++) {
    const plays = Math.floor(4e6 * appeal * random.next() ** 3 * (n === hit ? 4 : 1));
    trackPlays[n] = plays;
    albumPlays += plays;
  }
  rows.albums.add(
    albumId,
    name,
    random.chance(0.9) ? files.coverUrls[b % files.coverUrls.length] : null,
    random.chance(0.3) ? `${name} is a ${DEMO_GENRES.find((g) => g.name === genre)!.display_name.toLowerCase()} record from ${year}.` : null,
    albums.types[b],
    releaseDate,
    albumPlays,
    created,
    created,
  );
  albumArtists.forEach((artist, position) => {
    rows.albumArtists.add(albumId, artist + 1, position);
  });
  if (random.chance(0.25)) for (const tag of new Set([pickTag(), pickTag()])) rows.albumTags.add(albumId, tag + 1);
  if ((b % Math.max(1, Math.floor(albums.trackCounts.length / 12)) === 0 || count >= 20) && tally.sampleAlbums.length < 24) tally.sampleAlbums.push(albumId);
  return { id: albumId, name, single: albums.types[b] === 'single', primary, genre, count, created, trackPlays };
}

type WrittenAlbum = ReturnType<typeof writeAlbum>;

function writeAlbumTracks(
  { random, words, sizes }: ScaleLoad,
  rows: CatalogRows,
  pickTag: () => number,
  artists: ArtistPlan,
  files: ScaleFiles,
  album: WrittenAlbum,
  tally: TrackTally,
): void {
  const { primary, genre, created } = album;
  for (let n = 1; n <= album.count; n++) {
    const id = ++tally.lastTrackId;
    const title = album.single && n === 1 ? album.name : words.fill(random.pick(TITLE_TEMPLATES));
    words.countWords(title);
    const plays = album.trackPlays[n];
    if (plays > tally.topTrack.plays) tally.topTrack = { id, plays };
    rows.tracks.add(id, title, n, Math.round(around(random, 95_000, 420_000)), album.id, files.audioIds[SCALE_GENRES.indexOf(genre)], plays, created, created);
    rows.trackArtists.add(id, primary + 1, 0);
    artists.plays[primary] += plays;
    if (random.chance(0.12)) {
      const featured = random.int(0, sizes.artists - 1);
      if (featured !== primary) rows.trackArtists.add(id, featured + 1, 1);
    }
    rows.genreTracks.add(files.genreIds.get(genre)!, id);
    if (random.chance(0.05)) {
      const second = random.pick(SCALE_GENRES);
      if (second !== genre) rows.genreTracks.add(files.genreIds.get(second)!, id);
    }
    if (random.chance(0.15)) for (const tag of new Set([pickTag(), pickTag()])) rows.trackTags.add(id, tag + 1);
  }
}

/** Artists last, with the plays their tracks added up to. */
export function writeArtists({ raw, random, sizes, now }: ScaleLoad, artists: ArtistPlan, files: ScaleFiles): number {
  const artistRows = inserter(raw, 'artists', ['id', 'name', 'image', 'description', 'verified', 'plays', 'created_at', 'updated_at']);
  for (let a = 0; a < sizes.artists; a++) {
    const created = isoDate(now - Math.floor(random.next() * 4 * 365 * DAY));
    artistRows.add(
      a + 1,
      artists.names[a],
      random.chance(0.7) ? files.portraitUrls[a % files.portraitUrls.length] : null,
      random.chance(0.2) ? `${artists.names[a]} makes ${artists.genres[a].map((g) => DEMO_GENRES.find((d) => d.name === g)!.display_name.toLowerCase()).join(' and ')} music.` : null,
      artists.rankOf[a] < sizes.artists / 50 ? 1 : 0,
      Math.floor(artists.plays[a]),
      created,
      created,
    );
  }
  artistRows.flush();
  return artistRows.count;
}
