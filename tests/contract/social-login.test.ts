import * as settingsRepository from '@app/db/settings/settings';
import { createTestApp, type TestApp, type TestClient } from '@app/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOAuthServer } from '../support/oauth.ts';

let t: TestApp;
let oauth: Awaited<ReturnType<typeof startOAuthServer>>;

beforeAll(async () => {
  oauth = await startOAuthServer();
  t = await createTestApp({ ...oauth.env('GOOGLE'), APP_URL: 'http://music.test' });
  await settingsRepository.saveSettings(t.db, { 'social.google.enable': true });
});
afterAll(async () => {
  await t.close();
  await oauth.stop();
});

/** The popup's journey: our start page, the provider's authorize step, our callback page. */
async function popup(client: TestClient, mode: 'login' | 'connect' = 'login', tamper?: (callback: URL) => void) {
  const start = await client.get(`/secure/auth/social/google/${mode}`);
  if (start.status !== 302) {
    const html = await start.text();
    return { html, message: readMessage(html) };
  }
  const authorize = new URL(start.headers.get('Location')!);
  const provider = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(provider.headers.get('Location')!);
  tamper?.(callback);
  const finish = await client.get(`${callback.pathname}${callback.search}`);
  const html = await finish.text();
  return { authorize, html, message: readMessage(html) };
}

function readMessage(html: string) {
  const match = /var message = (\{.*?\});/.exec(html);
  return match ? JSON.parse(match[1].replace(/\\u003c/g, '<')) : undefined;
}

describe('social sign-in (OAuth 2 authorization code flow)', () => {
  it('uses state and PKCE, creates an account for a new verified address and logs it in', async () => {
    oauth.signInAs({ sub: 'g-100', email: 'social.new@example.com', email_verified: true, name: 'Social New' });
    const client = t.client();
    const { authorize, message, html } = await popup(client);
    expect(authorize!.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    expect(authorize!.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize!.searchParams.get('redirect_uri')).toBe('http://music.test/secure/auth/social/google/callback');
    expect(message).toEqual({ type: 'social-auth', status: 'SUCCESS', redirectUri: '/' });
    expect(html).toContain('window.opener.postMessage(message, "http://music.test")');

    const me = (await (await client.get('/api/v1/users/me')).json()).user;
    expect(me).toMatchObject({ email: 'social.new@example.com', name: 'Social New' });
    expect(me.email_verified_at).toBeTruthy();
    expect(me.social_profiles).toEqual([{ service_name: 'google', username: 'social.new@example.com' }]);

    // The same provider account logs into the same user next time.
    const again = t.client();
    expect((await popup(again)).message.status).toBe('SUCCESS');
    expect((await (await again.get('/api/v1/users/me')).json()).user.id).toBe(me.id);
  });

  it('asks for the password of an existing account with the same address before linking it', async () => {
    await t.createUser('owner@example.com', ['users'], 'owner-password');
    oauth.signInAs({ sub: 'g-200', email: 'owner@example.com', email_verified: true, name: 'Owner' });
    const client = t.client();
    expect((await popup(client)).message).toEqual({ type: 'social-auth', status: 'REQUEST_PASSWORD', service: 'google' });
    expect((await client.get('/api/v1/users/me')).status).toBe(401);

    const wrong = await client.post('/secure/auth/social/connect', { password: 'guess' });
    expect((await wrong.json()).errors.password).toBe('This password is incorrect.');
    const right = await client.post('/secure/auth/social/connect', { password: 'owner-password' });
    expect(right.status).toBe(200);
    expect((await right.json()).bootstrapData.user.email).toBe('owner@example.com');
    expect((await popup(t.client())).message.status).toBe('SUCCESS');
  });

  it('never links an unverified address to an existing account', async () => {
    oauth.signInAs({ sub: 'g-300', email: 'owner@example.com', email_verified: false });
    const { message } = await popup(t.client());
    expect(message.status).toBe('ERROR');
    expect(message.errorMessage).toMatch(/already uses this email/);
  });

  it('refuses a callback whose state does not match, and a provider that is switched off', async () => {
    oauth.signInAs({ sub: 'g-400', email: 'forged@example.com', email_verified: true });
    const forged = await popup(t.client(), 'login', (callback) => callback.searchParams.set('state', 'attacker-state'));
    expect(forged.message).toMatchObject({ status: 'ERROR', errorMessage: 'This sign-in expired or did not start here. Please try again.' });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'forged@example.com').executeTakeFirst()).toBeUndefined();

    await settingsRepository.saveSettings(t.db, { 'social.google.enable': false });
    expect((await popup(t.client())).message).toMatchObject({ status: 'ERROR' });
    await settingsRepository.saveSettings(t.db, { 'social.google.enable': true });
  });

  it('connects and disconnects from account settings, with the spec toasts', async () => {
    const client = await t.loggedIn('connector@example.com');
    expect((await popup(client, 'connect')).message).toMatchObject({ status: 'ERROR', errorMessage: 'Confirm your password to continue.' });
    await client.post('/auth/user/confirm-password', { password: 'password123' });
    oauth.signInAs({ sub: 'g-500', email: 'connector@gmail.example', email_verified: true });
    expect((await popup(client, 'connect')).message).toEqual({ type: 'social-auth', status: 'SUCCESS', service: 'google', connected: true });
    expect((await (await client.get('/api/v1/users/me')).json()).user.social_profiles).toHaveLength(1);

    const other = await t.loggedIn('second@example.com');
    await other.post('/auth/user/confirm-password', { password: 'password123' });
    expect((await popup(other, 'connect')).message.errorMessage).toBe('This Google account is connected to another user.');

    const off = await client.post('/secure/auth/social/google/disconnect');
    expect(await off.json()).toEqual({ message: 'Disabled Google account' });
    expect((await client.post('/secure/auth/social/google/disconnect')).status).toBe(404);
  });

  it('says ALREADY_LOGGED_IN to a logged-in user starting a login', async () => {
    const client = await t.loggedIn('already@example.com');
    expect((await popup(client)).message.status).toBe('ALREADY_LOGGED_IN');
  });
});
