import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { type E2eServer, E2E_MAX_WORKERS, localServer, S3_SERVER } from './constants.ts';

/**
 * Playwright's global setup of the e2e run: a server (./e2e-server.ts) for each worker and one on
 * S3 storage, started side by side rather than one after another as `webServer` entries are.
 * Answers the teardown, which stops them. Their output is printed, each line under the server's
 * name, as Playwright prints a web server's.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const START_TIMEOUT_MS = 180_000;

export default async function setup(config: FullConfig): Promise<() => Promise<void>> {
  if (config.workers > E2E_MAX_WORKERS) throw new Error(`At most ${E2E_MAX_WORKERS} workers: their servers' ports would meet the S3 server's.`);
  // Only the servers of the projects that run (`--project` picks them).
  const projects = new Set(config.filteredProjects.map((project) => project.name));
  const servers = [...(projects.has('chromium') ? Array.from({ length: config.workers }, (_, index) => localServer(index)) : []), ...(projects.has('s3') ? [S3_SERVER] : [])];
  const started: Started[] = [];
  const teardown = () => Promise.all(started.map((server) => server.stop())).then(() => undefined);
  try {
    // The first start on a machine writes the demo audio cache: one server writes it, the others then read it.
    const others = [...servers];
    if (!existsSync(process.env.DEMO_AUDIO_CACHE ?? path.join(here, '../.cache/demo-audio')) && others.length) started.push(await start(others.shift()!));
    // Each noted as soon as it listens, so that the teardown stops it should another fail to start.
    await Promise.all(others.map(async (server) => started.push(await start(server))));
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

interface Started {
  stop: () => Promise<void>;
}

async function start(server: E2eServer): Promise<Started> {
  // Another run's server would answer in its place (E2E_PORT moves the ports).
  if (await listening(server.port)) throw new Error(`Port ${server.port} of the e2e server ${server.name} is in use: set E2E_PORT to a free range.`);
  const child = spawn(process.execPath, [path.join(here, 'e2e-server.ts')], {
    cwd: path.join(here, '..'),
    env: { ...process.env, E2E_SERVER: server.name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A runner that ends without its teardown (killed, its output cut off) takes its servers along.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  void exited.then(() => process.off('exit', orphaned));
  printLines(child, `[server ${server.name}] `);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    // It closes its connections and database within 3 s (api/src/server.ts); a server that hangs must not outlive the run.
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (await listening(server.port)) return { stop };
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100, 'waiting'))]);
    if (code !== 'waiting') throw new Error(`The e2e server ${server.name} exited (${code}) before it listened on port ${server.port}.`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The e2e server ${server.name} did not listen on port ${server.port} within ${START_TIMEOUT_MS / 1000} s.`);
    }
  }
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, 'localhost');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function printLines(child: ChildProcess, prefix: string) {
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let partial = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) out.write(`${prefix}${line}\n`);
    });
  }
}
