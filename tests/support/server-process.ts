import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * The product as a self-hoster runs it: a separate process started by a command (`node
 * api/src/cli/cadence.ts`, the single executable), talked to over real HTTP.
 */

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ServerProcess {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
  /** Ends it at once (SIGKILL), as a crash or a lost machine does: nothing after the signal runs. */
  kill: () => Promise<void>;
}

/** Starts a server command and waits until it says it is ready ("Ready in … ms"). */
export async function startServerProcess(command: string, args: string[], options: { cwd: string; env: Record<string, string | undefined>; port: number; timeoutMs?: number }): Promise<ServerProcess> {
  const child: ChildProcess = spawn(command, args, { cwd: options.cwd, env: { LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...options.env, PORT: String(options.port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A server that never got ready must not outlive the run that gave up on it.
      child.kill('SIGKILL');
      reject(new Error(`${command} was not ready after ${options.timeoutMs ?? 60_000} ms:\n${printed}`));
    }, options.timeoutMs ?? 60_000);
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      if (/Ready in \d+ ms/.test(printed)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code}) before it was ready:\n${printed}`));
    });
  });
  return {
    url: `http://127.0.0.1:${options.port}`,
    output: () => printed,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A visitor with a cookie jar that echoes the XSRF cookie on writes, as the site's pages do. */
export class HttpSession {
  private readonly cookies = new Map<string, string>();
  private readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    if (init.method && init.method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.fetch('/api/v1/genres');
    const headers = new Headers(init.headers);
    headers.set('Accept', headers.get('Accept') ?? 'application/json');
    if (this.cookies.size) headers.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers.set('X-XSRF-TOKEN', decodeURIComponent(xsrf));
    const response = await fetch(`${this.base}${path}`, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return response;
  }

  json(method: 'POST' | 'PUT', path: string, body: unknown): Promise<Response> {
    return this.fetch(path, { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  }

  async logIn(email: string, password: string): Promise<void> {
    const response = await this.json('POST', '/auth/login', { email, password });
    if (!response.ok) throw new Error(`login as ${email} failed: ${response.status} ${await response.text()}`);
  }

  /** Uploads a file as the back office's Files screen does; answers the file entry. */
  async upload(bytes: Uint8Array<ArrayBuffer>, name: string, mime: string): Promise<{ id: number; url: string; file_name: string }> {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: mime }), name);
    const response = await this.fetch('/api/v1/file-entries', { method: 'POST', body: form });
    if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
    return (await response.json()).fileEntry;
  }
}
