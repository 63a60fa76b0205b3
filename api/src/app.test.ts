import * as usersRepository from '@app/db/accounts/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAX_BODY_SIZE: '2kb' });
});
afterAll(() => t.close());

describe('errors are JSON with a clear message, never a 500', () => {
  it('answers unknown API routes with 404', async () => {
    const response = await t.client().get('/api/v1/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Nothing is at GET /api/v1/no-such-thing.' });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const response = await t.client().request('PATCH', '/api/v1/genres');
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toContain('GET');
    expect((await response.json()).message).toMatch(/PATCH is not allowed/);
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await t.client().post('/auth/login', undefined, { rawBody: '{"email": ', headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBeTruthy();
  });

  it('names unknown fields and wrong types per field with 422', async () => {
    const unknown = await t.client().post('/auth/login', { email: 'a@b.co', password: 'x', isAdmin: true });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors).toEqual({ isAdmin: 'Unknown field "isAdmin".' });

    const wrongType = await t.client().post('/auth/login', { email: 42, password: ['x'] });
    expect(wrongType.status).toBe(422);
    const body = await wrongType.json();
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'password']);
    expect(typeof body.message).toBe('string');
  });

  it('refuses a body over the configured limit with 413 and writes nothing', async () => {
    const admin = await t.loggedIn('limit-admin@example.com', ['admin']);
    const before = await usersRepository.countUsers(t.db);
    const response = await admin.post('/api/admin/users', { email: 'big@example.com', name: 'x'.repeat(5000) });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toMatch(/too large/);
    expect(await usersRepository.countUsers(t.db)).toBe(before);
  });

  it('hides stack traces unless APP_DEBUG is on', async () => {
    const response = await t.client().get('/api/v1/albums/1?with=nope');
    const body = await response.json();
    expect(response.status).toBe(422);
    expect(body).not.toHaveProperty('trace');
  });

  it('rejects a non-numeric workspaceId and accepts a numeric one', async () => {
    expect((await t.client().get('/api/v1/genres?workspaceId=abc')).status).toBe(422);
    expect((await t.client().get('/api/v1/genres?workspaceId=0')).status).toBe(200);
  });
});

describe('cross-site request forgery', () => {
  it('refuses a state-changing request without the XSRF header with 419', async () => {
    const response = await t.client().post('/auth/login', { email: 'a@b.co', password: 'x' }, { withoutXsrf: true });
    expect(response.status).toBe(419);
    expect((await response.json()).message).toMatch(/expired|out of date/);
  });

  it('refuses a header that does not match the cookie', async () => {
    const client = t.client();
    await client.get('/api/v1/genres');
    const response = await client.post('/auth/logout', undefined, { withoutXsrf: true, headers: { 'X-XSRF-TOKEN': 'a'.repeat(43) } });
    expect(response.status).toBe(419);
  });

  it('refuses requests from another origin even with a token', async () => {
    const response = await t.client().post('/auth/logout', undefined, { headers: { Origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
  });

  it('checks the token on overridden methods too', async () => {
    const admin = await t.loggedIn('override-admin@example.com', ['admin']);
    const genre = await (await admin.post('/api/admin/genres', { name: 'override-test' })).json();
    const forged = await admin.post(`/api/admin/genres/${genre.id}`, undefined, { withoutXsrf: true, headers: { 'X-HTTP-Method-Override': 'DELETE' } });
    expect(forged.status).toBe(419);
    expect((await admin.get(`/api/admin/genres/${genre.id}`)).status).toBe(200);
  });

  it('gives every visitor a readable XSRF-TOKEN cookie', async () => {
    const response = await t.app.request('/api/v1/genres');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/);
  });
});

describe('method override', () => {
  it('turns POST with X-HTTP-Method-Override or _method into PUT and DELETE', async () => {
    const admin = await t.loggedIn('method-admin@example.com', ['admin']);
    const genre = await (await admin.post('/api/admin/genres', { name: 'method-test' })).json();

    const put = await admin.post(`/api/admin/genres/${genre.id}`, { display_name: 'Method Test' }, { headers: { 'X-HTTP-Method-Override': 'PUT' } });
    expect(put.status).toBe(200);
    expect((await put.json()).display_name).toBe('Method Test');

    const del = await admin.post(`/api/admin/genres/${genre.id}?_method=DELETE`);
    expect(del.status).toBe(200);
    expect((await admin.get(`/api/admin/genres/${genre.id}`)).status).toBe(404);
  });
});

describe('security headers', () => {
  it('sends nosniff, a referrer policy and frame protection', async () => {
    const response = await t.app.request('/api/v1/genres');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });
});
