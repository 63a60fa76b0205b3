import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The floor the ratios are measured against: a bare Hono app on @hono/node-server, the same
 * framework and adapter as the real server, with nothing but a 20 KB HTML page and a tiny JSON
 * answer. Started by `pnpm bench` as a process of its own: `node scripts/bench/bare-hono.ts PORT`.
 * The packages are resolved from api/, where they are dependencies.
 */
const apiRequire = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../api/package.json'));
const load = (name: string) => import(pathToFileURL(apiRequire.resolve(name)).href);
const { Hono } = await load('hono');
const { serve } = await load('@hono/node-server');

const BARE_PAGE_BYTES = 20 * 1024;
const paragraph = '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.</p>\n';
const head = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bare page</title></head><body>\n';
const tail = '</body></html>\n';
const page = head + paragraph.repeat(Math.ceil((BARE_PAGE_BYTES - head.length - tail.length) / paragraph.length)) + tail;

const app = new Hono();
app.get('/page', (c: { html: (body: string) => Response }) => c.html(page));
app.get('/json', (c: { json: (body: unknown) => Response }) => c.json({ status: 'ok' }));

const port = Number(process.argv[2] ?? 3940);
serve({ fetch: app.fetch, port }, () => console.log(`Bare Hono ready on ${port}`));
