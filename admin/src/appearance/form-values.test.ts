import { describe, expect, it } from 'vitest';
import { changeOf, formErrors, hexToRgb, rgbToHex, settingsToText, textToSettings, type AppearanceForm } from './form-values.ts';

describe('appearance form values', () => {
  it('converts theme colours between "r g b" and the colour input, refusing what is not a colour', () => {
    expect(rgbToHex('79 70 229')).toBe('#4f46e5');
    expect(hexToRgb('#4f46e5')).toBe('79 70 229');
    expect(rgbToHex('10px')).toBeNull();
    expect(rgbToHex('0.87')).toBeNull();
    expect(rgbToHex('300 0 0')).toBeNull();
  });

  it('reads a menu item’s settings as name=value lines, JSON values typed', () => {
    expect(textToSettings('billing.enable=true\nsearch.results_per_page = 20\nsite=Night Radio\n')).toEqual({ 'billing.enable': true, 'search.results_per_page': 20, site: 'Night Radio' });
    expect(textToSettings('  \n')).toBeUndefined();
    expect(settingsToText({ 'billing.enable': true, site: 'Night Radio' })).toBe('billing.enable=true\nsite=Night Radio');
  });

  it('sends only what changed, completing new menus and items with ids', () => {
    const theme = { id: 1, name: 'Light', is_dark: false, default_light: true, default_dark: false, values: { '--be-primary': '1 2 3' } };
    const saved: AppearanceForm = { values: { branding__site_name: 'Cadence', menus: [] }, themes: [theme] };
    expect(changeOf(saved, saved)).toEqual({ values: {} });
    const change = changeOf({ values: { branding__site_name: 'Night Radio', menus: [{ name: 'New', positions: ['sidebar-primary'], items: [{ label: 'Home', action: '/', roles: [], target: '' }] }] }, themes: [theme] }, saved);
    expect(change.themes).toBeUndefined();
    expect(change.values).toMatchObject({ 'branding.site_name': 'Night Radio' });
    const [menu] = change.values!.menus as { id: string; items: Record<string, unknown>[] }[];
    expect(menu.id).toMatch(/^menu-/);
    expect(menu.items[0]).toEqual({ id: expect.stringMatching(/^item-/), type: 'route', label: 'Home', action: '/' });
    expect(changeOf({ ...saved, themes: [{ ...theme, values: { '--be-primary': '4 5 6' } }] }, saved).themes).toHaveLength(1);
  });

  it('puts the API’s field errors on the form’s fields', () => {
    expect(formErrors({ 'branding.site_name': ['Too short'], 'themes.0.values.--be-primary': 'Bad', 'values.menus': 'Wrong' })).toEqual({
      'values.branding__site_name': 'Too short',
      'themes.0.values.--be-primary': 'Bad',
      'values.menus': 'Wrong',
    });
  });
});
