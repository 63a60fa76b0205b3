import http from 'node:http';

/**
 * A small closed-loop load generator: `concurrency` keep-alive connections, each sending its next
 * request as soon as the previous answer is read, for a fixed time or number of requests. Plain
 * node:http keeps the client's own cost per request far below the server's, so the numbers are
 * the server's.
 */
export interface Target {
  path: string;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  bytes: number;
  latencies: number[];
  statuses: Record<number, number>;
}

export interface LoadOptions {
  base: string;
  next: (i: number) => Target;
  concurrency: number;
  /** Stop after this long… */
  seconds?: number;
  /** …or after this many requests, whichever comes first. */
  requests?: number;
  /** Requests sent first and not counted: warm caches, JIT and connections. */
  warmup?: number;
}

function send(agent: http.Agent, url: URL, target: Target): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, host: url.hostname, port: url.port, path: target.path, method: 'GET', headers: { 'Accept-Encoding': 'identity', ...target.headers } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  let issued = 0;
  try {
    const warmup = options.warmup ?? 0;
    for (let i = 0; i < warmup; i += options.concurrency) {
      await Promise.all(Array.from({ length: Math.min(options.concurrency, warmup - i) }, () => send(agent, url, options.next(issued++))));
    }
    const latencies: number[] = [];
    const statuses: Record<number, number> = {};
    let bytes = 0;
    const limit = options.requests ?? Infinity;
    const started = performance.now();
    const deadline = started + (options.seconds ?? 3600) * 1000;
    let counted = 0;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (counted < limit && performance.now() < deadline) {
          counted++;
          const target = options.next(issued++);
          const sent = performance.now();
          const answer = await send(agent, url, target);
          latencies.push(performance.now() - sent);
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          bytes += answer.bytes;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return { requests: latencies.length, seconds, perSecond: latencies.length / seconds, bytes, latencies, statuses };
  } finally {
    agent.destroy();
  }
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

/** Deterministic pseudo-random integers, so every bench run asks for the same things. */
export function randomInts(seed: number) {
  let state = seed >>> 0;
  return (min: number, max: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return min + Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * (max - min + 1));
  };
}
