import { request as httpRequest, STATUS_CODES } from 'node:http';
import { expect, test } from '@playwright/test';
import { logInAsAdmin } from '../support/accounts.ts';
import { E2E_PORT } from '../support/constants.ts';
import { albumPath, cachedSoon } from '../support/page-cache.ts';

/**
 * Issue 24, point 10: a page that was not found said so with `404 OK` on its status line. Every
 * answer carries the standard reason phrase of its status, read here on the raw HTTP response as
 * clients and proxies read it.
 */

interface StatusLine {
  status: number | undefined;
  message: string | undefined;
  cache: string | undefined;
}

function statusLine(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<StatusLine> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: 'localhost', port: E2E_PORT, path, method, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, message: response.statusMessage, cache: response.headers['x-cache'] as string | undefined }));
    });
    request.on('error', reject);
    request.end();
  });
}

const NOT_FOUND = {
  'an unknown API address': '/api/v1/nothing-here',
  'an unknown back-office API address': '/api/admin/nothing-here',
  'an unknown page': '/nothing-here',
  'an unknown custom page': '/pages/nothing-here',
  'the page of a missing track': '/track/999999/x',
  'the page of a missing album': '/album/999999/x/y',
  'the embed of a missing track': '/track/999999/x/embed',
  'a missing site asset': '/_astro/does-not-exist.js',
  'a missing back-office asset': '/admin/assets/does-not-exist.js',
  'a missing public file': '/does-not-exist.svg',
  'a missing uploaded file': '/uploads/does-not-exist.png',
};

test('every kind of not-found answers "404 Not Found", to visitors and to logged-in users', async ({ request }) => {
  for (const [kind, path] of Object.entries(NOT_FOUND)) {
    expect(await statusLine(path), kind).toMatchObject({ status: 404, message: 'Not Found' });
    expect(await statusLine(path, {}, 'HEAD'), `${kind} (HEAD)`).toMatchObject({ status: 404, message: 'Not Found' });
  }
  await logInAsAdmin(request);
  const cookie = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  for (const [kind, path] of Object.entries(NOT_FOUND)) {
    expect(await statusLine(path, { Cookie: cookie }), `${kind}, logged in`).toMatchObject({ status: 404, message: 'Not Found' });
  }
});

test("pages from the page cache and the site's other answers carry their status's reason phrase", async ({ playwright, request }) => {
  // A page the page cache keeps for visitors: its first answer is rendered, the next ones are hits.
  const album = await albumPath(request, 2);
  await cachedSoon(playwright, album);
  expect(await statusLine(album)).toEqual({ status: 200, message: 'OK', cache: 'HIT' });
  // Not-found pages are never kept, so a second visit renders again and answers the same.
  for (let visit = 0; visit < 2; visit++) expect(await statusLine('/track/999999/x')).toMatchObject({ status: 404, message: 'Not Found' });

  for (const [path, status] of [
    ['/track/1/x', 301],
    ['/library', 302],
  ] as const) {
    expect(await statusLine(path), path).toMatchObject({ status, message: STATUS_CODES[status] });
  }
});
