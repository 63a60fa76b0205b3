import * as settingsRepository from '@app/db/settings/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Listeners may use the API in this installation.
  const users = await t.db.selectFrom('roles').select('id').where('name', '=', 'users').executeTakeFirstOrThrow();
  const apiAccess = await t.db.selectFrom('permissions').select('id').where('name', '=', 'api.access').executeTakeFirstOrThrow();
  await t.db.insertInto('role_permission').values({ role_id: users.id, permission_id: apiAccess.id }).execute();
});
afterAll(() => t.close());

const confirm = (client: TestClient, password = 'password123') => client.post('/auth/user/confirm-password', { password });

describe('password confirmation', () => {
  it('is needed for sensitive actions and lasts 9000 seconds for this session only', async () => {
    const client = await t.loggedIn('careful@example.com');
    expect(await (await client.get('/auth/user/confirmed-password-status?seconds=9000')).json()).toEqual({ confirmed: false });
    const refused = await client.post('/api/v1/access-tokens', { tokenName: 'cli' });
    expect(refused.status).toBe(423);
    expect((await refused.json()).message).toBe('Confirm your password to continue.');

    const wrong = await confirm(client, 'not-it');
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors.password).toBe('This password is incorrect.');
    expect((await confirm(client)).status).toBe(200);
    expect(await (await client.get('/auth/user/confirmed-password-status')).json()).toEqual({ confirmed: true });
    expect((await client.post('/api/v1/access-tokens', { tokenName: 'cli' })).status).toBe(200);

    // Another session of the same account has not confirmed anything.
    const other = t.client();
    await other.post('/auth/login', { email: 'careful@example.com', password: 'password123' });
    expect(await (await other.get('/auth/user/confirmed-password-status')).json()).toEqual({ confirmed: false });

    // The window closes after 9000 seconds.
    await t.db.updateTable('sessions').set({ password_confirmed_at: new Date(Date.now() - 9001_000).toISOString() }).execute();
    expect(await (await client.get('/auth/user/confirmed-password-status')).json()).toEqual({ confirmed: false });
  });
});

describe('API tokens', () => {
  it('show the plain text once, store only a hash, and authenticate API calls', async () => {
    const client = await t.loggedIn('developer@example.com');
    await confirm(client);
    const created = await (await client.post('/api/v1/access-tokens', { tokenName: 'my script' })).json();
    expect(created.plainTextToken).toMatch(/^\d+\|[A-Za-z0-9]{40}$/);
    const [id, secret] = created.plainTextToken.split('|');
    const stored = await t.db.selectFrom('access_tokens').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(secret);
    expect(stored.last_used_at).toBeNull();

    const listed = await (await client.get('/api/v1/access-tokens')).json();
    expect(listed.tokens.map((token: { name: string }) => token.name)).toEqual(['my script']);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const bearer = { Authorization: `Bearer ${created.plainTextToken}` };
    const me = await t.app.request('/api/v1/users/me', { headers: bearer });
    expect(me.status).toBe(200);
    expect((await me.json()).user.email).toBe('developer@example.com');
    expect((await t.db.selectFrom('access_tokens').select('last_used_at').where('id', '=', Number(id)).executeTakeFirstOrThrow()).last_used_at).toBeTruthy();
    // Writes with a token need no XSRF header: there is no ambient credential to forge.
    expect((await t.app.request('/api/v1/users/me', { method: 'PUT', headers: { ...bearer, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Dev' }) })).status).toBe(200);
    // A token cannot mint tokens.
    expect((await t.app.request('/api/v1/access-tokens', { method: 'POST', headers: { ...bearer, 'Content-Type': 'application/json' }, body: JSON.stringify({ tokenName: 'x' }) })).status).toBe(403);

    expect((await client.delete(`/api/v1/access-tokens/${id}`)).status).toBe(200);
    expect((await t.app.request('/api/v1/users/me', { headers: bearer })).status).toBe(401);
  });

  it('answers malformed and forged tokens with 401, never 500', async () => {
    const headers = ['', 'Bearer', 'Bearer ', 'Bearer |', 'Bearer 1|', 'Bearer |abc', 'Bearer 1ABC|x', `Bearer 99999|${'a'.repeat(40)}`, 'Basic dXNlcjpwYXNz', `Bearer 1|${'a'.repeat(40)} extra`, `Bearer ${'9'.repeat(400)}|x`, `Bearer 1|ä${'a'.repeat(39)}`];
    for (const value of headers) {
      const response = await t.app.request('/api/v1/genres', { headers: { Authorization: value } });
      expect(response.status, JSON.stringify(value)).toBe(401);
      expect((await response.json()).message).toBe('The API token is invalid or was revoked.');
    }
  });

  it('stop working when the API is switched off or the owner loses api.access', async () => {
    const client = await t.loggedIn('switch@example.com');
    await confirm(client);
    const { plainTextToken } = await (await client.post('/api/v1/access-tokens', { tokenName: 'x' })).json();
    await settingsRepository.saveSettings(t.db, { 'api.integrated': false });
    expect((await t.app.request('/api/v1/genres', { headers: { Authorization: `Bearer ${plainTextToken}` } })).status).toBe(403);
    expect((await client.get('/api/v1/access-tokens')).status).toBe(403);
    await settingsRepository.saveSettings(t.db, { 'api.integrated': true });
    expect((await t.app.request('/api/v1/genres', { headers: { Authorization: `Bearer ${plainTextToken}` } })).status).toBe(200);
  });

  it('cannot be deleted by another user', async () => {
    const owner = await t.loggedIn('owner@example.com');
    await confirm(owner);
    const { token } = await (await owner.post('/api/v1/access-tokens', { tokenName: 'mine' })).json();
    const thief = await t.loggedIn('thief@example.com');
    await confirm(thief);
    expect((await thief.delete(`/api/v1/access-tokens/${token.id}`)).status).toBe(404);
    expect((await (await owner.get('/api/v1/access-tokens')).json()).tokens).toHaveLength(1);
  });
});

describe('sessions', () => {
  it('lists every login with its device and ends the others with the password', async () => {
    await t.createUser('traveller@example.com');
    const phone = t.client();
    await phone.post('/auth/login', { email: 'traveller@example.com', password: 'password123' }, { headers: { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1' } });
    const laptop = t.client();
    await laptop.post('/auth/login', { email: 'traveller@example.com', password: 'password123' }, { headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36' } });

    const { sessions } = await (await laptop.get('/api/v1/user-sessions')).json();
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s: { is_current_device: boolean }) => s.is_current_device);
    expect(current).toMatchObject({ device_type: 'desktop', platform: 'Linux', browser: 'Chrome' });
    expect(sessions.find((s: { is_current_device: boolean }) => !s.is_current_device)).toMatchObject({ device_type: 'mobile', platform: 'iOS', browser: 'Safari' });

    expect((await laptop.post('/api/v1/user-sessions/logout-other', { password: 'wrong' })).status).toBe(422);
    expect((await laptop.post('/api/v1/user-sessions/logout-other', { password: 'password123' })).status).toBe(200);
    expect((await phone.get('/api/v1/users/me')).status).toBe(401);
    expect((await laptop.get('/api/v1/users/me')).status).toBe(200);
  });
});

describe('password change', () => {
  it('needs the current password, ends other sessions and rotates this one', async () => {
    const client = await t.loggedIn('changer@example.com');
    const other = t.client();
    await other.post('/auth/login', { email: 'changer@example.com', password: 'password123' });
    const before = client.cookies.get('music_session');

    const wrong = await client.put('/auth/user/password', { current_password: 'nope', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' });
    expect((await wrong.json()).errors.current_password).toBe('This password is incorrect.');

    expect((await client.put('/auth/user/password', { current_password: 'password123', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' })).status).toBe(200);
    expect(client.cookies.get('music_session')).not.toBe(before);
    expect((await client.get('/api/v1/users/me')).status).toBe(200);
    expect((await other.get('/api/v1/users/me')).status).toBe(401);
    expect((await t.client().post('/auth/login', { email: 'changer@example.com', password: 'brand-new-pass' })).status).toBe(200);
  });
});

describe('account details and deletion', () => {
  it('lets users change their own details, not other people', async () => {
    const client = await t.loggedIn('named@example.com');
    const response = await client.put('/api/v1/users/me', { name: 'Named Person' });
    expect((await response.json()).user.display_name).toBe('Named Person');
    const victim = await t.createUser('victim@example.com');
    expect((await client.put(`/api/v1/users/${victim.id}`, { name: 'Hacked' })).status).toBe(403);
    expect((await client.put('/api/v1/users/me', { email: 'takeover@example.com' })).status).toBe(422);
  });

  // PostgreSQL cannot store a NUL character in text, where SQLite keeps it as sent.
  it.runIf(process.env.TEST_POSTGRES_URL)('refuses a name the database cannot store with a clear 422', async () => {
    const client = await t.loggedIn('nul@example.com');
    const response = await client.put('/api/v1/users/me', { name: 'Nul\u0000Person' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message: 'The text contains a character that cannot be stored.' });
  });

  it('deletes your own account after password confirmation, and never the last admin', async () => {
    const client = await t.loggedIn('leaving@example.com');
    expect((await client.delete('/api/v1/users/me?deleteCurrentUser=1')).status).toBe(423);
    await confirm(client);
    const other = await t.createUser('stays@example.com');
    expect((await client.delete(`/api/v1/users/${other.id}?deleteCurrentUser=1`)).status).toBe(403);
    expect((await client.delete('/api/v1/users/me?deleteCurrentUser=1')).status).toBe(200);
    expect((await client.get('/api/v1/users/me')).status).toBe(401);
    expect((await t.client().post('/auth/login', { email: 'leaving@example.com', password: 'password123' })).status).toBe(422);

    const admin = await t.loggedIn('only-admin@example.com', ['admin']);
    await confirm(admin);
    const refused = await admin.delete('/api/v1/users/me?deleteCurrentUser=1');
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toMatch(/only admin/);
  });
});

describe('avatar', () => {
  const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]);

  async function upload(client: TestClient, file: Blob, name: string) {
    const form = new FormData();
    form.append('file', file, name);
    const xsrf = decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? '');
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return t.app.request('/api/v1/users/me/avatar', { method: 'POST', body: form, headers: { Cookie: cookie, 'X-XSRF-TOKEN': xsrf } });
  }

  it('stores an image, serves it publicly, and removes it', async () => {
    const client = await t.loggedIn('face@example.com');
    const response = await upload(client, new Blob([PNG], { type: 'image/png' }), 'me.png');
    expect(response.status).toBe(200);
    const { user } = await response.json();
    expect(user.image).toMatch(/^\/uploads\/avatar-[0-9a-f-]+\.png$/);
    const served = await t.app.request(user.image);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    expect((await client.delete('/api/v1/users/me/avatar')).status).toBe(200);
    expect((await t.app.request(user.image)).status).toBe(404);
    expect((await (await client.get('/api/v1/users/me')).json()).user.image).toBeNull();
  });

  it('refuses files that are not images, whatever they claim, and images over 2 MB', async () => {
    const client = await t.loggedIn('faker@example.com');
    const html = await upload(client, new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'evil.png');
    expect(html.status).toBe(422);
    expect((await html.json()).errors.file).toBe('This file type is not allowed');

    // Just over the limit, and far over it (more than the whole request may hold): the same
    // answer as any file over its limit (issue 24, point 20), not the request body's.
    for (const size of [2 * 1024 * 1024 + 10, 3 * 1024 * 1024, 8 * 1024 * 1024]) {
      const bytes = new Uint8Array(size);
      bytes.set(PNG);
      const tooBig = await upload(client, new Blob([bytes], { type: 'image/png' }), 'big.png');
      expect(tooBig.status, `${size} bytes`).toBe(413);
      expect(await tooBig.json(), `${size} bytes`).toEqual({ message: 'file exceeds maximum allowed size of 2MB', errors: { file: 'file exceeds maximum allowed size of 2MB' } });
    }
    expect((await (await client.get('/api/v1/users/me')).json()).user.image).toBeNull();
  });
});

describe('location and language', () => {
  it('lists time zones by region, countries and interface languages', async () => {
    const response = await t.client().get('/api/v1/value-lists/timezones,countries,localizations');
    expect(response.status).toBe(200);
    const lists = await response.json();
    expect(lists.timezones.Europe).toContainEqual({ value: 'Europe/Paris', text: expect.stringMatching(/^\(UTC\+0[12]:00\) Paris$/) });
    expect(lists.countries).toContainEqual({ code: 'fr', name: 'France' });
    expect(lists.countries.length).toBeGreaterThan(200);
    expect(lists.localizations).toEqual([{ language: 'en', name: 'English' }]);
    expect((await t.client().get('/api/v1/value-lists/timezones,secrets')).status).toBe(422);
  });

  it('saves country, time zone and language from the lists only', async () => {
    const client = await t.loggedIn('placed@example.com');
    expect((await client.put('/api/v1/users/me', { country: 'FR', timezone: 'Europe/Paris' })).status).toBe(200);
    const me = (await (await client.get('/api/v1/users/me')).json()).user;
    expect(me).toMatchObject({ country: 'fr', timezone: 'Europe/Paris' });
    const bad = await client.put('/api/v1/users/me', { country: 'xx', timezone: 'Mars/Olympus' });
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(['country', 'timezone']);

    expect((await client.post('/api/v1/users/me/locale', { locale: 'en' })).status).toBe(200);
    expect((await client.post('/api/v1/users/me/locale', { locale: 'tlh' })).status).toBe(422);
  });

  it('tells the back office which language to show: the user\'s own once languages may be chosen, else the default', async () => {
    await t.db.insertInto('localizations').values({ language: 'nl', name: 'Nederlands', lines: JSON.stringify({ Save: 'Opslaan' }) }).execute();
    const client = await t.loggedIn('dutch@example.com');
    expect((await client.post('/api/v1/users/me/locale', { locale: 'nl' })).status).toBe(200);
    const current = async (who: TestClient) => (await who.get('/api/v1/users/me/locale')).json();

    // Languages are off by default: everyone gets the site's default language.
    expect(await current(client)).toEqual({ language: 'en', lines: {} });
    try {
      await settingsRepository.saveSettings(t.db, { 'i18n.enable': true });
      expect(await current(client)).toEqual({ language: 'nl', lines: { Save: 'Opslaan' } });
      expect(await current(t.client())).toEqual({ language: 'en', lines: {} });
      await settingsRepository.saveSettings(t.db, { 'i18n.default_language': 'nl' });
      expect(await current(t.client())).toEqual({ language: 'nl', lines: { Save: 'Opslaan' } });
    } finally {
      await settingsRepository.saveSettings(t.db, { 'i18n.enable': false, 'i18n.default_language': 'en' });
    }
  });
});
