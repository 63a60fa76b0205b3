import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb, migrateToLatest, POSTGRES_TEST_TEMPLATE, postgresDatabaseUrl } from '../connection.ts';

/**
 * A throwaway PostgreSQL server for a test run: `initdb` into a temporary folder, reached only
 * through a unix socket in that folder (no TCP port to collide with other runs), stopped and
 * removed by `stop()`. PostgreSQL refuses to run as root, so under root (CI) the server runs as
 * the `postgres` user that Debian's package creates.
 */
export interface PostgresServer {
  /** The superuser's address of the `postgres` database, e.g. `postgres://postgres@localhost/postgres?host=/tmp/…`. */
  url: string;
  stop(): void;
}

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin/initdb'))) : [];
  if (!versions.length) throw new Error('PostgreSQL is not installed: apt-get install postgresql (or set PG_BIN to the folder of initdb and pg_ctl).');
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

export function startPostgres(): PostgresServer {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'cadence-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] as const : [path.join(bin, tool), args] as const;
    const result = spawnSync(command[0], command[1], { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.error?.message ?? ''}${result.stderr}${result.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  // Durability is worth nothing for a database thrown away after the run.
  const settings = ['-k', dir, '-c', "listen_addresses=''", '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'];
  run('pg_ctl', ['start', '-w', '-D', data, '-l', path.join(dir, 'server.log'), '-o', settings.map((s) => (s.includes(' ') ? `"${s}"` : s)).join(' ')]);
  return {
    url: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`,
    stop() {
      try {
        run('pg_ctl', ['stop', '-D', data, '-m', 'immediate']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Makes the migrated template that createTestDb copies for every test database. */
export async function createTestTemplate(serverUrl: string): Promise<void> {
  const admin = createDb(serverUrl);
  try {
    await sql.raw(`CREATE DATABASE ${POSTGRES_TEST_TEMPLATE}`).execute(admin);
  } finally {
    await admin.destroy();
  }
  const template = createDb(postgresDatabaseUrl(serverUrl, POSTGRES_TEST_TEMPLATE));
  try {
    await migrateToLatest(template);
  } finally {
    await template.destroy();
  }
}

/**
 * Vitest's global setup with `TEST_DATABASE=postgres`: one server for the whole run, its address
 * handed to the test workers through TEST_POSTGRES_URL, where createTestDb finds it.
 */
export default async function setup(): Promise<() => void> {
  const server = startPostgres();
  try {
    await createTestTemplate(server.url);
  } catch (error) {
    server.stop();
    throw error;
  }
  process.env.TEST_POSTGRES_URL = server.url;
  return () => server.stop();
}
