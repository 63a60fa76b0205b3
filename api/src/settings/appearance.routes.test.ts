import * as permissionsRepository from '@app/db/permissions/permissions';
import * as themesRepository from '@app/db/settings/themes';
import { ARTISTS_ROLE } from '@app/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreshPage, guestPageCache, pageCacheKey, storeRenderedPage } from '../caching/page-cache.service.ts';
import { APPEARANCE_SETTINGS } from './settings-metadata.ts';
import { createTestApp, type TestApp, type TestClient } from '../testing.ts';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  await permissionsRepository.ensureRole(t.db, ARTISTS_ROLE);
  await permissionsRepository.ensureRole(t.db, { name: 'designers', description: 'Edit the look only.', permissions: ['admin.access', 'appearance.update'] });
  await permissionsRepository.ensureRole(t.db, { name: 'settings-editors', description: 'Settings only.', permissions: ['admin.access', 'settings.update'] });
  admin = await t.loggedIn('admin@example.com', ['admin']);
});
afterAll(() => t.close());

interface Theme {
  id?: number;
  name: string;
  is_dark: boolean;
  default_light: boolean;
  default_dark: boolean;
  values: Record<string, string>;
}
interface Appearance {
  values: Record<string, unknown>;
  defaults: Record<string, unknown>;
  themes: Theme[];
  menuPositions: string[];
  seoPages: string[];
  roles: { id: number; name: string }[];
  permissions: { name: string }[];
  fonts: { label: string; value: string }[];
}
const read = async () => (await (await admin.get('/api/admin/appearance')).json()) as Appearance;

describe('GET and PUT /api/admin/appearance', () => {
  it('guests get 401; users, artists and settings editors 403; admins and appearance editors 200', async () => {
    const user = await t.loggedIn('listener@example.com', ['users']);
    const artist = await t.loggedIn('artist@example.com', ['users', 'artists']);
    const settingsEditor = await t.loggedIn('settings@example.com', ['settings-editors']);
    const designer = await t.loggedIn('designer@example.com', ['designers']);
    const body = { values: { 'branding.site_name': 'Taken over' } };
    for (const [method, payload] of [['GET'], ['PUT', body]] as const) {
      expect((await t.client().request(method, '/api/admin/appearance', payload)).status).toBe(401);
      for (const client of [user, artist, settingsEditor]) expect((await client.request(method, '/api/admin/appearance', payload)).status).toBe(403);
    }
    expect((await admin.get('/api/admin/appearance')).status).toBe(200);
    expect((await designer.get('/api/admin/appearance')).status).toBe(200);
    expect((await read()).values['branding.site_name']).toBe('Cadence');
  });

  it('answers every appearance setting with its default, the themes and the choices of the editor', async () => {
    const state = await read();
    expect(Object.keys(state.values).sort()).toEqual([...APPEARANCE_SETTINGS].sort());
    expect(Object.keys(state.defaults).sort()).toEqual([...APPEARANCE_SETTINGS].sort());
    expect(state.themes.map((theme) => theme.name)).toEqual(['Light', 'Dark']);
    expect(state.menuPositions).toEqual(expect.arrayContaining(['sidebar-primary', 'sidebar-secondary', 'mobile-bottom', 'landing-page-navbar', 'auth-dropdown']));
    expect(state.seoPages).toEqual(['artist', 'album', 'track', 'playlist', 'landing', 'channel', 'user', 'search']);
    expect(state.roles.map((role) => role.name)).toEqual(expect.arrayContaining(['admin', 'users', 'guests']));
    expect(state.permissions.map((p) => p.name)).toContain('music.view');
    expect(state.fonts.length).toBeGreaterThan(2);
    // Only fonts the visitor has: nothing loaded from another host.
    for (const font of state.fonts) expect(font.value).not.toMatch(/url\(|https?:/);
  });

  it('saves values and themes together, and answers the new state', async () => {
    const { themes } = await read();
    const [light, dark] = themes;
    const response = await admin.put('/api/admin/appearance', {
      values: { 'branding.site_name': 'Night Radio', 'seo.artist.title': '{name} on {site_name}', 'custom_code.css': 'body { letter-spacing: 0.01em; }' },
      themes: [
        { ...light, values: { ...light.values, '--be-primary': '200 10 90', '--be-font-family': 'Georgia, serif' } },
        dark,
        { name: 'Forest', is_dark: true, default_light: false, default_dark: false, values: { '--be-primary': '20 120 60' } },
      ],
    });
    expect(response.status).toBe(200);
    const state = (await response.json()) as Appearance;
    expect(state.values).toMatchObject({ 'branding.site_name': 'Night Radio', 'seo.artist.title': '{name} on {site_name}', 'custom_code.css': 'body { letter-spacing: 0.01em; }' });
    expect(state.themes.map((theme) => theme.name)).toEqual(['Light', 'Dark', 'Forest']);
    expect(state.themes[0].id).toBe(light.id);
    expect(state.themes[0].values).toMatchObject({ '--be-primary': '200 10 90', '--be-font-family': 'Georgia, serif' });
    expect(await read()).toEqual(state);
  });

  it('deletes the themes left out, and a deleted default theme falls back to the system preference', async () => {
    const { themes } = await read();
    const forest = themes.find((theme) => theme.name === 'Forest')!;
    expect((await admin.put('/api/admin/appearance', { values: { 'themes.default_id': forest.id } })).status).toBe(200);
    const response = await admin.put('/api/admin/appearance', { themes: themes.filter((theme) => theme.id !== forest.id) });
    expect(response.status).toBe(200);
    const state = (await response.json()) as Appearance;
    expect(state.themes.map((theme) => theme.name)).toEqual(['Light', 'Dark']);
    expect(state.values['themes.default_id']).toBe(0);
  });

  it('keeps one default light and one default dark theme that match their kind', async () => {
    const { themes } = await read();
    const [light, dark] = themes;
    const cases: [Theme[], string][] = [
      [[], 'themes'],
      [[{ ...light, default_light: false }, dark], 'themes'],
      [[light, { ...dark, default_light: true }], 'themes.1.default_light'],
      [[{ ...light, default_dark: true }, { ...dark, default_dark: false }], 'themes.0.default_dark'],
      [[light, { ...dark, id: 9999 }], 'themes.1.id'],
    ];
    for (const [list, field] of cases) {
      const response = await admin.put('/api/admin/appearance', { themes: list });
      expect(response.status, field).toBe(422);
      expect(Object.keys((await response.json()).errors), field).toContain(field);
    }
    expect((await themesRepository.listThemes(t.db)).map((theme) => [theme.name, theme.default_light, theme.default_dark])).toEqual([
      ['Light', true, false],
      ['Dark', false, true],
    ]);
  });

  it('refuses bad input with errors by field and changes nothing', async () => {
    const before = await read();
    const [light, dark] = before.themes;
    const response = await admin.put('/api/admin/appearance', {
      values: { 'branding.site_name': '', 'landing.sections': { hero: 'big' }, 'themes.default_id': 4242 },
      themes: [{ ...light, name: 'Changed', values: { 'color; }</style><script>': '1 2 3', '--be-primary': '1 2 3 } body { display: none' } }, dark],
    });
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['branding.site_name', 'landing.sections', 'themes.default_id', 'themes.0.values.color; }</style><script>', 'themes.0.values.--be-primary']),
    );
    expect(await read()).toEqual(before);
    expect((await admin.put('/api/admin/appearance', { themes: [{ ...light, values: { '--be-primary': '<b>' } }, dark] })).status).toBe(422);
    expect((await admin.put('/api/admin/appearance', { colours: 'red' })).status).toBe(422);
    expect((await admin.put('/api/admin/appearance', undefined, { rawBody: '{oops', headers: { 'Content-Type': 'application/json' } })).status).toBeLessThan(500);
    expect(await read()).toEqual(before);
  });

  it('writes only appearance settings: any other setting is refused by name', async () => {
    const response = await admin.put('/api/admin/appearance', { values: { 'branding.site_name': 'Sneaky', 'registration.disable': true, 'mail.password': 'x' } });
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(Object.keys(errors).sort()).toEqual(['mail.password', 'registration.disable']);
    const stored = await t.db.selectFrom('settings').select('name').where('name', 'in', ['registration.disable', 'mail.password']).execute();
    expect(stored).toEqual([]);
    expect((await read()).values['branding.site_name']).toBe('Night Radio');
  });

  it('clears the pages cached for visitors when it saves', async () => {
    const key = pageCacheKey({ pathAndQuery: '/', theme: undefined, cookieNotice: undefined });
    const { generation } = await guestPageCache(t.db);
    await storeRenderedPage(t.db, key, 600, { startedAt: Date.now(), generation }, new Response('<title>Night Radio</title>', { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'public' } }));
    expect(await findFreshPage(t.db, key)).toBeDefined();
    expect((await admin.put('/api/admin/appearance', { values: { 'branding.site_name': 'Day Radio' } })).status).toBe(200);
    expect(await findFreshPage(t.db, key)).toBeUndefined();
  });
});
