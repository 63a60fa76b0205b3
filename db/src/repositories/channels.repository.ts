import type { Db } from '../connection.ts';
import type { GenreRow } from '../tables/genres.table.ts';
import type { ChannelContentModel, ChannelRow } from '../tables/listener.table.ts';

export type { ChannelContentModel, ChannelContentSource, ChannelLayout, ChannelRow } from '../tables/listener.table.ts';

/** A channel by its slug, or by its id when the address is a number. */
export async function findChannel(db: Db, slugOrId: string): Promise<ChannelRow | undefined> {
  const byId = /^\d{1,15}$/.test(slugOrId) ? Number(slugOrId) : undefined;
  return db
    .selectFrom('channels')
    .selectAll()
    .where((eb) => (byId !== undefined ? eb.or([eb('slug', '=', slugOrId), eb('id', '=', byId)]) : eb('slug', '=', slugOrId)))
    .orderBy((eb) => eb.case().when('slug', '=', slugOrId).then(0).else(1).end())
    .executeTakeFirst();
}

export async function channelsByIds(db: Db, ids: number[]): Promise<ChannelRow[]> {
  if (!ids.length) return [];
  return db.selectFrom('channels').selectAll().where('id', 'in', ids).execute();
}

/** Hand-picked items of a channel, in the order the editor gave them. */
export async function channelItemIds(db: Db, channelId: number, type: ChannelContentModel, offset: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('channel_items')
    .select('item_id')
    .where('channel_id', '=', channelId)
    .where('item_type', '=', type)
    .orderBy('position')
    .orderBy('item_id')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => r.item_id);
}

/** The most played of a kind; playlists only when public. */
export async function popularIds(db: Db, model: 'track' | 'album' | 'artist' | 'playlist', offset: number, limit: number): Promise<number[]> {
  if (model === 'playlist') {
    const rows = await db.selectFrom('playlists').select('id').where('public', '=', 1).orderBy('plays', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
    return rows.map((r) => r.id);
  }
  const table = ({ track: 'tracks', album: 'albums', artist: 'artists' } as const)[model];
  const rows = await db.selectFrom(table).select('id').orderBy('plays', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
  return rows.map((r) => r.id);
}

/** The newest of a kind: albums by release date, the rest by when they were added. */
export async function newestIds(db: Db, model: 'track' | 'album' | 'artist' | 'playlist', offset: number, limit: number): Promise<number[]> {
  if (model === 'album') {
    const rows = await db.selectFrom('albums').select('id').orderBy('release_date', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
    return rows.map((r) => r.id);
  }
  if (model === 'playlist') {
    const rows = await db.selectFrom('playlists').select('id').where('public', '=', 1).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
    return rows.map((r) => r.id);
  }
  const table = ({ track: 'tracks', artist: 'artists' } as const)[model];
  const rows = await db.selectFrom(table).select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
  return rows.map((r) => r.id);
}

export async function findGenreByName(db: Db, name: string): Promise<GenreRow | undefined> {
  return db.selectFrom('genres').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function genresByIds(db: Db, ids: number[]): Promise<GenreRow[]> {
  if (!ids.length) return [];
  return db.selectFrom('genres').selectAll().where('id', 'in', ids).execute();
}

/** The most played tracks or albums of a genre (an album belongs to the genres of its tracks). */
export async function genreContentIds(db: Db, genreId: number, model: 'track' | 'album', offset: number, limit: number): Promise<number[]> {
  if (model === 'album') {
    const rows = await db
      .selectFrom('albums')
      .select('albums.id')
      .where('albums.id', 'in', (eb) => eb.selectFrom('genre_track').innerJoin('tracks', 'tracks.id', 'genre_track.track_id').select('tracks.album_id').where('genre_track.genre_id', '=', genreId))
      .orderBy('albums.plays', 'desc')
      .orderBy('albums.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }
  const rows = await db
    .selectFrom('genre_track')
    .innerJoin('tracks', 'tracks.id', 'genre_track.track_id')
    .select('tracks.id')
    .where('genre_track.genre_id', '=', genreId)
    .orderBy('tracks.plays', 'desc')
    .orderBy('tracks.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
