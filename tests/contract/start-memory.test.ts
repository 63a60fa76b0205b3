import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess } from '../support/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const storage = mkdtempSync(path.join(tmpdir(), 'cadence-start-memory-'));
/** The Node flags of `pnpm start`, as the bench reads them. */
const startFlags: string[] = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start.match(/--[\w-]+(=\S+)?/g) ?? [];

afterAll(() => rmSync(storage, { recursive: true, force: true }));

/** A start as `pnpm start` makes it, printing the modules it loads that match `loads`. */
async function start(loads: string): Promise<string[]> {
  const server = await startServerProcess(process.execPath, [...startFlags, '--import', './tests/support/record-loads.ts', 'api/src/server.ts'], {
    cwd: ROOT,
    port: await freePort(),
    env: { PATH: process.env.PATH, HOME: storage, STORAGE_PATH: storage, SEED_DEMO: 'false', NODE_ENV: 'production', LOADS_MATCHING: loads },
  });
  await server.stop();
  return [...server.output().matchAll(/^loaded (.+)$/gm)].map((match) => match[1]);
}

describe('the memory a server takes at start', () => {
  // Node's TypeScript compiler holds some 17 MB for the life of a process that loaded it.
  it('does not load the TypeScript compiler again once a start has filled the compile cache', async () => {
    await start('amaro');
    expect(await start('amaro')).toEqual([]);
  });

  // Together some 20 MB: each is loaded by the first request that needs it (a payment, a mail, a
  // custom page, an upload), the first log file or the first query to PostgreSQL, which most
  // processes never have.
  it('does not load the libraries of payments, mail, custom pages, uploads, log files and PostgreSQL', async () => {
    const loaded = await start('/node_modules/(hono|stripe|nodemailer|sanitize-html|music-metadata|file-type|@tus|pino-roll|date-fns|pg)/');
    // The framework is loaded: the recording works.
    expect(loaded.some((url) => url.includes('/node_modules/hono/'))).toBe(true);
    expect(loaded.filter((url) => !url.includes('/node_modules/hono/'))).toEqual([]);
  });
});
