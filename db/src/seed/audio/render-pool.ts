import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EncodedPiece } from './encode.ts';
import type { PieceStyle } from './synth.ts';

export interface PieceJob {
  style: PieceStyle;
  seed: number;
  seconds: number;
}

/** Changes whenever the synthesizer or encoder code changes, so stale cached audio is never reused. */
const codeVersion = createHash('sha256')
  .update(readFileSync(new URL('./synth.ts', import.meta.url)))
  .update(readFileSync(new URL('./encode.ts', import.meta.url)))
  .digest('hex')
  .slice(0, 12);

function cacheKey(job: PieceJob): string {
  return createHash('sha256').update(codeVersion).update(JSON.stringify(job)).digest('hex').slice(0, 24);
}

/**
 * Renders pieces on all cores (MP3 encoding is the slow part), reusing a disk cache when given
 * one so that test runs and re-seeds do not encode the same audio twice.
 */
export async function renderPieces(jobs: PieceJob[], options: { cacheDir?: string; onPiece?: (done: number, total: number) => void }): Promise<EncodedPiece[]> {
  const results: EncodedPiece[] = new Array(jobs.length);
  const pending: number[] = [];
  let done = 0;
  const report = () => options.onPiece?.(++done, jobs.length);

  jobs.forEach((job, index) => {
    const file = options.cacheDir && path.join(options.cacheDir, `${cacheKey(job)}.mp3`);
    if (file && existsSync(file) && existsSync(`${file}.json`)) {
      const { durationMs } = JSON.parse(readFileSync(`${file}.json`, 'utf8'));
      results[index] = { mp3: new Uint8Array(readFileSync(file)), durationMs };
      report();
    } else {
      pending.push(index);
    }
  });
  if (!pending.length) return results;

  if (options.cacheDir) mkdirSync(options.cacheDir, { recursive: true });
  const workerCount = Math.max(1, Math.min(availableParallelism(), pending.length, 4));
  const workers = Array.from({ length: workerCount }, () => new Worker(new URL('./render-worker.ts', import.meta.url)));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const next = () => {
              const index = pending.shift();
              if (index === undefined) return resolve();
              worker.postMessage({ id: index, ...jobs[index] });
            };
            worker.on('message', (message: { id: number; mp3: Uint8Array; durationMs: number }) => {
              results[message.id] = { mp3: message.mp3, durationMs: message.durationMs };
              if (options.cacheDir) {
                const file = path.join(options.cacheDir, `${cacheKey(jobs[message.id])}.mp3`);
                // Written under a temporary name first so a crash never leaves a truncated cache entry.
                writeFileSync(`${file}.tmp`, message.mp3);
                renameSync(`${file}.tmp`, file);
                writeFileSync(`${file}.json`, JSON.stringify({ durationMs: message.durationMs }));
              }
              report();
              next();
            });
            worker.on('error', reject);
            next();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
