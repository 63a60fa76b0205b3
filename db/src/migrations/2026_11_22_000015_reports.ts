import type { Kysely } from 'kysely';
import { nowIso } from '../dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const now = nowIso(db);
  // One row per page (HTML) served, for the visitors report. Written with a single insert and
  // never read on the request path; visitors are a daily hash, never an IP address.
  await db.schema
    .createTable('page_views')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('device', 'text')
    .addColumn('platform', 'text')
    .addColumn('browser', 'text')
    .addColumn('country', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('page_views_created_at').on('page_views').column('created_at').execute();

  // Each run of a periodic job, for the schedule log.
  await db.schema
    .createTable('schedule_runs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('output', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('schedule_runs_created_at').on('schedule_runs').column('created_at').execute();
}
