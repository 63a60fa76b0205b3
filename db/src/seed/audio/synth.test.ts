import { describe, expect, it } from 'vitest';
import { renderPiece, type PieceStyle } from './synth.ts';

const style: PieceStyle = { bpm: 120, root: 45, scale: 'minor', drums: 'four', pad: 'saw', lead: 'pluck', bass: 'saw', swing: 0, sevenths: false, lofi: false };

function rms(samples: Float32Array, from: number, to: number) {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i] ** 2;
  return Math.sqrt(sum / (to - from));
}

describe('demo synthesiser', () => {
  it('renders the same piece for the same seed and a different one for another seed', () => {
    const a = renderPiece(style, 7, 8000, 16);
    const b = renderPiece(style, 7, 8000, 16);
    const c = renderPiece(style, 8, 8000, 16);
    const same = (x: Float32Array, y: Float32Array) => x.length === y.length && Buffer.compare(Buffer.from(x.buffer), Buffer.from(y.buffer)) === 0;
    expect(same(a, b)).toBe(true);
    expect(same(a, c)).toBe(false);
  });

  it('is audible, never clips, and fades out at the end', () => {
    const samples = renderPiece(style, 1, 8000, 16);
    expect(samples.length / 8000).toBeGreaterThan(15);
    const peak = samples.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
    expect(peak).toBeLessThanOrEqual(0.9);
    expect(rms(samples, 8000 * 4, 8000 * 12)).toBeGreaterThan(0.05);
    expect(rms(samples, samples.length - 100, samples.length)).toBeLessThan(0.01);
  });
});
