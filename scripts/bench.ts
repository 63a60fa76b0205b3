import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tracks as tracksResource } from '../api/src/admin/resources/tracks.ts';
import { copyForBench, describeDatabase, parseBenchDatabase } from '../db/src/bench-copy.ts';
import { createDb } from '../db/src/connection.ts';
import { CopyError, type CopyProgress } from '../db/src/copy.ts';
import { clearPageCache } from '../db/src/repositories/page-cache.repository.ts';
import { measureFirstAudio } from './bench/first-audio.ts';
import { measurePageScripts } from './bench/first-load-js.ts';
import { lighthousePerformance } from './bench/lighthouse.ts';
import { percentile, randomInts, runLoad, type LoadResult, type Target } from './bench/load.ts';
import { cannon, type CannonResult } from './bench/cannon.ts';
import { buildIfNeeded } from './build-if-needed.ts';

/**
 * `pnpm bench [--tracks 1000000] [--no-lighthouse] [--database postgres://…]`: one run, one report.
 *
 * 1. The foundation's budgets on the demo catalogue: start-up time, idle memory, home page latency.
 * 2. The product at scale: a catalogue of `--tracks` tracks (seeded with `pnpm db:seed` into
 *    .cache/bench/, reused while the seed and the migrations are unchanged), served by the real
 *    server: search latency, album page and album JSON throughput against a bare route of the same
 *    process, Range streaming, the back office's tracks list, the album page's scripts (all of
 *    them, as Lighthouse counts them), its time to first audio and its Lighthouse performance score.
 *    With `--database postgres://…`, the same catalogue copied into that PostgreSQL database with
 *    db:copy (once per seed: db/src/bench-copy.ts) and the server on it, with the same storage
 *    folder for audio and covers. The foundation budgets stay on SQLite.
 *
 * Exits non-zero when a target is missed.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    tracks: { type: 'string', default: '1000000' },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-foundation': { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    database: { type: 'string' },
  },
});
let DATABASE: string | null;
try {
  DATABASE = parseBenchDatabase(options.database);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
/** `--quick`: a 20,000-track catalogue (unless --tracks says otherwise) and the issue's throughput rows alone, in shorter runs. */
const QUICK = options.quick;
const TRACKS = Number(QUICK && !process.argv.some((a) => a.startsWith('--tracks')) ? 20000 : options.tracks);
const PORT = Number(process.env.BENCH_PORT ?? 3931);
const SCALE_PORT = PORT + 1;
const BUDGETS = { startMs: 3000, idleRssMb: 200, homeMedianMs: 20 };
/** The issue's measure: 20 connections for 6 s without Accept-Encoding, as ratios to a bare Hono process. */
const FAST = { connections: 20, seconds: QUICK ? 3 : 6, pageRatio: 0.3, adminRatio: 0.15 };
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const TARGETS = { seedSeconds: 180, searchP95Ms: 50, pageRatio: 0.3, jsonRatio: 0.5, adminMedianMs: 100, pageScriptsBytes: 150_000, lighthouse: 90, firstAudioMs: 150 };
/** Connections kept busy by the throughput runs; the latency runs send one request at a time. */
const CONCURRENCY = 8;
const THROUGHPUT_SECONDS = 5;
const ADMIN = { email: 'bench@example.com', password: 'bench-password' };
/** Measured with the same Node flags as `pnpm start`, read from package.json. */
const startFlags: string[] = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start.match(/--[\w-]+(=\S+)?/g) ?? [];
const audioCache = process.env.DEMO_AUDIO_CACHE ?? path.join(root, 'tests/.cache/demo-audio');

interface Row {
  label: string;
  value: string;
  target?: string;
  ok?: boolean;
}
const report: { title: string; rows: Row[] }[] = [];
function section(title: string): Row[] {
  const rows: Row[] = [];
  report.push({ title, rows });
  return rows;
}

function step(message: string) {
  console.log(`» ${message}`);
}

function startServer(env: NodeJS.ProcessEnv, args = [path.join(root, 'api/src/server.ts')], ready = 'Ready in'): Promise<{ child: ChildProcess; readyMs: number }> {
  const started = performance.now();
  // From the root, as `pnpm start` runs: its flags name files relative to it.
  const child = spawn(process.execPath, [...startFlags, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    // Until it is ready, its output is kept to show if it fails to start. After that its log is read
    // and dropped: keeping a growing string and searching it on every chunk would slow the load
    // generator, which runs in this process, as the log grows.
    let output = '';
    let isReady = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      if (isReady) return;
      output += chunk;
      if (!output.includes(ready)) return;
      isReady = true;
      output = '';
      resolve({ child, readyMs: performance.now() - started });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** CPU time the process has used, in ms: steadier than wall-clock rates on a shared machine. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const ms = (value: number) => `${value.toFixed(1)} ms`;
/** Requests per second, padded so the figures after it line up. */
const rate = (perSecond: number) => `${perSecond.toFixed(0)} req/s`.padEnd(12);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** Sequential requests; pages get a query string no one asked before, so each one is rendered, not read from the page cache. */
async function timeRequests(url: string, count: number): Promise<number[]> {
  const fresh = (i: number) => (url.includes('/api/') ? url : `${url}?bench=${i}`);
  for (let i = 0; i < 20; i++) await (await fetch(fresh(i))).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(fresh(20 + i));
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** The demo catalogue on a fresh storage folder: start-up, memory and home page budgets. */
async function foundationBudgets() {
  const rows = section('Foundation budgets (demo catalogue, SQLite)');
  const storage = mkdtempSync(path.join(tmpdir(), 'music-bench-'));
  const env = { ...process.env, PORT: String(PORT), STORAGE_PATH: storage, DEMO_AUDIO_CACHE: audioCache, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, NODE_ENV: 'production' };
  try {
    step('Seeding the demo catalogue into a fresh storage folder (not measured)…');
    await stop((await startServer(env)).child);
    const starts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { child, readyMs } = await startServer(env);
      starts.push(readyMs);
      if (i < 2) {
        await stop(child);
        continue;
      }
      step('Measuring idle memory and home page latency…');
      const base = `http://localhost:${PORT}`;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const idleAfterStart = rssMb(child.pid!);
      const home = await timeRequests(`${base}/`, 200);
      const album = await timeRequests(`${base}/album/1/aurora-vale/amber-satellites`, 100);
      const json = await timeRequests(`${base}/api/v1/albums/1?with=artists,tracks.artists`, 200);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const idleAfterLoad = rssMb(child.pid!);
      await stop(child);

      const startMs = percentile(starts, 50);
      const homeMedian = percentile(home, 50);
      rows.push(
        { label: 'start, ready to serve (median of 3)', value: `${startMs.toFixed(0)} ms`, target: `< ${BUDGETS.startMs} ms`, ok: startMs < BUDGETS.startMs },
        { label: 'idle memory after start (RSS)', value: `${idleAfterStart.toFixed(0)} MB`, target: `< ${BUDGETS.idleRssMb} MB`, ok: idleAfterStart < BUDGETS.idleRssMb },
        { label: 'idle memory after 520 requests', value: `${idleAfterLoad.toFixed(0)} MB`, target: `< ${BUDGETS.idleRssMb} MB`, ok: idleAfterLoad < BUDGETS.idleRssMb },
        { label: 'home page HTML, median', value: ms(homeMedian), target: `< ${BUDGETS.homeMedianMs} ms`, ok: homeMedian < BUDGETS.homeMedianMs },
        { label: 'home page HTML, p95', value: ms(percentile(home, 95)) },
        { label: 'album page HTML, median', value: ms(percentile(album, 50)) },
        { label: 'album JSON with tracks, median', value: ms(percentile(json, 50)) },
      );
    }
  } finally {
    rmSync(storage, { recursive: true, force: true });
  }
}

interface ScaleSummary {
  tracks: number;
  albums: number;
  artists: number;
  users: number;
  playlists: number;
  seconds: number;
  phases: { name: string; seconds: number }[];
  queries: Record<'rare' | 'common' | 'prefix' | 'twoWords', { query: string; tracks?: number }[]>;
  sampleAlbumIds: number[];
  topTrackId: number;
}

const SCALE_SEED_SOURCES = [
  'db/src/seed/scale.ts', 'db/src/seed/scale-bulk.ts', 'db/src/seed/scale-catalog.ts', 'db/src/seed/scale-listeners.ts',
  'db/src/seed/scale-words.ts', 'db/src/seed/scale-names.ts', 'db/src/seed/covers.ts',
];

/**
 * The scale catalogue's storage folder, seeded once per version of the seed and of the schema:
 * a change to either gives a new key, and older folders are removed.
 */
function scaleStorage(tracks: number): { dir: string; key: string; summary: ScaleSummary; reused: boolean } {
  const hash = createHash('sha256');
  for (const file of SCALE_SEED_SOURCES) hash.update(readFileSync(path.join(root, file)));
  hash.update(readdirSync(path.join(root, 'db/src/migrations')).sort().join('\n'));
  const key = `scale-${tracks}-${hash.digest('hex').slice(0, 12)}`;
  const cacheRoot = path.join(root, '.cache/bench');
  const dir = path.join(cacheRoot, key);
  mkdirSync(cacheRoot, { recursive: true });
  // Older versions of this size go; other sizes stay, so `--quick` and a full run do not seed each other away.
  for (const entry of readdirSync(cacheRoot)) if (entry.startsWith(`scale-${tracks}-`) && entry !== key) rmSync(path.join(cacheRoot, entry), { recursive: true, force: true });
  if (existsSync(path.join(dir, 'summary.json'))) return { dir, key, summary: JSON.parse(readFileSync(path.join(dir, 'summary.json'), 'utf8')), reused: true };

  step(`Seeding the scale catalogue (${tracks.toLocaleString('en')} tracks) into ${path.relative(root, dir)}…`);
  const building = `${dir}.building`;
  rmSync(building, { recursive: true, force: true });
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'api/src/cli/seed.ts'), '--tracks', String(tracks), '--storage', building, '--summary', path.join(building, 'summary.json')],
    { stdio: 'inherit', env: { ...process.env, DEMO_AUDIO_CACHE: audioCache, DATABASE_URL: '' } },
  );
  if (result.status !== 0) throw new Error('The scale seed failed.');
  renameSync(building, dir);
  return { dir, key, summary: JSON.parse(readFileSync(path.join(dir, 'summary.json'), 'utf8')), reused: false };
}

/** The copy's progress: a line kept up to date on a terminal, a line each 5 % of all rows in a log. */
function copyProgress() {
  const started = performance.now();
  let logged = -1;
  return ({ table, copied, total, copiedAll, totalAll }: CopyProgress) => {
    const percent = Math.floor((copiedAll / Math.max(1, totalAll)) * 100);
    const line = `  copying: ${percent}% of ${totalAll.toLocaleString('en')} rows, ${((performance.now() - started) / 1000).toFixed(0)} s (${table}: ${copied.toLocaleString('en')} of ${total.toLocaleString('en')})`;
    if (process.stdout.isTTY) process.stdout.write(`\r\x1b[K${line}${copiedAll === totalAll ? '\n' : ''}`);
    else if (Math.floor(percent / 5) > logged) {
      console.log(line);
      logged = Math.floor(percent / 5);
    }
  };
}

function cookiesOf(response: Response, jar: Map<string, string>) {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const index = pair.indexOf('=');
    jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

function describeStatuses(result: LoadResult): string {
  return Object.entries(result.statuses).map(([status, count]) => `${status}×${count}`).join(' ');
}

function expectStatuses(result: LoadResult, allowed: number[], what: string) {
  const bad = Object.keys(result.statuses).map(Number).filter((status) => !allowed.includes(status));
  if (bad.length) throw new Error(`${what}: unexpected answers ${describeStatuses(result)}`);
}

/**
 * The issue's rows: pages a visitor who is not logged in gets from the page cache, and the back
 * office's tracks list, each as a ratio to a bare Hono process started here, measured the same way
 * (autocannon, 20 connections, no Accept-Encoding) in the same run.
 */
async function staticFast(run: { base: string; pid: number; albumPages: string[]; guestHeaders: Record<string, string>; adminHeaders: Record<string, string>; adminListPath: string }) {
  const rows = section(`Static-fast pages and API: ${FAST.connections} connections, ${FAST.seconds} s each, no Accept-Encoding, against a bare Hono process`);
  const barePort = SCALE_PORT + 1;
  const bare = await startServer({ ...process.env, NODE_ENV: 'production' }, [path.join(root, 'scripts/bench/bare-hono.ts'), String(barePort)], 'Bare Hono ready');
  const measure = async (label: string, url: string, paths: string[], headers: Record<string, string>, pid?: number): Promise<CannonResult & { cpuPerRequest?: number }> => {
    step(`Throughput (${FAST.connections} connections): ${label}…`);
    // Warm up: every page into the page cache first (one at a time, so each is rendered once), then JIT and connections.
    for (const p of paths) await (await fetch(`${url}${p}`, { headers })).arrayBuffer();
    await cannon({ url, paths, headers, connections: FAST.connections, seconds: 1 });
    const cpuBefore = pid ? cpuMs(pid) : 0;
    const result = await cannon({ url, paths, headers, connections: FAST.connections, seconds: FAST.seconds });
    const bad = Object.keys(result.statuses).filter((status) => status !== '200');
    if (bad.length || result.errors) throw new Error(`${label}: unexpected answers ${JSON.stringify(result.statuses)}, ${result.errors} errors`);
    return { ...result, cpuPerRequest: pid ? (cpuMs(pid) - cpuBefore) / result.requests : undefined };
  };
  try {
    const bareBase = `http://localhost:${barePort}`;
    const guest = { ...run.guestHeaders, 'User-Agent': BROWSER_UA };
    const barePage = await measure('bare Hono, 20 KB HTML', bareBase, ['/page'], {}, bare.child.pid);
    const bareJson = await measure('bare Hono, tiny JSON', bareBase, ['/json'], {}, bare.child.pid);
    const album = await measure('album pages (page cache)', run.base, run.albumPages, guest, run.pid);
    const home = await measure('home page (page cache)', run.base, ['/'], guest, run.pid);
    const search = await measure('search page /search/a (page cache)', run.base, ['/search/a'], guest, run.pid);
    const admin = await measure('back-office tracks list JSON, 25 rows', run.base, [run.adminListPath], { ...run.adminHeaders, 'User-Agent': BROWSER_UA }, run.pid);
    // A route so slow that no request ends within the run (the back office's list on a loaded PostgreSQL) has no CPU per request to show.
    const line = (result: CannonResult & { cpuPerRequest?: number }) =>
      result.requests === 0
        ? `no answer within ${FAST.seconds} s`
        : `${rate(result.perSecond)}p50 ${result.p50} ms${result.cpuPerRequest === undefined ? '' : `, CPU ${result.cpuPerRequest.toFixed(2)} ms/req`}`;
    rows.push({ label: 'bare Hono: 20 KB HTML page', value: line(barePage) });
    rows.push({ label: 'bare Hono: tiny JSON', value: line(bareJson) });
    for (const [label, result] of [['anonymous album page (page cache)', album], ['home page (page cache)', home], ['search page /search/a (page cache)', search]] as const) {
      const ratio = result.perSecond / barePage.perSecond;
      rows.push({ label, value: `${line(result)}, ${ratio.toFixed(2)}× bare page`, target: `>= ${FAST.pageRatio}×`, ok: ratio >= FAST.pageRatio });
    }
    const adminRatio = admin.perSecond / bareJson.perSecond;
    rows.push({ label: 'back-office tracks list JSON (admin, 25 rows)', value: `${line(admin)}, ${adminRatio.toFixed(2)}× bare JSON`, target: `>= ${FAST.adminRatio}×`, ok: adminRatio >= FAST.adminRatio });
    const rss = rssMb(run.pid);
    rows.push({ label: 'server memory after these runs (RSS)', value: `${rss.toFixed(0)} MB`, target: `< ${BUDGETS.idleRssMb} MB`, ok: rss < BUDGETS.idleRssMb });
  } finally {
    await stop(bare.child);
  }
}

async function scaleBenchmarks() {
  const { dir, key, summary, reused } = scaleStorage(TRACKS);
  const seedRows = section(`Scale catalogue on ${DATABASE ? 'PostgreSQL' : 'SQLite'}: ${summary.tracks.toLocaleString('en')} tracks, ${summary.albums.toLocaleString('en')} albums, ${summary.artists.toLocaleString('en')} artists, ${summary.users.toLocaleString('en')} listeners, ${summary.playlists.toLocaleString('en')} playlists`);
  seedRows.push({
    label: `seed time${reused ? ' (when the cached copy was built)' : ''}`,
    value: `${summary.seconds.toFixed(1)} s`,
    target: `< ${TARGETS.seedSeconds} s`,
    ok: summary.seconds < TARGETS.seedSeconds,
  });
  seedRows.push({ label: '  phases', value: summary.phases.filter((p) => p.seconds >= 0.1).map((p) => `${p.name} ${p.seconds.toFixed(1)}s`).join(', ') });
  if (DATABASE) {
    step(`Copying the scale catalogue to ${describeDatabase(DATABASE)} (once per seed)…`);
    const copy = await copyForBench(path.join(dir, 'database.sqlite'), DATABASE, { key, onProgress: copyProgress() }).catch((error: Error) => {
      // A refused database or one that cannot be reached: the reason, not a stack trace.
      console.error(error instanceof CopyError ? error.message : `The copy to PostgreSQL failed: ${error.message}`);
      process.exit(1);
    });
    if (copy.reused) step('The database already holds this catalogue: reused.');
    seedRows.push({ label: `copy to PostgreSQL with db:copy${copy.reused ? ' (when it was made)' : ''}`, value: `${copy.seconds.toFixed(1)} s` });
  }

  // Pages a run before this one stored expire a minute after they were rendered: in the middle of
  // this run's measures, if it follows soon, where each one expiring costs a rendering.
  const db = createDb(DATABASE ?? path.join(dir, 'database.sqlite'));
  await clearPageCache(db);
  await db.destroy();

  step('Starting the server on the scale catalogue…');
  const env = { ...process.env, PORT: String(SCALE_PORT), STORAGE_PATH: dir, DATABASE_URL: DATABASE ?? '', DEMO_AUDIO_CACHE: audioCache, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, NODE_ENV: 'production', SEED_DEMO: 'false' };
  const { child, readyMs } = await startServer(env);
  const base = `http://localhost:${SCALE_PORT}`;
  try {
    seedRows.push({ label: 'server start on it, ready to serve', value: `${readyMs.toFixed(0)} ms`, target: `< ${BUDGETS.startMs} ms`, ok: readyMs < BUDGETS.startMs });

    // A returning visitor: the XSRF cookie is already set, as in a browser after the first page.
    const guest = new Map<string, string>();
    cookiesOf(await fetch(`${base}/api/v1/health`), guest);
    const guestHeaders = { Cookie: cookieHeader(guest) };
    const random = randomInts(20261122);

    step('Resolving album page addresses…');
    const albumIds = [...new Set([...summary.sampleAlbumIds, ...Array.from({ length: 80 }, () => random(1, summary.albums))])];
    const albumPages: string[] = [];
    for (const id of albumIds) {
      const response = await fetch(`${base}/album/${id}/x/y`, { redirect: 'manual', headers: guestHeaders });
      await response.arrayBuffer();
      const location = response.headers.get('location');
      if (response.status !== 301 || !location) throw new Error(`album ${id}: expected a redirect to its address, got ${response.status}`);
      albumPages.push(location);
    }

    step('Logging in to the back office…');
    const admin = new Map(guest);
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookieHeader(admin), 'X-XSRF-TOKEN': decodeURIComponent(admin.get('XSRF-TOKEN')!) },
      body: JSON.stringify(ADMIN),
    });
    cookiesOf(login, admin);
    if (!login.ok) throw new Error(`admin login answered ${login.status}: ${await login.text()}`);
    const adminHeaders = { Cookie: cookieHeader(admin) };

    const adminList = (sort: string, order: string, filter: Record<string, string>) =>
      `/api/admin/tracks?sort=${encodeURIComponent(JSON.stringify([sort, order]))}&range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent(JSON.stringify(filter))}`;

    await staticFast({ base, pid: child.pid!, albumPages, guestHeaders, adminHeaders, adminListPath: adminList('created_at', 'DESC', {}) });
    if (QUICK) return;

    // (b) Throughput against a bare route of the same process.
    const throughput = section(`Throughput, ${CONCURRENCY} concurrent connections, ${THROUGHPUT_SECONDS} s each`);
    const measure = async (label: string, next: (i: number) => Target, allowed = [200]) => {
      step(`Throughput: ${label}…`);
      await runLoad({ base, next, concurrency: CONCURRENCY, requests: 4 * CONCURRENCY });
      const cpuBefore = cpuMs(child.pid!);
      const result = await runLoad({ base, next, concurrency: CONCURRENCY, seconds: THROUGHPUT_SECONDS });
      expectStatuses(result, allowed, label);
      return { ...result, cpuPerRequest: (cpuMs(child.pid!) - cpuBefore) / result.requests };
    };
    const health = await measure('GET /api/v1/health (baseline)', () => ({ path: '/api/v1/health', headers: guestHeaders }));
    const json = await measure('album JSON', (i) => ({ path: `/api/v1/albums/${albumIds[i % albumIds.length]}?with=artists,tracks,tracks.artists`, headers: guestHeaders }));
    // Pages as a browser asks for them (gzip), so a visitor after the first one of each album gets
    // it from the page cache; then every request a miss (a query string no one asked before), which
    // is what rendering costs.
    const pages = await measure('album page', (i) => ({ path: albumPages[i % albumPages.length], headers: { ...guestHeaders, 'Accept-Encoding': 'gzip, deflate, br' } }));
    let unique = 0;
    const rendered = await measure('album page, rendered', (i) => ({ path: `${albumPages[i % albumPages.length]}?bench=${++unique}`, headers: guestHeaders }));
    const line = (result: LoadResult & { cpuPerRequest: number }) =>
      `${rate(result.perSecond)}p50 ${ms(percentile(result.latencies, 50))}, server CPU ${result.cpuPerRequest.toFixed(2)} ms/req`;
    throughput.push({ label: 'bare route GET /api/v1/health', value: line(health) });
    throughput.push({ label: 'album JSON (artists, tracks, tracks.artists)', value: line(json) });
    throughput.push({ label: 'album page HTML (page cache)', value: line(pages) });
    throughput.push({ label: 'album page HTML, rendered each time', value: line(rendered) });
    const jsonRatio = json.perSecond / health.perSecond;
    const pageRatio = pages.perSecond / health.perSecond;
    throughput.push({ label: 'album JSON / bare route', value: jsonRatio.toFixed(2), target: `>= ${TARGETS.jsonRatio}`, ok: jsonRatio >= TARGETS.jsonRatio });
    throughput.push({ label: 'album page / bare route', value: pageRatio.toFixed(2), target: `>= ${TARGETS.pageRatio}`, ok: pageRatio >= TARGETS.pageRatio });
    throughput.push({ label: '  the same by server CPU per request (JSON, page)', value: `${(health.cpuPerRequest / json.cpuPerRequest).toFixed(2)}, ${(health.cpuPerRequest / pages.cpuPerRequest).toFixed(2)}` });
    throughput.push({ label: 'album page rendered each time / bare route', value: (rendered.perSecond / health.perSecond).toFixed(2) });

    // (c) Range streaming: random 64 KB windows of random tracks.
    const probe = await fetch(`${base}/api/v1/tracks/${summary.topTrackId}/stream`, { headers: { ...guestHeaders, Range: 'bytes=0-0' } });
    await probe.arrayBuffer();
    const fileSize = Number(/\/(\d+)$/.exec(probe.headers.get('content-range') ?? '')?.[1]);
    if (probe.status !== 206 || !fileSize) throw new Error(`stream probe answered ${probe.status}`);
    const window = 64 * 1024;
    const streams = await measure('Range streaming', () => {
      const start = random(0, Math.max(0, Math.floor(fileSize * 0.7) - window));
      return { path: `/api/v1/tracks/${random(1, summary.tracks)}/stream`, headers: { ...guestHeaders, Range: `bytes=${start}-${start + window - 1}` } };
    }, [206]);
    throughput.push({
      label: 'Range streaming, random 64 KB of random tracks',
      value: `${rate(streams.perSecond)}${(streams.bytes / streams.seconds / 1e6).toFixed(1)} MB/s, p95 ${ms(percentile(streams.latencies, 95))}`,
    });

    // (a) Search latency, one request at a time.
    const search = section('Search GET /api/v1/search?query=…, sequential requests');
    const searchProbe = await fetch(`${base}/api/v1/search?query=${encodeURIComponent(summary.queries.common[0].query)}`, { headers: guestHeaders });
    await searchProbe.arrayBuffer();
    if (searchProbe.status === 404) {
      step('search: endpoint not available');
      search.push({ label: 'search', value: 'endpoint not available (404)' });
    } else {
      for (const [kind, label] of [['rare', 'rare word'], ['common', 'common word'], ['prefix', 'prefix (3 letters)'], ['twoWords', 'two words']] as const) {
        const queries = summary.queries[kind];
        step(`Search: ${label}…`);
        const result = await runLoad({
          base,
          next: (i) => ({ path: `/api/v1/search?query=${encodeURIComponent(queries[i % queries.length].query)}`, headers: guestHeaders }),
          concurrency: 1,
          requests: 120,
          seconds: 20,
          warmup: queries.length,
        });
        expectStatuses(result, [200], `search ${label}`);
        const p95 = percentile(result.latencies, 95);
        search.push({
          label: `${label}: ${queries.slice(0, 3).map((q) => `"${q.query}"`).join(', ')}…`,
          value: `p50 ${ms(percentile(result.latencies, 50))}, p95 ${ms(p95)}`,
          target: `p95 < ${TARGETS.searchP95Ms} ms`,
          ok: p95 < TARGETS.searchP95Ms,
        });
      }
    }

    // (d) The back office's tracks list: each whitelisted sort, filtered by text.
    // What people type: a common word, a rare one, two words, the start of a word.
    const q = summary.queries;
    const words = [0, 1].flatMap((i) => [q.common[i], q.rare[i], q.twoWords[i], q.prefix[i]]).filter(Boolean).map((w) => w.query);
    const adminRows = section(`Back office GET /api/admin/tracks, 25 rows, sequential requests`);
    adminRows.push({ label: `filtered by text, rotating: ${words.slice(0, 4).map((w) => `"${w}"`).join(', ')}…`, value: '' });
    for (const field of tracksResource.table.sortable) {
      for (const order of ['ASC', 'DESC']) {
        step(`Back office: sort ${field} ${order}, filtered…`);
        const result = await runLoad({ base, next: (i) => ({ path: adminList(field, order, { q: words[i % words.length] }), headers: adminHeaders }), concurrency: 1, requests: 2 * words.length, seconds: 20, warmup: 2 });
        expectStatuses(result, [200], `admin tracks sorted by ${field}`);
        const median = percentile(result.latencies, 50);
        adminRows.push({ label: `  sort ${field} ${order}`, value: `median ${ms(median)}, max ${ms(Math.max(...result.latencies))}`, target: `median < ${TARGETS.adminMedianMs} ms`, ok: median < TARGETS.adminMedianMs });
      }
    }
    adminRows.push({ label: 'no filter (the list as it opens: created_at DESC)', value: '' });
    for (const field of tracksResource.table.sortable) {
      const order = field === 'created_at' || field === 'plays' ? 'DESC' : 'ASC';
      step(`Back office: sort ${field} ${order}, no filter…`);
      const result = await runLoad({ base, next: () => ({ path: adminList(field, order, {}), headers: adminHeaders }), concurrency: 1, requests: 6, seconds: 20, warmup: 1 });
      expectStatuses(result, [200], `admin tracks sorted by ${field}`);
      const median = percentile(result.latencies, 50);
      adminRows.push({ label: `  sort ${field} ${order}`, value: `median ${ms(median)}`, target: `median < ${TARGETS.adminMedianMs} ms`, ok: median < TARGETS.adminMedianMs });
    }

    // (e) The album page in Chromium: its scripts and the time from a click on play to audio.
    const pagesSection = section('Album page in the browser');
    step('Album page: all its scripts, in Chromium…');
    const albumPage = albumPages.find((p) => p.startsWith(`/album/${summary.sampleAlbumIds.at(-1)}/`)) ?? albumPages[0];
    const js = await measurePageScripts(base, albumPage);
    if ('error' in js) pagesSection.push({ label: 'scripts, all transfer', value: `not measured: ${js.error}` });
    else {
      pagesSection.push({
        label: `scripts, all transfer (${js.files.length} files, ${kb(js.afterLoadTransfer)} after load)`,
        value: kb(js.totalTransfer),
        target: `<= ${kb(TARGETS.pageScriptsBytes)}`,
        ok: js.totalTransfer <= TARGETS.pageScriptsBytes,
      });
    }
    step('Album page: time to first audio, 5 fresh pages…');
    const audio = await measureFirstAudio(base, albumPage, 5);
    if ('error' in audio) pagesSection.push({ label: 'first audio, click → playing', value: `not measured: ${audio.error}` });
    else {
      pagesSection.push({
        label: 'first audio, click → playing, median of 5 fresh pages',
        value: `${ms(audio.median)} (${audio.samples.map((s) => s.toFixed(0)).join(', ')})`,
        target: `< ${TARGETS.firstAudioMs} ms`,
        ok: audio.median < TARGETS.firstAudioMs,
      });
    }

    // (f) Lighthouse, desktop preset.
    if (options['no-lighthouse']) pagesSection.push({ label: 'Lighthouse performance (desktop)', value: 'skipped (--no-lighthouse)' });
    else {
      step('Album page: Lighthouse performance, desktop preset…');
      const result = await lighthousePerformance(`${base}${albumPage}`);
      if ('error' in result) pagesSection.push({ label: 'Lighthouse performance (desktop)', value: `not measured: ${result.error}` });
      else {
        pagesSection.push({ label: 'Lighthouse performance (desktop)', value: String(result.score), target: `>= ${TARGETS.lighthouse}`, ok: result.score >= TARGETS.lighthouse });
        const m = result.metrics;
        pagesSection.push({
          label: `  scripts, as Lighthouse counts them (${result.scripts.requests} requests)`,
          value: kb(result.scripts.transfer),
          target: `<= ${kb(TARGETS.pageScriptsBytes)}`,
          ok: result.scripts.transfer <= TARGETS.pageScriptsBytes,
        });
        pagesSection.push({ label: '  FCP, LCP, TBT, CLS', value: `${(m.fcpMs / 1000).toFixed(2)} s, ${(m.lcpMs / 1000).toFixed(2)} s, ${m.tbtMs.toFixed(0)} ms, ${m.cls.toFixed(3)}` });
      }
    }
    seedRows.push({ label: 'server memory after the runs (RSS)', value: `${rssMb(child.pid!).toFixed(0)} MB` });
  } finally {
    await stop(child);
  }
}

buildIfNeeded();
// The servers run as `pnpm start` runs them (NODE_ENV=production), where request lines are off unless LOG_REQUESTS says otherwise.
console.log(`Node flags: ${startFlags.join(' ') || 'none'}; request log lines: ${process.env.LOG_REQUESTS ?? 'off (production default)'}`);
const FOUNDATION = !options['no-foundation'] && !QUICK;
/** Which database each part ran on, above the report and under the progress. */
const databases = `Scale catalogue on ${DATABASE ? `PostgreSQL (${describeDatabase(DATABASE)})` : 'SQLite'}${FOUNDATION ? '; foundation budgets on SQLite' : ''}.`;
console.log(databases);
if (!Number.isInteger(TRACKS) || TRACKS < 1000) throw new Error(`--tracks must be a whole number of at least 1000, got "${options.tracks}"`);
const started = performance.now();
if (FOUNDATION) await foundationBudgets();
await scaleBenchmarks();

console.log(`\n${databases}\n`);
let failed = 0;
for (const { title, rows } of report) {
  console.log(title);
  for (const row of rows) {
    const verdict = row.ok === undefined ? '' : row.ok ? 'pass' : 'FAIL';
    if (row.ok === false) failed++;
    console.log(`  ${row.label.padEnd(58)} ${row.value.padEnd(40)} ${(row.target ?? '').padEnd(18)} ${verdict}`);
  }
  console.log('');
}
console.log(`${failed ? `${failed} target(s) missed` : 'All targets met'} (bench took ${((performance.now() - started) / 1000).toFixed(0)} s).`);
process.exit(failed ? 1 : 0);
