import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as permissionsRepository from '@app/db/permissions/permissions';
import { createTestApp, type TestApp, type TestClient } from '../testing.ts';

let t: TestApp;
let admin: TestClient;
let user: TestClient;
let targetId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin@example.com', ['admin']);
  user = await t.loggedIn('listener@example.com', ['users']);
  targetId = (await t.createUser('target@example.com', ['users'])).id;
});
afterAll(() => t.close());

const idOf = async (email: string) => (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

describe('who may call the user and role endpoints', () => {
  it('guests get 401, users 403, admins succeed', async () => {
    const roleId = (await permissionsRepository.findRoleByName(t.db, 'users'))!.id;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/permissions'],
      ['GET', `/api/admin/roles/${roleId}/permissions`],
      ['PUT', `/api/admin/roles/${roleId}/permissions`, { permissions: [{ name: 'music.view' }, { name: 'backstageRequests.create' }] }],
      ['GET', `/api/admin/users/${targetId}/permissions`],
      ['PUT', `/api/admin/users/${targetId}/permissions`, { permissions: [] }],
      ['GET', `/api/admin/users/${targetId}/sessions`],
      ['DELETE', `/api/admin/users/${targetId}/sessions`],
      ['GET', `/api/admin/users/${targetId}/tokens`],
      ['POST', `/api/admin/users/${targetId}/two-factor/reset`],
      ['POST', `/api/admin/users/${targetId}/suspend`],
      ['POST', `/api/admin/users/${targetId}/unsuspend`],
    ];
    for (const [method, url, body] of calls) {
      expect((await t.client().request(method, url, body)).status, `${method} ${url} as guest`).toBe(401);
      expect((await user.request(method, url, body)).status, `${method} ${url} as user`).toBe(403);
      expect((await admin.request(method, url, body)).status, `${method} ${url} as admin`).toBe(200);
    }
  });

  it('answers unknown users and roles with 404 and bad ids with 422, never 500', async () => {
    expect((await admin.get('/api/admin/users/999999/sessions')).status).toBe(404);
    expect((await admin.post('/api/admin/users/999999/suspend')).status).toBe(404);
    expect((await admin.get('/api/admin/roles/999999/permissions')).status).toBe(404);
    expect((await admin.get('/api/admin/users/abc/sessions')).status).toBe(422);
    expect((await admin.put('/api/admin/users/abc/permissions', { permissions: [] })).status).toBe(422);
    expect((await admin.request('DELETE', `/api/admin/users/${targetId}/sessions/not-a-session`)).status).toBe(422);
    expect((await admin.request('DELETE', `/api/admin/users/${targetId}/tokens/123456`)).status).toBe(404);
  });
});

describe('suspending', () => {
  it('sets banned_at, locks the user out of the API, and unsuspending lets them back', async () => {
    const suspended = await t.loggedIn('suspended@example.com', ['users']);
    const id = await idOf('suspended@example.com');
    expect((await suspended.get('/api/v1/genres')).status).toBe(200);

    const response = await admin.post(`/api/admin/users/${id}/suspend`);
    expect(response.status).toBe(200);
    expect((await response.json()).banned_at).toMatch(/^\d{4}-/);
    expect((await suspended.get('/api/v1/genres')).status).toBe(403);
    // Their session stays, so the site can show them the suspended screen.
    const me = await (await suspended.get('/api/v1/users/me')).json();
    expect(me.user.banned_at).toBeTruthy();

    expect((await admin.post(`/api/admin/users/${id}/unsuspend`)).status).toBe(200);
    expect((await suspended.get('/api/v1/genres')).status).toBe(200);
  });

  it('an admin cannot suspend themselves', async () => {
    const response = await admin.post(`/api/admin/users/${await idOf('admin@example.com')}/suspend`);
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe("You can't suspend your own account.");
  });
});

describe('sessions, two-factor and tokens', () => {
  it('lists sessions without their secret and ends one or all', async () => {
    const first = await t.loggedIn('sessions@example.com', ['users']);
    const second = t.client();
    await second.post('/auth/login', { email: 'sessions@example.com', password: 'password123' });
    const id = await idOf('sessions@example.com');
    const sessions = await (await admin.get(`/api/admin/users/${id}/sessions`)).json();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ is_current_device: false });
    expect(Object.keys(sessions[0])).not.toContain('user_agent');

    expect((await admin.request('DELETE', `/api/admin/users/${id}/sessions/${sessions[0].id}`)).status).toBe(200);
    expect((await admin.get(`/api/admin/users/${id}/sessions`).then((r) => r.json())).length).toBe(1);
    expect((await admin.request('DELETE', `/api/admin/users/${id}/sessions`)).status).toBe(200);
    expect(await admin.get(`/api/admin/users/${id}/sessions`).then((r) => r.json())).toEqual([]);
    expect((await first.get('/api/admin/users').then((r) => r.status))).toBe(401);
  });

  it('resets two-factor authentication', async () => {
    await t.db.updateTable('users').set({ two_factor_secret: 'SECRET', two_factor_confirmed_at: new Date().toISOString(), two_factor_recovery_codes: '[]' }).where('id', '=', targetId).execute();
    const response = await admin.post(`/api/admin/users/${targetId}/two-factor/reset`);
    expect(await response.json()).toMatchObject({ two_factor_confirmed_at: null });
    const row = await t.db.selectFrom('users').select(['two_factor_secret', 'two_factor_recovery_codes']).where('id', '=', targetId).executeTakeFirstOrThrow();
    expect(row).toEqual({ two_factor_secret: null, two_factor_recovery_codes: null });
  });

  it('lists API tokens without secrets and revokes one', async () => {
    const { id } = await t.db.insertInto('access_tokens').values({ user_id: targetId, name: 'CI', token_hash: 'x'.repeat(64) }).returning('id').executeTakeFirstOrThrow();
    const tokens = await (await admin.get(`/api/admin/users/${targetId}/tokens`)).json();
    expect(tokens).toEqual([{ id, name: 'CI', last_used_at: null, created_at: expect.any(String) }]);
    expect((await admin.request('DELETE', `/api/admin/users/${targetId}/tokens/${id}`)).status).toBe(200);
    expect(await (await admin.get(`/api/admin/users/${targetId}/tokens`)).json()).toEqual([]);
  });
});

describe('permission editors', () => {
  it('lists the catalogue with restrictions', async () => {
    const catalog = await (await admin.get('/api/admin/permissions')).json();
    expect(catalog.find((p: { name: string }) => p.name === 'music.create').restrictions).toEqual([{ name: 'count', description: expect.any(String) }]);
  });

  it('replaces a role’s permissions with restrictions, and the users of the role get them at once', async () => {
    const member = await t.loggedIn('member@example.com', ['users']);
    const roleId = (await permissionsRepository.findRoleByName(t.db, 'users'))!.id;
    const response = await admin.put(`/api/admin/roles/${roleId}/permissions`, { permissions: [{ name: 'music.create', restrictions: [{ name: 'count', value: 5 }] }] });
    expect(response.status).toBe(200);
    expect((await response.json()).permissions).toEqual([{ name: 'music.create', restrictions: [{ name: 'count', value: 5 }] }]);
    // music.view is gone from the users role: the catalogue is closed to its members.
    expect((await member.get('/api/v1/genres')).status).toBe(403);
    await admin.put(`/api/admin/roles/${roleId}/permissions`, { permissions: [{ name: 'music.view' }, { name: 'backstageRequests.create' }] });
    expect((await member.get('/api/v1/genres')).status).toBe(200);
  });

  it('refuses unknown permissions and restrictions, duplicates, and admin rights for visitors', async () => {
    const roleId = (await permissionsRepository.findRoleByName(t.db, 'users'))!.id;
    const guestsId = (await permissionsRepository.findRoleByName(t.db, 'guests'))!.id;
    const bad = await admin.put(`/api/admin/roles/${roleId}/permissions`, {
      permissions: [{ name: 'no.such' }, { name: 'music.view', restrictions: [{ name: 'count', value: 1 }] }, { name: 'music.create' }, { name: 'music.create' }],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).errors)).toEqual(['permissions.0', 'permissions.1', 'permissions.3']);
    const guests = await admin.put(`/api/admin/roles/${guestsId}/permissions`, { permissions: [{ name: 'admin.access' }] });
    expect(guests.status).toBe(422);
    expect((await admin.put(`/api/admin/roles/${roleId}/permissions`, { permissions: [{ name: 'music.view', restrictions: [{ name: 'count', value: -1 }] }] })).status).toBe(422);
    expect((await admin.put(`/api/admin/roles/${roleId}/permissions`, { permissions: 'all' })).status).toBe(422);
  });

  it('nobody grants a permission they lack: a user manager cannot make someone super admin', async () => {
    const role = await (await admin.post('/api/admin/roles', { name: 'managers' })).json();
    await admin.put(`/api/admin/roles/${role.id}/permissions`, { permissions: [{ name: 'admin.access' }, { name: 'users.update' }] });
    const manager = await t.loggedIn('manager@example.com', []);
    await t.db.insertInto('user_role').values({ user_id: await idOf('manager@example.com'), role_id: role.id }).execute();
    const response = await manager.put(`/api/admin/users/${targetId}/permissions`, { permissions: [{ name: 'admin' }] });
    expect(response.status).toBe(422);
    expect((await response.json()).errors['permissions.0']).toBe(`You can't grant "admin" because you don't have it yourself.`);
    expect((await manager.put(`/api/admin/users/${targetId}/permissions`, { permissions: [{ name: 'users.update' }] })).status).toBe(200);
  });

  it('a direct grant replaces what the roles give, restrictions included', async () => {
    const response = await admin.put(`/api/admin/users/${targetId}/permissions`, { permissions: [{ name: 'music.create', restrictions: [{ name: 'count', value: 2 }] }] });
    const body = await response.json();
    expect(body.permissions).toEqual([{ name: 'music.create', restrictions: [{ name: 'count', value: 2 }] }]);
    expect(body.effective).toContainEqual({ name: 'music.create', restrictions: [{ name: 'count', value: 2 }] });
    expect(body.effective.map((p: { name: string }) => p.name)).toContain('music.view');
  });
});
