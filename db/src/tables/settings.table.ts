import type { Generated } from 'kysely';

/** Only values that differ from the defaults in code are stored; `value` is JSON. */
export interface SettingsTable {
  name: string;
  value: string;
  updated_at: Generated<string>;
}
