import { sql } from 'kysely';
import type { Db } from '../connection.ts';
import type { AlbumRow } from '../tables/albums.table.ts';
import type { ArtistRow } from '../tables/artists.table.ts';
import type { TrackRow } from '../tables/tracks.table.ts';
import type { SubsonicPasswordRow, SubsonicPlayQueueRow, SubsonicRatedType } from '../tables/subsonic.table.ts';
import { albumIsListed } from '../catalog/catalog.repository.ts';

export type { SubsonicPasswordRow, SubsonicPlayQueueRow, SubsonicRatedType } from '../tables/subsonic.table.ts';

// What the Subsonic API reads beyond the site's own queries. Plain Kysely builders only (random()
// and the rest exist on PostgreSQL too), so the port does not need to touch this file's callers.

export async function findSubsonicPassword(db: Db, userId: number): Promise<SubsonicPasswordRow | undefined> {
  return db.selectFrom('subsonic_passwords').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Replaces the user's app password: the old one stops working at once. */
export async function saveSubsonicPassword(db: Db, row: SubsonicPasswordRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('subsonic_passwords').where('user_id', '=', row.user_id).execute();
    await trx.insertInto('subsonic_passwords').values(row).execute();
  });
}

export async function deleteSubsonicPassword(db: Db, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('subsonic_passwords').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every artist, by name: Subsonic apps read the whole index at once. */
export async function allArtistsByName(db: Db): Promise<ArtistRow[]> {
  return db.selectFrom('artists').selectAll().orderBy('name').orderBy('id').execute();
}

/** A page of the whole library in id order, for apps that sync it with an empty search3. */
export async function pageOfArtists(db: Db, offset: number, limit: number): Promise<ArtistRow[]> {
  return db.selectFrom('artists').selectAll().orderBy('id').offset(offset).limit(limit).execute();
}

export async function pageOfAlbums(db: Db, offset: number, limit: number): Promise<AlbumRow[]> {
  return db.selectFrom('albums').selectAll().where(albumIsListed).orderBy('id').offset(offset).limit(limit).execute();
}

export async function pageOfTracks(db: Db, offset: number, limit: number): Promise<TrackRow[]> {
  return db.selectFrom('tracks').selectAll().where('published', '=', 1).orderBy('id').offset(offset).limit(limit).execute();
}

export type AlbumListType = 'random' | 'newest' | 'frequent' | 'recent' | 'alphabeticalByName' | 'alphabeticalByArtist' | 'starred' | 'byYear' | 'byGenre' | 'highest';

export interface AlbumListQuery {
  type: AlbumListType;
  offset: number;
  limit: number;
  userId: number;
  fromYear?: number;
  toYear?: number;
  genre?: string;
}

const yearStart = (year: number) => `${String(year).padStart(4, '0')}-01-01`;
const yearEnd = (year: number) => `${String(year).padStart(4, '0')}-12-31~`;

/** getAlbumList2: listed albums in one of Subsonic's orders. */
export async function albumList(db: Db, q: AlbumListQuery): Promise<AlbumRow[]> {
  let query = db.selectFrom('albums').selectAll('albums').where(albumIsListed);
  switch (q.type) {
    case 'random':
      query = query.orderBy(sql`random()`);
      break;
    case 'newest':
      query = query.orderBy('albums.created_at', 'desc').orderBy('albums.id', 'desc');
      break;
    case 'frequent':
      query = query.where('albums.plays', '>', 0).orderBy('albums.plays', 'desc').orderBy('albums.id');
      break;
    case 'recent': {
      // The user's own listening, most recent album first.
      const lastPlayed = db
        .selectFrom('plays')
        .innerJoin('tracks', 'tracks.id', 'plays.track_id')
        .select(['tracks.album_id', (eb) => eb.fn.max('plays.created_at').as('played_at')])
        .where('plays.user_id', '=', q.userId)
        .groupBy('tracks.album_id')
        .as('last_played');
      query = query.innerJoin(lastPlayed, 'last_played.album_id', 'albums.id').orderBy('last_played.played_at', 'desc').orderBy('albums.id');
      break;
    }
    case 'alphabeticalByName':
      query = query.orderBy('albums.name').orderBy('albums.id');
      break;
    case 'alphabeticalByArtist':
      query = query
        .orderBy((eb) =>
          eb
            .selectFrom('album_artist')
            .innerJoin('artists', 'artists.id', 'album_artist.artist_id')
            .select('artists.name')
            .whereRef('album_artist.album_id', '=', 'albums.id')
            .orderBy('album_artist.position')
            .limit(1),
        )
        .orderBy('albums.name')
        .orderBy('albums.id');
      break;
    case 'starred':
      query = query
        .innerJoin('likes', (join) => join.onRef('likes.likeable_id', '=', 'albums.id').on('likes.likeable_type', '=', 'album').on('likes.user_id', '=', q.userId))
        .orderBy('likes.created_at', 'desc')
        .orderBy('albums.id');
      break;
    case 'byYear': {
      const from = q.fromYear ?? 0;
      const to = q.toYear ?? 9999;
      // Subsonic: fromYear after toYear lists the years backwards.
      const [low, high] = from <= to ? [from, to] : [to, from];
      query = query
        .where('albums.release_date', '>=', yearStart(low))
        .where('albums.release_date', '<=', yearEnd(high))
        .orderBy('albums.release_date', from <= to ? 'asc' : 'desc')
        .orderBy('albums.id');
      break;
    }
    case 'byGenre':
      query = query
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('tracks')
              .innerJoin('genre_track', 'genre_track.track_id', 'tracks.id')
              .innerJoin('genres', 'genres.id', 'genre_track.genre_id')
              .select('tracks.id')
              .whereRef('tracks.album_id', '=', 'albums.id')
              .where('tracks.published', '=', 1)
              .where((inner) => inner.or([inner('genres.name', '=', q.genre ?? ''), inner('genres.display_name', '=', q.genre ?? '')])),
          ),
        )
        .orderBy('albums.name')
        .orderBy('albums.id');
      break;
    case 'highest':
      query = query
        .innerJoin('subsonic_ratings', (join) =>
          join.onRef('subsonic_ratings.item_id', '=', 'albums.id').on('subsonic_ratings.item_type', '=', 'album').on('subsonic_ratings.user_id', '=', q.userId),
        )
        .orderBy('subsonic_ratings.rating', 'desc')
        .orderBy('albums.id');
      break;
  }
  return query.offset(q.offset).limit(q.limit).execute();
}

function tracksInGenre(db: Db, genre: string) {
  return db
    .selectFrom('tracks')
    .selectAll('tracks')
    .where('tracks.published', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('genre_track')
          .innerJoin('genres', 'genres.id', 'genre_track.genre_id')
          .select('genre_track.track_id')
          .whereRef('genre_track.track_id', '=', 'tracks.id')
          .where((inner) => inner.or([inner('genres.name', '=', genre), inner('genres.display_name', '=', genre)])),
      ),
    );
}

export async function randomTracks(db: Db, q: { limit: number; genre?: string; fromYear?: number; toYear?: number }): Promise<TrackRow[]> {
  let query = q.genre ? tracksInGenre(db, q.genre) : db.selectFrom('tracks').selectAll('tracks').where('tracks.published', '=', 1);
  if (q.fromYear !== undefined || q.toYear !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('albums')
          .select('albums.id')
          .whereRef('albums.id', '=', 'tracks.album_id')
          .where('albums.release_date', '>=', yearStart(q.fromYear ?? 0))
          .where('albums.release_date', '<=', yearEnd(q.toYear ?? 9999)),
      ),
    );
  }
  return query.orderBy(sql`random()`).limit(q.limit).execute();
}

export async function tracksOfGenre(db: Db, genre: string, offset: number, limit: number): Promise<TrackRow[]> {
  return tracksInGenre(db, genre).orderBy('tracks.plays', 'desc').orderBy('tracks.id').offset(offset).limit(limit).execute();
}

/** Each genre with how many published tracks and listed albums it has. */
export async function genreCounts(db: Db): Promise<{ name: string; display_name: string | null; song_count: number; album_count: number }[]> {
  const rows = await db
    .selectFrom('genres')
    .leftJoin('genre_track', 'genre_track.genre_id', 'genres.id')
    .leftJoin('tracks', (join) => join.onRef('tracks.id', '=', 'genre_track.track_id').on('tracks.published', '=', 1))
    .select((eb) => [
      'genres.name',
      'genres.display_name',
      eb.fn.count<number>('tracks.id').as('song_count'),
      eb.fn.count<number>('tracks.album_id').distinct().as('album_count'),
    ])
    .groupBy(['genres.id', 'genres.name', 'genres.display_name'])
    .orderBy('genres.name')
    .execute();
  return rows.map((r) => ({ ...r, song_count: Number(r.song_count), album_count: Number(r.album_count) }));
}

export type StarrableType = 'track' | 'album' | 'artist';

/** When the user starred each of these items: likes for tracks and albums, follows for artists. */
export async function starredAt(db: Db, userId: number, type: StarrableType, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  if (type === 'artist') {
    const rows = await db
      .selectFrom('follows')
      .select(['followable_id as id', 'created_at'])
      .where('follower_id', '=', userId)
      .where('followable_type', '=', 'artist')
      .where('followable_id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.created_at]));
  }
  const rows = await db
    .selectFrom('likes')
    .select(['likeable_id as id', 'created_at'])
    .where('user_id', '=', userId)
    .where('likeable_type', '=', type)
    .where('likeable_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.created_at]));
}

/** Ids of everything the user starred, newest first, at most `limit` of each kind. */
export async function starredIds(db: Db, userId: number, limit: number): Promise<Record<StarrableType, number[]>> {
  const liked = (type: 'track' | 'album') =>
    db
      .selectFrom('likes')
      .select('likeable_id as id')
      .where('user_id', '=', userId)
      .where('likeable_type', '=', type)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  const [tracks, albums, artists] = await Promise.all([
    liked('track'),
    liked('album'),
    db
      .selectFrom('follows')
      .select('followable_id as id')
      .where('follower_id', '=', userId)
      .where('followable_type', '=', 'artist')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return { track: tracks.map((r) => r.id), album: albums.map((r) => r.id), artist: artists.map((r) => r.id) };
}

export async function ratingsOf(db: Db, userId: number, type: SubsonicRatedType, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('subsonic_ratings')
    .select(['item_id', 'rating'])
    .where('user_id', '=', userId)
    .where('item_type', '=', type)
    .where('item_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.item_id, r.rating]));
}

/** Sets the user's rating of an item; 0 removes it. */
export async function setRating(db: Db, userId: number, type: SubsonicRatedType, id: number, rating: number, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('subsonic_ratings').where('user_id', '=', userId).where('item_type', '=', type).where('item_id', '=', id).execute();
    if (rating > 0) await trx.insertInto('subsonic_ratings').values({ user_id: userId, item_type: type, item_id: id, rating, updated_at: at }).execute();
  });
}

/** Plays by logged-in listeners since a moment, newest first: what getNowPlaying shows. */
export async function playsSince(db: Db, since: string, limit: number): Promise<{ track_id: number; user_id: number; user_name: string | null; created_at: string }[]> {
  const rows = await db
    .selectFrom('plays')
    .innerJoin('users', 'users.id', 'plays.user_id')
    .innerJoin('tracks', 'tracks.id', 'plays.track_id')
    .select(['plays.track_id', 'plays.user_id', 'users.name as user_name', 'plays.created_at'])
    .where('plays.created_at', '>=', since)
    .where('tracks.published', '=', 1)
    .orderBy('plays.created_at', 'desc')
    .orderBy('plays.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, user_id: r.user_id! }));
}

export async function findPlayQueue(db: Db, userId: number): Promise<SubsonicPlayQueueRow | undefined> {
  return db.selectFrom('subsonic_play_queues').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function savePlayQueue(db: Db, row: SubsonicPlayQueueRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('subsonic_play_queues').where('user_id', '=', row.user_id).execute();
    if (JSON.parse(row.track_ids).length) await trx.insertInto('subsonic_play_queues').values(row).execute();
  });
}
