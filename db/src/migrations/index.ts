import type { Migration } from 'kysely/migration';
import * as foundation from './2026_11_21_000001_foundation.ts';

/**
 * Every migration, keyed by its timestamped name. Append only: a migration that has shipped is
 * never edited; a change to the schema is a new entry at the end.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_21_000001_foundation': foundation,
};
