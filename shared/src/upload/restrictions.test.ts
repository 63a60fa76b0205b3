import { describe, expect, it } from 'vitest';
import { isIgnoredFile, multipartParts, partRetryDelay, partsLeft, typeAllowed, uploadsToStart, type QueuedUpload } from './restrictions.ts';

describe('upload rules in the browser', () => {
  it('matches wildcards and extensions, blocking first', () => {
    const rules = { allowed: ['audio/*', '.flac'], blocked: ['.wma', 'audio/x-ms-*'] };
    expect(typeAllowed(rules, { name: 'song.mp3', type: 'audio/mpeg' })).toBe(true);
    expect(typeAllowed(rules, { name: 'song.flac', type: '' })).toBe(true);
    expect(typeAllowed(rules, { name: 'song.wma', type: 'audio/x-ms-wma' })).toBe(false);
    expect(typeAllowed(rules, { name: 'cover.png', type: 'image/png' })).toBe(false);
    expect(typeAllowed({ allowed: [], blocked: [] }, { name: 'anything.bin' })).toBe(true);
  });

  it('ignores .DS_Store', () => {
    expect(isIgnoredFile('.DS_Store')).toBe(true);
    expect(isIgnoredFile('song.mp3')).toBe(false);
  });
});

describe('the upload queue', () => {
  const queue = (...items: [string, QueuedUpload['status'], boolean?][]) => items.map(([id, status, chunked]) => ({ id, status, chunked: Boolean(chunked) }));

  it('runs three at a time and starts the next one when one finishes', () => {
    expect(uploadsToStart(queue(['a', 'pending'], ['b', 'pending'], ['c', 'pending'], ['d', 'pending']), 3)).toEqual(['a', 'b', 'c']);
    expect(uploadsToStart(queue(['a', 'inProgress'], ['b', 'inProgress'], ['c', 'inProgress'], ['d', 'pending']), 3)).toEqual([]);
    expect(uploadsToStart(queue(['a', 'completed'], ['b', 'failed'], ['c', 'inProgress'], ['d', 'pending'], ['e', 'pending'], ['f', 'pending']), 3)).toEqual(['d', 'e']);
  });

  it('lets a chunked upload run alone', () => {
    expect(uploadsToStart(queue(['big', 'pending', true], ['a', 'pending'], ['b', 'pending']), 3)).toEqual(['big']);
    expect(uploadsToStart(queue(['big', 'inProgress', true], ['a', 'pending']), 3)).toEqual([]);
    // Started behind small ones, it waits for nothing but stops others from starting.
    expect(uploadsToStart(queue(['a', 'inProgress'], ['big', 'pending', true], ['b', 'pending']), 3)).toEqual(['big']);
  });
});

describe('multipart uploads to the bucket', () => {
  const MB = 1024 * 1024;

  it('cuts a file in parts of 20 MB, the last one shorter, numbered from 1', () => {
    const parts = multipartParts(105 * MB);
    expect(parts.map((part) => part.partNumber)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(parts.map((part) => part.end - part.start)).toEqual([20 * MB, 20 * MB, 20 * MB, 20 * MB, 20 * MB, 5 * MB]);
    expect(parts.at(-1)!.end).toBe(105 * MB);
    expect(multipartParts(100 * MB)).toHaveLength(5);
  });

  it('makes parts larger than 20 MB when 10,000 of them would not hold the file', () => {
    const size = 300 * 1024 * MB;
    const parts = multipartParts(size);
    expect(parts.length).toBeLessThanOrEqual(10_000);
    expect(parts[0].end - parts[0].start).toBeGreaterThan(20 * MB);
    expect(parts.at(-1)!.end).toBe(size);
  });

  it('resumes with the parts the bucket does not hold whole', () => {
    const parts = multipartParts(65 * MB);
    const { done, left } = partsLeft(parts, [
      { PartNumber: 1, ETag: '"a"', Size: 20 * MB },
      // Broken off while it was being sent.
      { PartNumber: 3, ETag: '"c"', Size: 7 * MB },
    ]);
    expect([...done]).toEqual([[1, '"a"']]);
    expect(left.map((part) => part.partNumber)).toEqual([2, 3, 4]);
  });

  it('waits longer before each retry of a part', () => {
    expect([0, 1, 2].map(partRetryDelay)).toEqual([1000, 2000, 4000]);
  });
});
