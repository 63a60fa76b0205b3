import type * as themesRepository from '@app/db/settings/themes';
import { describe, expect, it } from 'vitest';
import { backOfficeLook, languageChoice, postLoginPath, selectTheme } from './bootstrap.service.ts';
import type { Settings } from './settings.service.ts';

const themes: themesRepository.Theme[] = [
  { id: 1, name: 'Light', is_dark: false, default_light: true, default_dark: false, values: { '--be-primary': '1 1 1' } },
  { id: 2, name: 'Dark', is_dark: true, default_light: false, default_dark: true, values: { '--be-primary': '2 2 2' } },
  { id: 3, name: 'Sepia', is_dark: false, default_light: false, default_dark: false, values: { '--be-primary': '3 3 3' } },
];
const APP_URL = 'http://localhost:3000';
const settings = (overrides: Partial<Settings> = {}) => ({ 'themes.user_change': true, 'themes.default_id': 0, 'auth.post_login_redirect': '', ...overrides }) as Settings;

describe('theme selection', () => {
  it('follows the OS for "system", "0" and by default', () => {
    const system = { mode: 'system', lightId: 1, darkId: 2 };
    expect(selectTheme(themes, settings(), undefined)).toEqual(system);
    expect(selectTheme(themes, settings(), 'system')).toEqual(system);
    expect(selectTheme(themes, settings(), '0')).toEqual(system);
  });

  it('honours light, dark and a theme id from the be-active-theme cookie', () => {
    expect(selectTheme(themes, settings(), 'light')).toEqual({ mode: 'fixed', themeId: 1 });
    expect(selectTheme(themes, settings(), 'dark')).toEqual({ mode: 'fixed', themeId: 2 });
    expect(selectTheme(themes, settings(), '3')).toEqual({ mode: 'fixed', themeId: 3 });
  });

  it('falls back to the first theme for an unknown id', () => {
    expect(selectTheme(themes, settings(), '99')).toEqual({ mode: 'fixed', themeId: 1 });
    expect(selectTheme(themes, settings(), '<script>')).toEqual({ mode: 'fixed', themeId: 1 });
  });

  it('ignores the cookie when users may not change the theme', () => {
    expect(selectTheme(themes, settings({ 'themes.user_change': false, 'themes.default_id': 2 }), '1')).toEqual({ mode: 'fixed', themeId: 2 });
  });
});

describe('post-login address', () => {
  it('is / for users, /admin for admins, or the configured path', () => {
    expect(postLoginPath(settings(), [{ name: 'music.view', restrictions: [] }], APP_URL)).toBe('/');
    expect(postLoginPath(settings(), [{ name: 'admin', restrictions: [] }], APP_URL)).toBe('/admin');
    expect(postLoginPath(settings({ 'auth.post_login_redirect': '/library' }), [], APP_URL)).toBe('/library');
    // Never off-site, and never a value that cannot be sent as a Location header.
    expect(postLoginPath(settings({ 'auth.post_login_redirect': '//evil.example' }), [], APP_URL)).toBe('/');
    expect(postLoginPath(settings({ 'auth.post_login_redirect': '/\t/evil.example' }), [], APP_URL)).toBe('/');
    expect(postLoginPath(settings({ 'auth.post_login_redirect': '/library\n' }), [{ name: 'admin', restrictions: [] }], APP_URL)).toBe('/admin');
  });
});

describe("a visitor's language cookie", () => {
  it('counts only when it looks like a language code, so junk values make no page-cache entries of their own', () => {
    expect(['fr', 'pt-BR', 'zh_Hant', 'ast'].map(languageChoice)).toEqual(['fr', 'pt-BR', 'zh_Hant', 'ast']);
    expect(['', 'x', '../../etc', 'fr; path=/', 'FR', 'a'.repeat(40), undefined].map(languageChoice)).toEqual(new Array(7).fill(undefined));
  });
});

describe('the back office look', () => {
  const branding = { 'branding.site_name': 'Nightingale', 'branding.logo_light': '/storage/logo.svg', 'branding.logo_dark': '' };

  it('has the site name, its logos (the light one on dark themes when there is no dark one) and both default themes', () => {
    expect(backOfficeLook(themes, settings(branding), undefined)).toEqual({
      site_name: 'Nightingale',
      logo_light: '/storage/logo.svg',
      logo_dark: '/storage/logo.svg',
      themes: { light: { '--be-primary': '1 1 1' }, dark: { '--be-primary': '2 2 2' } },
      mode: 'system',
    });
    expect(backOfficeLook(themes, settings({ ...branding, 'branding.logo_dark': '/storage/dark.svg' }), undefined).logo_dark).toBe('/storage/dark.svg');
  });

  it('starts in the theme the site shows this browser, a chosen light theme standing in for the default one', () => {
    expect(backOfficeLook(themes, settings(branding), 'dark').mode).toBe('dark');
    const sepia = backOfficeLook(themes, settings(branding), '3');
    expect(sepia.mode).toBe('light');
    expect(sepia.themes).toEqual({ light: { '--be-primary': '3 3 3' }, dark: { '--be-primary': '2 2 2' } });
    // Without user choice, the site's default applies.
    expect(backOfficeLook(themes, settings({ ...branding, 'themes.user_change': false, 'themes.default_id': 2 }), 'light').mode).toBe('dark');
  });
});
