import { createDb } from '@app/db';
import * as tableVersionsRepository from '@app/db/caching/table-versions';
import * as playsRepository from '@app/db/player/plays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createClient, createTestApp, type TestApp, type TestClient } from '../testing.ts';
import { listTables } from './list-cache.ts';
import { ADMIN_RESOURCES } from './resources/index.ts';

let t: TestApp;
let admin: TestClient;
/** A second process on the same database: an app of its own, with its own list cache. */
let other: { admin: TestClient; close: () => Promise<void> };

const page = { sort: JSON.stringify(['id', 'ASC']), range: JSON.stringify([0, 4]), filter: '{}' };
const tracksPage = async (client: TestClient) => {
  const response = await client.get(`/api/admin/tracks?${new URLSearchParams(page)}`);
  expect(response.status).toBe(200);
  return { rows: (await response.json()) as { id: number; name: string; plays: number; artist_ids: number[]; genre_ids: number[] }[], range: response.headers.get('Content-Range') };
};

beforeAll(async () => {
  t = await createTestApp({}, { demoCatalog: true });
  admin = await t.loggedIn('admin@example.com', ['admin']);
  const db = createDb(t.db.file);
  const app = createApp({ db, storage: t.storage, config: t.config });
  const client = createClient(app);
  expect((await client.post('/auth/login', { email: 'admin@example.com', password: 'password123' })).status).toBe(200);
  other = { admin: client, close: () => db.destroy() };
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('the back office list cache', () => {
  it('keeps versions, raised by triggers, of every table a cached list reads', async () => {
    const versioned = new Set(await tableVersionsRepository.tablesWithVersionTriggers(t.db));
    const cached = ADMIN_RESOURCES.filter((resource) => listTables(resource));
    // The catalogue's lists at least; a resource whose list also reads elsewhere (afterRead) is never cached.
    expect(cached.map((resource) => resource.name)).toEqual(expect.arrayContaining(['tracks', 'albums', 'artists', 'genres', 'users', 'roles']));
    expect(listTables(ADMIN_RESOURCES.find((resource) => resource.name === 'channels')!)).toBeUndefined();
    for (const resource of cached) {
      for (const table of listTables(resource)!.filter((name) => name !== tableVersionsRepository.PLAY_COUNTS_VERSION)) expect(versioned.has(table), `${resource.name} reads ${table}, which keeps no version`).toBe(true);
    }
  });

  it('answers a repeated list without reading its records again', async () => {
    await tracksPage(admin);
    t.queries.length = 0;
    await tracksPage(admin);
    expect(t.queries.filter((sql) => /from "(tracks|track_artist|genre_track)"/.test(sql))).toEqual([]);
  });

  it('shows a change made through the API at the next read', async () => {
    const before = await tracksPage(admin);
    const track = before.rows[0];
    expect((await admin.put(`/api/admin/tracks/${track.id}`, { name: 'Renamed through the API' })).status).toBe(200);
    expect((await tracksPage(admin)).rows[0].name).toBe('Renamed through the API');
  });

  it('shows a change written straight into the database, as another program would, at the next read', async () => {
    const { rows } = await tracksPage(admin);
    const track = rows[1];
    await t.db.updateTable('tracks').set({ name: 'Renamed in the database' }).where('id', '=', track.id).execute();
    expect((await tracksPage(admin)).rows[1].name).toBe('Renamed in the database');

    // A relation only: the pivot table's version changes, not the track's.
    await t.db.deleteFrom('track_artist').where('track_id', '=', track.id).execute();
    expect((await tracksPage(admin)).rows[1].artist_ids).toEqual([]);
    const artist = await t.db.selectFrom('artists').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.db.insertInto('track_artist').values({ track_id: track.id, artist_id: artist.id, position: 0 }).execute();
    expect((await tracksPage(admin)).rows[1].artist_ids).toEqual([artist.id]);
  });

  // A play raises the play counts' version, not the tracks' (migration 2026_12_01_000001).
  it('shows a play counted since, at the next read', async () => {
    const { rows } = await tracksPage(admin);
    const plays = rows[3].plays;
    expect(await playsRepository.recordPlay(t.db, { track_id: rows[3].id, user_id: null, ip_address: '198.51.100.7' })).toBe(true);
    expect((await tracksPage(admin)).rows[3].plays).toBe(plays + 1);
  });

  it('shows what one process writes to another on the same database, both having the list cached', async () => {
    const first = await tracksPage(admin);
    expect(await tracksPage(other.admin)).toEqual(first);
    const track = first.rows[2];
    expect((await other.admin.put(`/api/admin/tracks/${track.id}`, { name: 'Renamed by the other process' })).status).toBe(200);
    expect((await tracksPage(admin)).rows[2].name).toBe('Renamed by the other process');

    const created = await (await admin.post('/api/admin/tracks', { name: 'A new track', album_id: null })).json();
    expect(created.id).toBeGreaterThan(0);
    const total = (await tracksPage(admin)).range;
    expect((await tracksPage(other.admin)).range).toBe(total);
    expect(total).not.toBe(first.range);
  });

  it('still refuses a list to someone without the permission once it is cached', async () => {
    await tracksPage(admin);
    const listener = await t.loggedIn('listener@example.com', ['users']);
    const response = await listener.get(`/api/admin/tracks?${new URLSearchParams(page)}`);
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain('Renamed');
  });
});

describe('a cached list page sent over HTTP', () => {
  it('carries the headers and cookies any response carries', async () => {
    const server = await t.listen();
    try {
      const inProcess = await admin.get(`/api/admin/tracks?${new URLSearchParams(page)}`);
      const session = [...admin.cookies].filter(([name]) => name !== 'XSRF-TOKEN').map(([name, value]) => `${name}=${value}`).join('; ');
      for (let i = 0; i < 2; i++) {
        // Without the XSRF cookie, as a browser's first request: the answer gives it one.
        const response = await fetch(`${server.url}/api/admin/tracks?${new URLSearchParams(page)}`, { headers: { Cookie: session } });
        expect(response.status).toBe(200);
        expect(await response.text()).toBe(await inProcess.clone().text());
        for (const name of ['Content-Type', 'Content-Range', 'Access-Control-Expose-Headers', 'X-Content-Type-Options', 'X-Frame-Options', 'Content-Security-Policy', 'Referrer-Policy', 'Cross-Origin-Resource-Policy']) {
          expect(response.headers.get(name), name).toBe(inProcess.headers.get(name));
        }
        expect(response.headers.get('X-Request-Id')).toMatch(/^[\w-]{8,}$/);
        expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('XSRF-TOKEN='))).toBe(true);
      }
    } finally {
      await server.close();
    }
  });
});
