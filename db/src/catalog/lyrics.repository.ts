import type { Db } from '../connection.ts';
import type { LyricRow } from '../tables/listener.table.ts';

export async function findLyricsByTrack(db: Db, trackId: number): Promise<LyricRow | undefined> {
  return db.selectFrom('lyrics').selectAll().where('track_id', '=', trackId).executeTakeFirst();
}
