import { clearPageCache } from './page-cache.repository.ts';
import type { Db } from '../connection.ts';

/** Stored overrides as parsed JSON, keyed by setting name. Rows whose JSON is unreadable are skipped. */
export async function getStoredSettings(db: Db): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom('settings').select(['name', 'value']).execute();
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
  const entries = Object.entries(values);
  if (!entries.length) return;
  const updated_at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const [name, value] of entries) {
      await trx
        .insertInto('settings')
        .values({ name, value: JSON.stringify(value), updated_at })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(value), updated_at }))
        .execute();
    }
    // Pages shared with visitors show settings; from any path (back office, CLI), they change at once.
    await clearPageCache(trx);
  });
}
