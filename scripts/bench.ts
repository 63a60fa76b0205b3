import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.ts';

/**
 * `pnpm bench`: the foundation's budgets, measured on this machine with the build done and the
 * demo catalogue seeded: start-up time, idle memory, and server-side latency of pages and API calls.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 3931;
const BUDGETS = { startMs: 3000, idleRssMb: 200, homeMedianMs: 20 };
/** Measured with the same Node flags as `pnpm start`, read from package.json. */
const startFlags: string[] = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start.match(/--[\w-]+(=\S+)?/g) ?? [];

const storage = mkdtempSync(path.join(tmpdir(), 'music-bench-'));
const env = {
  ...process.env,
  PORT: String(PORT),
  STORAGE_PATH: storage,
  DEMO_AUDIO_CACHE: process.env.DEMO_AUDIO_CACHE ?? path.join(root, 'tests/.cache/demo-audio'),
  ADMIN_EMAIL: 'bench@example.com',
  ADMIN_PASSWORD: 'bench-password',
  NODE_ENV: 'production',
};

function startServer(): Promise<{ child: ChildProcess; readyMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...startFlags, path.join(root, 'api/src/server.ts')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Ready in')) resolve({ child, readyMs: performance.now() - started });
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

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

async function timeRequests(url: string, count: number): Promise<number[]> {
  for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

function line(label: string, value: string, budget?: string, ok?: boolean) {
  console.log(`${label.padEnd(34)} ${value.padStart(10)}${budget ? `   budget ${budget.padEnd(9)} ${ok ? 'ok' : 'OVER'}` : ''}`);
}

buildIfNeeded();
let failed = false;
try {
  console.log(`Node flags: ${startFlags.join(' ') || 'none'}`);
  console.log('Seeding the demo catalogue into a fresh storage folder (not measured)…');
  await stop((await startServer()).child);

  const starts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { child, readyMs } = await startServer();
    starts.push(readyMs);
    if (i < 2) await stop(child);
    else {
      const base = `http://localhost:${PORT}`;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const idleAfterStart = rssMb(child.pid!);
      const home = await timeRequests(`${base}/`, 200);
      const album = await timeRequests(`${base}/album/1/x/y`.replace('/x/y', '/aurora-vale/amber-satellites'), 100);
      const json = await timeRequests(`${base}/api/v1/albums/1?with=artists,tracks.artists`, 200);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const idleAfterLoad = rssMb(child.pid!);

      console.log('');
      const startMs = percentile(starts, 50);
      line('start, ready to serve (median of 3)', `${startMs.toFixed(0)} ms`, `${BUDGETS.startMs} ms`, startMs < BUDGETS.startMs);
      line('idle memory after start (RSS)', `${idleAfterStart.toFixed(0)} MB`, `${BUDGETS.idleRssMb} MB`, idleAfterStart < BUDGETS.idleRssMb);
      line('idle memory after 520 requests', `${idleAfterLoad.toFixed(0)} MB`, `${BUDGETS.idleRssMb} MB`, idleAfterLoad < BUDGETS.idleRssMb);
      const homeMedian = percentile(home, 50);
      line('home page HTML, median', `${homeMedian.toFixed(1)} ms`, `${BUDGETS.homeMedianMs} ms`, homeMedian < BUDGETS.homeMedianMs);
      line('home page HTML, p95', `${percentile(home, 95).toFixed(1)} ms`);
      line('album page HTML, median', `${percentile(album, 50).toFixed(1)} ms`);
      line('album JSON with tracks, median', `${percentile(json, 50).toFixed(1)} ms`);
      failed = startMs >= BUDGETS.startMs || idleAfterStart >= BUDGETS.idleRssMb || idleAfterLoad >= BUDGETS.idleRssMb || homeMedian >= BUDGETS.homeMedianMs;
      await stop(child);
    }
  }
} finally {
  rmSync(storage, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
