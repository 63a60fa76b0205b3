import { createTestApp, type TestApp } from '@app/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestApp;
let admin: ReturnType<TestApp['client']>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin@example.com', ['admin']);
});
afterAll(() => t.close());

describe('redirects built from what an admin typed', () => {
  it('a post-login address that is not a path of the site gives way to the default destination', async () => {
    let n = 0;
    for (const value of ['/\t/evil.example', '/\n/evil.example', '//evil.example', 'https://evil.example/']) {
      expect((await admin.put('/api/admin/settings', { 'auth.post_login_redirect': value })).status).toBe(200);
      const email = `listener-${++n}@example.com`;
      await t.createUser(email);
      const login = await (await t.client().post('/auth/login', { email, password: 'password123' })).json();
      expect({ value, redirect_uri: login.redirect_uri }).toEqual({ value, redirect_uri: '/' });
    }
    await admin.put('/api/admin/settings', { 'auth.post_login_redirect': '/library' });
    const email = `listener-${++n}@example.com`;
    await t.createUser(email);
    expect((await (await t.client().post('/auth/login', { email, password: 'password123' })).json()).redirect_uri).toBe('/library');
  });

  // PostgreSQL cannot store NUL in text at all; the control characters it can store are tried there.
  it.each(process.env.TEST_POSTGRES_URL ? [['\u0001', '%01']] : [['\u0000', '%00'], ['\u0001', '%01']])(
    'an external audio address with a control character (%j) is still a valid redirect, never a 500',
    async (control, encoded) => {
      const { id } = await t.db.insertInto('tracks').values({ name: 'Elsewhere', src: `https://cdn.example/a${control}b.mp3` }).returning('id').executeTakeFirstOrThrow();
      const response = await admin.get(`/api/v1/tracks/${id}/stream`);
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe(`https://cdn.example/a${encoded}b.mp3`);
    },
  );
});
