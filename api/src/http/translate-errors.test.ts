import * as settingsRepository from '@app/db/settings/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .insertInto('localizations')
    .values({
      language: 'nl',
      name: 'Nederlands',
      lines: JSON.stringify({ 'This album does not exist.': 'Dit album bestaat niet.', 'Enter a valid email address.': 'Vul een geldig e-mailadres in.', 'Enter a name.': '  ' }),
    })
    .execute();
});
afterAll(() => t.close());

const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

describe('error messages', () => {
  it('come in English while the language has no line, or none is chosen', async () => {
    expect(await answer(await t.client().get('/api/v1/albums/424242'))).toEqual({ status: 404, body: { message: 'This album does not exist.' } });
  });

  it("come in the asker's language: the message and each field's errors, the rest untouched", async () => {
    await settingsRepository.saveSettings(t.db, { 'i18n.default_language': 'nl' });
    try {
      expect(await answer(await t.client().get('/api/v1/albums/424242'))).toEqual({ status: 404, body: { message: 'Dit album bestaat niet.' } });

      const invalid = await answer(await t.client().post('/auth/register', { email: 'not-an-email', password: 'a-long-password', password_confirmation: 'a-long-password' }));
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors.email).toBe('Vul een geldig e-mailadres in.');
      expect(invalid.body.message).toBe('Vul een geldig e-mailadres in.');

      // A line left blank shows in English; a message without a line too.
      const admin = await t.loggedIn('beheerder@example.com', ['admin']);
      expect((await answer(await admin.post('/api/admin/artists', { name: ' ' }))).body.errors.name).toBe('Enter a name.');
      expect(await answer(await t.client().get('/api/v1/nothing-here'))).toEqual({ status: 404, body: { message: 'Nothing is at GET /api/v1/nothing-here.' } });
    } finally {
      await settingsRepository.saveSettings(t.db, { 'i18n.default_language': 'en' });
    }
  });

  it("follow a logged-in user's own language when people may choose", async () => {
    const client = await t.loggedIn('taal@example.com');
    expect((await client.post('/api/v1/users/me/locale', { locale: 'nl' })).status).toBe(200);
    await settingsRepository.saveSettings(t.db, { 'i18n.enable': true });
    try {
      expect((await answer(await client.get('/api/v1/albums/424242'))).body.message).toBe('Dit album bestaat niet.');
      expect((await answer(await t.client().get('/api/v1/albums/424242'))).body.message).toBe('This album does not exist.');
    } finally {
      await settingsRepository.saveSettings(t.db, { 'i18n.enable': false });
    }
  });
});
