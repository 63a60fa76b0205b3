import { createTestApp, type TestApp, type TestClient } from '@app/api/testing';
import * as permissionsRepository from '@app/db/permissions/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A user manager (admin.access and users.update, nothing else) gave themselves the admin role with
 * PUT /api/admin/users/{their id} {"role_ids":[…]}, then put their own HTML on every page through
 * the appearance editor. A direct grant was refused ("You can't grant …"), giving a role was not.
 * The rule on every path that gives or takes roles and permissions: nobody hands out or takes away
 * more than they hold, nobody changes their own roles, and nobody changes a user who holds more
 * than they do.
 */

type Actor = 'everything' | 'users.update' | 'roles.update';
const ACTORS: Actor[] = ['everything', 'users.update', 'roles.update'];
/** Every registered account has the default `users` role; the managers have their role on top. */
const ROLES_OF: Record<Actor, string[]> = { everything: ['users', 'admin'], 'users.update': ['users', 'user-managers'], 'roles.update': ['users', 'role-managers'] };

let t: TestApp;
let adminRoleId: number;
let usersRoleId: number;
let planId: number;
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}`;

beforeAll(async () => {
  t = await createTestApp();
  await permissionsRepository.ensureRole(t.db, { name: 'user-managers', description: 'Users only.', permissions: ['admin.access', 'users.update'] });
  await permissionsRepository.ensureRole(t.db, { name: 'role-managers', description: 'Roles only.', permissions: ['admin.access', 'roles.update'] });
  adminRoleId = (await permissionsRepository.findRoleByName(t.db, 'admin'))!.id;
  usersRoleId = (await permissionsRepository.findRoleByName(t.db, 'users'))!.id;
  const admin = await t.loggedIn('owner@example.com', ['users', 'admin']);
  const plan = await admin.post('/api/admin/plans', { name: 'Creator', free: true, prices: [] });
  expect(plan.status).toBe(201);
  planId = (await plan.json()).id;
});
afterAll(() => t.close());

/** A fresh account of this kind, logged in, so no case sees what another changed. */
async function actor(kind: Actor): Promise<{ client: TestClient; id: number }> {
  const email = `${unique(kind.replace('.', '-'))}@example.com`;
  const client = await t.loggedIn(email, ROLES_OF[kind]);
  return { client, id: (await (await client.get('/api/v1/users/me')).json()).user.id };
}

const newUser = async (roles: string[] = ['users']) => (await t.createUser(`${unique('target')}@example.com`, roles)).id;
const newRole = async (permissions: string[]) => permissionsRepository.ensureRole(t.db, { name: unique('role'), description: 'A role of the test.', permissions });
const roleIdsOf = async (userId: number) => (await t.db.selectFrom('user_role').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute()).map((r) => r.role_id);
const request = async (userId: number) =>
  (await t.db.insertInto('backstage_requests').values({ user_id: userId, artist_name: unique('Band'), proof_url: 'https://social.example/band' }).returning('id').executeTakeFirstOrThrow()).id;

interface Case {
  name: string;
  /** The call, made by `me` after its fixtures are set up. */
  call(me: { client: TestClient; id: number }): Promise<Response>;
  expected: Record<Actor, number>;
}

const CASES: Case[] = [
  {
    name: 'POST /users with the admin role',
    call: ({ client }) => client.post('/api/admin/users', { email: `${unique('new')}@example.com`, password: 'password123', role_ids: [usersRoleId, adminRoleId] }),
    expected: { everything: 201, 'users.update': 422, 'roles.update': 403 },
  },
  {
    name: 'POST /users with the users role (which a user manager holds)',
    call: ({ client }) => client.post('/api/admin/users', { email: `${unique('new')}@example.com`, password: 'password123', role_ids: [usersRoleId] }),
    expected: { everything: 201, 'users.update': 201, 'roles.update': 403 },
  },
  {
    name: 'PUT /users/{own id} adding the admin role and another',
    call: async ({ client, id }) => client.put(`/api/admin/users/${id}`, { role_ids: [...new Set([...(await roleIdsOf(id)), adminRoleId, await newRole(['music.view'])])] }),
    expected: { everything: 422, 'users.update': 422, 'roles.update': 403 },
  },
  {
    name: 'PUT /users/{own id} dropping one of their roles',
    call: async ({ client, id }) => client.put(`/api/admin/users/${id}`, { role_ids: (await roleIdsOf(id)).filter((roleId) => roleId !== usersRoleId) }),
    expected: { everything: 422, 'users.update': 422, 'roles.update': 403 },
  },
  {
    name: 'PUT /users/{own id} with their roles as they are (the edit form sends them back)',
    call: async ({ client, id }) => client.put(`/api/admin/users/${id}`, { name: 'Me', role_ids: await roleIdsOf(id) }),
    expected: { everything: 200, 'users.update': 200, 'roles.update': 403 },
  },
  {
    name: 'PUT /users/{other} adding the admin role',
    call: async ({ client }) => client.put(`/api/admin/users/${await newUser()}`, { role_ids: [usersRoleId, adminRoleId] }),
    expected: { everything: 200, 'users.update': 422, 'roles.update': 403 },
  },
  {
    name: "PUT /users/{an admin} stripping their roles",
    call: async ({ client }) => client.put(`/api/admin/users/${await newUser(['users', 'admin'])}`, { role_ids: [usersRoleId] }),
    expected: { everything: 200, 'users.update': 403, 'roles.update': 403 },
  },
  {
    name: "PUT /users/{an admin} changing their password and email",
    call: async ({ client }) => client.put(`/api/admin/users/${await newUser(['users', 'admin'])}`, { email: `${unique('taken')}@example.com`, password: 'new-password-1' }),
    expected: { everything: 200, 'users.update': 403, 'roles.update': 403 },
  },
  {
    name: 'DELETE /users/{an admin} (what the bulk delete sends for each row)',
    call: async ({ client }) => client.delete(`/api/admin/users/${await newUser(['users', 'admin'])}`),
    expected: { everything: 200, 'users.update': 403, 'roles.update': 403 },
  },
  {
    name: 'POST /users/{an admin}/suspend',
    call: async ({ client }) => client.post(`/api/admin/users/${await newUser(['users', 'admin'])}/suspend`),
    expected: { everything: 200, 'users.update': 403, 'roles.update': 403 },
  },
  {
    name: 'POST /users/{an admin}/two-factor/reset',
    call: async ({ client }) => client.post(`/api/admin/users/${await newUser(['users', 'admin'])}/two-factor/reset`),
    expected: { everything: 200, 'users.update': 403, 'roles.update': 403 },
  },
  {
    name: 'DELETE /users/{an admin}/sessions',
    call: async ({ client }) => client.delete(`/api/admin/users/${await newUser(['users', 'admin'])}/sessions`),
    expected: { everything: 200, 'users.update': 403, 'roles.update': 403 },
  },
  {
    name: 'PUT /users/{an admin}/permissions',
    call: async ({ client }) => client.put(`/api/admin/users/${await newUser(['users', 'admin'])}/permissions`, { permissions: [{ name: 'admin.access' }] }),
    expected: { everything: 200, 'users.update': 403, 'roles.update': 403 },
  },
  {
    name: 'PUT /users/{other}/permissions granting appearance.update',
    call: async ({ client }) => client.put(`/api/admin/users/${await newUser()}/permissions`, { permissions: [{ name: 'appearance.update' }] }),
    expected: { everything: 200, 'users.update': 422, 'roles.update': 403 },
  },
  {
    name: 'PUT /users/{own id}/permissions granting themselves what they hold',
    call: ({ client, id }) => client.put(`/api/admin/users/${id}/permissions`, { permissions: [{ name: 'admin.access' }] }),
    expected: { everything: 422, 'users.update': 422, 'roles.update': 403 },
  },
  {
    name: 'PUT /roles/{a role they hold}/permissions adding appearance.update',
    call: async ({ client, id }) => {
      const roleId = await newRole(['music.view']);
      await t.db.insertInto('user_role').values({ user_id: id, role_id: roleId }).execute();
      return client.put(`/api/admin/roles/${roleId}/permissions`, { permissions: [{ name: 'music.view' }, { name: 'appearance.update' }] });
    },
    expected: { everything: 200, 'users.update': 403, 'roles.update': 422 },
  },
  {
    name: 'PUT /roles/{an admin role}/permissions taking admin away',
    call: async ({ client }) => client.put(`/api/admin/roles/${await newRole(['admin'])}/permissions`, { permissions: [{ name: 'admin.access' }] }),
    expected: { everything: 200, 'users.update': 403, 'roles.update': 422 },
  },
  {
    name: 'PUT /roles/{a role with appearance.update} making it every new account’s',
    call: async ({ client }) => client.put(`/api/admin/roles/${await newRole(['admin.access', 'appearance.update'])}`, { default: true }),
    expected: { everything: 200, 'users.update': 403, 'roles.update': 422 },
  },
  {
    name: 'DELETE /roles/{an admin role}',
    call: async ({ client }) => client.delete(`/api/admin/roles/${await newRole(['admin'])}`),
    expected: { everything: 200, 'users.update': 403, 'roles.update': 422 },
  },
  {
    name: 'PUT /plans/{id}/permissions',
    call: ({ client }) => client.put(`/api/admin/plans/${planId}/permissions`, { permissions: [{ name: 'music.create', restrictions: [{ name: 'count', value: 20 }] }] }),
    expected: { everything: 200, 'users.update': 403, 'roles.update': 403 },
  },
  {
    name: 'POST /backstage-requests/{id}/approve (gives the artists role, with music.create)',
    call: async ({ client }) => client.post(`/api/admin/backstage-requests/${await request(await newUser())}/approve`),
    expected: { everything: 200, 'users.update': 422, 'roles.update': 403 },
  },
  {
    name: 'POST /backstage-requests/{their own}/approve',
    call: async ({ client, id }) => client.post(`/api/admin/backstage-requests/${await request(id)}/approve`),
    expected: { everything: 422, 'users.update': 422, 'roles.update': 403 },
  },
];

describe.each(ACTORS)('as the holder of %s', (kind) => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, { call, expected }) => {
    const response = await call(await actor(kind));
    expect(response.status, await response.clone().text()).toBe(expected[kind]);
  });
});

describe('what the refusals say and leave', () => {
  it('a user manager who makes themselves admin is refused, keeps their roles, and still cannot change the look', async () => {
    const { client, id } = await actor('users.update');
    const before = await roleIdsOf(id);
    const response = await client.put(`/api/admin/users/${id}`, { role_ids: [adminRoleId] });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({ role_ids: "You can't change your own roles." });
    expect(await roleIdsOf(id)).toEqual(before);
    expect((await client.put('/api/admin/appearance', { values: { 'custom_code.html': '<script>steal()</script>' } })).status).toBe(403);
  });

  it('giving someone else a role with more than one holds names the rule; the user keeps their roles', async () => {
    const { client } = await actor('users.update');
    const target = await newUser();
    const response = await client.put(`/api/admin/users/${target}`, { role_ids: [usersRoleId, adminRoleId] });
    expect(await response.json()).toMatchObject({ errors: { role_ids: "You can't give or take away a role that has permissions you don't have yourself." } });
    expect(await roleIdsOf(target)).toEqual([usersRoleId]);
  });

  it('a user manager cannot touch an admin, and is told why', async () => {
    const { client } = await actor('users.update');
    const response = await client.put(`/api/admin/users/${await newUser(['users', 'admin'])}`, { password: 'new-password-1' });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe("You can't change a user who has permissions you don't have yourself.");
  });

  it('a role manager cannot take admin away from the admin role', async () => {
    const { client } = await actor('roles.update');
    const response = await client.put(`/api/admin/roles/${adminRoleId}/permissions`, { permissions: [] });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({ permissions: `You can't take away "admin" because you don't have it yourself.` });
    expect(await (await (await actor('everything')).client.get(`/api/admin/roles/${adminRoleId}/permissions`)).json()).toEqual({ permissions: [{ name: 'admin', restrictions: [] }] });
  });

  it('nobody raises a limit above their own, on a role they hold or anyone else', async () => {
    const { client, id } = await actor('roles.update');
    const roleId = await permissionsRepository.ensureRole(t.db, { name: unique('limited'), description: 'Five uploads.', permissions: ['admin.access', 'roles.update', { name: 'music.create', restrictions: [{ name: 'count', value: 5 }] }] });
    await t.db.insertInto('user_role').values({ user_id: id, role_id: roleId }).execute();
    const grants = (count: number | null) => ({ permissions: [{ name: 'admin.access' }, { name: 'roles.update' }, { name: 'music.create', restrictions: count === null ? [] : [{ name: 'count', value: count }] }] });
    for (const count of [6, null]) {
      const response = await client.put(`/api/admin/roles/${roleId}/permissions`, grants(count));
      expect(response.status).toBe(422);
      expect((await response.json()).errors).toEqual({ 'permissions.2': `You can't grant "music.create" with a higher limit than your own.` });
    }
    expect((await client.put(`/api/admin/roles/${roleId}/permissions`, grants(3))).status).toBe(200);
  });

  it('a reviewer who is an artist already cannot approve or deny their own claim of another artist', async () => {
    const { client, id } = await actor('everything');
    const artistsRole = (await permissionsRepository.findRoleByName(t.db, 'artists')) ?? { id: await permissionsRepository.ensureRole(t.db, { name: 'artists', description: 'Artists.', permissions: ['music.create'] }) };
    await t.db.insertInto('user_role').values({ user_id: id, role_id: artistsRole.id }).execute();
    const claim = await request(id);
    for (const decision of ['approve', 'deny']) {
      const response = await client.post(`/api/admin/backstage-requests/${claim}/${decision}`);
      expect(response.status).toBe(422);
      expect((await response.json()).message).toBe("You can't review your own request.");
    }
    expect(await t.db.selectFrom('backstage_requests').select('status').where('id', '=', claim).executeTakeFirstOrThrow()).toEqual({ status: 'pending' });
    expect(await t.db.selectFrom('artist_user').select('artist_id').where('user_id', '=', id).execute()).toEqual([]);
  });

  it('a role a user already has may stay when someone edits them who does not hold all of it', async () => {
    const artist = await newUser(['users']);
    const artistsRole = await newRole(['music.view', 'music.create']);
    await t.db.insertInto('user_role').values({ user_id: artist, role_id: artistsRole }).execute();
    const { client } = await actor('users.update');
    expect((await client.put(`/api/admin/users/${artist}`, { name: 'Renamed', role_ids: [usersRoleId, artistsRole] })).status).toBe(200);
    expect((await client.put(`/api/admin/users/${artist}`, { role_ids: [usersRoleId] })).status).toBe(422);
  });
});
