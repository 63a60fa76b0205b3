import { describe, expect, it } from 'vitest';
import { activeLine } from './lyrics.ts';

describe('the highlighted lyric line', () => {
  const lines = [{ time_ms: 1000 }, { time_ms: 2500 }, { time_ms: 2500 }, { time_ms: 9000 }];

  it('is none before the first line starts', () => {
    expect(activeLine(lines, 0)).toBe(-1);
    expect(activeLine([], 5000)).toBe(-1);
  });

  it('is the last line that has started, staying on it until the next one', () => {
    expect(activeLine(lines, 1000)).toBe(0);
    expect(activeLine(lines, 2499)).toBe(0);
    expect(activeLine(lines, 2500)).toBe(2);
    expect(activeLine(lines, 8999)).toBe(2);
    expect(activeLine(lines, 60_000)).toBe(3);
  });
});
