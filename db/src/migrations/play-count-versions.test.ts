import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type Db } from '../connection.ts';
import { isPostgres } from '../dialect.ts';
import { recordPlay } from '../player/plays.repository.ts';
import { tableVersions } from '../caching/table-versions.repository.ts';
import { contentUpdateTrigger, PLAY_COUNTED_TABLES, PLAY_COUNTS_VERSION } from './2026_12_01_000001_play_count_versions.ts';

let db: Db;
let trackId: number;
beforeAll(async () => {
  db = await createTestDb();
  const artist = await db.insertInto('artists').values({ name: 'Counted Artist' }).returning('id').executeTakeFirstOrThrow();
  const album = await db.insertInto('albums').values({ name: 'Counted Album' }).returning('id').executeTakeFirstOrThrow();
  const track = await db.insertInto('tracks').values({ name: 'Counted Track', album_id: album.id, number: 1, duration: 1000 }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('track_artist').values({ track_id: track.id, artist_id: artist.id, position: 0 }).execute();
  trackId = track.id;
});
afterAll(() => db.destroy());

const versionsOf = async (...names: string[]) => {
  const versions = await tableVersions(db);
  return names.map((name) => versions.get(name));
};

/** The columns whose update raises the table's own version, as the database holds its trigger. */
async function columnsWatchedOnUpdate(table: string): Promise<string[]> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`select event_object_column as name from information_schema.triggered_update_columns where event_object_table = ${table} and trigger_name = ${contentUpdateTrigger(table, true)}`.execute(db);
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and name = ${contentUpdateTrigger(table, false)}`.execute(db);
  const list = /UPDATE OF (.+?) ON /i.exec(rows[0]?.sql ?? '')?.[1] ?? '';
  return list.split(',').map((column) => column.trim().replace(/^"|"$/g, ''));
}

async function columnsOf(table: string): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db)
    : await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.map((row) => row.name);
}

describe('versions of the play-counted tables', () => {
  it('a play raises the play counts version, not those of the track, album and artist tables', async () => {
    const before = await versionsOf('tracks', 'albums', 'artists', PLAY_COUNTS_VERSION);
    expect(await recordPlay(db, { track_id: trackId, user_id: null, ip_address: '192.0.2.1' })).toBe(true);
    const after = await versionsOf('tracks', 'albums', 'artists', PLAY_COUNTS_VERSION);
    expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
    expect(Number(after[3])).toBeGreaterThan(Number(before[3]));
  });

  it('any other change of those tables raises their own version', async () => {
    const [tracks, albums] = await versionsOf('tracks', 'albums');
    await db.updateTable('tracks').set({ name: 'Renamed Track' }).where('id', '=', trackId).execute();
    await db.updateTable('albums').set({ description: 'Now with notes' }).execute();
    const [tracksAfter, albumsAfter] = await versionsOf('tracks', 'albums');
    expect(Number(tracksAfter)).toBeGreaterThan(Number(tracks));
    expect(Number(albumsAfter)).toBeGreaterThan(Number(albums));
  });

  // A column added later that the trigger does not name would change without raising the version:
  // copies read from the table would then show the old value for good.
  it('watch every column of those tables but the counter', async () => {
    for (const table of PLAY_COUNTED_TABLES) {
      expect((await columnsWatchedOnUpdate(table)).sort(), `the update trigger of ${table} names every column but plays; make it again in the migration that added the column`).toEqual(
        (await columnsOf(table)).filter((column) => column !== 'plays').sort(),
      );
    }
  });
});
