import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startPostgres } from '../../db/src/testing/postgres.ts';
import { E2E_ADMIN } from '../support/constants.ts';
import { startS3Local } from '../support/s3-local/index.ts';
import { startServerProcess } from '../support/server-process.ts';
import { ORIGIN_A, PROCESS_A_PORT, PROCESS_B_PORT, REPOSITORY, S3_DIRECTORY, S3_PORT, S3_PREFIX, storagePathOf, WORK_DIR } from './topology.ts';

/**
 * Playwright's global setup of the scale-out run: a deployment as docs/deployment.md#scaling-out describes
 * it, on one machine. A throwaway PostgreSQL, a local S3-compatible server, and two server
 * processes (the real `api/src/server.ts` on the built site) sharing the database, the bucket and
 * APP_KEY, each with a storage folder of its own. Process A starts first and seeds the demo
 * catalogue; B starts on the seeded database. Answers the teardown, which stops them all.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const stops: (() => unknown)[] = [];
  const teardown = async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        console.error(error);
      }
    }
  };
  try {
    if (!existsSync(path.join(REPOSITORY, 'site/dist/server/entry.mjs')) || !existsSync(path.join(REPOSITORY, 'admin/dist/index.html'))) {
      throw new Error('The site and the back office are not built: run `node scripts/build-if-needed.ts` first.');
    }
    rmSync(WORK_DIR, { recursive: true, force: true });
    mkdirSync(WORK_DIR, { recursive: true });

    const postgres = startPostgres();
    stops.push(() => postgres.stop());
    const s3 = await startS3Local({ port: S3_PORT, directory: S3_DIRECTORY });
    stops.push(() => s3.close());

    const shared = {
      ...process.env,
      ...s3.env,
      STORAGE_S3_PREFIX: S3_PREFIX,
      NODE_ENV: 'production',
      DATABASE_URL: postgres.url,
      // One secret for both, as docs/deployment.md#scaling-out asks of processes that do not share STORAGE_PATH.
      APP_KEY: randomBytes(32).toString('base64url'),
      // The address visitors use; the proxy in front would own it.
      APP_URL: ORIGIN_A,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DEMO_AUDIO_CACHE: path.join(REPOSITORY, '.cache/demo-audio'),
      LOG_REQUESTS: 'false',
    };
    for (const [name, port] of [['a', PROCESS_A_PORT], ['b', PROCESS_B_PORT]] as const) {
      const server = await startServerProcess(process.execPath, [path.join(REPOSITORY, 'api/src/server.ts')], {
        cwd: REPOSITORY,
        env: { ...shared, STORAGE_PATH: storagePathOf(name) },
        port,
        // The first start seeds the catalogue and, without a cache, synthesises its audio.
        timeoutMs: 300_000,
      });
      stops.push(() => server.stop());
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
