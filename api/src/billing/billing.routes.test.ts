import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../testing.ts';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin@example.com', ['admin']);
  const plans = [
    { name: 'Premium', position: 2, feature_list: ['No ads', 'Offline listening'], recommended: true, prices: [{ amount: 999, currency: 'USD', interval: 'month', interval_count: 1 }, { amount: 9990, currency: 'usd', interval: 'year', interval_count: 1 }] },
    { name: 'Free', position: 1, free: true, feature_list: ['Ads between tracks'], prices: [] },
    { name: 'Staff only', position: 0, hidden: true, prices: [{ amount: 100, currency: 'EUR', interval: 'day', interval_count: 7 }] },
  ];
  for (const plan of plans) expect((await admin.post('/api/admin/plans', plan)).status).toBe(201);
});
afterAll(() => t.close());

describe('GET billing/products', () => {
  it('shows visitors the plans that are not hidden, in order, with their prices', async () => {
    const response = await t.client().get('/api/v1/billing/products');
    expect(response.status).toBe(200);
    const { pagination } = await response.json();
    expect(pagination.data.map((p: { name: string }) => p.name)).toEqual(['Free', 'Premium']);
    const [free, premium] = pagination.data;
    expect(free).toMatchObject({ free: true, recommended: false, feature_list: ['Ads between tracks'], prices: [] });
    expect(premium).toMatchObject({
      free: false,
      recommended: true,
      feature_list: ['No ads', 'Offline listening'],
      prices: [
        { amount: 999, currency: 'USD', interval: 'month', interval_count: 1 },
        { amount: 9990, currency: 'USD', interval: 'year', interval_count: 1 },
      ],
    });
    expect(JSON.stringify(pagination)).not.toContain('Staff only');
  });

  it('drops a plan from the list once it is hidden, and logged-in users see the same list', async () => {
    const { id } = await t.db.selectFrom('products').select('id').where('name', '=', 'Premium').executeTakeFirstOrThrow();
    expect((await admin.put(`/api/admin/plans/${id}`, { hidden: true })).status).toBe(200);
    const listener = await t.loggedIn('listener@example.com');
    const { pagination } = await (await listener.get('/api/v1/billing/products')).json();
    expect(pagination.data.map((p: { name: string }) => p.name)).toEqual(['Free']);
  });
});
