import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../testing.ts';
import { MAX_RANGE } from './admin.routes.ts';

let t: TestApp;
let admin: TestClient;
let user: TestClient;
const guest = () => t.client();

beforeAll(async () => {
  t = await createTestApp({}, { demoCatalog: true });
  admin = await t.loggedIn('admin@example.com', ['admin']);
  user = await t.loggedIn('listener@example.com', ['users']);
});
afterAll(() => t.close());

const list = (client: TestClient, resource: string, params: Record<string, unknown> = {}) => {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)]));
  return client.get(`/api/admin/${resource}?${query}`);
};

describe('who may use the back-office API', () => {
  const resources = ['tracks', 'albums', 'artists', 'genres', 'users', 'roles'];

  it.each(resources)('%s: guests get 401, users 403, admins 200 on every verb', async (resource) => {
    const first = (await (await list(admin, resource, { range: [0, 0] })).json())[0];
    const calls: [string, (c: TestClient) => Promise<Response>][] = [
      ['list', (c) => list(c, resource)],
      ['get one', (c) => c.get(`/api/admin/${resource}/${first.id}`)],
      ['create', (c) => c.post(`/api/admin/${resource}`, {})],
      ['update', (c) => c.put(`/api/admin/${resource}/${first.id}`, { name: first.name })],
      ['delete', (c) => c.delete(`/api/admin/${resource}/999999`)],
    ];
    for (const [verb, call] of calls) {
      expect((await call(guest())).status, `${verb} as guest`).toBe(401);
      expect((await call(user)).status, `${verb} as user`).toBe(403);
      expect([200, 201, 404, 422], `${verb} as admin`).toContain((await call(admin)).status);
    }
  });

  it('a user manager may read roles but not change them', async () => {
    const manager = await t.loggedIn('manager@example.com', ['users']);
    // Grant users.update and admin.access through a role made for the test.
    const role = await (await admin.post('/api/admin/roles', { name: 'user managers' })).json();
    const { db } = t;
    const permissions = await db.selectFrom('permissions').select(['id', 'name']).where('name', 'in', ['users.update', 'admin.access']).execute();
    await db.insertInto('role_permission').values(permissions.map((p) => ({ role_id: role.id, permission_id: p.id }))).execute();
    const managerRow = await db.selectFrom('users').select('id').where('email', '=', 'manager@example.com').executeTakeFirstOrThrow();
    await db.insertInto('user_role').values({ user_id: managerRow.id, role_id: role.id }).execute();

    expect((await list(manager, 'roles')).status).toBe(200);
    expect((await list(manager, 'users')).status).toBe(200);
    expect((await manager.put(`/api/admin/roles/${role.id}`, { name: 'renamed' })).status).toBe(403);
    expect((await list(manager, 'tracks')).status).toBe(403);
  });
});

describe('lists in the ra-data-simple-rest dialect', () => {
  it('opens the tracks list in a few statements, whatever the catalogue holds', async () => {
    t.queries.length = 0;
    const response = await list(admin, 'tracks', { sort: ['created_at', 'DESC'], range: [0, 24], filter: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Range')).toBe('tracks 0-24/300');
    // The session, its user, every grant they hold (roles, plans, their own) in one, the settings
    // (this admin has not verified an email address); the versions of the tables the list reads;
    // the total the database keeps; the page; one per relation (artists, genres).
    expect(t.queries.length).toBeLessThanOrEqual(9);
    // Asked again, unchanged: the page comes from the list cache once the versions are read.
    t.queries.length = 0;
    expect((await list(admin, 'tracks', { sort: ['created_at', 'DESC'], range: [0, 24], filter: {} })).status).toBe(200);
    expect(t.queries.length).toBeLessThanOrEqual(5);
  });

  it('pages with range and reports the total in Content-Range', async () => {
    const response = await list(admin, 'tracks', { range: [10, 19], sort: ['id', 'ASC'] });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Range')).toBe('tracks 10-19/300');
    expect(response.headers.get('Access-Control-Expose-Headers')).toBe('Content-Range');
    const rows = await response.json();
    expect(rows.map((r: { id: number }) => r.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('answers a range past the end with an empty page and the total', async () => {
    const response = await list(admin, 'tracks', { range: [5000, 5009] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
    expect(response.headers.get('Content-Range')).toBe('tracks */300');
  });

  it('sorts by whitelisted columns, counts included', async () => {
    const byPlays = await (await list(admin, 'tracks', { sort: ['plays', 'DESC'], range: [0, 4] })).json();
    const plays = byPlays.map((r: { plays: number }) => r.plays);
    expect(plays).toEqual([...plays].sort((a, b) => b - a));

    const byCount = await (await list(admin, 'albums', { sort: ['tracks_count', 'ASC'], range: [0, 29] })).json();
    const counts = byCount.map((r: { tracks_count: number }) => r.tracks_count);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.reduce((a: number, b: number) => a + b, 0)).toBe(300);
  });

  it('refuses sorting or filtering on anything not whitelisted, with the allowed names', async () => {
    const sort = await list(admin, 'users', { sort: ['password', 'ASC'] });
    expect(sort.status).toBe(422);
    expect((await sort.json()).errors.sort).toMatch(/Sorting by "password" is not allowed. Sortable fields: id, name/);

    const filter = await list(admin, 'users', { filter: { password: 'x' } });
    expect(filter.status).toBe(422);
    expect((await filter.json()).errors.filter).toMatch(/Filtering by "password" is not allowed/);

    const injection = await list(admin, 'tracks', { sort: ['name; DROP TABLE tracks', 'ASC'] });
    expect(injection.status).toBe(422);
    expect((await list(admin, 'tracks', { range: [0, 0] })).headers.get('Content-Range')).toBe('tracks 0-0/300');
  });

  it('refuses malformed parameters and oversized ranges', async () => {
    expect((await admin.get('/api/admin/tracks?sort=notjson')).status).toBe(422);
    expect((await admin.get('/api/admin/tracks?range=[5,1]')).status).toBe(422);
    expect((await admin.get('/api/admin/tracks?filter=[1,2]')).status).toBe(422);
    expect((await admin.get(`/api/admin/tracks?filter=${encodeURIComponent('{"name":{"$gt":""}}')}`)).status).toBe(422);
    const big = await list(admin, 'tracks', { range: [0, MAX_RANGE] });
    expect(big.status).toBe(422);
    expect((await big.json()).errors.range).toMatch(/at most 1000/);
  });

  it('searches with q, treating LIKE wildcards as plain text', async () => {
    const matches = await (await list(admin, 'artists', { filter: { q: 'aurora' } })).json();
    expect(matches.map((a: { name: string }) => a.name)).toEqual(['Aurora Vale']);
    expect(await (await list(admin, 'artists', { filter: { q: '%' } })).json()).toEqual([]);
    expect(await (await list(admin, 'artists', { filter: { q: '_' } })).json()).toEqual([]);
    expect(await (await list(admin, 'artists', { filter: { q: "' OR 1=1 --" } })).json()).toEqual([]);
  });

  it('filters by columns and by related ids, and gets many by id', async () => {
    const artist = (await (await list(admin, 'artists', { filter: { q: 'Mara Quinn' } })).json())[0];
    const albums = await (await list(admin, 'albums', { filter: { artist_ids: artist.id }, range: [0, 99] })).json();
    expect(albums.length).toBeGreaterThan(0);
    expect(albums.every((a: { artist_ids: number[] }) => a.artist_ids.includes(artist.id))).toBe(true);

    const tracks = await (await list(admin, 'tracks', { filter: { album_id: albums[0].id }, range: [0, 99] })).json();
    expect(tracks.length).toBe(albums[0].tracks_count);

    const many = await (await list(admin, 'tracks', { filter: { id: [3, 1, 2] } })).json();
    expect(many.map((t: { id: number }) => t.id).sort()).toEqual([1, 2, 3]);
  });
});

describe('writes', () => {
  it('creates, reads, updates and deletes a track with its relations', async () => {
    const created = await admin.post('/api/admin/tracks', { name: 'New song', artist_ids: [2, 1], genre_ids: [1], album_id: 1, duration: 200000 });
    expect(created.status).toBe(201);
    const track = await created.json();
    expect(track).toMatchObject({ name: 'New song', artist_ids: [2, 1], genre_ids: [1], album_id: 1, duration: 200000, plays: 0 });

    // react-admin sends the whole record back, read-only fields included.
    const updated = await admin.put(`/api/admin/tracks/${track.id}`, { ...track, name: 'Renamed song', artist_ids: [1] });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ id: track.id, name: 'Renamed song', artist_ids: [1], plays: 0 });

    const removed = await admin.delete(`/api/admin/tracks/${track.id}`);
    expect((await removed.json()).name).toBe('Renamed song');
    expect((await admin.get(`/api/admin/tracks/${track.id}`)).status).toBe(404);
  });

  it('reports invalid values and missing references on their fields, writing nothing', async () => {
    const before = (await list(admin, 'tracks', { range: [0, 0] })).headers.get('Content-Range');
    const invalid = await admin.post('/api/admin/tracks', { name: '', duration: -5, src: 'javascript:alert(1)' });
    expect(invalid.status).toBe(422);
    expect(Object.keys((await invalid.json()).errors).sort()).toEqual(['duration', 'name', 'src']);

    const missing = await admin.post('/api/admin/tracks', { name: 'Orphan', album_id: 987654, artist_ids: [1, 99999] });
    expect(missing.status).toBe(422);
    const { errors } = await missing.json();
    expect(errors.album_id).toMatch(/987654/);
    expect(errors.artist_ids).toMatch(/99999/);

    const unknown = await admin.put('/api/admin/tracks/1', { name: 'x', secret_column: 1 });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors).toEqual({ secret_column: 'Unknown field "secret_column".' });
    expect((await list(admin, 'tracks', { range: [0, 0] })).headers.get('Content-Range')).toBe(before);
  });

  it('refuses a non-JSON body and a bad id', async () => {
    const form = await admin.post('/api/admin/genres', undefined, { rawBody: 'name=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect((await admin.get('/api/admin/genres/abc')).status).toBe(422);
    expect((await admin.put('/api/admin/genres/-1', { name: 'x' })).status).toBe(422);
  });

  it('keeps unique values unique and hashes passwords', async () => {
    const duplicate = await admin.post('/api/admin/genres', { name: 'Electronic' });
    expect(duplicate.status).toBe(422);
    expect((await duplicate.json()).errors.name).toBe('This name is already taken.');

    const created = await admin.post('/api/admin/users', { email: 'New.Person@Example.com', password: 'long-enough-1', role_ids: [2] });
    expect(created.status).toBe(201);
    const person = await created.json();
    expect(person.email).toBe('new.person@example.com');
    expect(person).not.toHaveProperty('password');
    const stored = await t.db.selectFrom('users').select('password').where('id', '=', person.id).executeTakeFirstOrThrow();
    expect(stored.password).toMatch(/^\$argon2id\$/);

    const login = await t.client().post('/auth/login', { email: 'new.person@example.com', password: 'long-enough-1' });
    expect(login.status).toBe(200);

    // An empty password in the edit form keeps the current one.
    await admin.put(`/api/admin/users/${person.id}`, { ...person, password: '' });
    expect((await t.client().post('/auth/login', { email: 'new.person@example.com', password: 'long-enough-1' })).status).toBe(200);
    expect((await admin.post('/api/admin/users', { email: 'new.person@example.com' })).status).toBe(422);
  });

  it('will not delete your own account or the guest role', async () => {
    const me = await (await admin.get('/api/v1/users/me')).json();
    const self = await admin.delete(`/api/admin/users/${me.user.id}`);
    expect(self.status).toBe(422);
    expect((await self.json()).message).toMatch(/your own account/);

    const roles = await (await list(admin, 'roles', { filter: { guests: true } })).json();
    const guestRole = await admin.delete(`/api/admin/roles/${roles[0].id}`);
    expect(guestRole.status).toBe(422);
    expect((await admin.get(`/api/admin/roles/${roles[0].id}`)).status).toBe(200);
  });
});
