import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * Runs `work` in the caller's transaction when `db` already is one, else in a new one, so a
 * repository's writes stay all-or-nothing either way (Kysely refuses to open a transaction in one).
 */
export function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** What a per-user lock guards; each its own number, so one never waits for another. */
const USER_LOCKS = { uploads: 1, billing: 2, plays: 3 } as const;

/**
 * Runs `work` in one transaction that no other transaction holding the same lock for the same user
 * runs beside: what it counts stays true until it commits. PostgreSQL takes a transaction-scoped
 * advisory lock keyed by the lock and the user (released at commit or rollback, whatever happens).
 * On SQLite the transaction holds the one connection from begin to commit and Kysely queues every
 * other query behind it, so transactions already run one at a time.
 */
export function withUserLock<DB, T>(db: Kysely<DB>, lock: keyof typeof USER_LOCKS, userId: number, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${USER_LOCKS[lock]}::int4, ${userId}::int4)`.execute(trx);
    return work(trx);
  });
}
