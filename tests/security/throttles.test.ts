import { createTestApp, type TestApp, type TestClient } from '@app/api/testing';
import * as settingsRepository from '@app/db/settings/settings';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 10, points 3 and 4: guessing two-factor codes across fresh logins, one address tried from
 * many networks, and one network trying many addresses (password spraying).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOGIN_REFUSED = /^Too many login attempts\. Please try again in (\d+) seconds\.$/;
const CODES_REFUSED = /^Too many wrong codes\. Please try again in (\d+) seconds\.$/;

const codeAt = (secret: string, offsetSteps = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
/** A well-formed code that is not valid now (an hour away). */
const wrongCode = (secret: string) => codeAt(secret, 120);

async function withTwoFactor(email: string) {
  const owner = await t.loggedIn(email);
  await owner.post('/auth/user/confirm-password', { password: 'password123' });
  await owner.post('/auth/user/two-factor-authentication');
  const { secret } = await (await owner.get('/auth/user/two-factor/qr-code')).json();
  const confirmed = await owner.post('/auth/user/confirmed-two-factor-authentication', { code: codeAt(secret) });
  expect(confirmed.status).toBe(200);
  return { secret: secret as string, recoveryCodes: (await confirmed.json()).recovery_codes as string[] };
}

/** A fresh login with the right password: a new challenge each time, as the attacker did. */
async function challenge(email: string, remoteAddress = '192.0.2.10'): Promise<TestClient> {
  const client = t.client({ remoteAddress });
  const login = await client.post('/auth/login', { email, password: 'password123' });
  expect(await login.json()).toEqual({ two_factor: true });
  return client;
}

/** Moves every throttle window into the past, as if its time had run out. */
const letWindowsPass = () => t.db.updateTable('rate_limits').set({ window_start: new Date(Date.now() - 24 * 3600_000).toISOString() }).execute();

const login = (email: string, password: string, remoteAddress: string, headers?: Record<string, string>) =>
  t.client({ remoteAddress }).post('/auth/login', { email, password }, { headers });

describe('two-factor codes', () => {
  it('are refused after five wrong ones across fresh logins, even the right code, and a correct password does not reset the count', async () => {
    const { secret } = await withTwoFactor('guessed@example.com');
    for (let i = 0; i < 5; i++) {
      const client = await challenge('guessed@example.com');
      expect((await client.post('/auth/two-factor-challenge', { code: wrongCode(secret) })).status).toBe(422);
    }
    // Every guess above came after a correct password; the next login still finds the account locked.
    const locked = await (await challenge('guessed@example.com')).post('/auth/two-factor-challenge', { code: codeAt(secret, 1) });
    expect(locked.status).toBe(429);
    const seconds = Number(CODES_REFUSED.exec((await locked.json()).message)?.[1]);
    expect(seconds).toBeGreaterThan(60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);

    await letWindowsPass();
    expect((await (await challenge('guessed@example.com')).post('/auth/two-factor-challenge', { code: codeAt(secret, 1) })).status).toBe(200);
  });

  it('count wrong recovery codes too, and lock recovery codes out with the rest', async () => {
    const { secret, recoveryCodes } = await withTwoFactor('recovery-guessed@example.com');
    for (let i = 0; i < 5; i++) {
      const client = await challenge('recovery-guessed@example.com');
      expect((await client.post('/auth/two-factor-challenge', { recovery_code: `${'A'.repeat(10)}-${String(i).padStart(10, '0')}` })).status).toBe(422);
    }
    expect((await (await challenge('recovery-guessed@example.com')).post('/auth/two-factor-challenge', { recovery_code: recoveryCodes[0] })).status).toBe(429);
    expect((await (await challenge('recovery-guessed@example.com')).post('/auth/two-factor-challenge', { code: codeAt(secret, 1) })).status).toBe(429);
  });

  it('cannot be guessed faster by sending the guesses all at once', async () => {
    const { secret } = await withTwoFactor('burst@example.com');
    const client = await challenge('burst@example.com');
    const statuses = await Promise.all(Array.from({ length: 20 }, () => client.post('/auth/two-factor-challenge', { code: wrongCode(secret) }).then((r) => r.status)));
    // At most five guesses were checked; the others were refused without being looked at.
    expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(5);
    expect(statuses).toContain(429);
  });
});

describe('login throttle per address', () => {
  it('does not give each new network five more guesses for the same address', async () => {
    await t.createUser('roamed@example.com');
    for (let i = 1; i <= 5; i++) expect((await login('roamed@example.com', 'wrong-guess', `198.51.100.${i}`)).status).toBe(422);
    const locked = await login('roamed@example.com', 'password123', '198.51.100.6');
    expect(locked.status).toBe(429);
    const seconds = Number(LOGIN_REFUSED.exec((await locked.json()).message)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    await letWindowsPass();
    expect((await login('roamed@example.com', 'password123', '198.51.100.6')).status).toBe(200);
  });

  it("tells the wait in the site's language", async () => {
    await t.db
      .insertInto('localizations')
      .values({ language: 'nl', name: 'Nederlands', lines: JSON.stringify({ 'Too many login attempts. Please try again in :seconds seconds.': 'Te veel pogingen. Probeer het over :seconds seconden opnieuw.' }) })
      .execute();
    await settingsRepository.saveSettings(t.db, { 'i18n.default_language': 'nl' });
    try {
      for (let i = 0; i < 5; i++) await login('dutch@example.com', 'wrong-guess', '192.0.2.60');
      const refused = await login('dutch@example.com', 'wrong-guess', '192.0.2.60');
      expect((await refused.json()).message).toMatch(/^Te veel pogingen\. Probeer het over \d+ seconden opnieuw\.$/);
    } finally {
      await settingsRepository.saveSettings(t.db, { 'i18n.default_language': 'en' });
    }
  });

  it('lets a listener who mistyped a couple of times log in, and a success starts the count over', async () => {
    await t.createUser('typist@example.com');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await login('typist@example.com', 'pasword123', '192.0.2.50')).status).toBe(422);
      expect((await login('typist@example.com', 'password123', '192.0.2.50')).status).toBe(200);
    }
  });
});

describe('login throttle per network (password spraying)', () => {
  it('refuses one network after 30 failures across addresses, and logging into its own account does not reset that', async () => {
    await t.createUser('sprayer@example.com');
    await t.createUser('bystander@example.com');
    for (let i = 1; i <= 29; i++) expect((await login(`victim${i}@example.com`, 'Summer2026!', '203.0.113.7')).status).toBe(422);
    // The attacker's own account: a correct password must not win back the guesses spent on others.
    expect((await login('sprayer@example.com', 'password123', '203.0.113.7')).status).toBe(200);
    expect((await login('victim30@example.com', 'Summer2026!', '203.0.113.7')).status).toBe(422);

    const refused = await login('victim31@example.com', 'Summer2026!', '203.0.113.7');
    expect(refused.status).toBe(429);
    const seconds = Number(LOGIN_REFUSED.exec((await refused.json()).message)?.[1]);
    expect(seconds).toBeGreaterThan(60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    // Even a right password from that network waits; other networks are not affected.
    expect((await login('bystander@example.com', 'password123', '203.0.113.7')).status).toBe(429);
    expect((await login('bystander@example.com', 'password123', '203.0.113.8')).status).toBe(200);
  });

  it('does not take a new address per request from X-Forwarded-For when no proxy is trusted', async () => {
    for (let i = 1; i <= 30; i++) {
      expect((await login(`spoofed${i}@example.com`, 'Summer2026!', '203.0.113.20', { 'X-Forwarded-For': `10.1.0.${i}`, 'X-Real-IP': `10.2.0.${i}` })).status).toBe(422);
    }
    expect((await login('spoofed31@example.com', 'Summer2026!', '203.0.113.20', { 'X-Forwarded-For': '10.1.0.31' })).status).toBe(429);
  });

  it('counts an IPv6 /64 as one network', async () => {
    for (let i = 1; i <= 30; i++) expect((await login(`six${i}@example.com`, 'Summer2026!', `2001:db8:0:7::${i.toString(16)}`)).status).toBe(422);
    expect((await login('six31@example.com', 'Summer2026!', '2001:db8:0:7:ffff:1:2:3')).status).toBe(429);
  });

  it('behind a trusted proxy, reads the client from X-Forwarded-For and ignores what the client put in front', async () => {
    const proxied = await createTestApp({ TRUSTED_PROXIES: '10.0.0.0/8' });
    try {
      const viaProxy = (email: string, forwardedFor: string) =>
        proxied.client({ remoteAddress: '10.0.0.2' }).post('/auth/login', { email, password: 'Summer2026!' }, { headers: { 'X-Forwarded-For': forwardedFor } });
      // Forty visitors behind the same proxy are forty networks, not one.
      for (let i = 1; i <= 40; i++) expect((await viaProxy(`reader${i}@example.com`, `198.51.100.${i}`)).status).toBe(422);
      // One client cannot become many by writing its own entries before the proxy's.
      for (let i = 1; i <= 30; i++) expect((await viaProxy(`sprayed${i}@example.com`, `192.168.0.${i}, 203.0.113.99`)).status).toBe(422);
      expect((await viaProxy('sprayed31@example.com', '192.168.0.31, 203.0.113.99')).status).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});
