import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess } from '../support/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const storage = mkdtempSync(path.join(tmpdir(), 'cadence-local-start-'));

afterAll(() => rmSync(storage, { recursive: true, force: true }));

describe('a server on the local disk', () => {
  // The AWS SDK and tus's S3 store hold some 30 MB of memory: a server without S3 storage must stay under its memory budget without them.
  it('starts without loading the AWS SDK or the S3 upload store', async () => {
    const server = await startServerProcess(process.execPath, ['--import', './tests/support/record-loads.ts', 'api/src/server.ts'], {
      cwd: ROOT,
      port: await freePort(),
      env: { PATH: process.env.PATH, HOME: storage, STORAGE_PATH: storage, STORAGE_DRIVER: 'local', SEED_DEMO: 'false', LOADS_MATCHING: '/node_modules/(hono|@aws-sdk|@smithy|@tus)/' },
    });
    await server.stop();
    const loaded = [...server.output().matchAll(/^loaded (\S+)$/gm)].map((match) => match[1]);
    // The framework is loaded: the recording works.
    expect(loaded.some((url) => url.includes('/node_modules/hono/'))).toBe(true);
    expect(loaded.filter((url) => /\/node_modules\/(@aws-sdk|@smithy|@tus\/s3-store)\//.test(url))).toEqual([]);
  });
});
