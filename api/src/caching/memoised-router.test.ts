import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MEMOISED_MATCHES, MemoisedRouter } from './memoised-router.ts';

/** Routes Hono's regular-expression router cannot hold, as the app's: its trie router answers. */
function app() {
  const hono = new Hono({ router: new MemoisedRouter() });
  hono.use('*', async (c, next) => {
    await next();
    c.header('X-Seen', 'yes');
  });
  hono.get('/users/me', (c) => c.text('me'));
  hono.get('/users/:id{[0-9]+}', (c) => c.text(`user ${c.req.param('id')}`));
  hono.get('/users/:name', (c) => c.text(`name ${c.req.param('name')}`));
  return { hono, router: hono.router };
}

describe('the memoised router', () => {
  it('answers as Hono does, each time', async () => {
    const { hono, router } = app();
    for (let round = 0; round < 2; round++) {
      for (const [path, body] of [['/users/me', 'me'], ['/users/7', 'user 7'], ['/users/8', 'user 8'], ['/users/ann', 'name ann']]) {
        const response = await hono.request(path);
        expect(await response.text()).toBe(body);
        expect(response.headers.get('X-Seen')).toBe('yes');
      }
      expect((await hono.request('/users/7', { method: 'POST' })).status).toBe(404);
    }
    expect(router.name).toMatch(/TrieRouter/);
  });

  it('matches long and many paths without keeping them all', async () => {
    const { hono } = app();
    const long = 'x'.repeat(MEMOISED_MATCHES.pathLength);
    expect(await (await hono.request(`/users/${long}`)).text()).toBe(`name ${long}`);
    for (let id = 0; id < MEMOISED_MATCHES.entries + 10; id++) expect(await (await hono.request(`/users/${id}`)).text()).toBe(`user ${id}`);
  });
});
