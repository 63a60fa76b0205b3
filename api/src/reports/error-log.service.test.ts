import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDb } from '@app/db';
import * as errorLogRepository from '@app/db/reports/error-log';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { memoryLogger, useLogger } from '../logging/logger.ts';
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

const configOf = (storagePath: string, env: Record<string, string> = {}) => loadConfig({ STORAGE_PATH: storagePath, ...env });
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

describe('the error log', () => {
  it('writes one JSON line per error to the rotated file of the day and reads them back newest first', async () => {
    const root = storage();
    await logError(configOf(root), undefined, new Error('first'), { method: 'GET', path: '/a', status: 500, request_id: 'req-1' });
    await logError(configOf(root), undefined, new TypeError('second'));
    const [file] = await listErrorLogFiles(root);
    expect(file.name).toBe(`error.${today()}.1.log`);
    const lines = readFileSync(path.join(root, 'logs', file.name), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    // The fields the screen showed before pino wrote the file, and the level by name: no pid or host.
    expect(Object.keys(JSON.parse(lines[0])).sort()).toEqual(['fingerprint', 'level', 'message', 'method', 'name', 'path', 'request_id', 'source', 'stack', 'status', 'time']);
    expect(JSON.parse(lines[0]).level).toBe('error');
    const log = await readErrorLog(root, file.name, 1, 50);
    expect(log!.total).toBe(2);
    expect(log!.entries[0]).toMatchObject({ message: 'second', name: 'TypeError', source: 'request' });
    expect(log!.entries[1]).toMatchObject({ message: 'first', method: 'GET', path: '/a', status: 500, request_id: 'req-1' });
    expect(Date.parse(log!.entries[1].time)).toBeGreaterThan(Date.now() - 60_000);
    expect(log!.entries[1].stack).toContain('Error: first');
  });

  it('starts a new numbered file when one reaches LOG_ROTATE_SIZE, and lists the newest first', async () => {
    const root = storage();
    const config = configOf(root, { LOG_ROTATE_SIZE: '1k' });
    for (let i = 0; i < 6; i++) await logError(config, undefined, new Error(`error ${i} ${'x'.repeat(300)}`));
    // The size is checked after a write, and the new file opens once that write is flushed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await logError(config, undefined, new Error('last'));
    const files = await listErrorLogFiles(root);
    expect(files.length).toBeGreaterThan(1);
    expect(files.map((f) => f.name)).toEqual(files.map((_, i) => `error.${today()}.${files.length - i}.log`));
    const newest = await readErrorLog(root, files[0].name, 1, 50);
    expect(newest!.entries[0].message).toBe('last');
  });

  it('still shows and prunes the files earlier versions wrote (error-YYYY-MM-DD.log)', async () => {
    const root = storage();
    const dir = path.join(root, 'logs');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'error-2026-01-13.log'), `${JSON.stringify({ time: '2026-01-13T10:00:00.000Z', message: 'before pino', source: 'request' })}\n`);
    writeFileSync(path.join(dir, 'error.2026-01-14.1.log'), '{}\n');
    writeFileSync(path.join(dir, 'error.2026-01-14.2.log'), '{}\n');
    expect((await listErrorLogFiles(root)).map((f) => f.name)).toEqual(['error.2026-01-14.2.log', 'error.2026-01-14.1.log', 'error-2026-01-13.log']);
    expect((await readErrorLog(root, 'error-2026-01-13.log', 1, 10))!.entries).toEqual([{ time: '2026-01-13T10:00:00.000Z', message: 'before pino', source: 'request' }]);
  });

  it('removes files older than the retention and reads only its own file names', async () => {
    const root = storage();
    const dir = path.join(root, 'logs');
    mkdirSync(dir);
    for (const name of ['error-2026-01-01.log', 'error.2026-01-09.3.log', 'error.2026-01-10.1.log', 'error.2026-01-14-09.1.log']) writeFileSync(path.join(dir, name), '{}\n');
    writeFileSync(path.join(dir, 'notes.txt'), 'keep');
    await pruneErrorLogs(dir, 5, new Date(2026, 0, 14, 10));
    expect(readdirSync(dir).sort()).toEqual(['error.2026-01-10.1.log', 'error.2026-01-14-09.1.log', 'notes.txt']);
    expect(errorLogPath(root, '../database.sqlite')).toBeUndefined();
    expect(errorLogPath(root, 'notes.txt')).toBeUndefined();
    expect(errorLogPath(root, 'error.2026-01-10.1.log/../../x')).toBeUndefined();
    expect(await readErrorLog(root, 'error-1999-01-01.log', 1, 10)).toBeUndefined();
  });
});

/** The same error each time: thrown at the same place with the same message, as a bug meets every request. */
function sameBug(): TypeError {
  try {
    (undefined as unknown as { headers: { set(): void } }).headers.set();
  } catch (error) {
    return error as TypeError;
  }
  throw new Error('unreachable');
}

describe('an error that happens again', () => {
  it('is written once a day and counted after that, whatever address met it; each entry says how many times', async () => {
    const root = storage();
    const db = await createTestDb();
    try {
      const config = configOf(root);
      for (const name of ['first', 'again-1', 'again-2', 'again-3', 'again-4']) await logError(config, db, sameBug(), { method: 'GET', path: `/admin/assets/${name}.js`, status: 500, request_id: name });
      // Another message, another status or another place in the code is another error.
      await logError(config, db, new TypeError('Another bug'), { status: 500 });
      await logError(config, db, sameBug(), { method: 'GET', path: '/x', status: 503 });

      const [file] = await listErrorLogFiles(root);
      const lines = readFileSync(path.join(root, 'logs', file.name), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
      expect(lines.map((line) => [line.message, line.status, line.request_id])).toEqual([
        [expect.stringContaining("Cannot read properties of undefined (reading 'headers')"), 500, 'first'],
        ['Another bug', 500, undefined],
        [expect.stringContaining("Cannot read properties of undefined (reading 'headers')"), 503, undefined],
      ]);

      const log = await readErrorLog(root, file.name, 1, 50, db);
      expect(log!.total).toBe(3);
      expect(log!.entries.map((entry) => entry.count)).toEqual([1, 1, 5]);
      expect(log!.entries[2]).toMatchObject({ path: '/admin/assets/first.js', request_id: 'first' });
      expect(Date.parse(log!.entries[2].last_time!)).toBeGreaterThanOrEqual(Date.parse(log!.entries[2].time));
      // Without the database the entries are read as written.
      expect((await readErrorLog(root, file.name, 1, 50))!.entries.map((entry) => entry.count)).toEqual([undefined, undefined, undefined]);
    } finally {
      await db.destroy();
    }
  });

  it("is the same error when only Node's own frames of its stack differ", async () => {
    const root = storage();
    const db = await createTestDb();
    const thrown = (stack: string) => Object.assign(new TypeError('x is undefined'), { stack: `TypeError: x is undefined\n${stack}` });
    try {
      await logError(configOf(root), db, thrown('    at hashedAssets (file:///app/api/src/app.ts:190:19)\n    at async dispatch (file:///app/hono/compose.js:35:11)'));
      await logError(configOf(root), db, thrown('    at hashedAssets (file:///app/api/src/app.ts:190:19)\n    at process.processTicksAndRejections (node:internal/process/task_queues:104:5)\n    at dispatch (file:///app/hono/compose.js:35:11)'));
      // Thrown elsewhere: another error.
      await logError(configOf(root), db, thrown('    at spa (file:///app/api/src/app.ts:250:3)\n    at async dispatch (file:///app/hono/compose.js:35:11)'));
      const [file] = await listErrorLogFiles(root);
      expect((await readErrorLog(root, file.name, 1, 50, db))!.entries.map((entry) => entry.count)).toEqual([1, 2]);
    } finally {
      await db.destroy();
    }
  });

  it('is counted once per time by the database, so processes writing at the same moment write it once', async () => {
    const db = await createTestDb();
    try {
      const times = await Promise.all(Array.from({ length: 12 }, () => errorLogRepository.countErrorRepeat(db, 'f'.repeat(32), '2026-01-14', new Date().toISOString())));
      expect(times.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      // Another day starts again.
      expect(await errorLogRepository.countErrorRepeat(db, 'f'.repeat(32), '2026-01-15', new Date().toISOString())).toBe(1);
    } finally {
      await db.destroy();
    }
  });

  it('keeps the latest time when requests meeting it at once are counted out of order', async () => {
    const db = await createTestDb();
    try {
      const key = { fingerprint: 'e'.repeat(32), day: '2026-01-14' };
      await errorLogRepository.countErrorRepeat(db, key.fingerprint, key.day, '2026-01-14T10:00:00.003Z');
      await errorLogRepository.countErrorRepeat(db, key.fingerprint, key.day, '2026-01-14T10:00:00.009Z');
      await errorLogRepository.countErrorRepeat(db, key.fingerprint, key.day, '2026-01-14T10:00:00.001Z');
      expect(await errorLogRepository.findErrorRepeats(db, [key])).toEqual([{ ...key, count: 3, last_at: '2026-01-14T10:00:00.009Z' }]);
    } finally {
      await db.destroy();
    }
  });

  it('is written again once the log could not take its first time', async () => {
    const root = storage();
    const db = await createTestDb();
    writeFileSync(path.join(root, 'logs'), '');
    const captured = memoryLogger();
    const previous = useLogger(captured.logger);
    try {
      await logError(configOf(root), db, sameBug(), { status: 500 });
      rmSync(path.join(root, 'logs'));
      await logError(configOf(root), db, sameBug(), { status: 500 });
    } finally {
      useLogger(previous);
      await db.destroy();
    }
    expect(captured.entries).toHaveLength(1);
    const [file] = await listErrorLogFiles(root);
    expect(readFileSync(path.join(root, 'logs', file.name), 'utf8').trim().split('\n')).toHaveLength(1);
  });
});

describe('when the log itself cannot be written', () => {
  it('puts the error in the process log instead, with its code, and does not throw', async () => {
    const root = storage();
    // A file where the logs folder should be: as on a full or read-only disk, nothing can be written there.
    writeFileSync(path.join(root, 'logs'), '');
    const captured = memoryLogger();
    const previous = useLogger(captured.logger);
    try {
      await logError(configOf(root), undefined, Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }), { method: 'POST', path: '/api/v1/playlists', status: 507 });
    } finally {
      useLogger(previous);
    }
    expect(captured.entries).toHaveLength(1);
    expect(captured.entries[0]).toMatchObject({
      level: 50,
      msg: 'Could not write the error log',
      entry: { message: 'database or disk is full', code: 'SQLITE_FULL', method: 'POST', path: '/api/v1/playlists', status: 507 },
    });
  });
});
