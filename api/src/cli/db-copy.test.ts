import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, createTestDb, migrateToLatest, type Database, type Db } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as adminResourceRepository from '@app/db/admin/admin-resource';
import * as notificationsRepository from '@app/db/notifications/notifications';
import * as permissionsRepository from '@app/db/permissions/permissions';
import { seedDemoCatalog, seedFoundation } from '@app/db/seed';
import { tracks } from '../admin/resources/tracks.ts';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { hashPassword } from '../accounts/auth.service.ts';
import { createStorage } from '../storage/create-storage.ts';
import { createClient, TEST_AUDIO_CACHE } from '../testing.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `pnpm db:copy --to postgres://…` as docs/deployment.md#postgresql tells a self-hoster moving a site: a SQLite site
 * with a catalogue, listeners, playlists, likes, a subscription and notifications is copied, and
 * the app started on the copy finds the same rows, logs in, searches and adds rows with new ids.
 * Needs the throwaway PostgreSQL server of `pnpm test:postgres`.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CLI = path.join(ROOT, 'api/src/cli/cadence.ts');
const LISTENER = { email: 'listener@example.com', password: 'listener-password-1' };

function dbCopy(args: string[]) {
  const result = spawnSync(process.execPath, [CLI, 'db:copy', ...args], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: tmpdir() } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The total the back office shows as the tracks list opens (kept by the database's triggers). */
async function listedTracks(db: Db) {
  return (await adminResourceRepository.listResource(db, tracks.table, { filter: {}, range: { start: 0, end: 0 } })).total;
}

async function count(db: Db, table: keyof Database) {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.runIf(process.env.TEST_POSTGRES_URL)('pnpm db:copy from SQLite to PostgreSQL', () => {
  let work: string;
  let sourceFile: string;
  let source: Db;
  let target: Awaited<ReturnType<typeof createTestDb>>;
  let config: ReturnType<typeof loadConfig>;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'cadence-db-copy-'));
    sourceFile = path.join(work, 'database.sqlite');
    config = loadConfig({ STORAGE_PATH: path.join(work, 'storage'), APP_URL: 'http://localhost', SEED_DEMO: 'false', DATABASE_URL: sourceFile });
    source = createDb(sourceFile);
    await migrateToLatest(source);
    await seedFoundation(source);
    await seedDemoCatalog(source, { storage: await createStorage(config), audioCacheDir: TEST_AUDIO_CACHE });
    // A listener with a playlist, likes and notifications, made through the API as the site makes them.
    const role = await permissionsRepository.findRoleByName(source, 'users');
    await usersRepository.createUser(source, { email: LISTENER.email, name: 'Listener', password: await hashPassword(LISTENER.password) }, [role!.id]);
    const app = createApp({ db: source, storage: await createStorage(config), config });
    const listener = createClient(app);
    expect((await listener.post('/auth/login', LISTENER)).status).toBe(200);
    const playlist = await listener.post('/api/v1/playlists', { name: 'Road trip' });
    expect(playlist.status).toBe(201);
    expect((await listener.put('/api/v1/users/me/likes/track/10')).status).toBe(200);
    expect((await listener.put('/api/v1/users/me/likes/album/2')).status).toBe(200);
    const user = await source.selectFrom('users').select('id').where('email', '=', LISTENER.email).executeTakeFirstOrThrow();
    await notificationsRepository.insertNotification(source, { user_id: user.id, type: 'welcome', data: '{"text":"Bienvenue à bord"}' });
    const product = await source.insertInto('products').values({ name: 'Pro' }).returning('id').executeTakeFirstOrThrow();
    const price = await source.insertInto('prices').values({ product_id: product.id, amount: 500, currency: 'EUR', interval: 'month' }).returning('id').executeTakeFirstOrThrow();
    await source.insertInto('subscriptions').values({ user_id: user.id, product_id: product.id, price_id: price.id, status: 'active' }).execute();
    // A page in the cache: derived, the copy leaves it behind.
    await source.insertInto('page_cache').values({ key: 'k', status: 200, headers: '{}', html: Buffer.from('x'), html_gzip: Buffer.from('x'), created_at: 1, expires_at: 2 }).execute();
    target = await createTestDb();
  });

  afterAll(async () => {
    await source?.destroy();
    await target?.destroy();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('copies every table with its rows, then the app runs on the copy', async () => {
    const copy = dbCopy(['--to', target.file, '--from', sourceFile]);
    expect(copy.output).toContain('Every row count matches');
    expect(copy.status).toBe(0);
    // The count table: a line per table, the same number on both sides.
    expect(copy.output).toMatch(/^tracks\s+300\s+300$/m);
    expect(copy.output).toMatch(/^subscriptions\s+1\s+1$/m);
    // Progress: rows per table and a percentage of the whole copy, ending at 100 %.
    expect(copy.output).toMatch(/^tracks: 300 of 300 rows, \d+% of all$/m);
    expect(copy.output).toMatch(/^\w+: [\d,]+ of [\d,]+ rows, 100% of all$/m);

    for (const table of ['users', 'tracks', 'albums', 'artists', 'playlists', 'playlist_track', 'likes', 'subscriptions', 'notifications', 'roles', 'permissions', 'file_entries'] as const) {
      const [from, to] = await Promise.all([source, target].map((db) => count(db, table)));
      expect(to, table).toBe(from);
      expect(to, table).toBeGreaterThan(0);
    }
    const sameRows = async (table: 'users' | 'tracks' | 'notifications' | 'subscriptions') => {
      const [from, to] = await Promise.all([source, target].map((db) => db.selectFrom(table).selectAll().orderBy('id').limit(5).execute()));
      expect(to, table).toEqual(from);
    };
    for (const table of ['users', 'tracks', 'notifications', 'subscriptions'] as const) await sameRows(table);
    expect(await listedTracks(target)).toBe(await count(source, 'tracks'));
    // The copy counts rows once at its end; the triggers count those written after it.
    const added = await target.insertInto('tracks').values({ name: 'After the copy', number: 1, duration: 1000 }).returning('id').executeTakeFirstOrThrow();
    expect(await listedTracks(target)).toBe((await count(source, 'tracks')) + 1);
    await target.deleteFrom('tracks').where('id', '=', added.id).execute();
    expect(await listedTracks(target)).toBe(await count(source, 'tracks'));
    const cached = await target.selectFrom('page_cache').select('key').execute();
    expect(cached).toEqual([]);

    const app = createApp({ db: target, storage: await createStorage(config), config });
    const listener = createClient(app);
    expect((await listener.post('/auth/login', LISTENER)).status).toBe(200);
    const found = await app.request('/api/v1/search?query=neo');
    expect(found.status).toBe(200);
    expect(JSON.stringify(await found.json())).toMatch(/Neon/);
    const album = await app.request('/api/v1/albums/2');
    expect(album.status).toBe(200);
    const sourceAlbum = await source.selectFrom('albums').select('name').where('id', '=', 2).executeTakeFirstOrThrow();
    expect(((await album.json()) as { album: { name: string } }).album.name).toBe(sourceAlbum.name);

    // Identity sequences start after the copied ids: a new playlist does not collide with one copied.
    const highest = await source.selectFrom('playlists').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
    const created = await listener.post('/api/v1/playlists', { name: 'After the move' });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { playlist: { id: number } }).playlist.id).toBe(Number(highest.id) + 1);
  });

  it('refuses a target that already holds data, and replaces it with --force', async () => {
    const refused = dbCopy(['--to', target.file, '--from', sourceFile]);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('The target already holds data');
    expect(refused.output).not.toMatch(/\n\s+at /);
    // The refusal kept what the target had: the playlist made after the move is still there.
    expect(await target.selectFrom('playlists').select('name').where('name', '=', 'After the move').executeTakeFirst()).toBeDefined();

    const replaced = dbCopy(['--to', target.file, '--from', sourceFile, '--force']);
    expect(replaced.status).toBe(0);
    expect(await target.selectFrom('playlists').select('name').where('name', '=', 'After the move').executeTakeFirst()).toBeUndefined();
    expect(await count(target, 'playlists')).toBe(await count(source, 'playlists'));
    expect(await listedTracks(target)).toBe(await count(source, 'tracks'));
  });

  it('stops at a row PostgreSQL refuses, names its table and keeps the target as it was', async () => {
    const before = await count(target, 'playlists');
    const user = await source.selectFrom('users').select('id').where('email', '=', LISTENER.email).executeTakeFirstOrThrow();
    // SQLite stores a NUL character in text; PostgreSQL refuses it.
    await source.insertInto('playlists').values({ owner_id: user.id, name: 'Bad\u0000name' }).execute();
    const stopped = dbCopy(['--to', target.file, '--from', sourceFile, '--force']);
    expect(stopped.status).toBe(1);
    expect(stopped.output).toContain('PostgreSQL refused a row of playlists');
    expect(stopped.output).not.toMatch(/\n\s+at /);
    // The copy was one transaction: the emptying and the rows before the bad one are undone.
    expect(await count(target, 'playlists')).toBe(before);
    expect(await count(target, 'users')).toBe(await count(source, 'users'));
  });

  it('refuses a target that is not PostgreSQL, without a stack trace', () => {
    const refused = dbCopy(['--to', path.join(work, 'other.sqlite'), '--from', sourceFile]);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('--to must be a postgres:// address.');
    expect(refused.output).not.toMatch(/\n\s+at /);
  });
});
