import { createTestApp, type TestApp } from '@app/api/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureConsole } from '../support/console.ts';
import { startMailServer } from '../support/smtp.ts';

let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let logged: string[] = [];

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ ...mail.env, APP_URL: 'https://music.example.com' });
  await t.createUser('reader@example.com', ['users'], 'old-password-1');
  logged = captureConsole();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
  await mail.close();
});

function linkIn(text: string) {
  const match = /https:\/\/music\.example\.com\/password\/reset\/([A-Za-z0-9_-]+)\?email=([^\s]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return { token: match[1], email: decodeURIComponent(match[2]) };
}

describe('forgot and reset password', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const before = mail.inbox.length;
    const known = await t.client().post('/auth/forgot-password', { email: 'reader@example.com' });
    const unknown = await t.client().post('/auth/forgot-password', { email: 'stranger@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());

    const message = await mail.waitFor('reader@example.com', before);
    expect(message.subject).toBe('Reset your Cadence password');
    expect(message.from?.address).toBe('music@example.com');
    expect(message.html).toContain('Reset password');
    expect(message.text).toContain('expire in 60 minutes');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.inbox.slice(before).some((m) => m.to?.[0]?.address === 'stranger@example.com')).toBe(false);
  });

  it('resets the password once with the mailed token and ends every session', async () => {
    const session = await t.client();
    await session.post('/auth/login', { email: 'reader@example.com', password: 'old-password-1' });
    expect((await session.get('/api/v1/users/me')).status).toBe(200);

    const before = mail.inbox.length;
    await t.client().post('/auth/forgot-password', { email: 'reader@example.com' });
    const { token, email } = linkIn((await mail.waitFor('reader@example.com', before)).text!);
    expect(email).toBe('reader@example.com');

    const reset = await t.client().post('/auth/reset-password', { token, email, password: 'new-password-2', password_confirmation: 'new-password-2' });
    expect(reset.status).toBe(200);
    expect((await session.get('/api/v1/users/me')).status).toBe(401);
    expect((await t.client().post('/auth/login', { email, password: 'old-password-1' })).status).toBe(422);
    expect((await t.client().post('/auth/login', { email, password: 'new-password-2' })).status).toBe(200);

    const again = await t.client().post('/auth/reset-password', { token, email, password: 'third-password-3', password_confirmation: 'third-password-3' });
    expect(again.status).toBe(422);
    expect((await again.json()).errors.email).toMatch(/invalid or has expired/);
  });

  it('refuses a token for another account, an expired token and a superseded one', async () => {
    await t.createUser('other@example.com');
    // The earlier tests used up this address's reset requests for the quarter hour.
    await t.db.deleteFrom('rate_limits').execute();
    let before = mail.inbox.length;
    await t.client().post('/auth/forgot-password', { email: 'reader@example.com' });
    const first = linkIn((await mail.waitFor('reader@example.com', before)).text!);

    const wrongAccount = await t.client().post('/auth/reset-password', { token: first.token, email: 'other@example.com', password: 'hijacked-pass', password_confirmation: 'hijacked-pass' });
    expect(wrongAccount.status).toBe(422);

    before = mail.inbox.length;
    await t.client().post('/auth/forgot-password', { email: 'reader@example.com' });
    const second = linkIn((await mail.waitFor('reader@example.com', before)).text!);
    const superseded = await t.client().post('/auth/reset-password', { token: first.token, email: first.email, password: 'another-pass-1', password_confirmation: 'another-pass-1' });
    expect(superseded.status).toBe(422);

    await t.db.updateTable('user_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const expired = await t.client().post('/auth/reset-password', { token: second.token, email: second.email, password: 'another-pass-1', password_confirmation: 'another-pass-1' });
    expect(expired.status).toBe(422);
  });

  it('stores the token hashed and never writes it to a log', async () => {
    const before = mail.inbox.length;
    await t.client().post('/auth/forgot-password', { email: 'other@example.com' });
    const { token } = linkIn((await mail.waitFor('other@example.com', before)).text!);
    const tokens = await t.db.selectFrom('user_tokens').select('id').execute();
    expect(tokens.some((row) => row.id.includes(token))).toBe(false);
    const outgoing = await t.db.selectFrom('outgoing_emails').selectAll().execute();
    expect(outgoing.length).toBeGreaterThan(0);
    expect(outgoing.every((row) => row.status === 'sent')).toBe(true);
    expect(JSON.stringify(outgoing)).not.toContain(token);
    expect(outgoing.at(-1)!.body).toContain('[hidden]');
    expect(logged.join('\n')).not.toContain(token);
  });
});

describe('reset requests are limited per address', () => {
  it('mails at most three links a quarter hour, answering the same each time', async () => {
    await t.db.deleteFrom('rate_limits').execute();
    await t.createUser('spammed@example.com');
    const before = mail.inbox.length;
    for (let i = 0; i < 5; i++) expect((await t.client().post('/auth/forgot-password', { email: 'Spammed@example.com' })).status).toBe(200);
    await mail.waitFor('spammed@example.com', before);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mail.inbox.slice(before).filter((m) => m.to?.[0]?.address === 'spammed@example.com')).toHaveLength(3);
  });
});

describe('without a mail server', () => {
  it('keeps the mail in the outgoing-email log instead of failing', async () => {
    const offline = await createTestApp();
    try {
      await offline.createUser('nomail@example.com');
      const response = await offline.client().post('/auth/forgot-password', { email: 'nomail@example.com' });
      expect(response.status).toBe(200);
      await expect.poll(async () => (await offline.db.selectFrom('outgoing_emails').selectAll().execute()).map((row) => [row.to_address, row.status])).toEqual([['nomail@example.com', 'logged']]);
    } finally {
      await offline.close();
    }
  });
});
