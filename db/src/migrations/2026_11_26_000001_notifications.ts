import type { Kysely } from 'kysely';
import { nowIso } from '../dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const now = nowIso(db);
  // What happened to a user (a follower, a reply, a decided request...). `data` is the JSON the
  // notification list renders (lines, image, main action), so a new kind needs no new column.
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  // The list (newest first) and the live stream's "anything newer than id N?" both read by user and id.
  await db.schema.createIndex('notifications_user_id_id').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('notifications_user_id_read_at').on('notifications').columns(['user_id', 'read_at']).execute();

  // Only the choices a user changed: a kind without a row gets every channel.
  await db.schema
    .createTable('notification_subscriptions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notif_id', 'text', (c) => c.notNull())
    .addColumn('email', 'integer', (c) => c.notNull())
    .addColumn('browser', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_subscriptions_pk', ['user_id', 'notif_id'])
    .execute();
}
