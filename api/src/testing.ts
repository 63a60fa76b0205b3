import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDb, type Db } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as permissionsRepository from '@app/db/permissions/permissions';
import { seedDemoCatalog, seedFoundation } from '@app/db/seed';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import type { Clock } from './clock.ts';
import { loadConfig, type Config } from './config.ts';
import { memoryLogger, useLogger } from './logging/logger.ts';
import { hashPassword } from './accounts/auth.service.ts';
import { createStorage } from './storage/create-storage.ts';
import type { Storage } from './storage/storage.ts';

/**
 * A real app on a temporary SQLite file and storage folder, called in process with
 * `app.request()`, plus a browser-like client that keeps cookies and sends the XSRF header.
 */
/** Rendered demo audio shared by every test run, so only the first run pays for encoding. */
export const TEST_AUDIO_CACHE = process.env.DEMO_AUDIO_CACHE ?? fileURLToPath(new URL('../../tests/.cache/demo-audio', import.meta.url));

export interface TestAppOptions {
  demoCatalog?: boolean;
  /** Folder for the storage and the database (a disk of the test's own); the system's temporary folder by default. */
  directory?: string;
  /** Stands in for the storage, to make it fail as a disk can. */
  wrapStorage?: (storage: Storage) => Storage;
  /**
   * Where file bytes go: the local disk, or a local S3-compatible server started for this app
   * (tests/support/s3-local). Unset, TEST_STORAGE decides, so the whole suite can run on either.
   */
  storage?: 'local' | 's3';
}

interface LocalS3 {
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts s3-local; it lives in tests/support (a test double), loaded only when a test asks for S3. */
async function startLocalS3(): Promise<LocalS3> {
  const module = (await import(new URL('../../tests/support/s3-local/index.ts', import.meta.url).href)) as { startS3Local: () => Promise<LocalS3> };
  return module.startS3Local();
}

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  /** Every SQL statement the app ran, in order; tests empty it to count what one call costs. */
  const queries: string[] = [];
  const db = await createTestDb({ onQuery: ({ sql }) => queries.push(sql), directory: options.directory });
  await seedFoundation(db);
  const storageDir = mkdtempSync(path.join(options.directory ?? tmpdir(), 'music-storage-'));
  const s3 = (options.storage ?? (process.env.TEST_STORAGE === 's3' ? 's3' : 'local')) === 's3' ? await startLocalS3() : undefined;
  // Objects under a prefix, as in a shared bucket, so nothing may assume keys start at the root.
  const s3Env = s3 ? { ...s3.env, STORAGE_S3_PREFIX: 'site/' } : {};
  const config: Config = loadConfig({ STORAGE_PATH: storageDir, APP_URL: 'http://localhost', SEED_DEMO: 'false', ...s3Env, ...env });
  const created = await createStorage(config);
  const storage = options.wrapStorage?.(created) ?? created;
  if (options.demoCatalog) await seedDemoCatalog(db, { storage, audioCacheDir: TEST_AUDIO_CACHE });
  const clock = testClock();
  const app = createApp({ db, storage, config, clock });
  return {
    app,
    db,
    clock,
    queries,
    storage,
    storageDir,
    config,
    client: (options?: ClientOptions) => createClient(app, options),
    async createUser(email: string, roleNames: string[] = ['users'], password = 'password123') {
      const roleIds: number[] = [];
      for (const name of roleNames) {
        const role = await permissionsRepository.findRoleByName(db, name);
        if (role) roleIds.push(role.id);
      }
      return usersRepository.createUser(db, { email, name: email.split('@')[0], password: await hashPassword(password) }, roleIds);
    },
    /** A client logged in as a new user with these roles. */
    async loggedIn(email: string, roleNames: string[] = ['users']) {
      await this.createUser(email, roleNames);
      const client = createClient(app);
      const response = await client.post('/auth/login', { email, password: 'password123' });
      if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
      return client;
    },
    /** Serves the app on a free local port, for callers that come over the network (webhooks). */
    async listen(): Promise<{ url: string; close: () => Promise<void> }> {
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
      if (!server.listening) await new Promise<void>((resolve) => server.once('listening', resolve));
      return {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
      };
    },
    async close() {
      await db.destroy();
      await s3?.close();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The system's time, moved forward by the test: a lifetime runs out at once instead of after a wait. */
export interface TestClock extends Clock {
  advance(ms: number): void;
}

export function testClock(): TestClock {
  let ahead = 0;
  return {
    now: () => Date.now() + ahead,
    advance(ms) {
      ahead += ms;
    },
  };
}

interface RequestOptions {
  headers?: Record<string, string>;
  /** Leave out the X-XSRF-TOKEN header, as a forged request would. */
  withoutXsrf?: boolean;
  rawBody?: string;
}

export interface ClientOptions {
  /** The address the request comes from, as the Node server reads it from the socket; unset, as in process, there is none. */
  remoteAddress?: string;
}

export function createClient(app: ReturnType<typeof createApp>, options: ClientOptions = {}) {
  const cookies = new Map<string, string>();
  // What @hono/node-server passes as the env: enough of the Node request for the socket's address.
  const env = options.remoteAddress ? { incoming: { socket: { remoteAddress: options.remoteAddress } } } : undefined;

  function store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0$/i.test(a.trim())) || value === '';
      if (expired) cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  async function request(method: string, url: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
    if (!cookies.has('XSRF-TOKEN') && method !== 'GET') store(await app.request('/api/v1/genres', {}, env));
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (cookies.size) headers.Cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && !options.withoutXsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(cookies.get('XSRF-TOKEN') ?? '');
    let payload: string | undefined = options.rawBody;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['Content-Type'] ??= 'application/json';
    }
    const response = await app.request(url, { method, headers, body: payload }, env);
    store(response);
    return response;
  }

  return {
    cookies,
    request,
    get: (url: string, options?: RequestOptions) => request('GET', url, undefined, options),
    post: (url: string, body?: unknown, options?: RequestOptions) => request('POST', url, body, options),
    put: (url: string, body?: unknown, options?: RequestOptions) => request('PUT', url, body, options),
    delete: (url: string, options?: RequestOptions) => request('DELETE', url, undefined, options),
  };
}

export type TestClient = ReturnType<typeof createClient>;
export type { Db, Storage };
export type { S3Storage } from './storage/s3-common.ts';
// Tests build S3 storage directly; the app itself loads it (and the AWS SDK) only when configured.
export { createS3Storage } from './storage/s3-storage.ts';
export { id3v2Tag, pngImage, taggedMp3, toneMp3, wavFile, type Id3Tags } from './testing-audio.ts';

/** Captures the process log from now on, each entry as parsed JSON; `restore` puts the previous log back. */
export function captureLogs(): { entries: Record<string, unknown>[]; restore: () => void } {
  const { logger, entries } = memoryLogger();
  const previous = useLogger(logger);
  return { entries, restore: () => void useLogger(previous) };
}
