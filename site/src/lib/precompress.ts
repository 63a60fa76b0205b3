import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|html|xml)$/;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each text asset of `dir`, at the highest
 * levels since this runs once per build, and only where the copy is smaller. The server answers
 * with a copy when the browser accepts its encoding (`serveStatic({ precompressed: true })`), so
 * compression costs no CPU per request. Returns the files written.
 */
export function precompressAssets(dir: string): string[] {
  const written: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const original = readFileSync(file);
    const copies: [string, Buffer][] = [
      [`${file}.br`, brotliCompressSync(original, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: original.byteLength } })],
      [`${file}.gz`, gzipSync(original, { level: 9 })],
    ];
    for (const [name, compressed] of copies) {
      if (compressed.byteLength >= original.byteLength) continue;
      writeFileSync(name, compressed);
      written.push(name);
    }
  }
  return written;
}
