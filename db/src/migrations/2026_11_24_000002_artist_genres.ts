import type { Kysely } from 'kysely';

/** The genres an artist names on their profile (backstage), apart from the genres of their tracks. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('genre_artist')
    .addColumn('genre_id', 'integer', (c) => c.notNull().references('genres.id').onDelete('cascade'))
    .addColumn('artist_id', 'integer', (c) => c.notNull().references('artists.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('genre_artist_pk', ['genre_id', 'artist_id'])
    .execute();
  await db.schema.createIndex('genre_artist_artist_id').on('genre_artist').column('artist_id').execute();
}
