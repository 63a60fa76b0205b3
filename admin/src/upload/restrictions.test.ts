import { describe, expect, it } from 'vitest';
import { isIgnoredFile, typeAllowed, uploadsToStart, type QueuedUpload } from './restrictions.ts';

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
