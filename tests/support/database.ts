import path from 'node:path';
import { createDb } from '@app/db';
import * as pageCacheRepository from '@app/db/caching/page-cache';
import * as settingsRepository from '@app/db/settings/settings';
import { E2E_STORAGE_PATH } from './constants.ts';

/**
 * The SQLite file of this worker's e2e server, opened beside it (WAL allows a second connection),
 * for the few settings the back office cannot change yet.
 */
const file = path.join(E2E_STORAGE_PATH, 'database.sqlite');

export async function withE2eDatabase<T>(work: (db: ReturnType<typeof createDb>) => Promise<T>): Promise<T> {
  const db = createDb(file);
  try {
    const result = await work(db);
    // Changed behind the back office's back: pages already shared with visitors must go, as the back office would clear them.
    await pageCacheRepository.clearPageCache(db);
    return result;
  } finally {
    await db.destroy();
  }
}

export const setE2eSettings = (values: Record<string, unknown>) => withE2eDatabase((db) => settingsRepository.saveSettings(db, values));
