import { sql, type ExpressionBuilder } from 'kysely';
import { preparedQuery } from '../prepared.ts';
import type { Db } from '../connection.ts';
import type { Database } from '../tables/database.ts';
import type { AlbumRow } from '../tables/albums.table.ts';
import type { ArtistRow } from '../tables/artists.table.ts';
import type { GenreRow } from '../tables/genres.table.ts';
import type { TrackRow } from '../tables/tracks.table.ts';

export type ArtistSummary = Pick<ArtistRow, 'id' | 'name' | 'image'>;
export type AlbumSummary = Pick<AlbumRow, 'id' | 'name' | 'image' | 'release_date' | 'type'>;

// Relations are loaded in batches keyed by parent id, so a page costs a fixed number of queries
// whatever the number of rows on it.

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/**
 * An album listeners may see: one with a published track, or one with no tracks yet (an album an
 * artist or admin created before adding music). An album of drafts only, as a fresh upload makes,
 * stays hidden until one of its tracks is published.
 */
export function albumIsListed(eb: ExpressionBuilder<Database, 'albums'>) {
  const tracksOfAlbum = () => eb.selectFrom('tracks').select('tracks.id').whereRef('tracks.album_id', '=', 'albums.id');
  return eb.or([eb.exists(tracksOfAlbum().where('tracks.published', '=', 1)), eb.not(eb.exists(tracksOfAlbum()))]);
}

export async function findAlbum(db: Db, id: number): Promise<AlbumRow | undefined> {
  return db.selectFrom('albums').selectAll().where('id', '=', id).where(albumIsListed).executeTakeFirst();
}

/** The album with its artists, in one query (built once: the album page and its JSON read it on every visit). */
const albumWithArtists = preparedQuery((db: Db, p: { id: number }) =>
  db.selectFrom('albums').selectAll('albums').select((eb) => albumArtistsJson(eb).as('artists_json')).where('albums.id', '=', p.id).where(albumIsListed),
);

export async function findAlbumWithArtists(db: Db, id: number): Promise<{ album: AlbumRow; artists: ArtistSummary[] } | undefined> {
  const [row] = await albumWithArtists(db, { id });
  if (!row) return undefined;
  const { artists_json, ...album } = row;
  return { album, artists: parseArtists(artists_json) };
}

export async function findArtist(db: Db, id: number): Promise<ArtistRow | undefined> {
  return db.selectFrom('artists').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A track as listeners know it: drafts do not exist for them (backstage reads its own through the admin resources). */
export async function findTrack(db: Db, id: number): Promise<TrackRow | undefined> {
  return db.selectFrom('tracks').selectAll().where('id', '=', id).where('published', '=', 1).executeTakeFirst();
}

/** A track whether published or a draft, for the few readers that decide themselves who may see a draft. */
export async function findTrackOrDraft(db: Db, id: number): Promise<TrackRow | undefined> {
  return db.selectFrom('tracks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function artistsOfAlbums(db: Db, albumIds: number[]): Promise<Map<number, ArtistSummary[]>> {
  if (!albumIds.length) return new Map();
  const rows = await db
    .selectFrom('album_artist')
    .innerJoin('artists', 'artists.id', 'album_artist.artist_id')
    .select(['album_artist.album_id', 'artists.id', 'artists.name', 'artists.image'])
    .where('album_artist.album_id', 'in', albumIds)
    .orderBy('album_artist.position')
    .execute();
  const grouped = groupBy(rows, (r) => r.album_id);
  return new Map([...grouped].map(([k, list]) => [k, list.map(({ id, name, image }) => ({ id, name, image }))]));
}

export async function artistsOfTracks(db: Db, trackIds: number[]): Promise<Map<number, ArtistSummary[]>> {
  if (!trackIds.length) return new Map();
  const rows = await db
    .selectFrom('track_artist')
    .innerJoin('artists', 'artists.id', 'track_artist.artist_id')
    .select(['track_artist.track_id', 'artists.id', 'artists.name', 'artists.image'])
    .where('track_artist.track_id', 'in', trackIds)
    .orderBy('track_artist.position')
    .execute();
  const grouped = groupBy(rows, (r) => r.track_id);
  return new Map([...grouped].map(([k, list]) => [k, list.map(({ id, name, image }) => ({ id, name, image }))]));
}

export async function genresOfTracks(db: Db, trackIds: number[]): Promise<Map<number, Pick<GenreRow, 'id' | 'name' | 'display_name'>[]>> {
  if (!trackIds.length) return new Map();
  const rows = await db
    .selectFrom('genre_track')
    .innerJoin('genres', 'genres.id', 'genre_track.genre_id')
    .select(['genre_track.track_id', 'genres.id', 'genres.name', 'genres.display_name'])
    .where('genre_track.track_id', 'in', trackIds)
    .orderBy('genres.name')
    .execute();
  const grouped = groupBy(rows, (r) => r.track_id);
  return new Map([...grouped].map(([k, list]) => [k, list.map(({ id, name, display_name }) => ({ id, name, display_name }))]));
}

export async function tracksOfAlbums(db: Db, albumIds: number[]): Promise<Map<number, TrackRow[]>> {
  if (!albumIds.length) return new Map();
  const rows = await db
    .selectFrom('tracks')
    .selectAll()
    .where('album_id', 'in', albumIds)
    .where('published', '=', 1)
    .orderBy('album_id')
    .orderBy('number')
    .orderBy('id')
    .execute();
  return groupBy(rows, (r) => r.album_id as number);
}

function tracksWithArtists(db: Db, albumIds: readonly number[]) {
  return db
    .selectFrom('tracks')
    .selectAll('tracks')
    .select((eb) => trackArtistsJson(eb).as('artists_json'))
    .where('album_id', 'in', albumIds)
    .where('published', '=', 1)
    .orderBy('album_id')
    .orderBy('number')
    .orderBy('id');
}

/** One album's tracks, as an album page asks: built once. */
const tracksOfOneAlbumWithArtists = preparedQuery((db: Db, p: readonly number[]) => tracksWithArtists(db, [p[0]]));

/** The tracks of albums in their order, and the artists of each track, in one query. */
export async function tracksOfAlbumsWithArtists(db: Db, albumIds: number[]): Promise<{ tracks: Map<number, TrackRow[]>; artists: Map<number, ArtistSummary[]> }> {
  if (!albumIds.length) return { tracks: new Map(), artists: new Map() };
  const rows = albumIds.length === 1 ? await tracksOfOneAlbumWithArtists(db, albumIds) : await tracksWithArtists(db, albumIds).execute();
  const artists = new Map<number, ArtistSummary[]>();
  const tracks = rows.map(({ artists_json, ...track }) => {
    artists.set(track.id, parseArtists(artists_json));
    return track;
  });
  return { tracks: groupBy(tracks, (track) => track.album_id as number), artists };
}

export async function albumsOfArtists(db: Db, artistIds: number[]): Promise<Map<number, AlbumRow[]>> {
  if (!artistIds.length) return new Map();
  const rows = await db
    .selectFrom('albums')
    .innerJoin('album_artist', 'album_artist.album_id', 'albums.id')
    .selectAll('albums')
    .select('album_artist.artist_id')
    .where('album_artist.artist_id', 'in', artistIds)
    .where(albumIsListed)
    .orderBy('albums.release_date', 'desc')
    .execute();
  const grouped = groupBy(rows, (r) => r.artist_id);
  return new Map([...grouped].map(([k, list]) => [k, list.map(({ artist_id: _, ...album }) => album)]));
}

export async function trackCountsOfAlbums(db: Db, albumIds: number[]): Promise<Map<number, number>> {
  if (!albumIds.length) return new Map();
  const rows = await db
    .selectFrom('tracks')
    .select(['album_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('album_id', 'in', albumIds)
    .where('published', '=', 1)
    .groupBy('album_id')
    .execute();
  return new Map(rows.map((r) => [r.album_id as number, Number(r.count)]));
}

export async function albumCountsOfArtists(db: Db, artistIds: number[]): Promise<Map<number, number>> {
  if (!artistIds.length) return new Map();
  const rows = await db
    .selectFrom('album_artist')
    .innerJoin('albums', 'albums.id', 'album_artist.album_id')
    .select(['album_artist.artist_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('album_artist.artist_id', 'in', artistIds)
    .where(albumIsListed)
    .groupBy('album_artist.artist_id')
    .execute();
  return new Map(rows.map((r) => [r.artist_id, Number(r.count)]));
}

export async function albumsByIds(db: Db, ids: number[]): Promise<AlbumRow[]> {
  if (!ids.length) return [];
  return db.selectFrom('albums').selectAll().where('id', 'in', ids).where(albumIsListed).execute();
}

export async function popularTracks(db: Db, limit: number, artistId?: number): Promise<TrackRow[]> {
  let query = db.selectFrom('tracks').selectAll('tracks').where('tracks.published', '=', 1);
  if (artistId !== undefined) {
    query = query.innerJoin('track_artist', 'track_artist.track_id', 'tracks.id').where('track_artist.artist_id', '=', artistId);
  }
  return query.orderBy('tracks.plays', 'desc').orderBy('tracks.id').limit(limit).execute();
}

export async function listGenres(db: Db): Promise<GenreRow[]> {
  return db.selectFrom('genres').selectAll().orderBy('name').execute();
}

export async function countRows(db: Db, table: 'artists' | 'albums' | 'tracks' | 'genres'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function tracksByIds(db: Db, ids: number[]): Promise<TrackRow[]> {
  if (!ids.length) return [];
  return db.selectFrom('tracks').selectAll().where('id', 'in', ids).where('published', '=', 1).execute();
}

export async function artistsByIds(db: Db, ids: number[]): Promise<ArtistRow[]> {
  if (!ids.length) return [];
  return db.selectFrom('artists').selectAll().where('id', 'in', ids).execute();
}

/** Rows in the order of `ids`, for lists whose order was decided by an earlier query. */
export function inOrderOf<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
}

export async function tagsOfTracks(db: Db, trackIds: number[]): Promise<Map<number, { id: number; name: string; display_name: string | null }[]>> {
  if (!trackIds.length) return new Map();
  const rows = await db
    .selectFrom('track_tag')
    .innerJoin('tags', 'tags.id', 'track_tag.tag_id')
    .select(['track_tag.track_id', 'tags.id', 'tags.name', 'tags.display_name'])
    .where('track_tag.track_id', 'in', trackIds)
    .orderBy('tags.name')
    .execute();
  const grouped = groupBy(rows, (r) => r.track_id);
  return new Map([...grouped].map(([k, list]) => [k, list.map(({ id, name, display_name }) => ({ id, name, display_name }))]));
}

export async function tagsOfAlbums(db: Db, albumIds: number[]): Promise<Map<number, { id: number; name: string; display_name: string | null }[]>> {
  if (!albumIds.length) return new Map();
  const rows = await db
    .selectFrom('album_tag')
    .innerJoin('tags', 'tags.id', 'album_tag.tag_id')
    .select(['album_tag.album_id', 'tags.id', 'tags.name', 'tags.display_name'])
    .where('album_tag.album_id', 'in', albumIds)
    .orderBy('tags.name')
    .execute();
  const grouped = groupBy(rows, (r) => r.album_id);
  return new Map([...grouped].map(([k, list]) => [k, list.map(({ id, name, display_name }) => ({ id, name, display_name }))]));
}

export async function findTagByName(db: Db, name: string) {
  return db.selectFrom('tags').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Tracks or albums with a tag, most played first; one extra row tells whether more exist. */
export async function taggedIds(db: Db, tagId: number, model: 'track' | 'album', offset: number, limit: number): Promise<number[]> {
  if (model === 'album') {
    const rows = await db
      .selectFrom('album_tag')
      .innerJoin('albums', 'albums.id', 'album_tag.album_id')
      .select('albums.id')
      .where('album_tag.tag_id', '=', tagId)
      .orderBy('albums.plays', 'desc')
      .orderBy('albums.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }
  const rows = await db
    .selectFrom('track_tag')
    .innerJoin('tracks', 'tracks.id', 'track_tag.track_id')
    .select('tracks.id')
    .where('track_tag.tag_id', '=', tagId)
    .where('tracks.published', '=', 1)
    .orderBy('tracks.plays', 'desc')
    .orderBy('tracks.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export function parseArtists(json: string | null): ArtistSummary[] {
  return json ? (JSON.parse(json) as ArtistSummary[]) : [];
}

/** The artists of each track (or album), in their order, as a JSON array: no query per row. */
export function trackArtistsJson(eb: ExpressionBuilder<Database, 'tracks'>) {
  return eb
    .selectFrom('track_artist')
    .innerJoin('artists', 'artists.id', 'track_artist.artist_id')
    .select((eb) =>
      eb.fn
        .agg<string>('json_group_array', [eb.fn('json_object', [sql.lit('id'), 'artists.id', sql.lit('name'), 'artists.name', sql.lit('image'), 'artists.image'])])
        .orderBy('track_artist.position')
        .as('artists'),
    )
    .whereRef('track_artist.track_id', '=', 'tracks.id');
}

export function albumArtistsJson(eb: ExpressionBuilder<Database, 'albums'>) {
  return eb
    .selectFrom('album_artist')
    .innerJoin('artists', 'artists.id', 'album_artist.artist_id')
    .select((eb) =>
      eb.fn
        .agg<string>('json_group_array', [eb.fn('json_object', [sql.lit('id'), 'artists.id', sql.lit('name'), 'artists.name', sql.lit('image'), 'artists.image'])])
        .orderBy('album_artist.position')
        .as('artists'),
    )
    .whereRef('album_artist.album_id', '=', 'albums.id');
}

/**
 * The most played albums with published tracks of a genre, and the most played artists who play
 * it (on a published track) or name it on their profile: what a genre page shows besides its tracks.
 */
export async function popularOfGenre(db: Db, genreId: number, limit: number): Promise<{ albums: AlbumRow[]; artists: ArtistRow[] }> {
  const tracksOfGenre = db
    .selectFrom('genre_track')
    .innerJoin('tracks', 'tracks.id', 'genre_track.track_id')
    .where('genre_track.genre_id', '=', genreId)
    .where('tracks.published', '=', 1);
  const [albums, artists] = await Promise.all([
    db
      .selectFrom('albums')
      .selectAll()
      .where('id', 'in', tracksOfGenre.select('tracks.album_id'))
      .orderBy('plays', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('artists')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('id', 'in', tracksOfGenre.innerJoin('track_artist', 'track_artist.track_id', 'tracks.id').select('track_artist.artist_id')),
          eb('id', 'in', eb.selectFrom('genre_artist').select('genre_artist.artist_id').where('genre_artist.genre_id', '=', genreId)),
        ]),
      )
      .orderBy('plays', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return { albums, artists };
}
