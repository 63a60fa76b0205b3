import { createTestApp, type TestApp, type TestClient } from '@app/api/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/**
 * Plans grant permissions with restrictions to the users whose subscription to them counts
 * (active, trialing or past due and not ended, or cancelled until the end of the period paid for),
 * as the user sees them in GET users/me and as the API enforces them.
 */

let t: TestApp;
let admin: TestClient;
let fan: TestClient;
let fanId: number;
let planId: number;

const HOUR = 60 * 60 * 1000;
const inAnHour = () => new Date(Date.now() + HOUR).toISOString();
const anHourAgo = () => new Date(Date.now() - HOUR).toISOString();
const creatorGrants = [{ name: 'music.create', restrictions: [{ name: 'count', value: 50 }] }];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin@example.com', ['admin']);
  fan = await t.loggedIn('fan@example.com', ['users']);
  fanId = (await (await fan.get('/api/v1/users/me')).json()).user.id;
  const created = await admin.post('/api/admin/plans', { name: 'Creator', prices: [{ amount: 500, currency: 'USD', interval: 'month', interval_count: 1 }] });
  expect(created.status).toBe(201);
  planId = (await created.json()).id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('subscriptions').execute();
});

async function me(client: TestClient) {
  const response = await client.get('/api/v1/users/me');
  expect(response.status).toBe(200);
  return (await response.json()).user as { permissions: { name: string; restrictions: { name: string; value: number | null }[] }[]; subscriptions: { product_id: number; valid: boolean; active: boolean; on_grace_period: boolean }[] };
}

const uploadGrant = async (client: TestClient) => (await me(client)).permissions.find((p) => p.name === 'music.create');

/** Subscriptions come from checkout, which writes them like this. */
async function subscribe(values: { status: 'active' | 'trialing' | 'past_due' | 'cancelled' | 'expired'; ends_at?: string | null; cancelled_at?: string | null }) {
  const { id } = await t.db.insertInto('subscriptions').values({ user_id: fanId, product_id: planId, renews_at: inAnHour(), ...values }).returning('id').executeTakeFirstOrThrow();
  return id;
}

describe('what a plan grants', () => {
  it('is edited in the back office and read back', async () => {
    const saved = await admin.put(`/api/admin/plans/${planId}/permissions`, { permissions: creatorGrants });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ permissions: creatorGrants });
    expect(await (await admin.get(`/api/admin/plans/${planId}/permissions`)).json()).toEqual({ permissions: creatorGrants });
  });

  it('reaches a subscriber with its restriction, in users/me and in what the API lets them do', async () => {
    expect(await uploadGrant(fan)).toBeUndefined();
    expect((await me(fan)).subscriptions).toEqual([]);
    // Lacking music.create, the upload quota is refused.
    expect((await fan.get('/api/v1/backstage/uploads/quota')).status).toBe(403);

    await subscribe({ status: 'active' });
    expect(await uploadGrant(fan)).toEqual(creatorGrants[0]);
    expect((await me(fan)).subscriptions).toMatchObject([{ product_id: planId, status: 'active', valid: true, active: true, on_grace_period: false }]);
    expect(await (await fan.get('/api/v1/backstage/uploads/quota')).json()).toEqual({ limit: 50, used: 0, remaining: 50 });
  });

  it('keeps counting while trialing, past due, or cancelled until the period paid for ends', async () => {
    for (const values of [{ status: 'trialing' }, { status: 'past_due' }, { status: 'active', ends_at: inAnHour(), cancelled_at: anHourAgo() }, { status: 'cancelled', ends_at: inAnHour(), cancelled_at: anHourAgo() }] as const) {
      const id = await subscribe(values);
      expect(await uploadGrant(fan), JSON.stringify(values)).toEqual(creatorGrants[0]);
      await t.db.deleteFrom('subscriptions').where('id', '=', id).execute();
    }
  });

  it('is lost when the subscription ends, expires, or is cancelled and past its period', async () => {
    for (const values of [{ status: 'active', ends_at: anHourAgo() }, { status: 'expired' }, { status: 'cancelled', ends_at: anHourAgo(), cancelled_at: anHourAgo() }, { status: 'cancelled' }] as const) {
      const id = await subscribe(values);
      expect(await uploadGrant(fan), JSON.stringify(values)).toBeUndefined();
      expect((await me(fan)).subscriptions.map((s) => s.valid)).toEqual([false]);
      await t.db.deleteFrom('subscriptions').where('id', '=', id).execute();
    }
  });

  it('follows a cancellation made in the back office', async () => {
    const id = await subscribe({ status: 'active' });
    expect(await uploadGrant(fan)).toBeDefined();
    // Cancelled, still paid for an hour: kept.
    expect((await admin.put(`/api/admin/subscriptions/${id}`, { status: 'cancelled', ends_at: inAnHour() })).status).toBe(200);
    expect((await me(fan)).subscriptions).toMatchObject([{ valid: true, active: false, on_grace_period: true }]);
    // Moved to an end in the past: gone at once.
    expect((await admin.put(`/api/admin/subscriptions/${id}`, { status: 'cancelled', ends_at: anHourAgo() })).status).toBe(200);
    expect(await uploadGrant(fan)).toBeUndefined();
    expect((await fan.get('/api/v1/backstage/uploads/quota')).status).toBe(403);
  });

  it('applies to API tokens as well as sessions', async () => {
    await subscribe({ status: 'active' });
    // A plan granting API access lets its subscriber use a token.
    expect((await admin.put(`/api/admin/plans/${planId}/permissions`, { permissions: [...creatorGrants, { name: 'api.access', restrictions: [] }] })).status).toBe(200);
    expect((await fan.post('/auth/user/confirm-password', { password: 'password123' })).status).toBe(200);
    const created = await fan.post('/api/v1/access-tokens', { tokenName: 'cli' });
    expect(created.status).toBe(200);
    const token = (await created.json()).plainTextToken as string;
    const viaToken = await t.client().get('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(viaToken.status).toBe(200);
    expect((await viaToken.json()).user.permissions).toEqual(expect.arrayContaining([creatorGrants[0]]));
    await t.db.updateTable('subscriptions').set({ status: 'expired' }).execute();
    expect((await t.client().get('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(403);
    expect((await admin.put(`/api/admin/plans/${planId}/permissions`, { permissions: creatorGrants })).status).toBe(200);
  });
});

describe('editing what a plan grants', () => {
  it('refuses back-office permissions, unknown names and restrictions, and unknown plans', async () => {
    for (const name of ['admin', 'admin.access', 'users.update', 'logs.view']) {
      const refused = await admin.put(`/api/admin/plans/${planId}/permissions`, { permissions: [{ name, restrictions: [] }] });
      expect(refused.status, name).toBe(422);
      expect((await refused.json()).errors['permissions.0'], name).toMatch("Plans can't grant");
    }
    const unknown = await admin.put(`/api/admin/plans/${planId}/permissions`, { permissions: [{ name: 'music.view', restrictions: [{ name: 'count', value: 1 }] }, { name: 'nope', restrictions: [] }] });
    expect(unknown.status).toBe(422);
    expect(Object.keys((await unknown.json()).errors)).toEqual(['permissions.0', 'permissions.1']);
    expect((await admin.put('/api/admin/plans/999999/permissions', { permissions: [] })).status).toBe(404);
    expect((await admin.get('/api/admin/plans/999999/permissions')).status).toBe(404);
    expect((await admin.put(`/api/admin/plans/${planId}/permissions`, { permissions: 'all' })).status).toBe(422);
    expect(await (await admin.get(`/api/admin/plans/${planId}/permissions`)).json()).toEqual({ permissions: creatorGrants });
  });

  it('needs plans.update, and only hands out what the editor holds', async () => {
    expect((await fan.get(`/api/admin/plans/${planId}/permissions`)).status).toBe(403);
    expect((await fan.put(`/api/admin/plans/${planId}/permissions`, { permissions: [] })).status).toBe(403);
    expect((await t.client().get(`/api/admin/plans/${planId}/permissions`)).status).toBe(401);

    // A plan manager who is not an admin reads the catalogue and may grant what they have.
    const role = await t.db.insertInto('roles').values({ name: 'plan managers' }).returning('id').executeTakeFirstOrThrow();
    const permissionIds = await t.db.selectFrom('permissions').select(['id', 'name']).where('name', 'in', ['admin.access', 'plans.update', 'music.view']).execute();
    await t.db.insertInto('role_permission').values(permissionIds.map((p) => ({ role_id: role.id, permission_id: p.id }))).execute();
    const manager = await t.loggedIn('plans@example.com', ['plan managers']);
    const catalog = await manager.get('/api/admin/permissions');
    expect(catalog.status).toBe(200);
    // The plan form leaves out what the API would refuse.
    const backOffice = ((await catalog.json()) as { name: string; back_office: boolean }[]).filter((p) => p.back_office).map((p) => p.name);
    expect(backOffice).toEqual(expect.arrayContaining(['admin', 'admin.access', 'users.update', 'logs.view']));
    expect(backOffice).not.toContain('music.create');
    // They do not take away what they lack either; kept as it is, it does not stop them adding what they have.
    const taken = await manager.put(`/api/admin/plans/${planId}/permissions`, { permissions: [{ name: 'music.view', restrictions: [] }] });
    expect(taken.status).toBe(422);
    expect((await taken.json()).errors.permissions).toMatch("you don't have it yourself");
    expect((await manager.put(`/api/admin/plans/${planId}/permissions`, { permissions: [...creatorGrants, { name: 'music.view', restrictions: [] }] })).status).toBe(200);
    expect((await admin.put(`/api/admin/plans/${planId}/permissions`, { permissions: [] })).status).toBe(200);
    const refused = await manager.put(`/api/admin/plans/${planId}/permissions`, { permissions: creatorGrants });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors['permissions.0']).toMatch("you don't have it yourself");
  });

  it('goes with the plan when it is deleted', async () => {
    const created = await admin.post('/api/admin/plans', { name: 'Short-lived', prices: [{ amount: 100, currency: 'USD', interval: 'month', interval_count: 1 }] });
    const { id } = await created.json();
    expect((await admin.put(`/api/admin/plans/${id}/permissions`, { permissions: creatorGrants })).status).toBe(200);
    expect((await admin.delete(`/api/admin/plans/${id}`)).status).toBe(200);
    expect(await t.db.selectFrom('product_permission').selectAll().where('product_id', '=', id).execute()).toEqual([]);
  });
});
