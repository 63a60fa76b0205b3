import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../connection.ts';
import type { Database } from '../tables/database.ts';
import { albumIsListed } from '../catalog/catalog.repository.ts';
import { caseInsensitiveLike } from '../dialect.ts';
import { escapeLike } from '../admin/admin-resource-filters.ts';
import type { AlbumRow } from '../tables/albums.table.ts';
import type { ArtistRow } from '../tables/artists.table.ts';
import type { FollowableType, LikeableType, RepostableType } from '../tables/listener.table.ts';
import type { TrackRow } from '../tables/tracks.table.ts';

export type { FollowableType, LikeableType, RepostableType } from '../tables/listener.table.ts';

/**
 * Which table each kind of thing lives in, so existence checks never take a table name from input.
 * No tracks or albums: a draft exists only for some people, which listedIds and the services'
 * isVisible decide.
 */
const TABLE_OF = { artist: 'artists', playlist: 'playlists', user: 'users' } as const;
export type ItemKind = keyof typeof TABLE_OF;

export async function itemExists(db: Db, kind: ItemKind, id: number): Promise<boolean> {
  const row = await db.selectFrom(TABLE_OF[kind]).select('id').where('id', '=', id).executeTakeFirst();
  return Boolean(row);
}

/**
 * Which of these tracks or albums listeners see: published tracks, albums with a published track
 * or none yet (albumIsListed). A draft is left out as an unknown id is.
 */
export async function listedIds(db: Db, kind: 'track' | 'album', ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows =
    kind === 'track'
      ? await db.selectFrom('tracks').select('id').where('id', 'in', ids).where('published', '=', 1).execute()
      : await db.selectFrom('albums').select('id').where('id', 'in', ids).where(albumIsListed).execute();
  return new Set(rows.map((r) => r.id));
}

// A like or repost of something listeners do not see now (a track its artist set back to draft)
// stays, so it comes back to its fans once published again; lists leave it out meanwhile.

function likeIsListed(eb: ExpressionBuilder<Database, 'likes'>) {
  return eb.or([
    eb.exists(eb.selectFrom('tracks').select('tracks.id').whereRef('tracks.id', '=', 'likes.likeable_id').where('likes.likeable_type', '=', 'track').where('tracks.published', '=', 1)),
    eb.exists(eb.selectFrom('albums').select('albums.id').whereRef('albums.id', '=', 'likes.likeable_id').where('likes.likeable_type', '=', 'album').where(albumIsListed)),
  ]);
}

function repostIsListed(eb: ExpressionBuilder<Database, 'reposts'>) {
  return eb.or([
    eb.exists(eb.selectFrom('tracks').select('tracks.id').whereRef('tracks.id', '=', 'reposts.repostable_id').where('reposts.repostable_type', '=', 'track').where('tracks.published', '=', 1)),
    eb.exists(eb.selectFrom('albums').select('albums.id').whereRef('albums.id', '=', 'reposts.repostable_id').where('reposts.repostable_type', '=', 'album').where(albumIsListed)),
  ]);
}

// Likes, follows and reposts are sets: adding twice or removing what is absent changes nothing.

export async function setLike(db: Db, userId: number, type: LikeableType, id: number, liked: boolean): Promise<void> {
  if (liked) await db.insertInto('likes').values({ user_id: userId, likeable_type: type, likeable_id: id }).onConflict((oc) => oc.doNothing()).execute();
  else await db.deleteFrom('likes').where('user_id', '=', userId).where('likeable_type', '=', type).where('likeable_id', '=', id).execute();
}

/** Answers true when this call started a follow that did not exist before. */
export async function setFollow(db: Db, userId: number, type: FollowableType, id: number, following: boolean): Promise<boolean> {
  if (following) {
    const result = await db.insertInto('follows').values({ follower_id: userId, followable_type: type, followable_id: id }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  await db.deleteFrom('follows').where('follower_id', '=', userId).where('followable_type', '=', type).where('followable_id', '=', id).execute();
  return false;
}

export async function setRepost(db: Db, userId: number, type: RepostableType, id: number, reposted: boolean): Promise<void> {
  if (reposted) await db.insertInto('reposts').values({ user_id: userId, repostable_type: type, repostable_id: id }).onConflict((oc) => oc.doNothing()).execute();
  else await db.deleteFrom('reposts').where('user_id', '=', userId).where('repostable_type', '=', type).where('repostable_id', '=', id).execute();
}

export interface LibraryIds {
  liked_tracks: number[];
  liked_albums: number[];
  followed_artists: number[];
  followed_playlists: number[];
  followed_users: number[];
  reposted_tracks: number[];
  reposted_albums: number[];
}

/** Everything a user liked, follows or reposted, as ids: enough to draw every heart on a page. */
export async function libraryIds(db: Db, userId: number): Promise<LibraryIds> {
  const [likes, follows, reposts] = await Promise.all([
    db.selectFrom('likes').select(['likeable_type', 'likeable_id']).where('user_id', '=', userId).where(likeIsListed).execute(),
    db.selectFrom('follows').select(['followable_type', 'followable_id']).where('follower_id', '=', userId).execute(),
    db.selectFrom('reposts').select(['repostable_type', 'repostable_id']).where('user_id', '=', userId).where(repostIsListed).execute(),
  ]);
  const pick = <T extends { [k: string]: unknown }>(rows: T[], typeKey: keyof T, idKey: keyof T, type: string) =>
    rows.filter((r) => r[typeKey] === type).map((r) => r[idKey] as number);
  return {
    liked_tracks: pick(likes, 'likeable_type', 'likeable_id', 'track'),
    liked_albums: pick(likes, 'likeable_type', 'likeable_id', 'album'),
    followed_artists: pick(follows, 'followable_type', 'followable_id', 'artist'),
    followed_playlists: pick(follows, 'followable_type', 'followable_id', 'playlist'),
    followed_users: pick(follows, 'followable_type', 'followable_id', 'user'),
    reposted_tracks: pick(reposts, 'repostable_type', 'repostable_id', 'track'),
    reposted_albums: pick(reposts, 'repostable_type', 'repostable_id', 'album'),
  };
}

export type LibrarySort = 'added' | 'name' | 'plays';

export interface LibraryQuery {
  sort: LibrarySort;
  direction: 'asc' | 'desc';
  /** Plain text matched against names; LIKE wildcards in it are taken literally. */
  query?: string;
  offset: number;
  limit: number;
}

/** Names containing the text, LIKE wildcards in it taken literally. */
const nameContains = (db: Db, column: string, text: string) => sql<boolean>`${sql.ref(column)} ${caseInsensitiveLike(db)} ${`%${escapeLike(text)}%`} escape '\\'`;

export async function likedTracks(db: Db, userId: number, q: LibraryQuery): Promise<{ rows: (TrackRow & { added_at: string })[]; total: number }> {
  let base = db
    .selectFrom('likes')
    .innerJoin('tracks', 'tracks.id', 'likes.likeable_id')
    .where('likes.user_id', '=', userId)
    .where('likes.likeable_type', '=', 'track')
    .where('tracks.published', '=', 1);
  if (q.query) base = base.where(nameContains(db, 'tracks.name', q.query));
  const column = q.sort === 'name' ? 'tracks.name' : q.sort === 'plays' ? 'tracks.plays' : 'likes.created_at';
  const [rows, count] = await Promise.all([
    base.selectAll('tracks').select('likes.created_at as added_at').orderBy(column, q.direction).orderBy('tracks.id', q.direction).offset(q.offset).limit(q.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export async function likedAlbums(db: Db, userId: number, q: LibraryQuery): Promise<{ rows: AlbumRow[]; total: number }> {
  let base = db
    .selectFrom('likes')
    .innerJoin('albums', 'albums.id', 'likes.likeable_id')
    .where('likes.user_id', '=', userId)
    .where('likes.likeable_type', '=', 'album')
    .where(albumIsListed);
  if (q.query) base = base.where(nameContains(db, 'albums.name', q.query));
  const column = q.sort === 'name' ? 'albums.name' : q.sort === 'plays' ? 'albums.plays' : 'likes.created_at';
  const [rows, count] = await Promise.all([
    base.selectAll('albums').orderBy(column, q.direction).orderBy('albums.id', q.direction).offset(q.offset).limit(q.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export async function followedArtists(db: Db, userId: number, q: LibraryQuery): Promise<{ rows: ArtistRow[]; total: number }> {
  let base = db
    .selectFrom('follows')
    .innerJoin('artists', 'artists.id', 'follows.followable_id')
    .where('follows.follower_id', '=', userId)
    .where('follows.followable_type', '=', 'artist');
  if (q.query) base = base.where(nameContains(db, 'artists.name', q.query));
  const column = q.sort === 'name' ? 'artists.name' : q.sort === 'plays' ? 'artists.plays' : 'follows.created_at';
  const [rows, count] = await Promise.all([
    base.selectAll('artists').orderBy(column, q.direction).orderBy('artists.id', q.direction).offset(q.offset).limit(q.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** The user's plays of published tracks, newest first, one row per play. */
export async function playHistory(db: Db, userId: number, offset: number, limit: number): Promise<{ rows: (TrackRow & { played_at: string })[]; total: number }> {
  const base = db.selectFrom('plays').innerJoin('tracks', 'tracks.id', 'plays.track_id').where('plays.user_id', '=', userId).where('tracks.published', '=', 1);
  const [rows, count] = await Promise.all([
    base.selectAll('tracks').select('plays.created_at as played_at').orderBy('plays.created_at', 'desc').orderBy('plays.id', 'desc').offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export async function followerCounts(db: Db, type: FollowableType, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('follows')
    .select(['followable_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('followable_type', '=', type)
    .where('followable_id', 'in', ids)
    .groupBy('followable_id')
    .execute();
  return new Map(rows.map((r) => [r.followable_id, Number(r.count)]));
}

export async function isFollowing(db: Db, userId: number, type: FollowableType, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', userId)
    .where('followable_type', '=', type)
    .where('followable_id', '=', id)
    .executeTakeFirst();
  return Boolean(row);
}

export async function countLikes(db: Db, type: LikeableType, id: number): Promise<number> {
  const row = await db.selectFrom('likes').select((eb) => eb.fn.countAll<number>().as('count')).where('likeable_type', '=', type).where('likeable_id', '=', id).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countReposts(db: Db, type: RepostableType, id: number): Promise<number> {
  const row = await db
    .selectFrom('reposts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('repostable_type', '=', type)
    .where('repostable_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Users following someone, or followed by them, newest first. */
export async function followersOf(db: Db, userId: number, offset: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('followable_type', '=', 'user')
    .where('followable_id', '=', userId)
    .orderBy('created_at', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => r.follower_id);
}

export async function followedUsersOf(db: Db, userId: number, offset: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('follows')
    .select('followable_id')
    .where('followable_type', '=', 'user')
    .where('follower_id', '=', userId)
    .orderBy('created_at', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => r.followable_id);
}

export async function countFollowing(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('follows')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('follower_id', '=', userId)
    .where('followable_type', '=', 'user')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** What a user reposted that listeners see, newest first, as kind and id. */
export async function repostsOf(db: Db, userId: number, offset: number, limit: number): Promise<{ type: RepostableType; id: number; created_at: string }[]> {
  const rows = await db
    .selectFrom('reposts')
    .select(['repostable_type', 'repostable_id', 'created_at'])
    .where('user_id', '=', userId)
    .where(repostIsListed)
    .orderBy('created_at', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ type: r.repostable_type, id: r.repostable_id, created_at: r.created_at }));
}
