import type { Db } from '../connection.ts';

/*
 * What backstage needs beyond the back office's resource queries: who a track or album belongs
 * to, an album's tracks in order, and the lists an artist's forms choose from.
 */

/**
 * The artists a track belongs to: its own artists and those of its album. Undefined when the
 * track does not exist.
 */
export async function artistsOwningTrack(db: Db, trackId: number): Promise<number[] | undefined> {
  const track = await db.selectFrom('tracks').select(['id', 'album_id']).where('id', '=', trackId).executeTakeFirst();
  if (!track) return undefined;
  const own = await db.selectFrom('track_artist').select('artist_id').where('track_id', '=', trackId).execute();
  const ofAlbum = track.album_id === null ? [] : await db.selectFrom('album_artist').select('artist_id').where('album_id', '=', track.album_id).execute();
  return [...new Set([...own, ...ofAlbum].map((row) => row.artist_id))];
}

/** The artists an album belongs to; undefined when the album does not exist. */
export async function artistsOwningAlbum(db: Db, albumId: number): Promise<number[] | undefined> {
  const album = await db.selectFrom('albums').select('id').where('id', '=', albumId).executeTakeFirst();
  if (!album) return undefined;
  const rows = await db.selectFrom('album_artist').select('artist_id').where('album_id', '=', albumId).execute();
  return rows.map((row) => row.artist_id);
}

export interface AlbumTrackSummary {
  id: number;
  name: string;
  number: number | null;
  duration: number | null;
}

/** An album's tracks in the order it plays them. */
export async function albumTrackList(db: Db, albumId: number): Promise<AlbumTrackSummary[]> {
  return db
    .selectFrom('tracks')
    .select(['id', 'name', 'number', 'duration'])
    .where('album_id', '=', albumId)
    .orderBy((eb) => eb.fn.coalesce('number', eb.lit(1_000_000)))
    .orderBy('id')
    .execute();
}

/** Numbers an album's tracks 1, 2, 3… in the given order, in one transaction. */
export async function numberAlbumTracks(db: Db, albumId: number, trackIds: number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [index, id] of trackIds.entries()) {
      await trx.updateTable('tracks').set({ number: index + 1, updated_at: new Date().toISOString() }).where('id', '=', id).where('album_id', '=', albumId).execute();
    }
  });
}

export interface ArtistChoice {
  id: number;
  name: string;
  image: string | null;
}

export async function artistChoices(db: Db, ids: number[]): Promise<ArtistChoice[]> {
  if (!ids.length) return [];
  return db.selectFrom('artists').select(['id', 'name', 'image']).where('id', 'in', ids).orderBy('name').orderBy('id').execute();
}

/** The albums of these artists, newest first, for a track's album choice. */
export async function albumChoices(db: Db, artistIds: number[]): Promise<{ id: number; name: string }[]> {
  if (!artistIds.length) return [];
  return db
    .selectFrom('albums')
    .select(['albums.id', 'albums.name'])
    .where('albums.id', 'in', db.selectFrom('album_artist').select('album_id').where('artist_id', 'in', artistIds))
    .orderBy('albums.created_at', 'desc')
    .orderBy('albums.id', 'desc')
    .limit(500)
    .execute();
}
