import type { Db } from '../connection.ts';
import type { ChannelContentModel } from '../tables/listener.table.ts';


/** The hand-picked item ids of each channel, in order, of the kind the channel lists. */
export async function channelItemsOf(db: Db, channels: { id: number; content_model: ChannelContentModel }[]): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>(channels.map((c) => [c.id, []]));
  if (!channels.length) return result;
  const rows = await db
    .selectFrom('channel_items')
    .select(['channel_id', 'item_type', 'item_id'])
    .where('channel_id', 'in', channels.map((c) => c.id))
    .orderBy('channel_id')
    .orderBy('position')
    .orderBy('item_id')
    .execute();
  const model = new Map(channels.map((c) => [c.id, c.content_model]));
  for (const row of rows) if (model.get(row.channel_id) === row.item_type) result.get(row.channel_id)!.push(row.item_id);
  return result;
}

/** Replaces a channel's hand-picked items; items of another kind (left from an earlier model) go too. */
export async function replaceChannelItems(db: Db, channelId: number, type: ChannelContentModel, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('channel_items').where('channel_id', '=', channelId).execute();
    if (unique.length) {
      await trx
        .insertInto('channel_items')
        .values(unique.map((item_id, position) => ({ channel_id: channelId, item_type: type, item_id, position })))
        .execute();
    }
  });
}

/** Ids among `ids` that have no row of this kind. */
export async function missingItemIds(db: Db, type: ChannelContentModel, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const table = ({ track: 'tracks', album: 'albums', artist: 'artists', playlist: 'playlists', genre: 'genres', channel: 'channels' } as const)[type];
  const found = await db.selectFrom(table).select('id').where('id', 'in', unique).execute();
  const present = new Set(found.map((row) => row.id));
  return unique.filter((id) => !present.has(id));
}
