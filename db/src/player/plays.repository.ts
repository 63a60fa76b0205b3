import type { Insertable } from 'kysely';
import type { Db } from '../connection.ts';
import type { PlaysTable } from '../tables/plays.table.ts';
import { withUserLock } from '../transactions.ts';

/** A 32-bit number for a text (FNV-1a), to key a lock by it. */
function numberOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash | 0;
}

export interface RecordPlayOptions {
  /**
   * When set, a play of the same track by the same listener (the user when logged in, else the
   * IP address) less than this many seconds before or after this one (its `created_at`, else now)
   * makes this one a repeat that is not recorded.
   */
  repeatWindowSeconds?: number;
  /**
   * The window holds plays of every track, not only this one: for a play dated by the listener (a
   * music app's offline listens), since nobody hears two songs at once, and a date in the past
   * must not let them count faster than they could have listened.
   */
  anyTrack?: boolean;
}

/**
 * Records a play and bumps the counters of the track, its album and its artists in one
 * transaction, so they never disagree. The repeat check runs inside the same transaction, under
 * the listener's lock (withUserLock: PostgreSQL's read committed would let two requests at once
 * both pass it; the user, or a number made from the IP address of a visitor): two requests at once
 * cannot both pass it. Returns false when the play was a repeat.
 */
export async function recordPlay(db: Db, play: Insertable<PlaysTable>, options: RecordPlayOptions = {}): Promise<boolean> {
  const listener = play.user_id ?? (play.ip_address != null ? numberOf(play.ip_address) : undefined);
  const inTransaction = (work: (trx: Db) => Promise<boolean>) => (listener === undefined ? db.transaction().execute(work) : withUserLock(db, 'plays', listener, work));
  return inTransaction(async (trx) => {
    const window = options.repeatWindowSeconds;
    if (window && window > 0 && (play.user_id != null || play.ip_address != null)) {
      const at = play.created_at ? Date.parse(play.created_at) : Date.now();
      const recent = await trx
        .selectFrom('plays')
        .select('id')
        .$if(!options.anyTrack, (query) => query.where('track_id', '=', play.track_id))
        .where('created_at', '>', new Date(at - window * 1000).toISOString())
        .where('created_at', '<', new Date(at + window * 1000).toISOString())
        .where((eb) => (play.user_id != null ? eb('user_id', '=', play.user_id) : eb('ip_address', '=', play.ip_address!)))
        .executeTakeFirst();
      if (recent) return false;
    }
    await trx.insertInto('plays').values(play).execute();
    const track = await trx
      .updateTable('tracks')
      .set((eb) => ({ plays: eb('plays', '+', 1) }))
      .where('id', '=', play.track_id)
      .returning('album_id')
      .executeTakeFirst();
    if (track?.album_id != null) {
      await trx
        .updateTable('albums')
        .set((eb) => ({ plays: eb('plays', '+', 1) }))
        .where('id', '=', track.album_id)
        .execute();
    }
    await trx
      .updateTable('artists')
      .set((eb) => ({ plays: eb('plays', '+', 1) }))
      .where('id', 'in', (eb) => eb.selectFrom('track_artist').select('artist_id').where('track_id', '=', play.track_id))
      .execute();
    return true;
  });
}

/** Plays of a track, newest first; for tests and reports. */
export async function playsOfTrack(db: Db, trackId: number) {
  return db.selectFrom('plays').selectAll().where('track_id', '=', trackId).orderBy('id', 'desc').execute();
}
