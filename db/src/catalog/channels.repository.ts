import { sql, type AliasedSelectQueryBuilder } from 'kysely';
import type { Db } from '../connection.ts';
import type { AlbumRow } from '../tables/albums.table.ts';
import type { ArtistRow } from '../tables/artists.table.ts';
import type { GenreRow } from '../tables/genres.table.ts';
import type { ChannelRow, PlaylistRow } from '../tables/listener.table.ts';
import type { TrackRow } from '../tables/tracks.table.ts';
import { albumArtistsJson, albumIsListed, parseArtists, trackArtistsJson, type ArtistSummary } from './catalog.repository.ts';
import type { PublicUserRow } from '../accounts/users.repository.ts';

export type { ChannelContentModel, ChannelContentSource, ChannelLayout, ChannelRow } from '../tables/listener.table.ts';

export async function findGenreByName(db: Db, name: string): Promise<GenreRow | undefined> {
  return db.selectFrom('genres').selectAll().where('name', '=', name).executeTakeFirst();
}

/** A channel of a page's tree: the root (depth 0) or nested in it, where it sits and what it holds. */
export type ChannelTreeRow = ChannelRow & {
  parent_id: number | null;
  depth: 0 | 1 | 2;
  /** 1-based place among its parent's channels. */
  place: number;
  /** Hand-picked channels it holds itself, so a channel too deep to show still says whether it has any. */
  channels_count: number;
};

/**
 * A channel found by its slug or id, the hand-picked channels under it (one page of them) and,
 * for those that list channels themselves, theirs, in one query. Each nested channel lists at
 * most its own items_limit plus one, to tell whether it has more.
 */
export async function channelTree(db: Db, slugOrId: string, page: number, perPage: number): Promise<ChannelTreeRow[]> {
  const byId = /^\d{1,15}$/.test(slugOrId) ? Number(slugOrId) : undefined;
  const rows = await db
    .with('root', (qb) =>
      qb
        .selectFrom('channels')
        .select(['id', 'content_model', 'content_source', (eb) => eb.fn<number>('min', [eb.val(perPage), 'items_limit']).as('per_page')])
        .where((eb) => (byId !== undefined ? eb.or([eb('slug', '=', slugOrId), eb('id', '=', byId)]) : eb('slug', '=', slugOrId)))
        .orderBy((eb) => eb.case().when('slug', '=', slugOrId).then(0).else(1).end())
        .limit(1),
    )
    .with('level1', (qb) =>
      qb
        .selectFrom('channel_items')
        .innerJoin('root', 'root.id', 'channel_items.channel_id')
        .select((eb) => [
          'channel_items.item_id as id',
          'channel_items.channel_id as parent_id',
          'root.per_page',
          eb.fn.agg<number>('row_number').over((ob) => ob.orderBy('channel_items.position').orderBy('channel_items.item_id')).as('place'),
        ])
        .where('channel_items.item_type', '=', 'channel')
        .where('root.content_model', '=', 'channel')
        .where('root.content_source', '=', 'manual'),
    )
    // The page of the root's channels, and one more to tell whether there are more.
    .with('page1', (qb) =>
      qb
        .selectFrom('level1')
        .selectAll()
        .where((eb) => eb('place', '>', eb(eb.val(page - 1), '*', eb.ref('per_page'))))
        .where((eb) => eb('place', '<=', eb(eb(eb.val(page), '*', eb.ref('per_page')), '+', 1))),
    )
    .with('level2', (qb) =>
      qb
        .selectFrom('channel_items')
        .innerJoin('channels as parent', 'parent.id', 'channel_items.channel_id')
        .select((eb) => [
          'channel_items.item_id as id',
          'channel_items.channel_id as parent_id',
          'parent.items_limit as parent_limit',
          eb.fn.agg<number>('row_number').over((ob) => ob.partitionBy('channel_items.channel_id').orderBy('channel_items.position').orderBy('channel_items.item_id')).as('place'),
        ])
        .where('channel_items.item_type', '=', 'channel')
        .where('parent.content_model', '=', 'channel')
        .where('parent.content_source', '=', 'manual')
        // Only under the channels the page shows; the one fetched to tell "has more" shows nothing.
        // (An IN list rather than a join, so SQLite looks these channels up instead of scanning.)
        .where('channel_items.channel_id', 'in', (eb) =>
          eb
            .selectFrom('page1')
            .select('page1.id')
            .where((eb) => eb('page1.place', '<=', eb(eb.val(page), '*', eb.ref('page1.per_page')))),
        ),
    )
    .selectFrom((eb) =>
      eb
        .selectFrom('root')
        .select(['id', sql<number | null>`null`.as('parent_id'), sql<number>`1`.as('place'), sql<0 | 1 | 2>`0`.as('depth')])
        .unionAll(eb.selectFrom('page1').select(['id', 'parent_id', 'place', sql<0 | 1 | 2>`1`.as('depth')]))
        .unionAll(
          eb
            .selectFrom('level2')
            .select(['id', 'parent_id', 'place', sql<0 | 1 | 2>`2`.as('depth')])
            .where((eb) => eb('place', '<=', eb(eb.ref('parent_limit'), '+', 1))),
        )
        .as('tree'),
    )
    .innerJoin('channels', 'channels.id', 'tree.id')
    .selectAll('channels')
    .select((eb) => [
      'tree.parent_id',
      'tree.place',
      'tree.depth',
      eb
        .selectFrom('channel_items')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .whereRef('channel_items.channel_id', '=', 'channels.id')
        .where('channel_items.item_type', '=', 'channel')
        .as('channels_count'),
    ])
    .execute();
  return rows.map((row) => ({ ...row, channels_count: Number(row.channels_count ?? 0) }));
}

/** One section of a channel page: which channel, what it lists, from where, and which slice. */
export type ChannelSlice = { channelId: number; offset: number; limit: number } & (
  | { source: 'manual'; model: 'track' | 'album' | 'artist' | 'playlist' | 'genre' }
  | { source: 'popular' | 'new'; model: 'track' | 'album' | 'artist' | 'playlist' }
  /** The most played of the genre in the address. */
  | { source: 'genre'; model: 'track' | 'album'; genreId: number }
);

/** Where an item sits: in which section, at which place (1-based). */
export interface SectionPlace {
  section_id: number;
  section_place: number;
}

type SliceKeys = { id: number; k1: number | string | null; k2: number };

/**
 * The ids of one slice with their sort keys, ordered and limited on their own (the index does the
 * work), and whether the order is ascending. Each kind of source sorts by (k1, k2).
 */
function sliceKeys(db: Db, slice: ChannelSlice): { keys: AliasedSelectQueryBuilder<SliceKeys, 'keys'>; direction: 'asc' | 'desc' } {
  const { model, offset, limit } = slice;
  const page = <T extends { offset(n: number): T; limit(n: number): T }>(query: T) => query.limit(limit).offset(offset);
  if (slice.source === 'manual') {
    const keys = db
      .selectFrom('channel_items')
      .select(['item_id as id', 'position as k1', 'item_id as k2'])
      .where('channel_id', '=', slice.channelId)
      .where('item_type', '=', model)
      .orderBy('position')
      .orderBy('item_id');
    return { keys: page(keys).$castTo<SliceKeys>().as('keys'), direction: 'asc' };
  }
  if (slice.source === 'genre') {
    const { genreId } = slice;
    if (model === 'album') {
      const keys = db
        .selectFrom('albums')
        .select(['id', 'plays as k1', 'id as k2'])
        .where('id', 'in', (eb) => eb.selectFrom('genre_track').innerJoin('tracks', 'tracks.id', 'genre_track.track_id').select('tracks.album_id').where('genre_track.genre_id', '=', genreId).where('tracks.published', '=', 1))
        .orderBy('plays', 'desc')
        .orderBy('id', 'desc');
      return { keys: page(keys).$castTo<SliceKeys>().as('keys'), direction: 'desc' };
    }
    const keys = db
      .selectFrom('genre_track')
      .innerJoin('tracks', 'tracks.id', 'genre_track.track_id')
      .select(['tracks.id', 'tracks.plays as k1', 'tracks.id as k2'])
      .where('genre_track.genre_id', '=', genreId)
      .where('tracks.published', '=', 1)
      .orderBy('tracks.plays', 'desc')
      .orderBy('tracks.id', 'desc');
    return { keys: page(keys).$castTo<SliceKeys>().as('keys'), direction: 'desc' };
  }
  if (slice.model === 'playlist') {
    const keys = db
      .selectFrom('playlists')
      .select(['id', slice.source === 'popular' ? 'plays as k1' : 'created_at as k1', 'id as k2'])
      .where('public', '=', 1)
      .orderBy(slice.source === 'popular' ? 'plays' : 'created_at', 'desc')
      .orderBy('id', 'desc');
    return { keys: page(keys).$castTo<SliceKeys>().as('keys'), direction: 'desc' };
  }
  // Popular: the most played. New: albums by release date, the rest by when they were added.
  if (slice.model === 'album') {
    const column = slice.source === 'popular' ? 'plays' : 'release_date';
    const keys = db.selectFrom('albums').select(['id', `${column} as k1`, 'id as k2']).where(albumIsListed).orderBy(column, 'desc').orderBy('id', 'desc');
    return { keys: page(keys).$castTo<SliceKeys>().as('keys'), direction: 'desc' };
  }
  const table = ({ track: 'tracks', artist: 'artists' } as const)[slice.model];
  const column = slice.source === 'popular' ? 'plays' : 'created_at';
  const keys = db
    .selectFrom(table as 'tracks')
    .select(['id', `${column as 'plays'} as k1`, 'id as k2'])
    .orderBy(column as 'plays', 'desc')
    .orderBy('id', 'desc');
  return { keys: page(keys).$castTo<SliceKeys>().as('keys'), direction: 'desc' };
}

/** Compound statements have a bounded number of parts (500 in SQLite); pages stay far below. */
const SLICES_PER_STATEMENT = 100;

type SliceItem = { section_id: number | null; item_id: number; section_place: number | null };

/**
 * The items of many slices as one statement: (section_id, item_id, section_place) rows, each
 * slice a part of a UNION ALL, ordered and limited on its own; `also` adds items of no section.
 */
function sliceItems(db: Db, slices: ChannelSlice[], also?: { table: 'albums'; ids: number[] }) {
  const parts = slices.map((slice) => {
    const { keys, direction } = sliceKeys(db, slice);
    return db
      .selectFrom(keys)
      .select((eb) => [
        // Cast, or PostgreSQL reads a bare parameter in a select list as text.
        eb.cast<number>(eb.val(slice.channelId), 'integer').as('section_id'),
        'keys.id as item_id',
        eb.fn.agg<number>('row_number').over((ob) => ob.orderBy('keys.k1', direction).orderBy('keys.k2', direction)).as('section_place'),
      ])
      .$castTo<SliceItem>();
  });
  if (also?.ids.length) {
    parts.push(
      db
        .selectFrom(db.selectFrom(also.table).select('id').where('id', 'in', [...new Set(also.ids)]).as('keys'))
        .select([sql<null>`null`.as('section_id'), 'keys.id as item_id', sql<null>`null`.as('section_place')])
        .$castTo<SliceItem>(),
    );
  }
  return parts.length ? parts.reduce((all, part) => all.unionAll(part)) : undefined;
}

/** Runs a statement per bounded group of slices: one for any page of a sane channel. */
async function eachStatement<T>(slices: ChannelSlice[], run: (slices: ChannelSlice[], first: boolean) => Promise<T[]>): Promise<T[]> {
  const chunks: ChannelSlice[][] = [slices.slice(0, SLICES_PER_STATEMENT)];
  for (let i = SLICES_PER_STATEMENT; i < slices.length; i += SLICES_PER_STATEMENT) chunks.push(slices.slice(i, i + SLICES_PER_STATEMENT));
  return (await Promise.all(chunks.map((chunk, i) => run(chunk, i === 0)))).flat();
}

/** Tracks of track sections, each with its artists. */
export async function sectionTracks(db: Db, slices: ChannelSlice[]): Promise<(SectionPlace & { track: TrackRow; artists: ArtistSummary[] })[]> {
  return eachStatement(slices, async (chunk) => {
    const items = sliceItems(db, chunk);
    if (!items) return [];
    const rows = await db
      .selectFrom(items.as('s'))
      .innerJoin('tracks', 'tracks.id', 's.item_id')
      .selectAll('tracks')
      .where('tracks.published', '=', 1)
      .select((eb) => ['s.section_id', 's.section_place', trackArtistsJson(eb).as('artists_json')])
      .execute();
    return rows.map(({ section_id, section_place, artists_json, ...track }) => ({
      section_id: section_id!,
      section_place: section_place!,
      track,
      artists: parseArtists(artists_json),
    }));
  });
}

/**
 * Albums of album sections, and the albums of `alsoIds` (such as the albums of tracks shown
 * beside them), each with its artists, in one statement.
 */
export async function sectionAlbums(
  db: Db,
  slices: ChannelSlice[],
  alsoIds: number[],
): Promise<{ placed: (SectionPlace & { album: AlbumRow })[]; albums: Map<number, AlbumRow>; artists: Map<number, ArtistSummary[]> }> {
  const albums = new Map<number, AlbumRow>();
  const artists = new Map<number, ArtistSummary[]>();
  const rows = await eachStatement(slices, async (chunk, first) => {
    const items = sliceItems(db, chunk, first ? { table: 'albums', ids: alsoIds } : undefined);
    if (!items) return [];
    return db
      .selectFrom(items.as('s'))
      .innerJoin('albums', 'albums.id', 's.item_id')
      .selectAll('albums')
      .select((eb) => ['s.section_id', 's.section_place', albumArtistsJson(eb).as('artists_json')])
      .where(albumIsListed)
      .execute();
  });
  const placed: (SectionPlace & { album: AlbumRow })[] = [];
  for (const { section_id, section_place, artists_json, ...album } of rows) {
    albums.set(album.id, album);
    artists.set(album.id, parseArtists(artists_json));
    if (section_id !== null && section_place !== null) placed.push({ section_id, section_place, album });
  }
  return { placed, albums, artists };
}

export async function sectionArtists(db: Db, slices: ChannelSlice[]): Promise<(SectionPlace & { artist: ArtistRow })[]> {
  return eachStatement(slices, async (chunk) => {
    const items = sliceItems(db, chunk);
    if (!items) return [];
    const rows = await db.selectFrom(items.as('s')).innerJoin('artists', 'artists.id', 's.item_id').selectAll('artists').select(['s.section_id', 's.section_place']).execute();
    return rows.map(({ section_id, section_place, ...artist }) => ({ section_id: section_id!, section_place: section_place!, artist }));
  });
}

export async function sectionGenres(db: Db, slices: ChannelSlice[]): Promise<(SectionPlace & { genre: GenreRow })[]> {
  return eachStatement(slices, async (chunk) => {
    const items = sliceItems(db, chunk);
    if (!items) return [];
    const rows = await db.selectFrom(items.as('s')).innerJoin('genres', 'genres.id', 's.item_id').selectAll('genres').select(['s.section_id', 's.section_place']).execute();
    return rows.map(({ section_id, section_place, ...genre }) => ({ section_id: section_id!, section_place: section_place!, genre }));
  });
}

/** Playlists of playlist sections with what their cards show: owner, track count and length, followers. */
export async function sectionPlaylists(
  db: Db,
  slices: ChannelSlice[],
): Promise<(SectionPlace & { playlist: PlaylistRow; owner: PublicUserRow | null; tracks_count: number; duration: number; followers_count: number })[]> {
  return eachStatement(slices, async (chunk) => {
    const items = sliceItems(db, chunk);
    if (!items) return [];
    const rows = await db
      .selectFrom(items.as('s'))
      .innerJoin('playlists', 'playlists.id', 's.item_id')
      .leftJoin('users as owner', 'owner.id', 'playlists.owner_id')
      .selectAll('playlists')
      .select((eb) => [
        's.section_id',
        's.section_place',
        'owner.id as owner_user_id',
        'owner.name as owner_name',
        'owner.first_name as owner_first_name',
        'owner.last_name as owner_last_name',
        'owner.image as owner_image',
        eb
          .selectFrom('playlist_track')
          .innerJoin('tracks', 'tracks.id', 'playlist_track.track_id')
          .select((eb) => eb.fn('json_array', [eb.fn.countAll(), eb.fn.sum('tracks.duration')]).as('stats'))
          .whereRef('playlist_track.playlist_id', '=', 'playlists.id')
          .where('tracks.published', '=', 1)
          .$castTo<{ stats: string }>()
          .as('stats_json'),
        eb
          .selectFrom('follows')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('follows.followable_type', '=', 'playlist')
          .whereRef('follows.followable_id', '=', 'playlists.id')
          .as('followers_count'),
      ])
      .execute();
    return rows.map(({ section_id, section_place, owner_user_id, owner_name, owner_first_name, owner_last_name, owner_image, stats_json, followers_count, ...playlist }) => {
      const [count, duration] = stats_json ? (JSON.parse(stats_json) as [number, number | null]) : [0, 0];
      return {
        section_id: section_id!,
        section_place: section_place!,
        playlist,
        owner: owner_user_id === null ? null : { id: owner_user_id, name: owner_name, first_name: owner_first_name, last_name: owner_last_name, image: owner_image },
        tracks_count: Number(count),
        duration: Number(duration ?? 0),
        followers_count: Number(followers_count ?? 0),
      };
    });
  });
}
