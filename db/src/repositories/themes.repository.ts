import type { Db } from '../connection.ts';

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
