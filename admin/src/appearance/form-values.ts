import { msg } from '../i18n/messages.ts';
import { fieldKey, settingName } from '../settings/settings-api.ts';
import type { AdminTheme, AppearanceChange, AppearanceData } from './appearance-api.ts';

/** A theme in the form: new ones have no id until they are saved. */
export type FormTheme = Omit<AdminTheme, 'id'> & { id?: number };

/** The editor's form: settings by field key (dots read as nesting, so `__`), and the themes. */
export interface AppearanceForm {
  values: Record<string, unknown>;
  themes: FormTheme[];
}

export const SECTIONS = [
  { id: 'general', label: msg('General') },
  { id: 'seo-settings', label: msg('SEO') },
  { id: 'custom-code', label: msg('Custom code') },
  { id: 'themes', label: msg('Themes') },
  { id: 'menus', label: msg('Menus') },
  { id: 'landing-page', label: msg('Landing page') },
] as const;

export const valuePath = (name: string) => `values.${fieldKey(name)}`;

export function toForm(data: AppearanceData): AppearanceForm {
  return {
    values: Object.fromEntries(Object.entries(data.values).map(([name, value]) => [fieldKey(name), value])),
    themes: data.themes,
  };
}

/** The settings of the form by setting name, as the preview and the API name them. */
export function settingValues(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [settingName(key), value]));
}

const newId = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

interface MenuItemForm {
  id?: string;
  type?: string;
  [property: string]: unknown;
}
interface MenuForm {
  id?: string;
  items?: MenuItemForm[];
  [property: string]: unknown;
}

/** Menus and items added in the form get the ids the setting requires; empty optional fields are left out. */
function completeMenus(menus: unknown): unknown {
  if (!Array.isArray(menus)) return menus;
  return (menus as MenuForm[]).map((menu) => ({
    ...menu,
    id: menu.id || newId('menu'),
    positions: Array.isArray(menu.positions) ? menu.positions : [],
    items: (menu.items ?? []).map((item) => {
      const complete: Record<string, unknown> = { ...item, id: item.id || newId('item'), type: item.type || 'route' };
      for (const [property, value] of Object.entries(complete)) {
        if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) delete complete[property];
      }
      return complete;
    }),
  }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What changed since the last save: only those settings, and the whole theme list when any theme changed. */
export function changeOf(form: AppearanceForm, saved: AppearanceForm): AppearanceChange {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form.values)) {
    if (same(value, saved.values[key])) continue;
    const name = settingName(key);
    values[name] = name === 'menus' ? completeMenus(value) : value;
  }
  const change: AppearanceChange = { values };
  if (!same(form.themes, saved.themes)) change.themes = form.themes as NonNullable<AppearanceChange['themes']>;
  return change;
}

/** Field errors of the API (`branding.site_name`, `themes.0.values.--be-primary`) as paths of the form. */
export function formErrors(errors: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => {
      const text = Array.isArray(message) ? message[0] : message;
      if (field === 'themes' || field.startsWith('themes.')) return [field, text];
      // `values.<setting>` from the envelope check, or a setting name with a path inside its value.
      const name = field.startsWith('values.') ? field.slice('values.'.length) : field;
      return [valuePath(name), text];
    }),
  );
}

/** "79 70 229" (how themes keep colours, so CSS can add opacity) to "#4f46e5" for a colour input. */
export function rgbToHex(value: string): string | null {
  const parts = value.trim().split(/\s+/).map(Number);
  if (parts.length !== 3 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) return null;
  return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}

export function hexToRgb(hex: string): string {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return hex;
  return match.slice(1).map((part) => String(parseInt(part, 16))).join(' ');
}

/** A menu item's required settings as lines of name=value, values read as JSON when they are (true, 3). */
export function settingsToText(settings: unknown): string {
  if (!settings || typeof settings !== 'object') return '';
  return Object.entries(settings as Record<string, unknown>)
    .map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('\n');
}

export function textToSettings(text: string): Record<string, unknown> | undefined {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line): [string, unknown] => {
      const index = line.indexOf('=');
      const name = (index < 0 ? line : line.slice(0, index)).trim();
      const raw = index < 0 ? '' : line.slice(index + 1).trim();
      try {
        return [name, JSON.parse(raw)];
      } catch {
        return [name, raw];
      }
    });
  return entries.length ? Object.fromEntries(entries) : undefined;
}
