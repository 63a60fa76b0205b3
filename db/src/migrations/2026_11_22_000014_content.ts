import type { Kysely } from 'kysely';
import { nowIso } from '../dialect.ts';

/**
 * Content the back office manages beside the catalogue: custom pages (/pages/{slug}), requests
 * for artist access and the link between an artist profile and the accounts that manage it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = nowIso(db);
  await db.schema
    .createTable('custom_pages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    /** Sanitised HTML: cleaned when saved and again when served. */
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    /** "default" for pages made in the back office; the spec names no other type yet. */
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('backstage_requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The artist to claim; null when the request is to become a new artist named artist_name. */
    .addColumn('artist_id', 'integer', (c) => c.references('artists.id').onDelete('set null'))
    .addColumn('artist_name', 'text', (c) => c.notNull())
    /** What the user says they are to the artist: artist, manager, label or other. */
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('artist'))
    .addColumn('message', 'text')
    /** pending, then approved or denied by an admin. */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('backstage_requests_status').on('backstage_requests').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('backstage_requests_user_id').on('backstage_requests').column('user_id').execute();

  // An artist profile may be managed by several accounts (the artist, a manager) and an account
  // may manage several artists, so this is a pivot rather than a column on artists.
  await db.schema
    .createTable('artist_user')
    .addColumn('artist_id', 'integer', (c) => c.notNull().references('artists.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('artist'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('artist_user_pk', ['artist_id', 'user_id'])
    .execute();
  await db.schema.createIndex('artist_user_user_id').on('artist_user').column('user_id').execute();
}
