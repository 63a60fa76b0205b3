import * as settingsRepository from '@app/db/settings/settings';
import { createTestApp, type TestApp } from '@app/api/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureConsole } from '../support/console.ts';
import { startMailServer } from '../support/smtp.ts';

let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let logged: string[] = [];

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp(mail.env);
  logged = captureConsole();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
  await mail.close();
});

const codeIn = (subject: string | undefined) => /^(\d{6}) is your/.exec(subject ?? '')![1];

describe('email verification gate', () => {
  it('sends a code on registration and keeps the API closed until it is entered', async () => {
    await settingsRepository.saveSettings(t.db, { require_email_confirmation: true });
    const client = t.client();
    const before = mail.inbox.length;
    const registered = await client.post('/auth/register', { email: 'fresh@example.com', password: 'fresh-password', password_confirmation: 'fresh-password' });
    expect((await registered.json()).status).toBe('needs_email_verification');
    const first = codeIn((await mail.waitFor('fresh@example.com', before)).subject);

    const blocked = await client.get('/api/v1/genres');
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).message).toBe('Verify your email address to continue.');
    expect((await client.get('/api/v1/users/me')).status).toBe(200);

    const wrong = first === '000000' ? '111111' : '000000';
    const invalid = await client.post('/api/v1/validate-email-verification-otp', { code: wrong });
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).errors.code).toBe('This code is not valid.');
    expect((await client.post('/api/v1/validate-email-verification-otp', { code: '12ab' })).status).toBe(422);

    // Resending is throttled to once a minute.
    const tooSoon = await client.post('/api/v1/resend-email-verification', { email: 'fresh@example.com' });
    expect(tooSoon.status).toBe(429);
    expect((await tooSoon.json()).message).toMatch(/^Wait \d+ seconds before asking for another code.$/);

    const ok = await client.post('/api/v1/validate-email-verification-otp', { code: first });
    expect(ok.status).toBe(200);
    expect((await client.get('/api/v1/genres')).status).toBe(200);
    const me = await (await client.get('/api/v1/users/me')).json();
    expect(me.user.email_verified_at).toBeTruthy();
    // A used code does not work again.
    expect((await client.post('/api/v1/validate-email-verification-otp', { code: first })).status).toBe(422);
  });

  it('uses a code up after five wrong tries, and a new code works', async () => {
    const client = t.client();
    const before = mail.inbox.length;
    await client.post('/auth/register', { email: 'guesser@example.com', password: 'guess-password', password_confirmation: 'guess-password' });
    const code = codeIn((await mail.waitFor('guesser@example.com', before)).subject);
    const wrong = code === '999999' ? '888888' : '999999';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await (await client.post('/api/v1/validate-email-verification-otp', { code: wrong })).json()).errors.code);
    expect(answers.at(-1)).toBe('Too many wrong codes. Request a new one.');
    expect((await (await client.post('/api/v1/validate-email-verification-otp', { code })).json()).errors.code).toBe('Too many wrong codes. Request a new one.');

    await t.db.updateTable('user_tokens').set({ created_at: new Date(Date.now() - 61_000).toISOString() }).execute();
    const next = mail.inbox.length;
    const resent = await client.post('/api/v1/resend-email-verification', {});
    expect(await resent.json()).toEqual({ message: 'Email sent' });
    const fresh = codeIn((await mail.waitFor('guesser@example.com', next)).subject);
    expect((await client.post('/api/v1/validate-email-verification-otp', { code: fresh })).status).toBe(200);
  });

  it('expires codes and never stores or logs them in the clear', async () => {
    const client = t.client();
    const before = mail.inbox.length;
    await client.post('/auth/register', { email: 'slow@example.com', password: 'slow-password', password_confirmation: 'slow-password' });
    const code = codeIn((await mail.waitFor('slow@example.com', before)).subject);
    const outgoing = await t.db.selectFrom('outgoing_emails').selectAll().where('to_address', '=', 'slow@example.com').execute();
    expect(JSON.stringify(outgoing)).not.toContain(code);
    expect(logged.join('\n')).not.toContain(code);

    await t.db.updateTable('user_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const expired = await client.post('/api/v1/validate-email-verification-otp', { code });
    expect((await expired.json()).errors.code).toBe('This code has expired. Request a new one.');
    await settingsRepository.saveSettings(t.db, { require_email_confirmation: false });
    expect((await client.get('/api/v1/genres')).status).toBe(200);
  });
});

describe('suspended accounts', () => {
  it('lose access to the API at once, and may still log out', async () => {
    const admin = await t.loggedIn('boss@example.com', ['admin']);
    const user = await t.loggedIn('rowdy@example.com');
    expect((await user.get('/api/v1/genres')).status).toBe(200);
    const row = await t.db.selectFrom('users').select('id').where('email', '=', 'rowdy@example.com').executeTakeFirstOrThrow();
    expect((await admin.put(`/api/admin/users/${row.id}`, { banned_at: new Date().toISOString() })).status).toBe(200);

    const blocked = await user.get('/api/v1/genres');
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).message).toBe('Your account is suspended.');
    expect((await user.get('/api/v1/users/me')).status).toBe(200);
    expect((await user.post('/auth/logout')).status).toBe(200);
    expect((await user.get('/api/v1/users/me')).status).toBe(401);
  });
});
