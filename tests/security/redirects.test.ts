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

  it('an external audio address with a control character is still a valid redirect, never a 500', async () => {
    const { id } = await t.db.insertInto('tracks').values({ name: 'Elsewhere', src: 'https://cdn.example/a\u0000b.mp3' }).returning('id').executeTakeFirstOrThrow();
    const response = await admin.get(`/api/v1/tracks/${id}/stream`);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('https://cdn.example/a%00b.mp3');
  });
});
