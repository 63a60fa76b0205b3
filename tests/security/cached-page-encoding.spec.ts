import { expect, test } from '@playwright/test';
import { albumPath, cachedSoon, visit } from '../support/page-cache.ts';

/**
 * The cached visitor page was un-gzipped for every client that did not take gzip (177 requests a
 * second against 1029). The cache keeps both forms; each client gets the one it asked for, as it
 * was stored, and the same page either way.
 */
test('a cached page comes in the encoding the client asked for, both forms ready', async ({ playwright, request }) => {
  const path = await albumPath(request, 6);
  const first = await visit(playwright, path, { 'Accept-Encoding': 'identity' });
  await cachedSoon(playwright, path);
  // Accept-Encoding as RFC 9110 reads it: codings are case-insensitive, q=0 refuses one, `*` stands
  // for any coding not named, and a client that names only codings we do not have gets plain HTML.
  const cases: [string, string | undefined][] = [
    ['gzip, deflate, br', 'gzip'],
    ['GZIP', 'gzip'],
    ['*', 'gzip'],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', 'gzip'],
    ['br', undefined],
    ['identity', undefined],
    ['gzip;q=0', undefined],
    ['gzip;q=0, deflate, br', undefined],
    ['*;q=0, identity', undefined],
    ['gzip;q=0.5, identity;q=1', undefined],
  ];
  for (const [acceptEncoding, expected] of cases) {
    const hit = await visit(playwright, path, { 'Accept-Encoding': acceptEncoding });
    expect.soft(hit.headers['x-cache'], acceptEncoding).toBe('HIT');
    expect.soft(hit.headers['content-encoding'], acceptEncoding).toBe(expected);
    expect.soft(hit.headers.vary ?? '', acceptEncoding).toMatch(/accept-encoding/i);
    expect.soft(hit.html, acceptEncoding).toBe(first.html);
  }
});
