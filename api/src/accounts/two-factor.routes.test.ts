import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeAt = (secret: string, offsetSteps = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

async function enable(client: TestClient) {
  await client.post('/auth/user/confirm-password', { password: 'password123' });
  expect((await client.post('/auth/user/two-factor-authentication')).status).toBe(200);
  const qr = await (await client.get('/auth/user/two-factor/qr-code')).json();
  const confirmed = await client.post('/auth/user/confirmed-two-factor-authentication', { code: codeAt(qr.secret) });
  expect(confirmed.status).toBe(200);
  const { recovery_codes } = await confirmed.json();
  return { secret: qr.secret as string, recoveryCodes: recovery_codes as string[] };
}

describe('two-factor setup', () => {
  it('needs the password, shows a QR code and secret, and gives 8 recovery codes of 21 characters', async () => {
    const client = await t.loggedIn('setup@example.com');
    expect((await client.post('/auth/user/two-factor-authentication')).status).toBe(423);
    await client.post('/auth/user/confirm-password', { password: 'password123' });
    await client.post('/auth/user/two-factor-authentication');
    expect((await (await client.get('/api/v1/users/me')).json()).user.two_factor_state).toBe('setup');

    const qr = await (await client.get('/auth/user/two-factor/qr-code')).json();
    expect(qr.svg).toMatch(/^<svg /);
    expect(qr.secret).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = await client.post('/auth/user/confirmed-two-factor-authentication', { code: codeAt(qr.secret, 10) });
    expect((await wrong.json()).errors.code).toBe('This code is not valid.');
    const session = client.cookies.get('music_session');
    const { recovery_codes } = await (await client.post('/auth/user/confirmed-two-factor-authentication', { code: codeAt(qr.secret) })).json();
    expect(recovery_codes).toHaveLength(8);
    for (const code of recovery_codes) expect(code).toMatch(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/);
    expect(client.cookies.get('music_session')).not.toBe(session);
    const me = (await (await client.get('/api/v1/users/me')).json()).user;
    expect(me.two_factor_state).toBe('enabled');
    expect(JSON.stringify(me)).not.toContain(qr.secret);
  });
});

describe('two-factor login', () => {
  it('asks for a second factor, accepts a code once, keeps "remember me", and rotates the session', async () => {
    const owner = await t.loggedIn('guarded@example.com');
    const { secret } = await enable(owner);

    const client = t.client();
    const login = await client.post('/auth/login', { email: 'guarded@example.com', password: 'password123', remember: true });
    expect(await login.json()).toEqual({ two_factor: true });
    expect(client.cookies.has('music_session')).toBe(false);
    expect((await client.get('/api/v1/users/me')).status).toBe(401);

    // The next step's code, so the setup's own code (already used) does not collide.
    const code = codeAt(secret, 1);
    const passed = await client.post('/auth/two-factor-challenge', { code });
    expect(passed.status).toBe(200);
    expect((await passed.json()).bootstrapData.user.email).toBe('guarded@example.com');
    const cookie = passed.headers.getSetCookie().find((c) => c.startsWith('music_session='))!;
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect((await client.get('/api/v1/users/me')).status).toBe(200);

    // The same code cannot finish another login.
    const thief = t.client();
    await thief.post('/auth/login', { email: 'guarded@example.com', password: 'password123' });
    const replay = await thief.post('/auth/two-factor-challenge', { code });
    expect(replay.status).toBe(422);
    expect((await replay.json()).errors.code).toBe('This code is not valid or was already used.');
  });

  it('accepts each recovery code once, and regenerating replaces them all', async () => {
    const owner = await t.loggedIn('recovering@example.com');
    const { recoveryCodes } = await enable(owner);
    const use = async (recovery_code: string) => {
      const client = t.client();
      await client.post('/auth/login', { email: 'recovering@example.com', password: 'password123' });
      return client.post('/auth/two-factor-challenge', { recovery_code });
    };
    expect((await use(recoveryCodes[0])).status).toBe(200);
    expect((await use(recoveryCodes[0])).status).toBe(422);

    const { recovery_codes: fresh } = await (await owner.post('/auth/user/two-factor-recovery-codes')).json();
    expect(fresh).toHaveLength(8);
    expect((await use(recoveryCodes[1])).status).toBe(422);
    expect((await use(fresh[0])).status).toBe(200);
  });

  it('gives up a challenge after five wrong codes, and without a challenge cookie there is nothing to finish', async () => {
    const owner = await t.loggedIn('stubborn@example.com');
    const { secret } = await enable(owner);
    const client = t.client();
    await client.post('/auth/login', { email: 'stubborn@example.com', password: 'password123' });
    for (let i = 0; i < 5; i++) expect((await client.post('/auth/two-factor-challenge', { code: codeAt(secret, 20) })).status).toBe(422);
    const expired = await client.post('/auth/two-factor-challenge', { code: codeAt(secret, 2) });
    expect(expired.status).toBe(401);
    expect((await expired.json()).message).toBe('This login expired. Log in again.');
    expect((await t.client().post('/auth/two-factor-challenge', { code: '123456' })).status).toBe(401);
    expect((await t.client().post('/auth/two-factor-challenge', {})).status).toBe(422);
  });

  it('can be disabled with password confirmation, and login goes back to one step', async () => {
    const owner = await t.loggedIn('relaxed@example.com');
    await enable(owner);
    expect((await owner.delete('/auth/user/two-factor-authentication')).status).toBe(200);
    const login = await t.client().post('/auth/login', { email: 'relaxed@example.com', password: 'password123' });
    expect((await login.json()).status).toBe('success');
  });
});
