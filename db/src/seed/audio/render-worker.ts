import { parentPort } from 'node:worker_threads';
import { renderMp3 } from './encode.ts';
import type { PieceStyle } from './synth.ts';

parentPort!.on('message', (job: { id: number; style: PieceStyle; seed: number; seconds: number }) => {
  const piece = renderMp3(job.style, job.seed, job.seconds);
  parentPort!.postMessage({ id: job.id, mp3: piece.mp3, durationMs: piece.durationMs }, [piece.mp3.buffer as ArrayBuffer]);
});
