import type { Db } from '../connection.ts';

export interface ErrorRepeat {
  fingerprint: string;
  day: string;
  count: number;
  last_at: string;
}

/**
 * Counts one more time an error happened on a day, in one statement, and answers how many times it
 * has now: 1 for the first, which alone is written to the log (two processes cannot both get 1).
 */
export async function countErrorRepeat(db: Db, fingerprint: string, day: string, at: string): Promise<number> {
  const row = await db
    .insertInto('error_log_repeats')
    .values({ fingerprint, day, count: 1, last_at: at })
    // Several requests meeting the error at once may count in any order: the latest time stays.
    .onConflict((oc) =>
      oc.columns(['fingerprint', 'day']).doUpdateSet((eb) => ({ count: eb('error_log_repeats.count', '+', 1), last_at: eb.fn<string>('max', [eb.ref('error_log_repeats.last_at'), eb.val(at)]) })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Forgets an error's day, as when its first time could not be written to the log after all. */
export async function forgetErrorRepeat(db: Db, fingerprint: string, day: string): Promise<void> {
  await db.deleteFrom('error_log_repeats').where('fingerprint', '=', fingerprint).where('day', '=', day).execute();
}

/** The counts of these errors on these days (those counted; others have no row). */
export async function findErrorRepeats(db: Db, keys: readonly { fingerprint: string; day: string }[]): Promise<ErrorRepeat[]> {
  if (!keys.length) return [];
  const rows = await db
    .selectFrom('error_log_repeats')
    .select(['fingerprint', 'day', 'count', 'last_at'])
    .where((eb) => eb.or(keys.map(({ fingerprint, day }) => eb.and([eb('fingerprint', '=', fingerprint), eb('day', '=', day)]))))
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** Removes the counts of days before this one (YYYY-MM-DD), as the log's files of those days go. */
export async function removeErrorRepeatsBefore(db: Db, day: string): Promise<void> {
  await db.deleteFrom('error_log_repeats').where('day', '<', day).execute();
}
