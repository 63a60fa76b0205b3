import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, inspectSqliteDatabase, LATEST_MIGRATION } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, HttpSession, type ServerProcess, startServerProcess } from '../support/server-process.ts';

/**
 * `pnpm backup` and `pnpm restore` as docs/backups.md tells a self-hoster to use them: back up a running
 * site while it keeps writing, restore into a fresh folder, start the site from there and find the
 * same accounts, rows and file bytes.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI = path.join(ROOT, 'api/src/cli/cadence.ts');
const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' };
const LISTENER = { email: 'listener@example.com', password: 'listener-password-1' };

let work: string;
let original: ServerProcess | undefined;
let restored: ServerProcess | undefined;

const env = (storage: string) => ({ PATH: process.env.PATH, HOME: work, STORAGE_PATH: storage, SEED_DEMO: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

/** Runs the command line without blocking this process, so the site it talks to keeps being written meanwhile. */
function cli(args: string[], storage: string, extraEnv: Record<string, string> = {}): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: work, env: { ...env(storage), ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (status) => resolve({ status, output }));
  });
}

function filesUnder(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

async function rows(file: string, table: 'users' | 'file_entries') {
  const db = createDb(file);
  try {
    return await db.selectFrom(table).selectAll().orderBy('id').execute();
  } finally {
    await db.destroy();
  }
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'cadence-backup-'));
});

afterAll(async () => {
  await original?.stop();
  await restored?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('backup of a running site and restore into a fresh folder', () => {
  it('gives back the same accounts, rows and file bytes, consistent although the site wrote during the backup', async () => {
    const storage = path.join(work, 'storage');
    original = await startServerProcess(process.execPath, [CLI, 'start'], { cwd: work, env: env(storage), port: await freePort() });

    const listener = new HttpSession(original.url);
    expect((await listener.json('POST', '/auth/register', { ...LISTENER, password_confirmation: LISTENER.password })).ok).toBe(true);
    const admin = new HttpSession(original.url);
    await admin.logIn(ADMIN.email, ADMIN.password);
    // Text, as the names say: random bytes now and then start with another format's signature, which the upload refuses.
    const song = new TextEncoder().encode(randomBytes(32 * 1024).toString('hex'));
    const uploaded = await admin.upload(song, 'notes.txt', 'text/plain');

    // The site keeps writing (rows and files) while the backup runs.
    let writing = true;
    const writes: unknown[] = [];
    const writer = (async () => {
      for (let n = 0; writing; n += 1) writes.push(await admin.upload(new TextEncoder().encode(randomBytes(1024).toString('hex')), `during-${n}.txt`, 'text/plain'));
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const archive = path.join(work, 'site.tar.gz');
    const backup = await cli(['backup', archive], storage);
    writing = false;
    await writer;
    expect(backup.output).toContain('Backed up');
    expect(backup.status).toBe(0);
    expect(writes.length).toBeGreaterThan(0);

    const fresh = path.join(work, 'restored');
    const restore = await cli(['restore', archive], fresh);
    expect(restore.output).toContain('Restored the backup');
    expect(restore.status).toBe(0);

    const restoredDb = path.join(fresh, 'database.sqlite');
    expect(inspectSqliteDatabase(restoredDb)).toEqual({ ok: true, migration: LATEST_MIGRATION });
    // Every account, and every file row as it was at one moment: the rows the site added after
    // the backup are missing, but no row is half-written and each one's file came along.
    expect(await rows(restoredDb, 'users')).toEqual(await rows(path.join(storage, 'database.sqlite'), 'users'));
    const originalEntries = await rows(path.join(storage, 'database.sqlite'), 'file_entries');
    const restoredEntries = await rows(restoredDb, 'file_entries');
    expect(restoredEntries.length).toBeGreaterThan(1);
    expect(restoredEntries).toEqual(originalEntries.slice(0, restoredEntries.length));
    for (const entry of restoredEntries) {
      const file = path.join(entry.disk === 'public' ? 'public' : 'uploads', entry.file_name);
      expect(readFileSync(path.join(fresh, file)), file).toEqual(readFileSync(path.join(storage, file)));
    }
    // The whole folder came along but caches, which are rebuilt.
    const originalFiles = filesUnder(storage).filter((file) => !file.startsWith('cache/') && !file.startsWith('database.sqlite'));
    const restoredFiles = filesUnder(fresh).filter((file) => file !== 'database.sqlite');
    expect(originalFiles).toEqual(expect.arrayContaining(restoredFiles));
    expect(restoredFiles.filter((file) => !file.includes('during-') && !/^uploads\//.test(file))).toEqual(
      originalFiles.filter((file) => !file.includes('during-') && !/^uploads\//.test(file)),
    );

    await original.stop();
    original = undefined;
    restored = await startServerProcess(process.execPath, [CLI, 'start'], { cwd: work, env: env(fresh), port: await freePort() });
    const again = new HttpSession(restored.url);
    await again.logIn(LISTENER.email, LISTENER.password);
    const adminAgain = new HttpSession(restored.url);
    await adminAgain.logIn(ADMIN.email, ADMIN.password);
    const preview = await adminAgain.fetch(uploaded.url);
    expect(preview.status).toBe(200);
    expect(new Uint8Array(await preview.arrayBuffer())).toEqual(song);
  });

  it('refuses to restore over a folder that holds anything, unless --force, which replaces it with the backup', async () => {
    const archive = path.join(work, 'site.tar.gz');
    const busy = path.join(work, 'busy');
    mkdirSync(busy, { recursive: true });
    writeFileSync(path.join(busy, 'keep-me.txt'), 'mine');

    const refused = await cli(['restore', archive], busy);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('is not empty');
    expect(readFileSync(path.join(busy, 'keep-me.txt'), 'utf8')).toBe('mine');
    expect(existsSync(path.join(busy, 'database.sqlite'))).toBe(false);

    const forced = await cli(['restore', archive, '--force'], busy);
    expect(forced.status).toBe(0);
    expect(existsSync(path.join(busy, 'keep-me.txt'))).toBe(false);
    // The backup's accounts, as the site had them (the site started from the first restore has reset the admin's password since).
    expect(await rows(path.join(busy, 'database.sqlite'), 'users')).toEqual(await rows(path.join(work, 'storage', 'database.sqlite'), 'users'));
  });

  it('refuses a file that is not a backup, and one that points outside the folder, without touching anything', async () => {
    const notABackup = path.join(work, 'photo.tar.gz');
    writeFileSync(notABackup, randomBytes(1000));
    const target = path.join(work, 'empty-a');
    const refused = await cli(['restore', notABackup], target);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('is not a readable backup');
    expect(refused.output).not.toMatch(/\n\s+at /);
    expect(filesUnder(target)).toEqual([]);

    // A hand-made archive whose entries climb out of the folder it is restored into.
    const crafted = path.join(work, 'crafted');
    mkdirSync(crafted, { recursive: true });
    writeFileSync(path.join(crafted, 'escape.txt'), 'outside');
    writeFileSync(path.join(crafted, 'manifest.json'), JSON.stringify({ format: 'cadence-backup', formatVersion: 1, version: '0.1.0', createdAt: '2026-01-01', migration: null }));
    const packed = spawnSync('tar', ['-czPf', path.join(work, 'crafted.tar.gz'), '--transform', 's,^escape,../escape,', '-C', crafted, 'manifest.json', 'escape.txt'], { encoding: 'utf8' });
    expect(packed.status, packed.stderr).toBe(0);
    const bad = await cli(['restore', path.join(work, 'crafted.tar.gz')], path.join(work, 'empty-b'));
    expect(bad.status).toBe(1);
    expect(existsSync(path.join(work, 'escape.txt'))).toBe(false);
    expect(filesUnder(path.join(work, 'empty-b'))).toEqual([]);
  });

  it('refuses a backup made by a newer version, whose schema this one does not know', async () => {
    const unpacked = path.join(work, 'newer');
    mkdirSync(unpacked);
    expect(spawnSync('tar', ['-xzf', path.join(work, 'site.tar.gz'), '-C', unpacked]).status).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8'));
    writeFileSync(path.join(unpacked, 'manifest.json'), JSON.stringify({ ...manifest, version: '9.0.0', migration: '2999_01_01_000001_future' }));
    expect(spawnSync('tar', ['-czf', path.join(work, 'newer.tar.gz'), '-C', unpacked, '.']).status).toBe(0);

    const refused = await cli(['restore', path.join(work, 'newer.tar.gz')], path.join(work, 'empty-c'));
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('made by a newer version (9.0.0');
    expect(filesUnder(path.join(work, 'empty-c'))).toEqual([]);
  });

  it('says that a PostgreSQL database is backed up with its own tools', async () => {
    const result = await cli(['backup', path.join(work, 'pg.tar.gz')], path.join(work, 'storage'), { DATABASE_URL: 'postgres://cadence@localhost/cadence' });
    expect(result.status).toBe(1);
    expect(result.output).toContain('pg_dump');
    expect(result.output).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(work, 'pg.tar.gz'))).toBe(false);
  });

  it('answers a mistyped command with its usage, not a stack trace', async () => {
    for (const args of [['backup'], ['restore', 'a.tar.gz', 'b.tar.gz'], ['--verbose']]) {
      const result = await cli(args, path.join(work, 'unused'));
      expect(result.status, args.join(' ')).toBe(1);
      expect(result.output).toContain('Usage:');
      expect(result.output).not.toMatch(/\n\s+at /);
    }
  });
});
