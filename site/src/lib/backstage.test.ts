import { describe, expect, it } from 'vitest';
import { defaultRange, fillDays, moveItem } from './backstage.ts';

describe('backstage helpers', () => {
  it('fills the days of a range that had no plays with zero', () => {
    expect(fillDays('2026-03-01', '2026-03-03', [{ day: '2026-03-02', count: 4 }])).toEqual([
      { day: '2026-03-01', count: 0 },
      { day: '2026-03-02', count: 4 },
      { day: '2026-03-03', count: 0 },
    ]);
  });

  it('opens insights on the last 30 days', () => {
    expect(defaultRange(new Date('2026-03-31T12:00:00Z'))).toEqual({ from: '2026-03-02', to: '2026-03-31' });
  });

  it('moves a track up or down one place, never past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
