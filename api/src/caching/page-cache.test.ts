import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './page-cache.ts';

describe('the encoding of a cached page', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'gzip'],
    ['GZip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'gzip'],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', 'gzip'],
    ['gzip;q=0.5', 'gzip'],
    [undefined, 'identity'],
    ['', 'identity'],
    ['br', 'identity'],
    ['identity', 'identity'],
    ['gzip;q=0', 'identity'],
    ['gzip; q=0.000', 'identity'],
    ['gzip;q=0, *', 'identity'],
    ['*;q=0, identity', 'identity'],
    ['gzip;q=0.5, identity', 'identity'],
    ['gzip;q=oops', 'identity'],
    // Nothing we have is acceptable: the page goes out plain, as an uncached page would.
    ['identity;q=0', 'identity'],
  ] as const)('Accept-Encoding %j gets %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
