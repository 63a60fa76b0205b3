import { createTestDb, type Db } from '@app/db';
import * as settingsRepository from '@app/db/settings/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSetting, loadSettings, publicSettings, SETTINGS, updateSettings } from './settings.service.ts';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.destroy());

describe('settings', () => {
  it('has a typed default for every site setting the spec reads', async () => {
    const settings = await loadSettings(db);
    for (const name of [
      'branding.site_name', 'branding.logo_light', 'branding.logo_dark', 'registration.disable', 'registration.policies',
      'social.google.enable', 'social.compact_buttons', 'recaptcha.site_key', 'notif.subs.integrated', 'notifications.integrated',
      'themes.user_change', 'themes.default_id', 'api.integrated', 'billing.enable', 'dates.default_timezone',
      'cookie_notice.enable', 'cookie_notice.position', 'cookie_notice.button', 'menus', 'require_email_confirmation',
    ]) {
      expect(settings, name).toHaveProperty([name]);
      expect(SETTINGS[name as keyof typeof SETTINGS].schema.safeParse(settings[name as keyof typeof settings]).success, name).toBe(true);
    }
  });

  it('reads stored values over defaults and ignores stored values of the wrong type', async () => {
    await settingsRepository.saveSettings(db, { 'branding.site_name': 'My Radio', 'cookie_notice.position': 'sideways', 'billing.enable': 'yes' });
    const settings = await loadSettings(db);
    expect(settings['branding.site_name']).toBe('My Radio');
    expect(settings['cookie_notice.position']).toBe('bottom');
    expect(settings['billing.enable']).toBe(false);
  });

  it('reads one setting as loadSettings does: stored when valid, else the default', async () => {
    await settingsRepository.saveSettings(db, { 'require_email_confirmation': true, 'cookie_notice.position': 'sideways' });
    expect(await loadSetting(db, 'require_email_confirmation')).toBe(true);
    expect(await loadSetting(db, 'cookie_notice.position')).toBe('bottom');
    expect(await loadSetting(db, 'registration.policies')).toEqual((await loadSettings(db))['registration.policies']);
    await settingsRepository.saveSettings(db, { 'require_email_confirmation': false });
    expect(await loadSetting(db, 'require_email_confirmation')).toBe(false);
  });

  it('validates updates per field and stores nothing when one is wrong', async () => {
    const refused = await updateSettings(db, { 'branding.site_name': 'Ok', 'themes.default_id': -3, 'made.up': 1 });
    expect(Object.keys(refused.errors ?? {}).sort()).toEqual(['made.up', 'themes.default_id']);
    expect((await loadSettings(db))['branding.site_name']).toBe('My Radio');
    expect(await updateSettings(db, { 'registration.disable': true })).toEqual({});
    expect((await loadSettings(db))['registration.disable']).toBe(true);
  });

  it('never sends secrets to browsers', async () => {
    await settingsRepository.saveSettings(db, { 'recaptcha.secret_key': 'top-secret' });
    const shown = publicSettings(await loadSettings(db));
    expect(JSON.stringify(shown)).not.toContain('top-secret');
    expect(shown).toHaveProperty(['recaptcha.site_key']);
  });
});
