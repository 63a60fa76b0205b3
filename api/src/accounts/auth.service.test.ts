import { createDb } from '@app/db';
import * as tableVersionsRepository from '@app/db/caching/table-versions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createClient, createTestApp, type TestApp, type TestClient } from '../testing.ts';
import { SESSION_TOUCH_COLUMNS, SESSION_WATCHED_COLUMNS } from '../../../db/src/migrations/2026_11_30_000001_table_versions.ts';
import { GUEST_TABLES, SESSION_TABLES } from './auth.service.ts';

/*
 * A signed-in person's session, account and permissions are kept by each process between requests
 * while the tables they come from are unchanged (resolveAuth). Every change must show at the next
 * request, whoever made it: this process, another one, or someone writing in the database.
 */
let t: TestApp;
/** A second process on the same database, with copies of its own. */
let other: { app: ReturnType<typeof createApp>; close: () => Promise<void> };

const tracks = (client: TestClient) => client.get('/api/admin/tracks?range=[0,0]');
const userId = async (email: string) => (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
/** The same browser (its cookies) talking to the other process. */
function inOtherProcess(client: TestClient): TestClient {
  const twin = createClient(other.app);
  for (const [name, value] of client.cookies) twin.cookies.set(name, value);
  return twin;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = createDb(t.db.file);
  other = { app: createApp({ db, storage: t.storage, config: t.config }), close: () => db.destroy() };
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('a session kept between requests', () => {
  it('comes from tables whose every write raises their version', async () => {
    const versioned = await tableVersionsRepository.tablesWithVersionTriggers(t.db);
    for (const table of SESSION_TABLES) expect(versioned, table).toContain(table);
    // Only the activity columns may change without raising it: a new column must be watched too.
    const sessions = (await t.db.introspection.getTables()).find((table) => table.name === 'sessions')!;
    expect(sessions.columns.map((column) => column.name).sort()).toEqual([...SESSION_WATCHED_COLUMNS, ...SESSION_TOUCH_COLUMNS].sort());
  });

  it('ends at once when it is logged out in another process', async () => {
    const admin = await t.loggedIn('a1@example.com', ['admin']);
    const twin = inOtherProcess(admin);
    expect((await tracks(admin)).status).toBe(200);
    expect((await tracks(twin)).status).toBe(200);
    expect((await twin.post('/auth/logout')).status).toBeLessThan(300);
    expect((await tracks(admin)).status).toBe(401);
  });

  it('ends at once when its row is deleted in the database', async () => {
    const admin = await t.loggedIn('a2@example.com', ['admin']);
    expect((await tracks(admin)).status).toBe(200);
    await t.db.deleteFrom('sessions').where('user_id', '=', await userId('a2@example.com')).execute();
    expect((await tracks(admin)).status).toBe(401);
  });

  it('ends at once when its expiry is brought forward in the database', async () => {
    const admin = await t.loggedIn('a6@example.com', ['admin']);
    expect((await tracks(admin)).status).toBe(200);
    await t.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', await userId('a6@example.com')).execute();
    expect((await tracks(admin)).status).toBe(401);
  });

  it("is not read again when someone's activity is recorded, its own included", async () => {
    const active = await t.loggedIn('a7@example.com', ['admin']);
    const bystander = await t.loggedIn('a8@example.com', ['admin']);
    // Last active two minutes ago, with an expiry a little sooner: a change that raises the version.
    const session = await t.db.selectFrom('sessions').select(['id', 'expires_at']).where('user_id', '=', await userId('a7@example.com')).executeTakeFirstOrThrow();
    await t.db
      .updateTable('sessions')
      .set({ last_active_at: new Date(Date.now() - 120_000).toISOString(), expires_at: new Date(Date.parse(session.expires_at) - 1000).toISOString() })
      .where('id', '=', session.id)
      .execute();
    expect((await tracks(bystander)).status).toBe(200);
    t.queries.length = 0;
    expect((await tracks(active)).status).toBe(200);
    expect(t.queries.filter((sql) => /^update "sessions"/.test(sql))).toHaveLength(1);
    const touched = await t.db.selectFrom('sessions').select(['last_active_at', 'expires_at']).where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(Date.parse(touched.last_active_at)).toBeGreaterThan(Date.now() - 10_000);
    expect(touched.expires_at > session.expires_at).toBe(true);

    t.queries.length = 0;
    expect((await tracks(active)).status).toBe(200);
    expect((await tracks(bystander)).status).toBe(200);
    expect(t.queries.filter((sql) => /"sessions"/.test(sql))).toEqual([]);
  });

  it('ends when it expires, though nothing was written since it was read', async () => {
    const admin = await t.loggedIn('a3@example.com', ['admin']);
    const soon = new Date(Date.now() + 1000).toISOString();
    await t.db.updateTable('sessions').set({ expires_at: soon, last_active_at: new Date().toISOString() }).where('user_id', '=', await userId('a3@example.com')).execute();
    expect((await tracks(admin)).status).toBe(200);
    t.clock.advance(1100);
    expect((await tracks(admin)).status).toBe(401);
  });

  it('loses a permission at once when a role is taken away in the database', async () => {
    const admin = await t.loggedIn('a4@example.com', ['admin']);
    expect((await tracks(admin)).status).toBe(200);
    await t.db.deleteFrom('user_role').where('user_id', '=', await userId('a4@example.com')).execute();
    expect((await tracks(admin)).status).toBe(403);
  });

  it("loses a permission at once when the role's grant is removed", async () => {
    const manager = await t.loggedIn('m1@example.com', ['users']);
    const role = await t.db.insertInto('roles').values({ name: 'music managers' }).returning('id').executeTakeFirstOrThrow();
    const permissions = await t.db.selectFrom('permissions').select('id').where('name', 'in', ['admin.access', 'music.update']).execute();
    await t.db.insertInto('role_permission').values(permissions.map((p) => ({ role_id: role.id, permission_id: p.id }))).execute();
    expect((await tracks(manager)).status).toBe(403);
    await t.db.insertInto('user_role').values({ user_id: await userId('m1@example.com'), role_id: role.id }).execute();
    expect((await tracks(manager)).status).toBe(200);
    await t.db.deleteFrom('role_permission').where('role_id', '=', role.id).execute();
    expect((await tracks(manager)).status).toBe(403);
  });

  it('is refused at once once the account is suspended in another process', async () => {
    const admin = await t.loggedIn('a5@example.com', ['admin']);
    const twin = inOtherProcess(admin);
    expect((await tracks(twin)).status).toBe(200);
    await t.db.updateTable('users').set({ banned_at: new Date().toISOString() }).where('email', '=', 'a5@example.com').execute();
    expect((await tracks(twin)).status).toBe(403);
    expect((await tracks(admin)).status).toBe(403);
  });
});

describe("a guest's permissions kept between requests", () => {
  it('come from tables whose every write raises their version, and follow a grant removed in the database at once', async () => {
    const versioned = await tableVersionsRepository.tablesWithVersionTriggers(t.db);
    for (const table of GUEST_TABLES) expect(versioned, table).toContain(table);
    const guest = createClient(t.app);
    const elsewhere = createClient(other.app);
    // An album that does not exist: 404 for whoever may view music, a refusal for whoever may not.
    const album = (client: TestClient) => client.get('/api/v1/albums/999999').then((response) => response.status);
    expect(await album(guest)).toBe(404);
    expect(await album(elsewhere)).toBe(404);
    const grant = await t.db
      .selectFrom('role_permission')
      .innerJoin('roles', 'roles.id', 'role_permission.role_id')
      .innerJoin('permissions', 'permissions.id', 'role_permission.permission_id')
      .where('roles.guests', '=', 1)
      .where('permissions.name', '=', 'music.view')
      .select(['role_permission.role_id', 'role_permission.permission_id', 'role_permission.restrictions'])
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('role_permission').where('role_id', '=', grant.role_id).where('permission_id', '=', grant.permission_id).execute();
    try {
      expect([401, 403]).toContain(await album(guest));
      expect([401, 403]).toContain(await album(elsewhere));
    } finally {
      await t.db.insertInto('role_permission').values(grant).execute();
    }
    expect(await album(guest)).toBe(404);
  });
});
