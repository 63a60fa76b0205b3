/**
 * The entry of the single executable (Node's single executable application). Node runs an
 * injected script as CommonJS with only its built-in modules, so this stub unpacks the
 * executable's assets (the bundled server, the built site and back office, the native addons) once
 * into a cache folder named after their hash, then imports the server bundle from there as an
 * ordinary ES module. See scripts/build-binary.ts.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { getAsset } from 'node:sea';
import { pathToFileURL } from 'node:url';

interface Contents {
  id: string;
  files: string[];
}

function cacheRoot(): string {
  if (process.env.CADENCE_CACHE) return path.resolve(process.env.CADENCE_CACHE);
  const base = process.env.XDG_CACHE_HOME || (homedir() ? path.join(homedir(), '.cache') : '');
  return base ? path.join(base, 'cadence') : path.join(tmpdir(), `cadence-${process.getuid?.() ?? 'user'}`);
}

function unpack(): string {
  const contents = JSON.parse(getAsset('contents.json', 'utf8')) as Contents;
  const root = path.join(cacheRoot(), contents.id);
  if (existsSync(path.join(root, '.complete'))) return root;
  mkdirSync(path.dirname(root), { recursive: true });
  // Unpacked beside the final folder, then renamed: a second start racing this one, or a crash
  // halfway, never sees a partial folder.
  const partial = `${root}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  for (const file of contents.files) {
    const target = path.join(partial, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, new Uint8Array(getAsset(file)));
  }
  writeFileSync(path.join(partial, '.complete'), '');
  try {
    renameSync(partial, root);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(path.join(root, '.complete'))) throw error;
  }
  return root;
}

import(pathToFileURL(path.join(unpack(), 'cadence.mjs')).href).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
