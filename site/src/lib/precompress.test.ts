import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressAssets } from './precompress.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressAssets', () => {
  it('writes Brotli and gzip copies of scripts and styles, in subfolders too, that decode to the original', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'nested'));
    const script = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `word ${i}`))};`;
    const style = `.a { color: red; }\n`.repeat(200);
    writeFileSync(path.join(dir, 'app.js'), script);
    writeFileSync(path.join(dir, 'nested/page.css'), style);

    const written = precompressAssets(dir).map((file) => path.relative(dir, file)).sort();
    expect(written).toEqual(['app.js.br', 'app.js.gz', 'nested/page.css.br', 'nested/page.css.gz']);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'app.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(dir, 'nested/page.css.gz'))).toString()).toBe(style);
    expect(readFileSync(path.join(dir, 'app.js.br')).byteLength).toBeLessThan(script.length / 4);
  });

  it('leaves images alone, and files that compression would not make smaller', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    writeFileSync(path.join(dir, 'cover.png'), Buffer.alloc(4096));
    writeFileSync(path.join(dir, 'tiny.js'), 'x');
    expect(precompressAssets(dir)).toEqual([]);
    expect(existsSync(path.join(dir, 'tiny.js.gz'))).toBe(false);
  });
});
