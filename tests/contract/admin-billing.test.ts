import { createTestApp, type TestApp } from '@app/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerOf, refusal, type Provider } from '../support/admin-provider.ts';

/**
 * The billing sections of the back office (plans with their prices, subscriptions), driven
 * through the same data provider the back office uses, against the real API on a real database.
 */

let t: TestApp;
let admin: Provider;
let listener: Provider;
let guest: Provider;
let listenerId: number;

const monthly = { amount: 999, currency: 'USD', interval: 'month', interval_count: 1 };
const yearly = { amount: 9990, currency: 'USD', interval: 'year', interval_count: 1 };

beforeAll(async () => {
  t = await createTestApp();
  const adminClient = await t.loggedIn('admin@example.com', ['admin']);
  const listenerClient = await t.loggedIn('listener@example.com', ['users']);
  listenerId = (await (await listenerClient.get('/api/v1/users/me')).json()).user.id;
  admin = providerOf(adminClient);
  listener = providerOf(listenerClient);
  guest = providerOf(t.client());
  for (const [name, position, hidden] of [['Basic', 1, false], ['Family', 3, true], ['Student', 2, false]] as const) {
    await admin.create('plans', { data: { name, position, hidden, feature_list: [`${name} features`], prices: [monthly] } });
  }
  // Subscriptions come from checkout (billing, later); here they are written as checkout will.
  const products = await t.db.selectFrom('products').select(['id', 'name']).execute();
  const id = (name: string) => products.find((p) => p.name === name)!.id;
  await t.db
    .insertInto('subscriptions')
    .values([
      { user_id: listenerId, product_id: id('Basic'), status: 'active', renews_at: '2027-01-01T00:00:00.000Z' },
      { user_id: listenerId, product_id: id('Student'), status: 'cancelled', ends_at: '2026-12-01T00:00:00.000Z', cancelled_at: '2026-11-01T00:00:00.000Z' },
      { user_id: listenerId, product_id: id('Basic'), status: 'past_due', renews_at: '2026-11-30T00:00:00.000Z' },
    ])
    .execute();
});
afterAll(() => t.close());

const everything = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };

describe('plans through ra-data-simple-rest', () => {
  it('lists with sort, range and filter', async () => {
    const all = await admin.getList('plans', everything);
    expect(all.total).toBe(3);
    const visible = await admin.getList('plans', { pagination: { page: 1, perPage: 10 }, sort: { field: 'position', order: 'DESC' }, filter: { hidden: false } });
    expect(visible.data.map((p) => p.name)).toEqual(['Student', 'Basic']);
    expect(visible.data[1]).toMatchObject({ feature_list: ['Basic features'], prices: [{ ...monthly, id: expect.any(Number) }], subscriptions_count: 2 });
    const page = await admin.getList('plans', { pagination: { page: 2, perPage: 1 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(page).toMatchObject({ total: 3, data: [{ name: 'Family' }] });
    const searched = await admin.getList('plans', { ...everything, filter: { q: 'stud' } });
    expect(searched.data.map((p) => p.name)).toEqual(['Student']);
  });

  it('refuses sorting and filtering by fields that are not whitelisted', async () => {
    const badSort = await refusal(admin.getList('plans', { ...everything, sort: { field: 'feature_list', order: 'ASC' } }));
    expect(badSort.status).toBe(422);
    expect(badSort.body?.errors?.sort).toMatch('Sorting by "feature_list" is not allowed');
    expect((await refusal(admin.getList('plans', { ...everything, filter: { feature_list: 'x' } }))).status).toBe(422);
    expect((await refusal(admin.getList('plans', { ...everything, sort: { field: 'name; DROP TABLE prices', order: 'ASC' } }))).status).toBe(422);
    expect((await admin.getList('plans', { ...everything, filter: { q: "%' OR 1=1 --" } })).total).toBe(0);
  });

  it('creates a plan with prices, reads one and many, edits prices in place, and deletes it', async () => {
    const { data: created } = await admin.create('plans', {
      data: { name: 'Premium', description: 'Everything', recommended: true, feature_list: ['No ads', 'Offline'], prices: [monthly, { ...yearly, currency: 'usd' }] },
    });
    expect(created).toMatchObject({ name: 'Premium', recommended: 1, free: 0, hidden: 0, feature_list: ['No ads', 'Offline'] });
    expect(created.prices).toMatchObject([monthly, yearly]);
    const [monthlyId, yearlyId] = created.prices.map((p: { id: number }) => p.id);

    const one = await admin.getOne('plans', { id: created.id });
    expect(one.data).toEqual(created);
    const many = await admin.getMany('plans', { ids: [created.id, 1] });
    expect(many.data.map((p) => p.id).sort()).toEqual([1, created.id].sort());

    // The form sends the whole record back: the monthly price changes, the yearly one goes, a daily one comes.
    const prices = [{ ...one.data.prices[0], amount: 1099 }, { amount: 199, currency: 'EUR', interval: 'day', interval_count: 7 }];
    const { data: updated } = await admin.update('plans', { id: created.id, data: { ...one.data, name: 'Premium+', prices }, previousData: one.data });
    expect(updated.name).toBe('Premium+');
    expect(updated.prices).toMatchObject([{ id: monthlyId, amount: 1099 }, { amount: 199, currency: 'EUR', interval: 'day', interval_count: 7 }]);
    expect(updated.prices.map((p: { id: number }) => p.id)).not.toContain(yearlyId);

    const deleted = await admin.delete('plans', { id: created.id, previousData: updated });
    expect(deleted.data.id).toBe(created.id);
    expect((await refusal(admin.getOne('plans', { id: created.id }))).status).toBe(404);
    expect(await t.db.selectFrom('prices').select('id').where('product_id', '=', created.id).execute()).toEqual([]);
  });

  it('refuses bad prices with an error on the field', async () => {
    const attempt = async (prices: unknown[], extra: Record<string, unknown> = {}) =>
      refusal(admin.create('plans', { data: { name: 'Broken', prices, ...extra } }));
    const cases: [unknown[], Record<string, unknown>, string, RegExp][] = [
      [[{ ...monthly, amount: -1 }], {}, 'prices.0.amount', /cannot be negative/],
      [[{ ...monthly, amount: 9.99 }], {}, 'prices.0.amount', /whole number/],
      [[{ ...monthly, currency: 'US$' }], {}, 'prices.0.currency', /three-letter ISO 4217/],
      [[{ ...monthly, interval: 'week' }], {}, 'prices.0.interval', /day, month or year/],
      [[monthly, { ...monthly, interval_count: 13 }], {}, 'prices.1.interval_count', /at most 12 months/],
      [[{ ...yearly, interval_count: 2 }], {}, 'prices.0.interval_count', /at most 1 year/],
      [[{ ...monthly, interval: 'day', interval_count: 366 }], {}, 'prices.0.interval_count', /at most 365 days/],
      [[{ ...monthly, interval_count: 0 }], {}, 'prices.0.interval_count', /at least/],
      [[monthly, monthly], {}, 'prices.1', /already has a price/],
      [[monthly], { free: true }, 'prices.0.amount', /free plan cannot have a paid price/],
      [[], {}, 'prices', /mark the plan as free/],
      [[{ ...monthly, secret: 1 }], {}, 'prices.0.secret', /Unknown field/],
    ];
    for (const [prices, extra, field, message] of cases) {
      const refused = await attempt(prices, extra);
      expect(refused.status, JSON.stringify(prices)).toBe(422);
      expect(refused.body?.errors?.[field], JSON.stringify(refused.body)).toMatch(message);
    }
    const taken = await refusal(admin.create('plans', { data: { name: 'basic', prices: [monthly] } }));
    expect(taken.body?.errors?.name).toBe('This name is already taken.');
    // A free plan may list a zero price, and turning a paid plan free is checked against its stored prices.
    expect((await admin.create('plans', { data: { name: 'Free', free: true, prices: [{ ...monthly, amount: 0 }] } })).data.free).toBe(1);
    const basic = (await admin.getList('plans', { ...everything, filter: { q: 'basic' } })).data[0];
    const freeBasic = await refusal(admin.update('plans', { id: basic.id, data: { free: true }, previousData: basic }));
    expect(freeBasic.body?.errors?.['prices.0.amount']).toMatch(/free plan/);
    const family = (await admin.getList('plans', { ...everything, filter: { hidden: true } })).data[0];
    const stolen = await refusal(admin.update('plans', { id: basic.id, data: { prices: [family.prices[0]] }, previousData: basic }));
    expect(stolen.body?.errors?.['prices.0']).toMatch(/does not belong to this plan/);
    expect((await admin.getOne('plans', { id: family.id })).data.prices).toEqual(family.prices);
  });

  it('refuses guests (401) and users without the permission (403)', async () => {
    const { data } = await admin.getList('plans', everything);
    for (const [provider, status] of [[guest, 401], [listener, 403]] as const) {
      const calls = [
        provider.getList('plans', everything),
        provider.getOne('plans', { id: data[0].id }),
        provider.getMany('plans', { ids: [data[0].id] }),
        provider.create('plans', { data: { name: 'Sneaky', free: true } }),
        provider.update('plans', { id: data[0].id, data: { hidden: true }, previousData: data[0] }),
        provider.delete('plans', { id: data[0].id, previousData: data[0] }),
      ];
      // Each refusal is caught as soon as the call starts: the calls run together, and one refused
      // before the loop reaches it would otherwise be an unhandled rejection.
      for (const refused of calls.map(refusal)) expect((await refused).status).toBe(status);
    }
    expect((await admin.getOne('plans', { id: data[0].id })).data).toEqual(data[0]);
  });
});

describe('subscriptions through ra-data-simple-rest', () => {
  it('lists with user email and plan, sorted and filtered by status and plan', async () => {
    const all = await admin.getList('subscriptions', { ...everything, sort: { field: 'renews_at', order: 'DESC' } });
    expect(all.total).toBe(3);
    expect(all.data[0]).toMatchObject({ user_email: 'listener@example.com', plan_name: 'Basic', status: 'active', renews_at: '2027-01-01T00:00:00.000Z' });
    const basic = all.data[0].product_id;
    const byPlan = await admin.getList('subscriptions', { ...everything, filter: { product_id: basic } });
    expect(byPlan.data.map((s) => s.status)).toEqual(['active', 'past_due']);
    const cancelled = await admin.getList('subscriptions', { ...everything, filter: { status: 'cancelled' } });
    expect(cancelled.data).toMatchObject([{ plan_name: 'Student', cancelled_at: '2026-11-01T00:00:00.000Z' }]);
    const page = await admin.getList('subscriptions', { pagination: { page: 3, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(page).toMatchObject({ total: 3, data: [{ status: 'past_due' }] });
    const many = await admin.getMany('subscriptions', { ids: all.data.map((s) => s.id) });
    expect(many.data).toHaveLength(3);
    expect((await refusal(admin.getList('subscriptions', { ...everything, sort: { field: 'gateway_id', order: 'ASC' } }))).status).toBe(422);
    expect((await refusal(admin.getList('subscriptions', { ...everything, filter: { user_email: 'listener@example.com' } }))).status).toBe(422);
  });

  it('cancels and expires by hand, stamping the cancellation once; never creates or deletes', async () => {
    const active = (await admin.getList('subscriptions', { ...everything, filter: { status: 'active' } })).data[0];
    const { data: cancelled } = await admin.update('subscriptions', { id: active.id, data: { ...active, status: 'cancelled', ends_at: '2027-01-01' }, previousData: active });
    expect(cancelled).toMatchObject({ status: 'cancelled', ends_at: '2027-01-01T00:00:00.000Z', user_email: 'listener@example.com' });
    expect(Date.parse(cancelled.cancelled_at)).toBeGreaterThan(Date.now() - 60_000);
    const { data: expired } = await admin.update('subscriptions', { id: active.id, data: { ...cancelled, status: 'expired' }, previousData: cancelled });
    expect(expired).toMatchObject({ status: 'expired', cancelled_at: cancelled.cancelled_at });

    const badStatus = await refusal(admin.update('subscriptions', { id: active.id, data: { status: 'free-forever' }, previousData: expired }));
    expect(badStatus.body?.errors?.status).toMatch(/Choose active/);
    const badDate = await refusal(admin.update('subscriptions', { id: active.id, data: { ends_at: 'next tuesday' }, previousData: expired }));
    expect(badDate.body?.errors?.ends_at).toMatch(/Enter a date/);
    // Read-only columns the form echoes back are ignored, not written.
    await admin.update('subscriptions', { id: active.id, data: { ...expired, user_id: 1, gateway: 'stripe' }, previousData: expired });
    expect((await admin.getOne('subscriptions', { id: active.id })).data.gateway).toBe('none');
    expect((await admin.getOne('subscriptions', { id: active.id })).data.user_id).toBe(listenerId);

    expect((await refusal(admin.create('subscriptions', { data: { user_id: listenerId, status: 'active' } }))).status).toBe(405);
    expect((await refusal(admin.delete('subscriptions', { id: active.id, previousData: expired }))).status).toBe(405);
  });

  it('refuses guests (401) and users without the permission (403)', async () => {
    const { data } = await admin.getList('subscriptions', everything);
    for (const [provider, status] of [[guest, 401], [listener, 403]] as const) {
      const calls = [
        provider.getList('subscriptions', everything),
        provider.getOne('subscriptions', { id: data[0].id }),
        provider.getMany('subscriptions', { ids: [data[0].id] }),
        provider.update('subscriptions', { id: data[0].id, data: { status: 'active' }, previousData: data[0] }),
      ];
      // Each refusal is caught as soon as the call starts: the calls run together, and one refused
      // before the loop reaches it would otherwise be an unhandled rejection.
      for (const refused of calls.map(refusal)) expect((await refused).status).toBe(status);
    }
  });
});
