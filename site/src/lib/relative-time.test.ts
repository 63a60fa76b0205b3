import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const now = Date.parse('2026-11-22T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000);

describe('relative time', () => {
  it('says "a few seconds ago" under a minute', () => {
    expect(relativeTime(ago(5), 'en', now)).toBe('a few seconds ago');
    expect(relativeTime(ago(59), 'en', now)).toBe('a few seconds ago');
  });

  it('walks up minutes, hours, days, weeks, months and years', () => {
    expect(relativeTime(ago(5 * 60), 'en', now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), 'en', now)).toBe('3 hours ago');
    expect(relativeTime(ago(26 * 3600), 'en', now)).toBe('yesterday');
    expect(relativeTime(ago(14 * 86400), 'en', now)).toBe('2 weeks ago');
    expect(relativeTime(ago(62 * 86400), 'en', now)).toBe('2 months ago');
    expect(relativeTime(ago(800 * 86400), 'en', now)).toBe('2 years ago');
  });
});
