import { describe, expect, it } from 'vitest';
import { formatDuration, formatLength } from './format.ts';

describe('durations', () => {
  it('shows minutes and seconds, and hours when needed', () => {
    expect(formatDuration(215_000)).toBe('3:35');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(null)).toBe('0:00');
    expect(formatDuration(-5)).toBe('0:00');
  });

  it('sums album lengths in words', () => {
    expect(formatLength(42 * 60_000)).toBe('42 min');
    expect(formatLength(65 * 60_000)).toBe('1 hr 5 min');
  });
});
