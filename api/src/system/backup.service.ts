import { type Dirent, existsSync } from 'node:fs';
import { copyFile, cp, link, mkdir, mkdtemp, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { backupSqliteDatabase, inspectSqliteDatabase, isKnownMigration, sqlitePathFromUrl } from '@app/db';
import * as tar from 'tar';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { APP_VERSION } from '../version.ts';

/**
 * Backups of a single-server install: the SQLite database (copied with the online backup API, so
 * a running server may keep writing) and the storage folder, in one .tar.gz with a manifest:
 *
 *   manifest.json      what made the backup, when, and the database's schema level
 *   database.sqlite    the database, one consistent moment
 *   storage/…          the storage folder, without the live database files and without cache/
 */

/** A backup that cannot be made or restored for a reason the person running the command can act on. */
export class BackupError extends Error {}

const MANIFEST = 'manifest.json';
const DATABASE = 'database.sqlite';
const STORAGE = 'storage';
/** The folder a backup is put together in, inside the storage folder; never itself backed up, even one left by a backup that was killed. */
const STAGING_PREFIX = '.cadence-backup-';

const manifestSchema = z.object({
  format: z.literal('cadence-backup'),
  formatVersion: z.literal(1),
  version: z.string(),
  createdAt: z.string(),
  migration: z.string().nullable(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

type Paths = Pick<Config, 'storagePath' | 'databaseUrl'>;

/** The SQLite file DATABASE_URL names; another database is backed up with its own tools. */
function sqliteFile(paths: Paths): string {
  try {
    return sqlitePathFromUrl(paths.databaseUrl);
  } catch (error) {
    throw new BackupError(`${(error as Error).message} Back a PostgreSQL database up with its own tools (pg_dump).`);
  }
}

function databaseFiles(file: string): string[] {
  return [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];
}

/** Writes a backup of the install to `archive` (a .tar.gz); answers its manifest. */
export async function createBackup(paths: Paths, archive: string): Promise<BackupManifest> {
  const databaseFile = sqliteFile(paths);
  const storage = path.resolve(paths.storagePath);
  const target = path.resolve(archive);
  if (!existsSync(databaseFile)) throw new BackupError(`There is no database at ${databaseFile}: nothing to back up.`);
  await mkdir(path.dirname(target), { recursive: true });
  await mkdir(storage, { recursive: true });
  // Inside the storage folder, so that its files can be hard-linked into the snapshot: same disk.
  const staging = await mkdtemp(path.join(storage, STAGING_PREFIX));
  const partial = `${target}.partial`;
  try {
    const skipped = new Set([...databaseFiles(databaseFile), path.join(storage, 'cache'), target, partial]);
    const snapshot = path.join(staging, STORAGE);
    // The files before the database, so a file the site deletes meanwhile is still in the backup
    // for the row that names it; and again after it, for the files the site wrote meanwhile.
    await snapshotFolder(storage, snapshot, skipped);
    const { migration } = await backupSqliteDatabase(databaseFile, path.join(staging, DATABASE));
    await snapshotFolder(storage, snapshot, skipped);
    const manifest: BackupManifest = { format: 'cadence-backup', formatVersion: 1, version: APP_VERSION, createdAt: new Date().toISOString(), migration };
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST, DATABASE, STORAGE]);
    await rename(partial, target);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/**
 * Links every file of `folder` into `snapshot` (copies it where a link cannot be made: another
 * disk mounted inside the folder), so the archive is written from files that stay put while the
 * site goes on writing, renaming and deleting its own. A file gone before it is linked was not
 * there at this moment; one already in the snapshot is kept; files being written (`*.tmp`, renamed
 * into place once whole) are left out.
 */
async function snapshotFolder(folder: string, snapshot: string, skipped: Set<string>): Promise<void> {
  await mkdir(snapshot, { recursive: true });
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if (isGone(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const from = path.join(folder, entry.name);
    const to = path.join(snapshot, entry.name);
    if (skipped.has(from) || entry.name.endsWith('.tmp') || entry.name.startsWith(STAGING_PREFIX)) continue;
    const isFolder = entry.isDirectory() || (entry.isSymbolicLink() && (await stat(from).catch(() => undefined))?.isDirectory());
    if (isFolder) {
      await snapshotFolder(from, to, skipped);
      continue;
    }
    if (existsSync(to)) continue;
    try {
      if (entry.isSymbolicLink()) await copyFile(from, to);
      else await link(from, to).catch(() => copyFile(from, to));
    } catch (error) {
      if (!isGone(error)) throw error;
    }
  }
}

const isGone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Moves a file or folder, copying when the destination is on another disk. */
async function move(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}

async function isEmptyFolder(folder: string): Promise<boolean> {
  return !existsSync(folder) || (await readdir(folder)).length === 0;
}

/**
 * Restores a backup into the configured storage folder and database. Refuses to overwrite an
 * install that holds anything unless `force` is given, in which case the storage folder is
 * emptied first so the result is exactly the backup. The server must not be running meanwhile.
 */
export async function restoreBackup(paths: Paths, archive: string, options: { force?: boolean } = {}): Promise<BackupManifest> {
  const source = path.resolve(archive);
  const storage = path.resolve(paths.storagePath);
  const databaseFile = sqliteFile(paths);
  if (!existsSync(source)) throw new BackupError(`There is no backup at ${source}.`);
  if (!options.force) {
    if (!(await isEmptyFolder(storage))) throw new BackupError(`${storage} is not empty. Restore into an empty folder, or pass --force to replace what it holds.`);
    if (existsSync(databaseFile)) throw new BackupError(`A database already exists at ${databaseFile}. Pass --force to replace it.`);
  }

  await mkdir(path.dirname(storage), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(storage), '.cadence-restore-'));
  try {
    try {
      await tar.x({
        file: source,
        cwd: staging,
        strict: true,
        // Only files and folders: a link in a crafted archive could point the next entry outside the folder.
        filter: (_file, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
      });
    } catch (error) {
      throw new BackupError(`${source} is not a readable backup (${(error as Error).message}).`);
    }
    const manifest = await readManifest(path.join(staging, MANIFEST));
    if (manifest.migration !== null && !isKnownMigration(manifest.migration)) {
      throw new BackupError(`This backup was made by a newer version (${manifest.version}, schema ${manifest.migration}). Restore it with that version or a later one.`);
    }
    const stagedDatabase = path.join(staging, DATABASE);
    if (!existsSync(stagedDatabase)) throw new BackupError('The backup holds no database.');
    const inspected = inspectSqliteDatabase(stagedDatabase);
    if (!inspected.ok || inspected.migration !== manifest.migration) throw new BackupError('The database in the backup is damaged.');

    if (options.force) {
      if (existsSync(storage)) for (const name of await readdir(storage)) await rm(path.join(storage, name), { recursive: true, force: true });
      for (const file of databaseFiles(databaseFile)) await rm(file, { force: true });
    }
    await mkdir(storage, { recursive: true });
    const stagedStorage = path.join(staging, STORAGE);
    if (existsSync(stagedStorage)) for (const name of await readdir(stagedStorage)) await move(path.join(stagedStorage, name), path.join(storage, name));
    await move(stagedDatabase, databaseFile);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function readManifest(file: string): Promise<BackupManifest> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    data = undefined;
  }
  const parsed = manifestSchema.safeParse(data);
  if (!parsed.success) throw new BackupError('This file is not a Cadence backup (its manifest is missing or unreadable).');
  return parsed.data;
}
