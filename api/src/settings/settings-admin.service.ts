import type { Db } from '@app/db';
import { z as zod } from 'zod';
import { forbidden, validationFailed } from '../common/errors.ts';
import { APPEARANCE_SETTINGS, SETTING_FIELDS, SETTINGS_SECTIONS, type SettingField } from './settings-metadata.ts';
import { loadSettings, SETTINGS, updateSettings, type SettingName } from './settings.service.ts';

type Definition = { schema: zod.ZodType; default: unknown; private?: boolean };
const definitions = SETTINGS as unknown as Record<string, Definition>;

/** JSON Schema of each setting, computed once: the back office picks inputs and limits from it. */
const jsonSchemas = new Map<string, unknown>(
  Object.entries(definitions).map(([name, definition]) => {
    try {
      const { $schema: _ignored, ...schema } = zod.toJSONSchema(definition.schema, { unrepresentable: 'any' }) as Record<string, unknown>;
      return [name, schema];
    } catch {
      return [name, {}];
    }
  }),
);

export interface AdminSetting extends Partial<Omit<SettingField, 'section'>> {
  name: string;
  /** Null for settings the back office does not show (edited elsewhere). */
  section: string | null;
  label: string;
  schema: unknown;
  private: boolean;
  /** The current value; absent for secrets, which only say whether they are set. */
  value?: unknown;
  default?: unknown;
  set?: boolean;
}

/** Every setting with its metadata; a secret's value never leaves the server, only whether it is set. */
export async function adminSettings(db: Db): Promise<{ sections: typeof SETTINGS_SECTIONS; settings: AdminSetting[] }> {
  const values = await loadSettings(db);
  const settings = Object.entries(definitions).map(([name, definition]): AdminSetting => {
    const field = SETTING_FIELDS[name as SettingName];
    const value = values[name as SettingName];
    const base = { ...field, name, section: field?.section ?? null, label: field?.label ?? name, schema: jsonSchemas.get(name) ?? {}, private: Boolean(definition.private) };
    if (definition.private) return { ...base, set: value !== definition.default && value !== '' && value !== null };
    return { ...base, value, default: definition.default };
  });
  // Shown in the order of the metadata, which groups related settings (a service's switch and keys).
  const order = new Map(Object.keys(SETTING_FIELDS).map((name, index) => [name, index]));
  settings.sort((a, b) => (order.get(a.name) ?? Infinity) - (order.get(b.name) ?? Infinity));
  return { sections: SETTINGS_SECTIONS, settings };
}

/**
 * A partial update. For a secret, an empty string (or leaving it out) keeps the stored value, and
 * null removes it; everything else is validated by the setting's schema, errors by setting name.
 */
export async function updateAdminSettings(db: Db, body: Record<string, unknown>, editor: { mayEditAppearance: boolean }): Promise<void> {
  // The look of the site belongs to the appearance editor's permission, whichever call changes it.
  const appearance = Object.keys(body).filter((name) => (APPEARANCE_SETTINGS as readonly string[]).includes(name));
  if (appearance.length > 0 && !editor.mayEditAppearance) {
    throw forbidden(`${appearance.join(', ')} can only be changed by someone who may use the appearance editor.`);
  }
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    const definition = Object.hasOwn(definitions, name) ? definitions[name] : undefined;
    if (definition?.private) {
      if (value === '' || value === undefined) continue;
      values[name] = value === null ? definition.default : value;
    } else values[name] = value;
  }
  const { errors } = await updateSettings(db, values);
  if (errors) throw validationFailed(errors);
}
