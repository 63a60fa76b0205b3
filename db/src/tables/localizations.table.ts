import type { Generated } from 'kysely';

export interface LocalizationsTable {
  id: Generated<number>;
  name: string;
  language: string;
  /** JSON map of translated lines keyed by their English source text; missing keys fall back to English. */
  lines: Generated<string>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}
