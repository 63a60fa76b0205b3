import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDb } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as catalogRepository from '@app/db/catalog/catalog';
import { verify } from '@node-rs/argon2';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { TEST_AUDIO_CACHE } from '../testing.ts';
import { prepare } from './prepare.ts';

const storage = mkdtempSync(path.join(tmpdir(), 'music-prepare-'));
afterAll(() => rmSync(storage, { recursive: true, force: true }));

describe('start-up', () => {
  it('seeds and creates a first admin once, then keeps everything on the next start', async () => {
    const config = loadConfig({ STORAGE_PATH: storage, DEMO_AUDIO_CACHE: TEST_AUDIO_CACHE });
    const first = await prepare(config);
    expect(first.seeded).toBe(true);
    expect(first.generatedAdmin?.email).toBe('admin@example.com');
    expect(first.generatedAdmin!.password.length).toBeGreaterThanOrEqual(16);
    const admin = await usersRepository.findUserByEmail(first.db, 'admin@example.com');
    expect(await verify(admin!.password!, first.generatedAdmin!.password)).toBe(true);
    await first.db.insertInto('genres').values({ name: 'kept-genre' }).execute();
    await first.db.destroy();

    const second = await prepare(config);
    expect(second.seeded).toBe(false);
    expect(second.generatedAdmin).toBeUndefined();
    expect(await catalogRepository.countRows(second.db, 'tracks')).toBe(300);
    // The admin and the demo's editorial account, nobody else.
    expect(await usersRepository.countUsers(second.db)).toBe(2);
    expect(await second.db.selectFrom('genres').select('name').where('name', '=', 'kept-genre').executeTakeFirst()).toBeTruthy();
    await second.db.destroy();
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD, and resets that password on a later start', async () => {
    const own = mkdtempSync(path.join(tmpdir(), 'music-prepare-'));
    try {
      const env = { STORAGE_PATH: own, SEED_DEMO: 'false', ADMIN_EMAIL: 'Owner@Example.com', ADMIN_PASSWORD: 'first-password' };
      const first = await prepare(loadConfig(env));
      expect(first.generatedAdmin).toBeUndefined();
      await first.db.destroy();
      const second = await prepare(loadConfig({ ...env, ADMIN_PASSWORD: 'second-password' }));
      const owner = await usersRepository.findUserByEmail(second.db, 'owner@example.com');
      expect(await verify(owner!.password!, 'second-password')).toBe(true);
      expect(await usersRepository.countUsers(second.db)).toBe(1);
      await second.db.destroy();
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  // Only where the run has a PostgreSQL server (TEST_DATABASE=postgres, `pnpm test:postgres`).
  it.runIf(process.env.TEST_POSTGRES_URL)('starts on the PostgreSQL database that DATABASE_URL names', async () => {
    const database = await createTestDb();
    const own = mkdtempSync(path.join(tmpdir(), 'music-prepare-'));
    try {
      const first = await prepare(loadConfig({ STORAGE_PATH: own, SEED_DEMO: 'false', DATABASE_URL: database.file, ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'first-password' }));
      await first.db.destroy();
      expect(await usersRepository.findUserByEmail(database, 'owner@example.com')).toBeTruthy();
      expect(existsSync(path.join(own, 'database.sqlite'))).toBe(false);
    } finally {
      await database.destroy();
      rmSync(own, { recursive: true, force: true });
    }
  });
});
