import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds the site and the back office when their output is missing or older than their sources,
 * so `pnpm start` works on a fresh clone and stays fast once built.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Target {
  name: string;
  dir: string;
  output: string;
  sources: string[];
  bin: string;
}

// Both bundle @app/shared (the redirect rule, the route guard, the preview protocol) as their own source.
const TARGETS: Target[] = [
  { name: 'site', dir: 'site', output: 'dist/server/entry.mjs', sources: ['src', 'public', 'astro.config.mjs', 'package.json', '../shared/src'], bin: 'node_modules/astro/bin/astro.mjs' },
  { name: 'back office', dir: 'admin', output: 'dist/index.html', sources: ['src', 'index.html', 'vite.config.ts', 'package.json', '../shared/src'], bin: 'node_modules/vite/bin/vite.js' },
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), info.mtimeMs);
}

export function buildIfNeeded(): void {
  for (const target of TARGETS) {
    const dir = path.join(root, target.dir);
    const output = path.join(dir, target.output);
    const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
    const changedAt = Math.max(...target.sources.map((source) => newestMtime(path.join(dir, source))));
    if (builtAt && builtAt >= changedAt) continue;
    console.log(builtAt ? `The ${target.name} changed since its last build; building it…` : `Building the ${target.name} (first start only)…`);
    const result = spawnSync(process.execPath, [path.join(dir, target.bin), 'build'], {
      cwd: dir,
      stdio: ['ignore', 'inherit', 'inherit'],
      // Always a production build, even when asked from inside a test run (vitest sets NODE_ENV=test,
      // and a React build for tests renders with jsxDEV, which the production server lacks).
      env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
    });
    if (result.status !== 0) {
      console.error(`Building the ${target.name} failed.`);
      process.exit(result.status ?? 1);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
