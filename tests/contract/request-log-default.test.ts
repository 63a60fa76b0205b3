import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess } from '../support/server-process.ts';

/** The process log of a server started as `pnpm start` starts it (NODE_ENV=production), with and without LOG_REQUESTS. */

const ROOT = path.resolve(import.meta.dirname, '../..');
const storage = mkdtempSync(path.join(tmpdir(), 'cadence-request-log-'));

afterAll(() => rmSync(storage, { recursive: true, force: true }));

async function logOfOneRequest(extraEnv: Record<string, string>) {
  const server = await startServerProcess(process.execPath, ['api/src/server.ts'], {
    cwd: ROOT,
    port: await freePort(),
    env: { PATH: process.env.PATH, HOME: storage, STORAGE_PATH: storage, SEED_DEMO: 'false', NODE_ENV: 'production', ...extraEnv },
  });
  try {
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    // A missing route (a 404) is not a failure of the server's: it is not logged without request lines.
    expect((await fetch(`${server.url}/api/v1/no-such-thing`)).status).toBe(404);
  } finally {
    await server.stop();
  }
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; path?: string });
}

describe('request lines in production', () => {
  it('are off by default, which the server says once as it starts', async () => {
    const log = await logOfOneRequest({});
    expect(log.filter((entry) => entry.msg === 'request')).toEqual([]);
    expect(log.map((entry) => entry.msg)).toContain('Requests are not logged one by one (LOG_REQUESTS=true logs them); failed ones are.');
  });

  it('are written with LOG_REQUESTS=true, one a request', async () => {
    const log = await logOfOneRequest({ LOG_REQUESTS: 'true' });
    expect(log.filter((entry) => entry.msg === 'request').map((entry) => entry.path)).toEqual(['/api/v1/health', '/api/v1/no-such-thing']);
    expect(log.map((entry) => entry.msg)).not.toContain('Requests are not logged one by one (LOG_REQUESTS=true logs them); failed ones are.');
  });
});
