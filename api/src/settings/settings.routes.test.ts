import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../testing.ts';
import { APPEARANCE_SETTINGS, SETTINGS_SECTIONS, SETTING_FIELDS } from './settings-metadata.ts';
import { SETTINGS } from './settings.service.ts';

let t: TestApp;
let admin: TestClient;
let user: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin@example.com', ['admin']);
  user = await t.loggedIn('listener@example.com', ['users']);
});
afterAll(() => t.close());

interface AdminSetting {
  name: string;
  section: string | null;
  label: string;
  private: boolean;
  value?: unknown;
  set?: boolean;
  schema: Record<string, unknown>;
}
const read = async (client: TestClient) => (await (await client.get('/api/admin/settings')).json()) as { sections: { id: string }[]; settings: AdminSetting[] };

describe('GET and PUT /api/admin/settings', () => {
  it('guests get 401, users 403, admins 200', async () => {
    for (const [method, body] of [['GET'], ['PUT', { 'branding.site_name': 'Nope' }]] as const) {
      expect((await t.client().request(method, '/api/admin/settings', body)).status).toBe(401);
      expect((await user.request(method, '/api/admin/settings', body)).status).toBe(403);
    }
    expect((await admin.get('/api/admin/settings')).status).toBe(200);
  });

  it('lists every section of the spec and every setting with its section, label and JSON schema', async () => {
    const { sections, settings } = await read(admin);
    expect(sections.map((s) => s.id)).toEqual(['general', 'subscriptions', 'localization', 'authentication', 'uploading', 'outgoing-email', 'cache', 'analytics', 'logging', 'queue', 'websockets', 'recaptcha', 'gdpr', 'search', 'providers', 'player']);
    expect(settings.map((s) => s.name).sort()).toEqual(Object.keys(SETTINGS).sort());
    const homepageChannel = settings.find((s) => s.name === 'homepage.value')!;
    expect(homepageChannel).toMatchObject({ section: 'general', label: 'Homepage channel', value: 'discover', schema: { type: 'string', minLength: 1, maxLength: 100 } });
    // The appearance editor owns the look of the site: Settings does not show it a second time.
    for (const name of APPEARANCE_SETTINGS) expect(settings.find((s) => s.name === name)!.section, name).toBeNull();
    expect(settings.find((s) => s.name === 'mail.port')!.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 65535 });
    // Metadata names only real settings.
    for (const name of Object.keys(SETTING_FIELDS)) expect(Object.keys(SETTINGS)).toContain(name);
    for (const field of Object.values(SETTING_FIELDS)) expect(SETTINGS_SECTIONS.map((s) => s.id)).toContain(field!.section);
  });

  it('never sends a secret, only whether it is set; an empty secret keeps it and null removes it', async () => {
    expect((await admin.put('/api/admin/settings', { 'mail.password': 'hunter2-secret', 'recaptcha.secret_key': 'recaptcha-secret' })).status).toBe(200);
    let response = await admin.get('/api/admin/settings');
    const text = await response.clone().text();
    expect(text).not.toContain('hunter2-secret');
    expect(text).not.toContain('recaptcha-secret');
    let password = (await response.json()).settings.find((s: AdminSetting) => s.name === 'mail.password');
    expect(password).toMatchObject({ private: true, set: true });
    expect(password).not.toHaveProperty('value');

    expect((await admin.put('/api/admin/settings', { 'mail.password': '', 'mail.host': 'smtp.example.com' })).status).toBe(200);
    const stored = await t.db.selectFrom('settings').select('value').where('name', '=', 'mail.password').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value)).toBe('hunter2-secret');

    expect((await admin.put('/api/admin/settings', { 'mail.password': null })).status).toBe(200);
    response = await admin.get('/api/admin/settings');
    password = (await response.json()).settings.find((s: AdminSetting) => s.name === 'mail.password');
    expect(password.set).toBe(false);
  });

  it('validates a partial update, answering field errors by setting name and storing nothing', async () => {
    const response = await admin.put('/api/admin/settings', { 'branding.site_name': 'Kept?', 'mail.port': 99999, 'player.default_volume': 'loud', 'no.such.setting': 1 });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(Object.keys(body.errors).sort()).toEqual(['mail.port', 'no.such.setting', 'player.default_volume']);
    expect((await read(admin)).settings.find((s) => s.name === 'branding.site_name')!.value).toBe('Cadence');
  });

  it('refuses bodies that are not a JSON object without a 500', async () => {
    expect((await admin.put('/api/admin/settings', undefined, { rawBody: '{oops', headers: { 'Content-Type': 'application/json' } })).status).toBe(400);
    expect((await admin.put('/api/admin/settings', [1, 2])).status).toBe(400);
    expect((await admin.put('/api/admin/settings', undefined, { rawBody: 'a=b', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
  });

  it('a valid change is stored and read back', async () => {
    expect((await admin.put('/api/admin/settings', { 'branding.site_name': 'Night Radio', 'search.results_per_page': 30 })).status).toBe(200);
    const { settings } = await read(admin);
    expect(settings.find((s) => s.name === 'branding.site_name')!.value).toBe('Night Radio');
    expect(settings.find((s) => s.name === 'search.results_per_page')!.value).toBe(30);
  });
});
