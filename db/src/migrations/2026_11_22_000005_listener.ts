import { sql, type Kysely } from 'kysely';
import { isPostgres, nowIso } from '../dialect.ts';

/**
 * Full-text indexes (FTS5, external content) kept in step with their table by triggers, so search
 * never reads a stale name. Prefix indexes of 2 and 3 characters make "as you type" queries cheap.
 */
const SEARCH_INDEXES: Record<string, string[]> = {
  tracks: ['name'],
  albums: ['name'],
  artists: ['name'],
  playlists: ['name', 'description'],
  users: ['name'],
  tags: ['name'],
};

async function createSearchIndex(db: Kysely<any>, table: string, columns: string[]) {
  const index = `${table}_fts`;
  const list = columns.join(', ');
  if (isPostgres(db)) {
    // PostgreSQL indexes the words themselves (a GIN index on an expression): nothing to keep in step.
    await sql.raw(`CREATE INDEX ${index} ON ${table} USING gin (search_document(${list}))`).execute(db);
    return;
  }
  const newValues = columns.map((c) => `new.${c}`).join(', ');
  const oldValues = columns.map((c) => `old.${c}`).join(', ');
  await sql
    .raw(
      `CREATE VIRTUAL TABLE ${index} USING fts5(${list}, content='${table}', content_rowid='id', ` +
        `tokenize='unicode61 remove_diacritics 2', prefix='2 3')`,
    )
    .execute(db);
  await sql.raw(`CREATE TRIGGER ${index}_insert AFTER INSERT ON ${table} BEGIN INSERT INTO ${index}(rowid, ${list}) VALUES (new.id, ${newValues}); END`).execute(db);
  await sql
    .raw(`CREATE TRIGGER ${index}_delete AFTER DELETE ON ${table} BEGIN INSERT INTO ${index}(${index}, rowid, ${list}) VALUES ('delete', old.id, ${oldValues}); END`)
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${index}_update AFTER UPDATE OF ${list} ON ${table} BEGIN ` +
        `INSERT INTO ${index}(${index}, rowid, ${list}) VALUES ('delete', old.id, ${oldValues}); ` +
        `INSERT INTO ${index}(rowid, ${list}) VALUES (new.id, ${newValues}); END`,
    )
    .execute(db);
  await sql.raw(`INSERT INTO ${index}(${index}) VALUES ('rebuild')`).execute(db);
}

/**
 * PostgreSQL's counterpart of FTS5's `unicode61 remove_diacritics` tokenizer: the words of the
 * given columns, lower-cased and without accents, in the `simple` configuration (no stemming, as
 * FTS5). unaccent() is only "stable", so it is wrapped with its dictionary named to be indexable.
 */
async function createSearchDocumentFunction(db: Kysely<any>) {
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  await sql`CREATE FUNCTION search_document(VARIADIC parts text[]) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT to_tsvector('simple', public.unaccent('public.unaccent'::regdictionary, array_to_string(parts, ' '))) $$`.execute(db);
}

// Long by nature: a migration is the schema as it was written on its day, one table after another,
// and is never edited once released, so it is not split into steps that later code could change.
export async function up(db: Kysely<any>): Promise<void> {
  const now = nowIso(db);
  // Popularity of albums and artists is kept as a counter beside the tracks' one, so ranking search
  // results and "popular" channels never sums plays at read time.
  await db.schema.alterTable('albums').addColumn('plays', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('artists').addColumn('plays', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  /** JSON array of { url, title }. */
  await db.schema.alterTable('artists').addColumn('links', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.createIndex('albums_plays').on('albums').columns(['plays', 'id']).execute();
  await db.schema.createIndex('artists_plays').on('artists').columns(['plays', 'id']).execute();
  await db.schema.createIndex('plays_user_id_created_at').on('plays').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  for (const owner of ['track', 'album'] as const) {
    await db.schema
      .createTable(`${owner}_tag`)
      .addColumn(`${owner}_id`, 'integer', (c) => c.notNull().references(`${owner}s.id`).onDelete('cascade'))
      .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addPrimaryKeyConstraint(`${owner}_tag_pk`, [`${owner}_id`, 'tag_id'])
      .execute();
    await db.schema.createIndex(`${owner}_tag_tag_id`).on(`${owner}_tag`).column('tag_id').execute();
  }

  await db.schema
    .createTable('lyrics')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('track_id', 'integer', (c) => c.notNull().unique().references('tracks.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    /** 1 when the text is LRC with [mm:ss.xx] time stamps. */
    .addColumn('is_synced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('playlists')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('image', 'text')
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(1))
    /** Followers of a collaborative playlist may add, remove and reorder its tracks. */
    .addColumn('collaborative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('plays', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('playlists_owner_id').on('playlists').column('owner_id').execute();
  await db.schema
    .createTable('playlist_track')
    .addColumn('playlist_id', 'integer', (c) => c.notNull().references('playlists.id').onDelete('cascade'))
    .addColumn('track_id', 'integer', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('added_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('playlist_track_pk', ['playlist_id', 'track_id'])
    .execute();
  await db.schema.createIndex('playlist_track_position').on('playlist_track').columns(['playlist_id', 'position']).execute();
  await db.schema.createIndex('playlist_track_track_id').on('playlist_track').column('track_id').execute();

  // Likes (tracks, albums), follows (users, artists, playlists) and reposts (tracks, albums) point
  // at several kinds of things; the kind is part of the key.
  await db.schema
    .createTable('likes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('likeable_type', 'text', (c) => c.notNull())
    .addColumn('likeable_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('likes_pk', ['user_id', 'likeable_type', 'likeable_id'])
    .execute();
  await db.schema.createIndex('likes_likeable').on('likes').columns(['likeable_type', 'likeable_id']).execute();
  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followable_type', 'text', (c) => c.notNull())
    .addColumn('followable_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followable_type', 'followable_id'])
    .execute();
  await db.schema.createIndex('follows_followable').on('follows').columns(['followable_type', 'followable_id']).execute();
  await db.schema
    .createTable('reposts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('repostable_type', 'text', (c) => c.notNull())
    .addColumn('repostable_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('reposts_pk', ['user_id', 'repostable_type', 'repostable_id'])
    .execute();
  await db.schema.createIndex('reposts_repostable').on('reposts').columns(['repostable_type', 'repostable_id']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('track_id', 'integer', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    /** Seconds into the track the comment is about, when given. */
    .addColumn('position', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('comments_track_id').on('comments').columns(['track_id', 'created_at']).execute();
  await db.schema.createIndex('comments_parent_id').on('comments').column('parent_id').execute();

  await db.schema
    .createTable('channels')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    /** What the channel lists: track, album, artist, playlist, genre or channel. */
    .addColumn('content_model', 'text', (c) => c.notNull())
    /** manual (hand-picked items) or a query: popular, new, genre. */
    .addColumn('content_source', 'text', (c) => c.notNull().defaultTo('manual'))
    /** Options of the query, such as { "genre_id": 3 }. JSON. */
    .addColumn('content_options', 'text', (c) => c.notNull().defaultTo('{}'))
    /** grid, carousel, list or table. */
    .addColumn('layout', 'text', (c) => c.notNull().defaultTo('grid'))
    .addColumn('items_limit', 'integer', (c) => c.notNull().defaultTo(20))
    .addColumn('hide_title', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable('channel_items')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('channel_items_pk', ['channel_id', 'item_type', 'item_id'])
    .execute();

  if (isPostgres(db)) await createSearchDocumentFunction(db);
  for (const [table, columns] of Object.entries(SEARCH_INDEXES)) await createSearchIndex(db, table, columns);

  // Polymorphic rows cannot have foreign keys; triggers remove them with what they point at.
  const pointers: Record<string, [string, string, string][]> = {
    track: [['likes', 'likeable_type', 'likeable_id'], ['reposts', 'repostable_type', 'repostable_id'], ['channel_items', 'item_type', 'item_id']],
    album: [['likes', 'likeable_type', 'likeable_id'], ['reposts', 'repostable_type', 'repostable_id'], ['channel_items', 'item_type', 'item_id']],
    artist: [['follows', 'followable_type', 'followable_id'], ['channel_items', 'item_type', 'item_id']],
    playlist: [['follows', 'followable_type', 'followable_id'], ['channel_items', 'item_type', 'item_id']],
    user: [['follows', 'followable_type', 'followable_id']],
    genre: [['channel_items', 'item_type', 'item_id']],
    channel: [['channel_items', 'item_type', 'item_id']],
  };
  for (const [kind, targets] of Object.entries(pointers)) {
    const body = targets.map(([table, typeColumn, idColumn]) => `DELETE FROM ${table} WHERE ${typeColumn} = '${kind}' AND ${idColumn} = old.id;`).join(' ');
    if (isPostgres(db)) {
      await sql.raw(`CREATE FUNCTION ${kind}s_delete_pointers() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN old; END $$`).execute(db);
      await sql.raw(`CREATE TRIGGER ${kind}s_delete_pointers AFTER DELETE ON ${kind}s FOR EACH ROW EXECUTE FUNCTION ${kind}s_delete_pointers()`).execute(db);
    } else await sql.raw(`CREATE TRIGGER ${kind}s_delete_pointers AFTER DELETE ON ${kind}s BEGIN ${body} END`).execute(db);
  }
}
