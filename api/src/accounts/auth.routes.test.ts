import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('listener@example.com');
  await t.createUser('boss@example.com', ['admin']);
});
afterAll(() => t.close());

describe('log in and out', () => {
  it('refuses wrong credentials on the email field, the same for unknown emails', async () => {
    for (const [email, password] of [['listener@example.com', 'wrong-password'], ['nobody@example.com', 'password123']]) {
      const response = await t.client().post('/auth/login', { email, password });
      expect(response.status).toBe(422);
      expect((await response.json()).errors).toEqual({ email: 'These credentials do not match our records.' });
    }
  });

  it('starts a server-side session in an HttpOnly cookie and returns bootstrap data', async () => {
    const client = t.client();
    const response = await client.post('/auth/login', { email: 'Listener@Example.com ', password: 'password123' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'success', two_factor: false, redirect_uri: '/' });
    expect(body.bootstrapData.user.email).toBe('listener@example.com');
    expect(body.bootstrapData.user).not.toHaveProperty('password');
    expect(body.bootstrapData.settings).not.toHaveProperty('recaptcha.secret_key');

    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('music_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    const token = cookie.split(';')[0].split('=')[1];
    const stored = await t.db.selectFrom('sessions').select('id').execute();
    expect(stored.some((s) => s.id === token)).toBe(false);

    const me = await (await client.get('/api/v1/users/me')).json();
    expect(me.user.roles.map((r: { name: string }) => r.name)).toEqual(['users']);
  });

  it('sends admins to /admin after login', async () => {
    const response = await t.client().post('/auth/login', { email: 'boss@example.com', password: 'password123' });
    expect((await response.json()).redirect_uri).toBe('/admin');
  });

  it('keeps a session cookie for the browser session only without "remember"', async () => {
    const response = await t.client().post('/auth/login', { email: 'listener@example.com', password: 'password123', remember: false });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('music_session='))!;
    expect(cookie).not.toMatch(/Max-Age/);
  });

  it('rotates the session on login and ends it on the server at logout', async () => {
    const client = t.client();
    await client.post('/auth/login', { email: 'listener@example.com', password: 'password123' });
    const first = client.cookies.get('music_session')!;
    await client.post('/auth/login', { email: 'listener@example.com', password: 'password123' });
    const second = client.cookies.get('music_session')!;
    expect(second).not.toBe(first);

    const stale = t.client();
    stale.cookies.set('music_session', first);
    expect((await stale.get('/api/v1/users/me')).status).toBe(401);

    const logout = await client.post('/auth/logout');
    expect(logout.status).toBe(200);
    expect((await logout.json()).bootstrapData.user).toBeNull();
    const replay = t.client();
    replay.cookies.set('music_session', second);
    expect((await replay.get('/api/v1/users/me')).status).toBe(401);
  });

  it('treats garbage session cookies as a visitor', async () => {
    for (const value of ['', 'x', 'a'.repeat(5000), '%00%ff', '"; DROP TABLE sessions; --']) {
      const client = t.client();
      client.cookies.set('music_session', value);
      expect((await client.get('/api/v1/users/me')).status).toBe(401);
      expect((await client.get('/api/v1/genres')).status).toBe(200);
    }
  });
});

describe('users/{id}', () => {
  it('shows yourself in full, others only by name unless you manage users', async () => {
    const listener = await t.loggedIn('curious@example.com');
    const me = await (await listener.get('/api/v1/users/me')).json();
    const other = await t.db.selectFrom('users').select('id').where('email', '=', 'boss@example.com').executeTakeFirstOrThrow();
    const seen = await (await listener.get(`/api/v1/users/${other.id}`)).json();
    expect(seen.user).toEqual({ id: other.id, display_name: 'boss', image: null });
    expect(me.user.email).toBe('curious@example.com');
    expect((await t.client().get('/api/v1/users/me')).status).toBe(401);
    expect((await listener.get('/api/v1/users/999999')).status).toBe(404);
  });
});

describe('API documentation', () => {
  it('is generated from the route schemas and needs api.access', async () => {
    expect((await t.client().get('/api-docs/openapi.json')).status).toBe(401);
    expect((await (await t.loggedIn('plain@example.com')).get('/api-docs/openapi.json')).status).toBe(403);
    const admin = await t.loggedIn('docs-admin@example.com', ['admin']);
    const document = await (await admin.get('/api-docs/openapi.json')).json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/v1/albums/{id}', '/auth/login', '/api/admin/tracks', '/api/admin/tracks/{id}', '/api/v1/tracks/{id}/stream']));
    expect(document.components.schemas.LoginRequest.required).toEqual(['email', 'password']);

    const page = await admin.get('/api-docs');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/api-docs/assets/swagger-ui-bundle.js');
    expect((await admin.get('/api-docs/assets/swagger-ui-bundle.js')).status).toBe(200);
    expect((await t.client().get('/api-docs')).headers.get('Location')).toBe('/login?redirect=%2Fapi-docs');
  });
});

describe('registration', () => {
  it('creates an account with the default role, logs it in and refuses a taken email', async () => {
    const client = t.client();
    const response = await client.post('/auth/register', { email: 'New@Example.com', password: 'a-good-password', password_confirmation: 'a-good-password' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe('success');
    expect(body.bootstrapData.user.email).toBe('new@example.com');
    expect(body.bootstrapData.user.roles.map((r: { name: string }) => r.name)).toEqual(['users']);
    // The account starts with a name of its own (as typed), the one it is shown by everywhere until changed.
    expect(body.bootstrapData.user).toMatchObject({ name: 'New', display_name: 'New' });
    expect((await client.get('/api/v1/users/me')).status).toBe(200);

    const again = await t.client().post('/auth/register', { email: 'new@example.com', password: 'a-good-password', password_confirmation: 'a-good-password' });
    expect(again.status).toBe(422);
    expect((await again.json()).errors.email).toBe('An account with this email already exists.');
  });

  it('checks the confirmation, the length and unknown fields', async () => {
    const response = await t.client().post('/auth/register', { email: 'x@example.com', password: 'short', password_confirmation: 'other', role: 'admin' });
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(errors.password).toBe('Use at least 8 characters.');
    const mismatch = await t.client().post('/auth/register', { email: 'x@example.com', password: 'long-enough', password_confirmation: 'other-one!' });
    expect((await mismatch.json()).errors.password_confirmation).toBe("The passwords don't match.");
    const unknown = await t.client().post('/auth/register', { email: 'x@example.com', password: 'long-enough', password_confirmation: 'long-enough', role: 'admin' });
    expect((await unknown.json()).errors.role).toBe('Unknown field "role".');
  });

  it('requires every registration policy and is closed when registration is disabled', async () => {
    const { saveSettings } = await import('@app/db/settings/settings');
    await saveSettings(t.db, { 'registration.policies': [{ id: 'terms', label: 'terms of service' }] });
    const base = { email: 'policy@example.com', password: 'long-enough', password_confirmation: 'long-enough' };
    const missing = await t.client().post('/auth/register', base);
    expect((await missing.json()).errors.terms).toBe('Accept the terms of service to continue.');
    expect((await t.client().post('/auth/register', { ...base, terms: true })).status).toBe(200);

    await saveSettings(t.db, { 'registration.disable': true });
    const closed = await t.client().post('/auth/register', { ...base, email: 'late@example.com', terms: true });
    expect(closed.status).toBe(403);
    await saveSettings(t.db, { 'registration.disable': false, 'registration.policies': [] });
  });
});

describe('login throttling', () => {
  it('locks an address for a minute after five failures, however it is spelled', async () => {
    await t.createUser('target@example.com');
    // Look-alike Unicode spellings are refused by validation before they count (and share the bucket
    // anyway, see throttle.service.test.ts); case and spaces must not open new buckets either.
    for (const email of ['target@example.com', 'Target@Example.com', ' target@example.com', 'TARGET@EXAMPLE.COM', 'target@example.com']) {
      expect((await t.client().post('/auth/login', { email, password: 'wrong-guess' })).status).toBe(422);
    }
    expect((await t.client().post('/auth/login', { email: 'tаrget@example.com', password: 'password123' })).status).toBe(422);
    const locked = await t.client().post('/auth/login', { email: 'TARGET@example.com', password: 'password123' });
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toMatch(/^Too many login attempts. Please try again in \d+ seconds.$/);
    // Other addresses are not affected.
    expect((await t.client().post('/auth/login', { email: 'listener@example.com', password: 'password123' })).status).toBe(200);

    await t.db.updateTable('rate_limits').set({ window_start: new Date(Date.now() - 61_000).toISOString() }).execute();
    expect((await t.client().post('/auth/login', { email: 'target@example.com', password: 'password123' })).status).toBe(200);
  });
});

describe('cookies behind HTTPS', () => {
  it('marks the session and XSRF cookies Secure when APP_URL is https', async () => {
    const secure = await createTestApp({ APP_URL: 'https://music.example.com' });
    try {
      await secure.createUser('secure@example.com');
      const response = await secure.client().post('/auth/login', { email: 'secure@example.com', password: 'password123' });
      const cookies = response.headers.getSetCookie();
      expect(cookies.find((c) => c.startsWith('music_session='))).toMatch(/; Secure/);
      expect((await secure.app.request('/api/v1/genres')).headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))).toMatch(/; Secure/);
      expect((await secure.app.request('/api/v1/genres')).headers.get('Strict-Transport-Security')).toMatch(/max-age=/);
    } finally {
      await secure.close();
    }
  });
});
