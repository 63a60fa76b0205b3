import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { copyForBench, describeDatabase, parseBenchDatabase } from '../db/src/bench-copy.ts';
import { createDb } from '../db/src/connection.ts';
import { CopyError, type CopyProgress } from '../db/src/copy.ts';
import { clearPageCache } from '../db/src/caching/page-cache.repository.ts';
import { percentile, randomInts } from './bench/load.ts';
import { cookieHeader, cookiesOf, cpuMs, ms, printReport, rate, type Row, rssMb, section, step } from './bench/report.ts';
import { measureAdminList, measureAlbumPageInBrowser, measureSearch, measureThroughput, type ScaleRun, type ScaleSummary, TARGETS } from './bench/scale-measures.ts';
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
const ADMIN = { email: 'bench@example.com', password: 'bench-password' };
/** Measured with the same Node flags as `pnpm start`, read from package.json. */
const startFlags: string[] = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start.match(/--[\w-]+(=\S+)?/g) ?? [];
const audioCache = process.env.DEMO_AUDIO_CACHE ?? path.join(root, 'tests/.cache/demo-audio');

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
  if (DATABASE) await copyToPostgres(DATABASE, dir, key, seedRows);

  // Pages a run before this one stored expire a minute after they were rendered: in the middle of
  // this run's measures, if it follows soon, where each one expiring costs a rendering.
  const db = createDb(DATABASE ?? path.join(dir, 'database.sqlite'));
  await clearPageCache(db);
  await db.destroy();

  step('Starting the server on the scale catalogue…');
  const env = { ...process.env, PORT: String(SCALE_PORT), STORAGE_PATH: dir, DATABASE_URL: DATABASE ?? '', DEMO_AUDIO_CACHE: audioCache, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, NODE_ENV: 'production', SEED_DEMO: 'false' };
  const { child, readyMs } = await startServer(env);
  try {
    seedRows.push({ label: 'server start on it, ready to serve', value: `${readyMs.toFixed(0)} ms`, target: `< ${BUDGETS.startMs} ms`, ok: readyMs < BUDGETS.startMs });
    const run = await prepareScaleRun(`http://localhost:${SCALE_PORT}`, child.pid!, summary);
    await staticFast({ ...run, adminListPath: run.adminList('created_at', 'DESC', {}) });
    if (QUICK) return;
    await measureThroughput(run);
    await measureSearch(run);
    await measureAdminList(run);
    await measureAlbumPageInBrowser(run, !options['no-lighthouse']);
    seedRows.push({ label: 'server memory after the runs (RSS)', value: `${rssMb(child.pid!).toFixed(0)} MB` });
  } finally {
    await stop(child);
  }
}

async function copyToPostgres(database: string, dir: string, key: string, seedRows: Row[]) {
  step(`Copying the scale catalogue to ${describeDatabase(database)} (once per seed)…`);
  const copy = await copyForBench(path.join(dir, 'database.sqlite'), database, { key, onProgress: copyProgress() }).catch((error: Error) => {
    // A refused database or one that cannot be reached: the reason, not a stack trace.
    console.error(error instanceof CopyError ? error.message : `The copy to PostgreSQL failed: ${error.message}`);
    process.exit(1);
  });
  if (copy.reused) step('The database already holds this catalogue: reused.');
  seedRows.push({ label: `copy to PostgreSQL with db:copy${copy.reused ? ' (when it was made)' : ''}`, value: `${copy.seconds.toFixed(1)} s` });
}

/** A returning visitor's and a logged-in admin's cookies, and the album pages' addresses, for the measures. */
async function prepareScaleRun(base: string, pid: number, summary: ScaleSummary): Promise<ScaleRun> {
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
  return { base, pid, summary, random, albumIds, albumPages, guestHeaders, adminHeaders, adminList };
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
const failed = printReport();
console.log(`${failed ? `${failed} target(s) missed` : 'All targets met'} (bench took ${((performance.now() - started) / 1000).toFixed(0)} s).`);
process.exit(failed ? 1 : 0);
