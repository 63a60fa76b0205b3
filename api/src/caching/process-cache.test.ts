import { describe, expect, it, vi } from 'vitest';
import { createProcessCache } from './process-cache.ts';

/** A cache of texts, and how many times each key was read. */
function texts(maxBytes: number, lagMs?: number) {
  const reads = new Map<string, number>();
  const cached = createProcessCache<string | undefined>({ maxBytes, sizeOf: (text) => text?.length ?? 0, lagMs });
  /** `value` null: the row is missing. */
  const get = (key: string, exact: string | undefined, value: string | null = `${key} at ${exact}`, lagging?: string) =>
    cached(key, { exact, lagging }, async () => {
      reads.set(key, (reads.get(key) ?? 0) + 1);
      return value ?? undefined;
    });
  return { get, reads: (key: string) => reads.get(key) ?? 0 };
}

describe('a process cache: copies kept by the versions they were read at', () => {
  it('are read again once a version moved, and never kept without versions', async () => {
    const cache = texts(100_000);
    expect(await cache.get('a', '1,')).toBe('a at 1,');
    expect(await cache.get('a', '1,')).toBe('a at 1,');
    expect(cache.reads('a')).toBe(1);
    expect(await cache.get('a', '2,')).toBe('a at 2,');
    expect(cache.reads('a')).toBe(2);
    await cache.get('b', undefined);
    await cache.get('b', undefined);
    expect(cache.reads('b')).toBe(2);
  });

  it('keep no missing value, nor one too large for the room', async () => {
    const cache = texts(8000);
    await cache.get('missing', '1,', null);
    await cache.get('missing', '1,', null);
    expect(cache.reads('missing')).toBe(2);
    await cache.get('large', '1,', 'x'.repeat(2000));
    await cache.get('large', '1,', 'x'.repeat(2000));
    expect(cache.reads('large')).toBe(2);
  });

  it('drop the least recently used beyond their room', async () => {
    // Room for eight copies of some 1000 bytes each.
    const cache = texts(8 * 1100);
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    for (const key of keys) await cache.get(key, '1,', key.repeat(800));
    await cache.get('a', '1,', 'a'.repeat(800));
    await cache.get('i', '1,', 'i'.repeat(800));
    // b, used least recently, made room for i; b last, as reading it again makes room in turn.
    for (const key of ['a', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'b']) await cache.get(key, '1,', key.repeat(800));
    expect(Object.fromEntries([...keys, 'i'].map((key) => [key, cache.reads(key)]))).toEqual({ a: 1, b: 2, c: 1, d: 1, e: 1, f: 1, g: 1, h: 1, i: 1 });
  });

  it('may lag behind the lagging versions for lagMs after they were read, never behind the exact ones', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = texts(100_000, 60_000);
      await cache.get('a', '1,', 'first', '7,');
      expect(await cache.get('a', '1,', 'second', '8,')).toBe('first');
      expect(await cache.get('a', '2,', 'third', '8,')).toBe('third');
      vi.setSystemTime(Date.now() + 59_000);
      expect(await cache.get('a', '2,', 'fourth', '9,')).toBe('third');
      vi.setSystemTime(Date.now() + 1000);
      expect(await cache.get('a', '2,', 'fifth', '9,')).toBe('fifth');
    } finally {
      vi.useRealTimers();
    }
  });
});
