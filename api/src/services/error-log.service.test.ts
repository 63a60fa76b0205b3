import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorLogPath, listErrorLogFiles, logError, pruneErrorLogs, readErrorLog } from './error-log.service.ts';

const dirs: string[] = [];
const storage = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'error-log-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the error log', () => {
  it('appends one JSON line per error to the file of the day and reads them back newest first', async () => {
    const root = storage();
    await logError(root, undefined, new Error('first'), { method: 'GET', path: '/a', status: 500 });
    await logError(root, undefined, new TypeError('second'));
    const [file] = await listErrorLogFiles(root);
    expect(file.name).toBe(`error-${new Date().toISOString().slice(0, 10)}.log`);
    const lines = readFileSync(path.join(root, 'logs', file.name), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    const log = await readErrorLog(root, file.name, 1, 50);
    expect(log!.total).toBe(2);
    expect(log!.entries[0]).toMatchObject({ message: 'second', name: 'TypeError' });
    expect(log!.entries[1]).toMatchObject({ message: 'first', method: 'GET', path: '/a', status: 500 });
    expect(log!.entries[1].stack).toContain('Error: first');
  });

  it('removes files older than the retention and reads only its own file names', async () => {
    const root = storage();
    const dir = path.join(root, 'logs');
    mkdirSync(dir);
    for (const day of ['2026-01-01', '2026-01-10', '2026-01-14']) writeFileSync(path.join(dir, `error-${day}.log`), '{}\n');
    writeFileSync(path.join(dir, 'notes.txt'), 'keep');
    await pruneErrorLogs(dir, 5, new Date('2026-01-14T10:00:00Z'));
    expect(readdirSync(dir).sort()).toEqual(['error-2026-01-10.log', 'error-2026-01-14.log', 'notes.txt']);
    expect(errorLogPath(root, '../database.sqlite')).toBeUndefined();
    expect(errorLogPath(root, 'notes.txt')).toBeUndefined();
    expect(await readErrorLog(root, 'error-1999-01-01.log', 1, 10)).toBeUndefined();
  });
});

describe('when the log itself cannot be written', () => {
  it('puts the error on stderr instead, with its code, and does not throw', async () => {
    const root = storage();
    // A file where the logs folder should be: as on a full or read-only disk, nothing can be written there.
    writeFileSync(path.join(root, 'logs'), '');
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    try {
      await logError(root, undefined, Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }), { method: 'POST', path: '/api/v1/playlists', status: 507 });
    } finally {
      spy.mockRestore();
    }
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('database or disk is full');
    expect(printed[0]).toContain('"code":"SQLITE_FULL"');
    expect(printed[0]).toContain('/api/v1/playlists');
  });
});
