import type { Db } from '../connection.ts';

export interface Localization {
  id: number;
  name: string;
  language: string;
  lines: Record<string, string>;
}

export async function findLocalization(db: Db, language: string): Promise<Localization | undefined> {
  const row = await db.selectFrom('localizations').selectAll().where('language', '=', language).executeTakeFirst();
  if (!row) return undefined;
  let lines: Record<string, string> = {};
  try {
    lines = JSON.parse(row.lines);
  } catch {
    // Broken overrides fall back to the English source lines.
  }
  return { id: row.id, name: row.name, language: row.language, lines };
}

export async function ensureLocalization(db: Db, language: string, name: string): Promise<void> {
  await db.insertInto('localizations').values({ language, name }).onConflict((oc) => oc.column('language').doNothing()).execute();
}

export async function listLocalizations(db: Db): Promise<{ language: string; name: string }[]> {
  return db.selectFrom('localizations').select(['language', 'name']).orderBy('name').execute();
}
