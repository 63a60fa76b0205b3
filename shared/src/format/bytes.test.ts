import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes.ts';

describe('file sizes for people', () => {
  it('prints bytes below a kilobyte as bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1)).toBe('1 B');
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('prints kilobytes and megabytes with one decimal below ten, whole numbers from ten on', () => {
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(9.94 * 1024)).toBe('9.9 KB');
    expect(formatBytes(12_345)).toBe('12 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(3.25 * 1024 * 1024)).toBe('3.3 MB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
  });

  it('prints gigabytes with two decimals, and stops at terabytes', () => {
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
    expect(formatBytes(2.25 * 1024 ** 3)).toBe('2.25 GB');
    expect(formatBytes(3 * 1024 ** 5)).toBe('3072 TB');
  });

  it('prints nothing for a size nobody knows', () => {
    expect(formatBytes(null)).toBe('');
    expect(formatBytes(undefined)).toBe('');
    expect(formatBytes(Number.NaN)).toBe('');
    expect(formatBytes(-5)).toBe('0 B');
  });
});

describe('sizes as the uploader prints them', () => {
  it('matches prettier-bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.50 GB');
  });
});
