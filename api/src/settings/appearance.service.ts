import type { Db } from '@app/db';
import * as adminAccountsRepository from '@app/db/admin/admin-accounts';
import * as themesRepository from '@app/db/settings/themes';
import { z } from 'zod';
import { msg } from '../i18n/msg.ts';
import { validationFailed, zodErrorsByField } from '../common/errors.ts';
import { APPEARANCE_SETTINGS, type AppearanceSettingName } from './settings-metadata.ts';
import { loadSettings, SEO_PAGES, SETTINGS, validateSettings } from './settings.service.ts';

/** Where the site shows menus; a menu may be placed at any of them (BaseLayout and /landing read them). */
export const MENU_POSITIONS = ['sidebar-primary', 'sidebar-secondary', 'mobile-bottom', 'landing-page-navbar', 'auth-dropdown'] as const;

/**
 * Font stacks a theme can use. Only fonts the visitor's system has: the site loads nothing from
 * other hosts (its content security policy would refuse it, and visitors would be tracked).
 */
export const THEME_FONTS = [
  { label: msg('System'), value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
  { label: msg('Humanist'), value: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif" },
  { label: msg('Rounded'), value: "ui-rounded, 'Hiragino Maru Gothic ProN', Quicksand, Comfortaa, Manjari, 'Arial Rounded MT', Calibri, source-sans-pro, sans-serif" },
  { label: msg('Geometric'), value: "Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif" },
  { label: msg('Serif'), value: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif" },
  { label: msg('Monospace'), value: "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, 'DejaVu Sans Mono', monospace" },
] as const;

export interface AppearanceState {
  values: Record<AppearanceSettingName, unknown>;
  defaults: Record<AppearanceSettingName, unknown>;
  themes: themesRepository.Theme[];
  menuPositions: string[];
  seoPages: readonly string[];
  roles: { id: number; name: string }[];
  permissions: { name: string; display_name: string | null; group: string }[];
  fonts: readonly { label: string; value: string }[];
}

const definitions = SETTINGS as unknown as Record<string, { default: unknown }>;

/** What the appearance editor edits, with the choices it offers. */
export async function appearanceState(db: Db): Promise<AppearanceState> {
  const [settings, themes, roles, permissions] = await Promise.all([loadSettings(db), themesRepository.listThemes(db), adminAccountsRepository.listRoleChoices(db), adminAccountsRepository.permissionCatalog(db)]);
  const values = Object.fromEntries(APPEARANCE_SETTINGS.map((name) => [name, settings[name]])) as AppearanceState['values'];
  const defaults = Object.fromEntries(APPEARANCE_SETTINGS.map((name) => [name, definitions[name].default])) as AppearanceState['defaults'];
  // A position an admin typed into a menu before stays choosable, so saving does not drop it.
  const used = (settings.menus ?? []).flatMap((menu) => menu.positions);
  return {
    values,
    defaults,
    themes,
    menuPositions: [...new Set<string>([...MENU_POSITIONS, ...used])],
    seoPages: SEO_PAGES,
    roles,
    permissions: permissions.map(({ name, display_name, group }) => ({ name, display_name, group })),
    fonts: THEME_FONTS,
  };
}

// Theme values end up inside the site's <style> element: no way out of the declaration or the element.
const themeInput = z
  .object({
    id: z.number().int().positive().optional(),
    name: z.string().trim().min(1, 'Give the theme a name.').max(60),
    is_dark: z.boolean(),
    default_light: z.boolean(),
    default_dark: z.boolean(),
    values: z
      .record(
        z.string().regex(/^--[a-zA-Z0-9-]+$/, 'A theme value name starts with -- followed by letters, digits and dashes.').max(60),
        z.string().max(300).regex(/^[^<>{};]*$/, 'A theme value cannot contain <, >, {, } or ;.'),
      )
      .refine((values) => Object.keys(values).length <= 100, 'A theme has at most 100 values.'),
  })
  .strict();

const appearanceChange = z
  .object({
    values: z.record(z.string(), z.unknown()).optional(),
    themes: z.array(z.unknown()).optional(),
  })
  .strict();

const themeList = z.array(themeInput).min(1, 'Keep at least one theme.').max(50);

const APPEARANCE_NAMES = new Set<string>(APPEARANCE_SETTINGS);

/**
 * Saves the editor's changes in one transaction: appearance settings only, and when themes are
 * sent, the whole list (with an id: changed, without: new, missing: deleted). Errors come back by
 * field, as `values` names (the setting) or `themes.<index>.<field>`, and nothing is saved.
 */
export async function updateAppearance(db: Db, body: unknown): Promise<void> {
  const parsed = appearanceChange.safeParse(body);
  if (!parsed.success) throw validationFailed(zodErrorsByField(parsed.error));
  const { values = {} } = parsed.data;

  const errors: Record<string, string> = {};
  // Themes are checked apart from the values so that one answer names every wrong field.
  const themesParsed = parsed.data.themes === undefined ? undefined : themeList.safeParse(parsed.data.themes);
  if (themesParsed && !themesParsed.success) {
    for (const [field, message] of Object.entries(zodErrorsByField(themesParsed.error))) errors[field === 'body' ? 'themes' : `themes.${field}`] = message;
  }
  const themes = themesParsed?.data;
  const appearanceValues: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (APPEARANCE_NAMES.has(name)) appearanceValues[name] = value;
    else errors[name] = msg('Only appearance settings can be saved here.');
  }
  const checked = validateSettings(appearanceValues);
  Object.assign(errors, checked.errors);

  const current = await themesRepository.listThemes(db);
  if (themes) Object.assign(errors, themeErrors(themes, current));

  // The default theme must be one that exists after the save; deleting it falls back to the system preference.
  const keptIds = new Set((themes ?? current).flatMap((theme) => (theme.id === undefined ? [] : [theme.id])));
  const settingsToSave = { ...checked.valid };
  const defaultId = settingsToSave['themes.default_id'];
  if (typeof defaultId === 'number' && defaultId !== 0 && !keptIds.has(defaultId)) errors['themes.default_id'] = msg('Choose one of the themes.');
  if (defaultId === undefined && themes) {
    const storedDefault = (await loadSettings(db))['themes.default_id'];
    if (storedDefault !== 0 && !keptIds.has(storedDefault)) settingsToSave['themes.default_id'] = 0;
  }

  if (Object.keys(errors).length) throw validationFailed(errors);
  await themesRepository.saveAppearance(db, { settings: settingsToSave, themes: themes as themesRepository.ThemeInput[] | undefined });
}

function themeErrors(themes: z.infer<typeof themeInput>[], current: themesRepository.Theme[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const existing = new Set(current.map((theme) => theme.id));
  const seen = new Set<number>();
  themes.forEach((theme, index) => {
    if (theme.id !== undefined && (!existing.has(theme.id) || seen.has(theme.id))) errors[`themes.${index}.id`] = msg('This theme does not exist.');
    if (theme.id !== undefined) seen.add(theme.id);
    if (theme.default_light && theme.is_dark) errors[`themes.${index}.default_light`] = msg('The default light theme cannot be dark.');
    if (theme.default_dark && !theme.is_dark) errors[`themes.${index}.default_dark`] = msg('The default dark theme must be dark.');
  });
  if (themes.filter((theme) => theme.default_light).length !== 1) errors.themes ??= msg('Choose exactly one default light theme.');
  if (themes.filter((theme) => theme.default_dark).length !== 1) errors.themes ??= msg('Choose exactly one default dark theme.');
  return errors;
}
