import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { createTestApp, type TestApp } from './testing.ts';

let t: TestApp;
let clientDir: string;
let app: ReturnType<typeof createApp>;
const script = `export const lines = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `line ${i}`))};\n`;

beforeAll(async () => {
  t = await createTestApp();
  // A build's output as the site writes it: the script and its compressed copies.
  clientDir = mkdtempSync(path.join(tmpdir(), 'site-client-'));
  mkdirSync(path.join(clientDir, '_astro'));
  writeFileSync(path.join(clientDir, '_astro/page.abc123.js'), script);
  writeFileSync(path.join(clientDir, '_astro/page.abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(clientDir, '_astro/page.abc123.js.gz'), gzipSync(script));
  writeFileSync(path.join(clientDir, '_astro/plain.abc123.js'), script);
  app = createApp({ db: t.db, storage: t.storage, config: t.config }, { siteClientDir: clientDir });
});
afterAll(async () => {
  rmSync(clientDir, { recursive: true, force: true });
  await t.close();
});

const get = (file: string, acceptEncoding?: string) => app.request(`/_astro/${file}`, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });

describe("the site's built scripts", () => {
  it('go out as Brotli to browsers that accept it, else gzip, else as written', async () => {
    const brotli = await get('page.abc123.js', 'gzip, deflate, br, zstd');
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toMatch(/^text\/javascript/);
    const brotliBytes = Buffer.from(await brotli.arrayBuffer());
    expect(brotliBytes.byteLength).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(brotliBytes).toString()).toBe(script);

    const gzip = await get('page.abc123.js', 'gzip, deflate');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);

    const plain = await get('page.abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('say that the answer depends on the encoding, and keep their cache and security headers', async () => {
    for (const response of [await get('page.abc123.js', 'br'), await get('page.abc123.js'), await get('plain.abc123.js', 'br')]) {
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
  });

  it('are sent as written when the build left no compressed copy', async () => {
    const response = await get('plain.abc123.js', 'gzip, br');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(script);
  });
});
