import { createTestApp, type TestApp, type TestClient } from '@app/api/testing';
import * as permissionsRepository from '@app/db/permissions/permissions';
import { afterAll, beforeAll, expect, it } from 'vitest';

/**
 * A subscription gives its plan's permissions. A subscription manager (admin.access and
 * subscriptions.update) set their own expired subscription back to active with an end date years
 * away, and so took a paid plan, with its upload quota, for nothing. Under the rule of every path
 * that gives permissions: nobody changes their own subscription, nor one whose plan gives what
 * they do not hold themselves.
 */
let t: TestApp;
let admin: TestClient;
let planId: number;
let serial = 0;

const IN_A_DECADE = new Date(Date.now() + 10 * 365 * 86_400_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('owner@example.com', ['users', 'admin']);
  await permissionsRepository.ensureRole(t.db, { name: 'billing-support', description: 'Subscriptions only.', permissions: ['admin.access', 'subscriptions.update'] });
  const plan = await admin.post('/api/admin/plans', { name: 'Creator', prices: [{ amount: 500, currency: 'USD', interval: 'month', interval_count: 1 }] });
  expect(plan.status).toBe(201);
  planId = (await plan.json()).id;
  expect((await admin.put(`/api/admin/plans/${planId}/permissions`, { permissions: [{ name: 'music.create', restrictions: [{ name: 'count', value: 50 }] }] })).status).toBe(200);
});
afterAll(() => t.close());

async function account(roles: string[]): Promise<{ client: TestClient; id: number }> {
  const client = await t.loggedIn(`account-${++serial}@example.com`, roles);
  return { client, id: (await (await client.get('/api/v1/users/me')).json()).user.id };
}

async function expiredSubscription(userId: number): Promise<number> {
  const row = await t.db.insertInto('subscriptions').values({ user_id: userId, product_id: planId, status: 'expired', ends_at: new Date(Date.now() - 86_400_000).toISOString() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const statusOf = async (id: number) => (await t.db.selectFrom('subscriptions').select(['status', 'ends_at']).where('id', '=', id).executeTakeFirstOrThrow());
const uploadGrantOf = async (client: TestClient) =>
  ((await (await client.get('/api/v1/users/me')).json()).user.permissions as { name: string }[]).find((grant) => grant.name === 'music.create');

it('a subscription manager cannot bring their own subscription back to life, and gets no plan from trying', async () => {
  const support = await account(['users', 'billing-support']);
  const id = await expiredSubscription(support.id);
  const response = await support.client.put(`/api/admin/subscriptions/${id}`, { status: 'active', ends_at: IN_A_DECADE });
  expect(response.status).toBe(422);
  expect((await response.json()).errors).toEqual({ status: "You can't change your own subscription." });
  expect((await statusOf(id)).status).toBe('expired');
  expect(await uploadGrantOf(support.client)).toBeUndefined();
});

it("a subscription manager cannot give someone else a plan whose permissions they don't hold", async () => {
  const support = await account(['users', 'billing-support']);
  const fan = await account(['users']);
  const id = await expiredSubscription(fan.id);
  const response = await support.client.put(`/api/admin/subscriptions/${id}`, { status: 'active', ends_at: IN_A_DECADE });
  expect(response.status).toBe(422);
  expect((await response.json()).errors).toEqual({ status: "You can't change a subscription to a plan that has permissions you don't have yourself." });
  expect((await statusOf(id)).status).toBe('expired');
  expect(await uploadGrantOf(fan.client)).toBeUndefined();
});

it('who holds what the plan gives changes other people’s subscriptions, and not their own', async () => {
  const fan = await account(['users']);
  const id = await expiredSubscription(fan.id);
  const response = await admin.put(`/api/admin/subscriptions/${id}`, { status: 'active', ends_at: IN_A_DECADE });
  expect(response.status).toBe(200);
  expect(await statusOf(id)).toMatchObject({ status: 'active' });
  expect(await uploadGrantOf(fan.client)).toMatchObject({ name: 'music.create' });

  const adminId = (await (await admin.get('/api/v1/users/me')).json()).user.id;
  const own = await expiredSubscription(adminId);
  expect((await admin.put(`/api/admin/subscriptions/${own}`, { status: 'active', ends_at: IN_A_DECADE })).status).toBe(422);
});
