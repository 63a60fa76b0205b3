import { describe, expect, it } from 'vitest';
import { formatDuration, formatLength } from './duration.ts';

describe('durations', () => {
  it('shows minutes and seconds, and hours when needed', () => {
    expect(formatDuration(215_000)).toBe('3:35');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(null)).toBe('0:00');
    expect(formatDuration(-5)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });

  it("counts minutes past the hour, and shows nothing for no length, as the back office's lists do", () => {
    const backOffice = (ms: number | null | undefined) => formatDuration(ms, { hours: false, empty: '' });
    expect(backOffice(215_000)).toBe('3:35');
    expect(backOffice(3_723_000)).toBe('62:03');
    expect(backOffice(59_600)).toBe('1:00');
    expect(backOffice(null)).toBe('');
    expect(backOffice(0)).toBe('');
    expect(backOffice(-5)).toBe('');
  });

  it('sums album lengths in words', () => {
    expect(formatLength(42 * 60_000)).toBe('42 min');
    expect(formatLength(65 * 60_000)).toBe('1 hr 5 min');
  });
});
