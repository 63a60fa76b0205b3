import type { Kysely } from 'kysely';

/**
 * How many times each error of the error log happened on a day. The log (JSON lines under
 * STORAGE_PATH/logs) holds an error once a day; its repeats are counted here, in the database, so
 * every process of the site counts the same error together, and a loop of one error, or a visitor
 * asking for a failing address again and again, cannot fill the log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('error_log_repeats')
    // A hash of the error's kind, message, status and stack (api/src/reports/error-log.service.ts).
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // YYYY-MM-DD in the server's time zone, as the log's files are named.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('error_log_repeats_pkey', ['fingerprint', 'day'])
    .execute();
}
