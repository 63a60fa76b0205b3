import type { Generated } from 'kysely';

export interface ThemesTable {
  id: Generated<number>;
  name: string;
  is_dark: Generated<number>;
  default_light: Generated<number>;
  default_dark: Generated<number>;
  /** JSON map of CSS custom properties, for example { "--be-background": "255 255 255" }. */
  values: string;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}
