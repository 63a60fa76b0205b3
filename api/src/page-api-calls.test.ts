import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type SiteHandler } from './app.ts';
import { createTestApp, type TestApp } from './testing.ts';

let t: TestApp;
let server: Server;
let url: string;
beforeAll(async () => {
  t = await createTestApp({}, { demoCatalog: true });
  // A page as the site renders one: it reads the API in process (locals.apiFetch), then writes itself.
  const siteHandler: SiteHandler = async (_request, response, _next, locals) => {
    const answer = await locals.apiFetch('/api/v1/albums/1?with=artists,tracks,tracks.artists');
    const { album } = (await answer.json()) as { album: { name: string; tracks: unknown[] } };
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(`<h1>${album.name}</h1><p>${album.tracks.length} tracks</p>`);
  };
  const app = createApp({ db: t.db, storage: t.storage, config: t.config }, { siteHandler });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  if (!server.listening) await new Promise<void>((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

describe('pages that read the API in process', () => {
  // Album JSON goes straight to the socket of the request that asked (sendJson); for a page's own
  // call that is the page, not its visitor.
  it('get the API answer back, and the visitor gets the page', async () => {
    const { album } = await (await t.client().get('/api/v1/albums/1?with=tracks')).json();
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${url}/album/1?visit=${i}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('text/html');
      expect(await response.text()).toBe(`<h1>${album.name}</h1><p>${album.tracks.length} tracks</p>`);
    }
  });
});
