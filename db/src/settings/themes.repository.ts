import type { Db } from '../connection.ts';
import { clearPageCache } from '../caching/page-cache.repository.ts';
import { writeSettings } from './settings.repository.ts';

export interface Theme {
  id: number;
  name: string;
  is_dark: boolean;
  default_light: boolean;
  default_dark: boolean;
  values: Record<string, string>;
}

export async function listThemes(db: Db): Promise<Theme[]> {
  const rows = await db.selectFrom('themes').selectAll().orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    is_dark: Boolean(row.is_dark),
    default_light: Boolean(row.default_light),
    default_dark: Boolean(row.default_dark),
    values: safeJsonObject(row.values),
  }));
}

export async function insertTheme(db: Db, theme: Omit<Theme, 'id'>): Promise<void> {
  await db
    .insertInto('themes')
    .values({
      name: theme.name,
      is_dark: theme.is_dark ? 1 : 0,
      default_light: theme.default_light ? 1 : 0,
      default_dark: theme.default_dark ? 1 : 0,
      values: JSON.stringify(theme.values),
    })
    .execute();
}

export async function countThemes(db: Db): Promise<number> {
  const row = await db.selectFrom('themes').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

function safeJsonObject(json: string): Record<string, string> {
  try {
    const parsed = JSON.parse(json);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** A theme as the appearance editor saves it: with an id it replaces that theme, without one it is new. */
export type ThemeInput = Omit<Theme, 'id'> & { id?: number };

/**
 * Saves the appearance editor's work at once: settings, and when given, the whole list of themes
 * (themes missing from it are deleted). Shared pages are cleared in the same transaction so that
 * no visitor gets a page of the old look after the save answered.
 */
export async function saveAppearance(db: Db, change: { settings: Record<string, unknown>; themes?: ThemeInput[] }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeSettings(trx, change.settings);
    if (change.themes) await replaceThemes(trx, change.themes);
    await clearPageCache(trx);
  });
}

async function replaceThemes(trx: Db, themes: ThemeInput[]): Promise<void> {
  const kept = themes.flatMap((theme) => (theme.id === undefined ? [] : [theme.id]));
  let removal = trx.deleteFrom('themes');
  if (kept.length) removal = removal.where('id', 'not in', kept);
  await removal.execute();
  const updated_at = new Date().toISOString();
  for (const { id, ...theme } of themes) {
    const row = {
      name: theme.name,
      is_dark: theme.is_dark ? 1 : 0,
      default_light: theme.default_light ? 1 : 0,
      default_dark: theme.default_dark ? 1 : 0,
      values: JSON.stringify(theme.values),
    };
    if (id === undefined) await trx.insertInto('themes').values(row).execute();
    else await trx.updateTable('themes').set({ ...row, updated_at }).where('id', '=', id).execute();
  }
}
