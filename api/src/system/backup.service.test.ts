import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, migrateToLatest } from '@app/db';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from './backup.service.ts';

/** The backup's own rules on a storage folder in motion; tests/contract/backup-restore.test.ts backs up a running site. */

let work: string;
let storage: string;
const KEPT_FILES = 500;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'cadence-backup-unit-'));
  storage = path.join(work, 'storage');
  mkdirSync(path.join(storage, 'uploads'), { recursive: true });
  for (let n = 0; n < KEPT_FILES; n += 1) writeFileSync(path.join(storage, 'uploads', `kept-${n}.txt`), `file ${n}`);
  const db = createDb(path.join(storage, 'database.sqlite'));
  await migrateToLatest(db);
  await db.destroy();
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The paths in an archive; each must be a whole file or a folder, as a restore takes nothing else. */
async function entriesOf(archive: string): Promise<string[]> {
  const entries: string[] = [];
  await tar.t({
    file: archive,
    onReadEntry: (entry) => {
      expect(['File', 'Directory'], entry.path).toContain(entry.type);
      entries.push(entry.path);
    },
  });
  return entries;
}

describe('createBackup', () => {
  it('backs up a folder whose files come and go while it is read, as the site writes a file beside its name, renames it in place and deletes others', async () => {
    let writing = true;
    const churn = (async () => {
      for (let n = 0; writing; n += 1) {
        const file = path.join(storage, 'uploads', `during-${n % 50}.txt`);
        await writeFile(`${file}.${process.pid}.tmp`, 'x'.repeat(1000));
        await rename(`${file}.${process.pid}.tmp`, file);
        if (n % 3 === 0) await rm(file);
      }
    })();
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const archive = path.join(work, `backup-${attempt}.tar.gz`);
        await createBackup({ storagePath: storage, databaseUrl: path.join(storage, 'database.sqlite') }, archive);
        const entries = await entriesOf(archive);
        expect(entries.filter((entry) => /^storage\/uploads\/kept-/.test(entry))).toHaveLength(KEPT_FILES);
        expect(entries.filter((entry) => entry.endsWith('.tmp'))).toEqual([]);
      }
    } finally {
      writing = false;
      await churn;
    }
  });

  it('leaves out the folder a killed backup left behind, and its own', async () => {
    mkdirSync(path.join(storage, '.cadence-backup-killed'), { recursive: true });
    writeFileSync(path.join(storage, '.cadence-backup-killed', 'database.sqlite'), 'half a backup');
    const archive = path.join(storage, 'inside.tar.gz');
    await createBackup({ storagePath: storage, databaseUrl: path.join(storage, 'database.sqlite') }, archive);
    const entries = await entriesOf(archive);
    expect(entries).toContain('storage/uploads/kept-0.txt');
    expect(entries.filter((entry) => entry.includes('.cadence-backup-') || entry.includes('inside.tar.gz'))).toEqual([]);
  });
});
