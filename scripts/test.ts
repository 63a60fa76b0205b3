import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.ts';

/**
 * `pnpm test`: unit and in-process API tests (vitest), then browser tests against the built server
 * (Playwright in Chromium). Ends with one line, "N passed, N failed", summing both suites.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const only = process.argv[2] as 'unit' | 'e2e' | undefined;
let passed = 0;
let failed = 0;
let crashed = false;

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0 && result.status !== 1) crashed = true;
}

if (only !== 'e2e') {
  // Type errors are failures too: one check over every package.
  const typecheck = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '--version'], { cwd: root });
  if (typecheck.status === 0) {
    let ok = true;
    for (const project of ['db', 'api', 'site', 'admin', 'tests']) {
      const result = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: root, stdio: 'inherit' });
      ok &&= result.status === 0;
    }
    console.log(ok ? 'typecheck: passed' : 'typecheck: failed');
    if (ok) passed += 1;
    else failed += 1;
  }

  // The lint rules keep the layers apart (routes → services → repositories); a linter that cannot run is a failure.
  const lint = spawnSync(process.execPath, [path.join(root, 'node_modules/@biomejs/biome/bin/biome'), 'lint', '.'], { cwd: root, stdio: 'inherit' });
  console.log(lint.status === 0 ? 'lint: passed' : 'lint: failed');
  if (lint.status === 0) passed += 1;
  else failed += 1;

  const report = path.join(results, 'vitest.json');
  run([path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    // A file that fails to load has no test results of its own; count it once.
    const brokenFiles = (json.testResults as { status: string; assertionResults: unknown[] }[]).filter((file) => file.status === 'failed' && !file.assertionResults.length);
    failed += json.numFailedTests + brokenFiles.length;
  } else crashed = true;
}

if (only !== 'unit') {
  buildIfNeeded();
  const report = path.join(results, 'playwright.json');
  run([path.join(root, 'tests/node_modules/@playwright/test/cli.js'), 'test', '-c', 'tests/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  if (existsSync(report)) {
    const { stats } = JSON.parse(readFileSync(report, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
  } else crashed = true;
}

if (crashed) failed = Math.max(failed, 1);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
