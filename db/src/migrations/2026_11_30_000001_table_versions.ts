import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Tables the back office's lists read (each resource's table, its pivot tables and the tables it
 * counts), as of this migration, and those a signed-in person's session, account and permissions
 * are read from. A resource reading a table missing here is not served from the list cache until
 * a migration adds the table (api/src/admin/list-cache.test.ts checks this).
 */
export const VERSIONED_TABLES = [
  'tracks', 'track_artist', 'genre_track', 'albums', 'album_artist', 'artists', 'genre_artist', 'genres',
  'users', 'user_role', 'roles', 'outgoing_emails', 'schedule_runs', 'playlists', 'playlist_track', 'lyrics',
  'comments', 'tags', 'track_tag', 'album_tag', 'custom_pages', 'localizations', 'backstage_requests', 'file_entries',
  'sessions', 'permissions', 'role_permission', 'user_permission', 'subscriptions', 'product_permission',
] as const;

/**
 * What a session's activity changes, once a minute while it is used: the time it was last active
 * and its expiry, pushed back. That alone raises no version, or every person's kept session would be
 * read again whenever anyone is active; a change to any other column, or an expiry brought
 * forward, does. The session columns are listed so (api/src/accounts/auth.service.test.ts checks
 * the list against the table).
 */
export const SESSION_TOUCH_COLUMNS = ['last_active_at', 'expires_at'] as const;
export const SESSION_WATCHED_COLUMNS = ['id', 'user_id', 'ip_address', 'user_agent', 'device_type', 'platform', 'browser', 'city', 'country', 'remember', 'password_confirmed_at', 'created_at'] as const;
const sessionUpdateMatters = (same: (column: string) => string) =>
  `NOT (NEW.expires_at >= OLD.expires_at AND ${SESSION_WATCHED_COLUMNS.map(same).join(' AND ')})`;

/**
 * A version number per table, raised by the database itself in the same transaction as any
 * insert, update or delete of the table: a process may keep a copy of what it read (the back
 * office's list pages, a signed-in person's session and permissions) for as long as the versions
 * of the tables it read stay the same, whichever process or program wrote since. SQLite only has
 * row triggers; PostgreSQL raises the version once per statement, so a bulk write costs one update
 * instead of one per row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('table_versions')
    .addColumn('table_name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION bump_table_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      UPDATE table_versions SET version = version + 1 WHERE table_name = TG_TABLE_NAME;
      RETURN NULL;
    END $$`.execute(db);
  }
  for (const table of VERSIONED_TABLES) {
    await sql`INSERT INTO table_versions (table_name, version) VALUES (${table}, 0)`.execute(db);
    if (isPostgres(db) && table === 'sessions') {
      await sql.raw(`CREATE TRIGGER ${table}_bump_version AFTER INSERT OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version()`).execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_bump_version_update AFTER UPDATE ON ${table} FOR EACH ROW WHEN (${sessionUpdateMatters((c) => `NEW.${c} IS NOT DISTINCT FROM OLD.${c}`)}) EXECUTE FUNCTION bump_table_version()`)
        .execute(db);
    } else if (isPostgres(db)) {
      await sql.raw(`CREATE TRIGGER ${table}_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version()`).execute(db);
    } else {
      for (const event of ['insert', 'update', 'delete']) {
        const when = table === 'sessions' && event === 'update' ? ` WHEN ${sessionUpdateMatters((c) => `NEW.${c} IS OLD.${c}`)}` : '';
        await sql
          .raw(`CREATE TRIGGER ${table}_bump_version_${event} AFTER ${event.toUpperCase()} ON ${table}${when} BEGIN UPDATE table_versions SET version = version + 1 WHERE table_name = '${table}'; END`)
          .execute(db);
      }
    }
  }
}
