import * as settingsRepository from '@app/db/settings/settings';
import { createTestApp, type TestApp } from '@app/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHumanCheckService } from '../support/recaptcha.ts';

let t: TestApp;
let service: Awaited<ReturnType<typeof startHumanCheckService>>;

beforeAll(async () => {
  service = await startHumanCheckService('server-secret', ['human-token']);
  t = await createTestApp({ RECAPTCHA_VERIFY_URL: service.url });
  await settingsRepository.saveSettings(t.db, { 'recaptcha.site_key': 'site-key', 'recaptcha.secret_key': 'server-secret', 'recaptcha.enable.register': true, 'recaptcha.enable.login': true });
  await t.createUser('known@example.com');
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const registration = { email: 'new@example.com', password: 'long-enough', password_confirmation: 'long-enough' };

describe('human check', () => {
  it('refuses registration without a token or with a rejected one, and creates nothing', async () => {
    for (const token of [undefined, 'bot-token']) {
      const response = await t.client().post('/auth/register', { ...registration, ...(token ? { token } : {}) });
      expect(response.status).toBe(422);
      expect((await response.json()).message).toBe('Could not verify you are human.');
    }
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'new@example.com').executeTakeFirst()).toBeUndefined();
  });

  it('lets a verified human register and log in, sending the secret only to the service', async () => {
    expect((await t.client().post('/auth/register', { ...registration, token: 'human-token' })).status).toBe(200);
    expect((await t.client().post('/auth/login', { email: 'known@example.com', password: 'password123' })).status).toBe(422);
    expect((await t.client().post('/auth/login', { email: 'known@example.com', password: 'password123', token: 'human-token' })).status).toBe(200);
    expect(service.requests.at(-1)?.get('secret')).toBe('server-secret');
  });

  it('answers recaptcha/verify for forms that check first', async () => {
    expect(await (await t.client().post('/api/v1/recaptcha/verify', { token: 'human-token' })).json()).toEqual({ success: true });
    expect(await (await t.client().post('/api/v1/recaptcha/verify', { token: 'bot-token' })).json()).toEqual({ success: false });
  });

  it('fails closed when the service cannot be reached', async () => {
    const offline = await createTestApp({ RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' });
    try {
      await settingsRepository.saveSettings(offline.db, { 'recaptcha.secret_key': 'server-secret', 'recaptcha.enable.register': true });
      const response = await offline.client().post('/auth/register', { ...registration, token: 'human-token' });
      expect((await response.json()).message).toBe('Could not verify you are human.');
    } finally {
      await offline.close();
    }
  });
});
