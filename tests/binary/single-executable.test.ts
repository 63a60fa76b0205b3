import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, HttpSession, type ServerProcess, startServerProcess } from '../support/server-process.ts';

/**
 * `pnpm build:binary`, then the one file it makes, copied alone into an empty folder and run as a
 * self-hoster would on a machine without Node: no node on the PATH, no node_modules above it.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' };

let work: string;
let executable: string;
let server: ServerProcess | undefined;
let restored: ServerProcess | undefined;

/** Nothing but the executable: an empty PATH folder, and a home of its own for the unpacked files. */
function bareEnv(extra: Record<string, string> = {}) {
  return { PATH: path.join(work, 'bin'), HOME: path.join(work, 'home'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...extra };
}

function runExecutable(args: string[], cwd: string, extra: Record<string, string> = {}): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(executable, args, { cwd, env: bareEnv(extra), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (status) => resolve({ status, output }));
  });
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'cadence-binary-'));
  const built = path.join(work, 'build', 'cadence');
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-binary.ts'), '--output', built], { cwd: ROOT, encoding: 'utf8', timeout: 600_000 });
  if (result.status !== 0) throw new Error(`pnpm build:binary failed:\n${result.stdout}${result.stderr}`);
  for (const dir of ['site', 'bin', 'home']) mkdirSync(path.join(work, dir));
  executable = path.join(work, 'site', 'cadence');
  copyFileSync(built, executable);
  accessSync(executable, constants.X_OK);
  rmSync(path.join(work, 'build'), { recursive: true });
});

afterAll(async () => {
  await server?.stop();
  await restored?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('the single executable', () => {
  it('runs where no Node and no node_modules can be found', () => {
    expect(readdirSync(path.join(work, 'site'))).toEqual(['cadence']);
    expect(readdirSync(path.join(work, 'bin'))).toEqual([]);
    for (let dir = path.join(work, 'site'); dir !== path.dirname(dir); dir = path.dirname(dir)) expect(existsSync(path.join(dir, 'node_modules')), dir).toBe(false);
  });

  it('starts from an empty folder on ./storage with the demo catalogue and serves the site, the back office, the API and audio', async () => {
    const site = path.join(work, 'site');
    server = await startServerProcess(executable, [], { cwd: site, env: bareEnv(), port: await freePort(), timeoutMs: 480_000 });
    expect(existsSync(path.join(site, 'storage', 'database.sqlite'))).toBe(true);

    const visitor = new HttpSession(server.url);
    const home = await visitor.fetch('/', { headers: { Accept: 'text/html' } });
    expect(home.status).toBe(200);
    const page = await home.text();
    expect(page).toContain('<title>Cadence');
    const script = page.match(/\/_astro\/[^"]+\.js/)?.[0];
    expect(script).toBeDefined();
    expect((await visitor.fetch(script!)).status).toBe(200);

    const admin = await visitor.fetch('/admin', { headers: { Accept: 'text/html' } });
    expect(admin.status).toBe(200);
    const adminPage = await admin.text();
    expect(adminPage).toContain('id="be-bootstrap"');
    const adminScript = adminPage.match(/\/admin\/assets\/[^"]+\.js/)?.[0];
    expect(adminScript).toBeDefined();
    expect((await visitor.fetch(adminScript!)).status).toBe(200);

    const genres = await visitor.fetch('/api/v1/genres');
    expect(genres.status).toBe(200);
    expect(JSON.stringify(await genres.json())).toContain('Jazz');

    // The password check runs argon2's native addon, the database better-sqlite3's.
    const owner = new HttpSession(server.url);
    await owner.logIn(ADMIN.email, ADMIN.password);
    const me = await owner.fetch('/api/admin/users?filter=%7B%22q%22%3A%22owner%40example.com%22%7D');
    expect(me.status).toBe(200);

    const audio = await visitor.fetch('/api/v1/tracks/1/stream', { headers: { Range: 'bytes=0-1023' } });
    expect(audio.status).toBe(206);
    expect(audio.headers.get('Content-Range')).toMatch(/^bytes 0-1023\/\d+$/);
    expect((await audio.arrayBuffer()).byteLength).toBe(1024);
  });

  it('backs the running site up and restores it into STORAGE_PATH, from where it starts with the same catalogue', async () => {
    const site = path.join(work, 'site');
    const backup = await runExecutable(['backup', 'site-backup.tar.gz'], site);
    expect(backup.output).toContain('Backed up');
    expect(backup.status).toBe(0);

    const elsewhere = path.join(work, 'elsewhere');
    const restore = await runExecutable(['restore', path.join(site, 'site-backup.tar.gz')], work, { STORAGE_PATH: elsewhere });
    expect(restore.output).toContain('Restored the backup');
    expect(restore.status).toBe(0);

    restored = await startServerProcess(executable, [], { cwd: work, env: bareEnv({ STORAGE_PATH: elsewhere }), port: await freePort(), timeoutMs: 120_000 });
    const visitor = new HttpSession(restored.url);
    const [before, after] = await Promise.all([new HttpSession(server!.url).fetch('/api/v1/genres'), visitor.fetch('/api/v1/genres')]);
    expect(await after.json()).toEqual(await before.json());
    expect((await visitor.fetch('/api/v1/tracks/1/stream', { headers: { Range: 'bytes=0-1023' } })).status).toBe(206);
  });
});
