import type { CreateTableBuilder, Kysely, RawBuilder } from 'kysely';
import { nowIso } from '../dialect.ts';

/** ISO-8601 UTC with milliseconds, the one timestamp format the app reads and writes. */
function withTimestamps<T extends string>(table: CreateTableBuilder<T, never>, now: RawBuilder<string>) {
  return table
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now));
}

// Long by nature: a migration is the schema as it was written on its day, one table after another,
// and is never edited once released, so it is not split into steps that later code could change.
export async function up(db: Kysely<any>): Promise<void> {
  const now = nowIso(db);
  await withTimestamps(
    db.schema
      .createTable('users')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'text')
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password', 'text')
      .addColumn('image', 'text')
      .addColumn('email_verified_at', 'text')
      .addColumn('banned_at', 'text')
      .addColumn('language', 'text')
      .addColumn('country', 'text')
      .addColumn('timezone', 'text'),
    now,
  ).execute();

  await withTimestamps(
    db.schema
      .createTable('roles')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('description', 'text')
      .addColumn('guests', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('default', 'integer', (c) => c.notNull().defaultTo(0)),
    now,
  ).execute();

  await db.schema
    .createTable('user_role')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_role_role_id').on('user_role').column('role_id').execute();

  await db.schema
    .createTable('permissions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text')
    .addColumn('description', 'text')
    .addColumn('group', 'text', (c) => c.notNull())
    .addColumn('restrictions', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  for (const owner of ['role', 'user'] as const) {
    await db.schema
      .createTable(`${owner}_permission`)
      .addColumn(`${owner}_id`, 'integer', (c) => c.notNull().references(`${owner}s.id`).onDelete('cascade'))
      .addColumn('permission_id', 'integer', (c) => c.notNull().references('permissions.id').onDelete('cascade'))
      .addColumn('restrictions', 'text', (c) => c.notNull().defaultTo('[]'))
      .addPrimaryKeyConstraint(`${owner}_permission_pk`, [`${owner}_id`, 'permission_id'])
      .execute();
  }

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('device_type', 'text')
    .addColumn('platform', 'text')
    .addColumn('browser', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_active_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await withTimestamps(
    db.schema
      .createTable('themes')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_dark', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('default_light', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('default_dark', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('values', 'text', (c) => c.notNull()),
    now,
  ).execute();

  await withTimestamps(
    db.schema
      .createTable('localizations')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull().unique())
      .addColumn('lines', 'text', (c) => c.notNull().defaultTo('{}')),
    now,
  ).execute();

  await withTimestamps(
    db.schema
      .createTable('file_entries')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull().unique())
      .addColumn('mime', 'text')
      .addColumn('extension', 'text')
      .addColumn('file_size', 'integer', (c) => c.notNull())
      .addColumn('disk', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'integer', (c) => c.references('file_entries.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null')),
    now,
  ).execute();

  await withTimestamps(
    db.schema
      .createTable('artists')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('description', 'text')
      .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0)),
    now,
  ).execute();
  await db.schema.createIndex('artists_name').on('artists').column('name').execute();

  await withTimestamps(
    db.schema
      .createTable('albums')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('description', 'text')
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('album'))
      .addColumn('release_date', 'text'),
    now,
  ).execute();
  await db.schema.createIndex('albums_release_date').on('albums').column('release_date').execute();

  await withTimestamps(
    db.schema
      .createTable('tracks')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('number', 'integer')
      .addColumn('duration', 'integer')
      .addColumn('album_id', 'integer', (c) => c.references('albums.id').onDelete('cascade'))
      .addColumn('file_entry_id', 'integer', (c) => c.references('file_entries.id').onDelete('set null'))
      .addColumn('src', 'text')
      .addColumn('description', 'text')
      .addColumn('plays', 'integer', (c) => c.notNull().defaultTo(0)),
    now,
  ).execute();
  await db.schema.createIndex('tracks_album_id_number').on('tracks').columns(['album_id', 'number']).execute();
  await db.schema.createIndex('tracks_plays').on('tracks').column('plays').execute();

  await withTimestamps(
    db.schema
      .createTable('genres')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('display_name', 'text')
      .addColumn('image', 'text'),
    now,
  ).execute();

  await db.schema
    .createTable('album_artist')
    .addColumn('album_id', 'integer', (c) => c.notNull().references('albums.id').onDelete('cascade'))
    .addColumn('artist_id', 'integer', (c) => c.notNull().references('artists.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('album_artist_pk', ['album_id', 'artist_id'])
    .execute();
  await db.schema.createIndex('album_artist_artist_id').on('album_artist').column('artist_id').execute();

  await db.schema
    .createTable('track_artist')
    .addColumn('track_id', 'integer', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('artist_id', 'integer', (c) => c.notNull().references('artists.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('track_artist_pk', ['track_id', 'artist_id'])
    .execute();
  await db.schema.createIndex('track_artist_artist_id').on('track_artist').column('artist_id').execute();

  await db.schema
    .createTable('genre_track')
    .addColumn('genre_id', 'integer', (c) => c.notNull().references('genres.id').onDelete('cascade'))
    .addColumn('track_id', 'integer', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('genre_track_pk', ['genre_id', 'track_id'])
    .execute();
  await db.schema.createIndex('genre_track_track_id').on('genre_track').column('track_id').execute();

  await db.schema
    .createTable('plays')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('track_id', 'integer', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('ip_address', 'text')
    .addColumn('country', 'text')
    .addColumn('device', 'text')
    .addColumn('platform', 'text')
    .addColumn('browser', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('plays_track_id_created_at').on('plays').columns(['track_id', 'created_at']).execute();
  await db.schema.createIndex('plays_created_at').on('plays').column('created_at').execute();
}
