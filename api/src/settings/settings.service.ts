import type { Db } from '@app/db';
import * as settingsRepository from '@app/db/settings/settings';
import type { z } from 'zod';
import { SETTINGS, type SettingDefinition, type SettingName } from './settings-definitions.ts';

export { SEO_PAGES, SETTINGS, type MenuConfig, type MenuItemConfig, type SeoPage, type SettingName } from './settings-definitions.ts';

export type Settings = { -readonly [K in SettingName]: z.infer<(typeof SETTINGS)[K]['schema']> };

/** A setting's value from what is stored, else its default. */
function settingValue(name: SettingName, stored: Record<string, unknown>): unknown {
  const definition = SETTINGS[name] as SettingDefinition<z.ZodType>;
  const parsed = name in stored ? definition.schema.safeParse(stored[name]) : undefined;
  const fallback = definition.default;
  // Object defaults are copied so that no caller can change them for the next request.
  return parsed?.success ? parsed.data : typeof fallback === 'object' && fallback !== null ? structuredClone(fallback) : fallback;
}

export async function loadSettings(db: Db): Promise<Settings> {
  const stored = await settingsRepository.getStoredSettings(db);
  const settings = {} as Record<string, unknown>;
  for (const name of Object.keys(SETTINGS) as SettingName[]) settings[name] = settingValue(name, stored);
  return settings as Settings;
}

/** One setting, for a check that runs on every request: reads and parses only its row. */
export async function loadSetting<K extends SettingName>(db: Db, name: K): Promise<Settings[K]> {
  return settingValue(name, await settingsRepository.getStoredSettings(db, name)) as Settings[K];
}

function pickSettings(settings: Partial<Settings>, keep: (definition: SettingDefinition<z.ZodType>) => boolean): Partial<Settings> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(settings)) {
    const definition = (SETTINGS as Record<string, SettingDefinition<z.ZodType> | undefined>)[name];
    if (definition && keep(definition)) result[name] = value;
  }
  return result as Partial<Settings>;
}

/** Settings pages may read while they render on the server; secrets stay out. */
export function publicSettings(settings: Settings): Partial<Settings> {
  return pickSettings(settings, (definition) => !definition.private);
}

/** The settings a browser receives: only those marked `browser`, read by the site's scripts. */
export function browserSettings(settings: Partial<Settings>): Partial<Settings> {
  return pickSettings(settings, (definition) => Boolean(definition.browser && !definition.private));
}

/** Validates and stores changed settings; unknown names and wrong types are refused with field errors. */
export async function updateSettings(db: Db, values: Record<string, unknown>): Promise<{ errors?: Record<string, string> }> {
  const { valid, errors } = validateSettings(values);
  if (errors) return { errors };
  await settingsRepository.saveSettings(db, valid);
  return {};
}

/** Each value parsed by its setting's schema; errors by setting name for unknown names and wrong values. */
export function validateSettings(values: Record<string, unknown>): { valid: Record<string, unknown>; errors?: Record<string, string> } {
  const errors: Record<string, string> = {};
  const valid: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const definition = (SETTINGS as Record<string, SettingDefinition<z.ZodType> | undefined>)[name];
    if (!definition) {
      errors[name] = `Unknown setting "${name}".`;
      continue;
    }
    const parsed = definition.schema.safeParse(value);
    if (parsed.success) valid[name] = parsed.data;
    else errors[name] = parsed.error.issues[0]?.message ?? 'Invalid value.';
  }
  return Object.keys(errors).length ? { valid, errors } : { valid };
}
