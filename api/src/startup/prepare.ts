import { randomBytes } from 'node:crypto';
import { createDb, migrateToLatest, type Db } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as permissionsRepository from '@app/db/permissions/permissions';
import { seedDemoCatalog, seedFoundation, type SeedProgress } from '@app/db/seed';
import type { Config } from '../config.ts';
import { hashPassword } from '../accounts/auth.service.ts';
import { checkStorage, createStorage } from '../storage/create-storage.ts';
import type { Storage } from '../storage/storage.ts';
import { logger } from '../logging/logger.ts';

export interface Prepared {
  db: Db;
  storage: Storage;
  /** Set when this start created the first admin with a generated password, to print once. */
  generatedAdmin?: { email: string; password: string };
  seeded: boolean;
}

/** Queries slower than this are logged as warnings: on SQLite, anything near it needs an index. */
const SLOW_QUERY_MS = 250;

function reportSlowQuery({ sql, durationMs }: { sql: string; durationMs: number }) {
  if (durationMs >= SLOW_QUERY_MS) logger.warn({ duration_ms: Math.round(durationMs), sql: sql.slice(0, 500) }, 'Slow query');
}

/**
 * Everything before serving: migrate, add missing base data, seed the demo catalog into an empty
 * database, and make sure someone can log in to the back office.
 */
export async function prepare(config: Config, onProgress?: SeedProgress): Promise<Prepared> {
  // A bucket that cannot be used stops the start with the reason, rather than failing every upload later.
  await checkStorage(config);
  const db = createDb(config.databaseUrl, { onQuery: reportSlowQuery });
  await migrateToLatest(db);
  await seedFoundation(db);
  const storage = await createStorage(config);
  let seeded = false;
  if (config.seedDemo) {
    seeded = Boolean(await seedDemoCatalog(db, { storage, audioCacheDir: config.demoAudioCache, onProgress }));
  }
  const generatedAdmin = await ensureAdmin(db, config);
  return { db, storage, generatedAdmin, seeded };
}

async function ensureAdmin(db: Db, config: Config): Promise<{ email: string; password: string } | undefined> {
  const adminRole = await permissionsRepository.findRoleByName(db, 'admin');
  if (!adminRole) throw new Error('The admin role is missing; the foundation seed did not run.');

  if (config.adminEmail) {
    const existing = await usersRepository.findUserByEmail(db, config.adminEmail);
    if (existing) {
      // ADMIN_PASSWORD set on a later start resets that admin's password: the documented way back in.
      if (config.adminPassword) await usersRepository.updateUser(db, existing.id, { password: await hashPassword(config.adminPassword) });
      return undefined;
    }
    if (await usersRepository.adminExists(db)) return undefined;
    const password = config.adminPassword ?? randomBytes(12).toString('base64url');
    await usersRepository.createUser(db, { email: config.adminEmail, name: 'Admin', password: await hashPassword(password), email_verified_at: new Date().toISOString() }, [adminRole.id]);
    return config.adminPassword ? undefined : { email: config.adminEmail, password };
  }

  if (await usersRepository.adminExists(db)) return undefined;
  const email = (await usersRepository.findUserByEmail(db, 'admin@example.com')) ? `admin-${randomBytes(3).toString('hex')}@example.com` : 'admin@example.com';
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  await usersRepository.createUser(db, { email, name: 'Admin', password: await hashPassword(password), email_verified_at: new Date().toISOString() }, [adminRole.id]);
  return config.adminPassword ? undefined : { email, password };
}
