import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { configureLogging, logger, useLogger } from './logger.ts';

const restore: (() => void)[] = [];
afterEach(() => {
  for (const undo of restore.splice(0)) undo();
});

function terminal(isTTY: boolean) {
  const lines: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    }),
    { isTTY },
  );
  return { stream, lines };
}

async function configured(env: Record<string, string>, out: Writable) {
  const previous = logger;
  restore.push(() => void useLogger(previous));
  return configureLogging(loadConfig(env).logging, out);
}

describe('the process log', () => {
  it('writes JSON lines when stdout is not a terminal, at the level asked for', async () => {
    const out = terminal(false);
    const log = await configured({ LOG_LEVEL: 'info' }, out.stream);
    log.debug('not shown');
    logger.info({ req_id: 'abc' }, 'shown');
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.lines.map((line) => JSON.parse(line))).toEqual([{ level: 30, time: expect.any(String), req_id: 'abc', msg: 'shown' }]);
  });

  it('writes readable lines on a terminal, or when LOG_FORMAT is pretty', async () => {
    for (const [env, isTTY] of [[{}, true], [{ LOG_FORMAT: 'pretty' }, false]] as const) {
      const out = terminal(isTTY);
      await configured(env, out.stream);
      logger.warn({ sql: 'select * from tracks' }, 'Slow query');
      logger.info({ req_id: 'abc', method: 'GET', path: '/api/v1/genres', status: 200, duration_ms: 3.1 }, 'request');
      await new Promise((resolve) => setTimeout(resolve, 20));
      const text = out.lines.join('\n');
      expect(text).toMatch(/WARN.*Slow query/);
      expect(text).toContain('select * from tracks');
      // A request is one line.
      expect(text).toMatch(/INFO.*GET \/api\/v1\/genres 200 3\.1 ms \[abc\] request/);
      expect(() => JSON.parse(out.lines[0])).toThrow();
    }
  });

  it('also writes to LOG_FILE, as a rotated file of the day', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'process-log-'));
    restore.push(() => rmSync(dir, { recursive: true, force: true }));
    const out = terminal(false);
    await configured({ LOG_FILE: path.join(dir, 'app.log'), LOG_FORMAT: 'json' }, out.stream);
    logger.info({ status: 200 }, 'request');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [name] = readdirSync(dir);
    expect(name).toMatch(/^app\.\d{4}-\d{2}-\d{2}\.1\.log$/);
    expect(JSON.parse(readFileSync(path.join(dir, name), 'utf8').trim())).toMatchObject({ level: 30, status: 200, msg: 'request' });
    expect(out.lines).toHaveLength(1);
  });
});
