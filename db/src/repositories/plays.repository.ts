import type { Insertable } from 'kysely';
import type { Db } from '../connection.ts';
import type { PlaysTable } from '../tables/plays.table.ts';

/** Records a play and bumps the track's counter in one transaction so the two never disagree. */
export async function recordPlay(db: Db, play: Insertable<PlaysTable>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('plays').values(play).execute();
    await trx
      .updateTable('tracks')
      .set((eb) => ({ plays: eb('plays', '+', 1) }))
      .where('id', '=', play.track_id)
      .execute();
  });
}
