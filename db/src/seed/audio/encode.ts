import { Mp3Encoder } from '@breezystack/lamejs';
import { renderPiece, toInt16, type PieceStyle } from './synth.ts';

export const DEMO_SAMPLE_RATE = 22050;
export const DEMO_BITRATE_KBPS = 64;

export interface EncodedPiece {
  mp3: Uint8Array;
  /** Exact length of the audio, in milliseconds. */
  durationMs: number;
}

export function encodeMp3(pcm: Int16Array, sampleRate: number, kbps: number): Uint8Array {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const chunks: Uint8Array[] = [];
  const block = 1152 * 16;
  for (let i = 0; i < pcm.length; i += block) {
    const chunk = encoder.encodeBuffer(pcm.subarray(i, i + block));
    if (chunk.length) chunks.push(new Uint8Array(chunk));
  }
  const last = encoder.flush();
  if (last.length) chunks.push(new Uint8Array(last));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

export function renderMp3(style: PieceStyle, seed: number, targetSeconds: number): EncodedPiece {
  const pcm = toInt16(renderPiece(style, seed, DEMO_SAMPLE_RATE, targetSeconds));
  return { mp3: encodeMp3(pcm, DEMO_SAMPLE_RATE, DEMO_BITRATE_KBPS), durationMs: Math.round((pcm.length / DEMO_SAMPLE_RATE) * 1000) };
}
