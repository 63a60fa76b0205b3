import { sql, type Updateable } from 'kysely';
import type { Db } from '../connection.ts';
import type { PlaylistRow, PlaylistsTable } from '../tables/listener.table.ts';
import type { TrackRow } from '../tables/tracks.table.ts';

export type { PlaylistRow } from '../tables/listener.table.ts';

export async function findPlaylist(db: Db, id: number): Promise<PlaylistRow | undefined> {
  return db.selectFrom('playlists').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function playlistsByIds(db: Db, ids: number[]): Promise<PlaylistRow[]> {
  if (!ids.length) return [];
  return db.selectFrom('playlists').selectAll().where('id', 'in', ids).execute();
}

export async function createPlaylist(
  db: Db,
  values: { owner_id: number; name: string; description: string | null; public: number; collaborative: number; image?: string | null },
): Promise<PlaylistRow> {
  return db.insertInto('playlists').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updatePlaylist(db: Db, id: number, changes: Updateable<PlaylistsTable>): Promise<void> {
  await db
    .updateTable('playlists')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function deletePlaylist(db: Db, id: number): Promise<void> {
  await db.deleteFrom('playlists').where('id', '=', id).execute();
}

/** How many playlists show this image address (a cover address may be given to several). */
export async function countPlaylistsWithImage(db: Db, image: string): Promise<number> {
  const row = await db.selectFrom('playlists').select((eb) => eb.fn.countAll<number>().as('count')).where('image', '=', image).executeTakeFirstOrThrow();
  return Number(row.count);
}

// A playlist shows only published tracks, to everyone; the rows of tracks set back to draft stay,
// so they come back in their place once published again.

/** Published tracks of a playlist in their order, one page at a time. */
export async function tracksOfPlaylist(db: Db, playlistId: number, offset: number, limit: number): Promise<(TrackRow & { added_at: string })[]> {
  return db
    .selectFrom('playlist_track')
    .innerJoin('tracks', 'tracks.id', 'playlist_track.track_id')
    .selectAll('tracks')
    .select('playlist_track.created_at as added_at')
    .where('playlist_track.playlist_id', '=', playlistId)
    .where('tracks.published', '=', 1)
    .orderBy('playlist_track.position')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function trackStatsOfPlaylists(db: Db, ids: number[]): Promise<Map<number, { count: number; duration: number }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('playlist_track')
    .innerJoin('tracks', 'tracks.id', 'playlist_track.track_id')
    .select(['playlist_track.playlist_id', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.sum<number>('tracks.duration').as('duration')])
    .where('playlist_track.playlist_id', 'in', ids)
    .where('tracks.published', '=', 1)
    .groupBy('playlist_track.playlist_id')
    .execute();
  return new Map(rows.map((r) => [r.playlist_id, { count: Number(r.count), duration: Number(r.duration ?? 0) }]));
}

/**
 * The covers of the albums each playlist's tracks come from, in the order the albums first appear
 * in the playlist, at most `limit` a playlist: a playlist without an image of its own is shown
 * with them.
 */
export async function albumCoversOfPlaylists(db: Db, ids: number[], limit: number): Promise<Map<number, string[]>> {
  const covers = new Map<number, string[]>();
  if (!ids.length) return covers;
  const rows = await db
    .selectFrom('playlist_track')
    .innerJoin('tracks', 'tracks.id', 'playlist_track.track_id')
    .innerJoin('albums', 'albums.id', 'tracks.album_id')
    .select(['playlist_track.playlist_id', 'albums.image', (eb) => eb.fn.min('playlist_track.position').as('first_position')])
    .where('playlist_track.playlist_id', 'in', ids)
    .where('tracks.published', '=', 1)
    .where('albums.image', 'is not', null)
    .groupBy(['playlist_track.playlist_id', 'albums.image'])
    .orderBy('playlist_track.playlist_id')
    .orderBy('first_position')
    .execute();
  for (const row of rows) {
    const list = covers.get(row.playlist_id) ?? [];
    if (list.length < limit) list.push(row.image!);
    covers.set(row.playlist_id, list);
  }
  return covers;
}

/**
 * Appends tracks not already in the playlist, keeping the order they were given. Answers how many
 * were added; tracks that do not exist are left out by the caller's check.
 */
export async function addTracksToPlaylist(db: Db, playlistId: number, trackIds: number[], addedBy: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const present = new Set(
      (await trx.selectFrom('playlist_track').select('track_id').where('playlist_id', '=', playlistId).where('track_id', 'in', trackIds).execute()).map((r) => r.track_id),
    );
    const fresh = [...new Set(trackIds)].filter((id) => !present.has(id));
    if (!fresh.length) return 0;
    const { last } = await trx
      .selectFrom('playlist_track')
      .select((eb) => eb.fn.max<number | null>('position').as('last'))
      .where('playlist_id', '=', playlistId)
      .executeTakeFirstOrThrow();
    const start = (last ?? -1) + 1;
    await trx
      .insertInto('playlist_track')
      .values(fresh.map((track_id, i) => ({ playlist_id: playlistId, track_id, position: start + i, added_by: addedBy })))
      .execute();
    await trx.updateTable('playlists').set({ updated_at: new Date().toISOString() }).where('id', '=', playlistId).execute();
    return fresh.length;
  });
}

export async function removeTracksFromPlaylist(db: Db, playlistId: number, trackIds: number[]): Promise<number> {
  const result = await db.deleteFrom('playlist_track').where('playlist_id', '=', playlistId).where('track_id', 'in', trackIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Moves one track to a new index (0-based) among the tracks the playlist shows, shifting the tracks
 * in between, so a drag in the list is one small update rather than a rewrite of the whole order.
 */
export async function moveTrackInPlaylist(db: Db, playlistId: number, trackId: number, toIndex: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const ordered = await trx
      .selectFrom('playlist_track')
      .innerJoin('tracks', 'tracks.id', 'playlist_track.track_id')
      .select(['playlist_track.track_id', 'playlist_track.position', 'tracks.published'])
      .where('playlist_track.playlist_id', '=', playlistId)
      .orderBy('playlist_track.position')
      .execute();
    const from = ordered.findIndex((row) => row.track_id === trackId);
    if (from === -1) return false;
    // The listener counted only the tracks they see: it goes where the one they dropped it on is.
    const shown = ordered.filter((row) => row.published === 1 || row.track_id === trackId);
    const target = ordered.indexOf(shown[Math.max(0, Math.min(toIndex, shown.length - 1))]);
    if (target === from) return true;
    const [moved] = ordered.splice(from, 1);
    ordered.splice(target, 0, moved);
    const low = Math.min(from, target);
    const high = Math.max(from, target);
    // Positions are renumbered densely for the rows that moved; the others keep theirs.
    for (let index = low; index <= high; index++) {
      await trx.updateTable('playlist_track').set({ position: index }).where('playlist_id', '=', playlistId).where('track_id', '=', ordered[index].track_id).execute();
    }
    // Older data may have gaps; renumbering everything once keeps indexes and positions equal.
    if (ordered.some((row, index) => (index < low || index > high) && row.position !== index)) {
      await sql`UPDATE playlist_track SET position = (SELECT COUNT(*) FROM playlist_track p2 WHERE p2.playlist_id = playlist_track.playlist_id AND p2.position < playlist_track.position) WHERE playlist_id = ${playlistId}`.execute(trx);
    }
    await trx.updateTable('playlists').set({ updated_at: new Date().toISOString() }).where('id', '=', playlistId).execute();
    return true;
  });
}

export async function trackIdsInPlaylist(db: Db, playlistId: number): Promise<number[]> {
  return (await db.selectFrom('playlist_track').select('track_id').where('playlist_id', '=', playlistId).orderBy('position').execute()).map((r) => r.track_id);
}

/** Playlists a user owns, and, when asked, those they follow; newest change first. */
export async function playlistsOfUser(db: Db, userId: number, options: { includeFollowed: boolean; onlyPublic: boolean; offset: number; limit: number }): Promise<PlaylistRow[]> {
  let query = db.selectFrom('playlists').selectAll();
  query = options.includeFollowed
    ? query.where((eb) =>
        eb.or([
          eb('owner_id', '=', userId),
          eb('id', 'in', eb.selectFrom('follows').select('followable_id').where('follower_id', '=', userId).where('followable_type', '=', 'playlist')),
        ]),
      )
    : query.where('owner_id', '=', userId);
  if (options.onlyPublic) query = query.where('public', '=', 1);
  return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').offset(options.offset).limit(options.limit).execute();
}
