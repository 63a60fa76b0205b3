import { clearPageCache } from '../caching/page-cache.repository.ts';
import type { Db } from '../connection.ts';
import { preparedQuery } from '../prepared.ts';

const storedSetting = preparedQuery((db: Db, p: { name: string }) => db.selectFrom('settings').select(['name', 'value']).where('name', '=', p.name));

/**
 * Stored overrides as parsed JSON, keyed by setting name (only `name`'s when given). Rows whose
 * JSON is unreadable are skipped.
 */
export async function getStoredSettings(db: Db, name?: string): Promise<Record<string, unknown>> {
  const rows = name === undefined ? await db.selectFrom('settings').select(['name', 'value']).execute() : await storedSetting(db, { name });
  const stored: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      stored[row.name] = JSON.parse(row.value);
    } catch {
      // A hand-edited row with broken JSON falls back to the default instead of breaking every page.
    }
  }
  return stored;
}

export async function saveSettings(db: Db, values: Record<string, unknown>): Promise<void> {
  if (!Object.keys(values).length) return;
  await db.transaction().execute(async (trx) => {
    await writeSettings(trx, values);
    // Pages shared with visitors show settings; from any path (back office, CLI), they change at once.
    await clearPageCache(trx);
  });
}

/** Upserts settings inside the caller's transaction, for saves that change more than settings. */
export async function writeSettings(trx: Db, values: Record<string, unknown>): Promise<void> {
  const updated_at = new Date().toISOString();
  for (const [name, value] of Object.entries(values)) {
    await trx
      .insertInto('settings')
      .values({ name, value: JSON.stringify(value), updated_at })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(value), updated_at }))
      .execute();
  }
}
