import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { errorLogPath, listErrorLogFiles, logError, pruneErrorLogs, readErrorLog } from './error-log.service.ts';

const dirs: string[] = [];
const storage = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'error-log-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

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
