import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health check', () => {
  it('answers ok to anyone, never from a cache', async () => {
    const response = await t.client().get('/api/v1/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('stays up for load balancers when visitors may not see music', async () => {
    const guestRole = await t.db.selectFrom('roles').select('id').where('guests', '=', 1).executeTakeFirstOrThrow();
    await t.db.deleteFrom('role_permission').where('role_id', '=', guestRole.id).execute();
    expect((await t.client().get('/api/v1/genres')).status).toBe(401);
    expect((await t.client().get('/api/v1/health')).status).toBe(200);
  });
});
