import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.ts';
import { playwrightCounts, playwrightFailures, printFailures, readVitestReport, stopwatch, vitestFailedCount, vitestFailures } from './test-reports.ts';

/**
 * `pnpm test`: the static checks (typecheck, lint, layers, knip, astro check; one test each), unit and
 * in-process API tests (vitest; those of stored files once more on S3), the single executable built and run without Node (tests/binary),
 * then browser tests against the built server (Playwright in Chromium). Ends with one line,
 * "N passed, N failed", summing them all, after how long each part took and the total. `node scripts/test.ts unit|binary|e2e` runs one part.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

/** Test files that store, move or serve file bytes: run on both storage drivers. */
const S3_SUITE = [
  'api/src/uploads/file-entries.routes.test.ts',
  'api/src/uploads/tus.routes.test.ts',
  'api/src/catalog/catalog.routes.test.ts',
  'api/src/library/playlists.routes.test.ts',
  'api/src/accounts/account.routes.test.ts',
  'api/src/uploads/track-import.service.test.ts',
  'tests/contract/admin-playlist-covers.test.ts',
  'tests/contract/backstage-upload.test.ts',
];

/** Where the layer rules look. */
const LAYERED_SOURCES = ['api/src', 'db/src', 'site/src', 'admin/src', 'shared/src', 'tests'];

const only = process.argv[2] as 'unit' | 'e2e' | 'binary' | undefined;
let passed = 0;
let failed = 0;
let crashed = false;
const failures: string[] = [];
const durations = stopwatch();

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0 && result.status !== 1) crashed = true;
}

/**
 * One static check, counted as one test. It passes only when every command exits with 0, so a tool
 * that is missing or cannot start is a failure, never a skip. `summary` must also appear in the
 * output when given: `astro check` exits with 0 when it cannot load its checker.
 */
function check(name: string, commands: { script: string; args: string[]; cwd?: string; env?: Record<string, string>; summary?: RegExp }[]) {
  durations.time(name, () => checkNow(name, commands));
}

function checkNow(name: string, commands: { script: string; args: string[]; cwd?: string; env?: Record<string, string>; summary?: RegExp }[]) {
  console.log(`\n${name}:`);
  let ok = true;
  for (const { script, args, cwd = root, env = {}, summary } of commands) {
    if (!existsSync(path.join(root, script))) {
      console.error(`${script} is missing: run pnpm install.`);
      ok = false;
      break;
    }
    const result = spawnSync(process.execPath, [path.join(root, script), ...args], {
      cwd,
      stdio: ['ignore', summary ? 'pipe' : 'inherit', 'inherit'],
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, ...env },
    });
    const output = result.stdout ?? '';
    if (summary) process.stdout.write(output);
    if (result.error) console.error(result.error.message);
    ok &&= result.status === 0 && (!summary || summary.test(output.replace(/\x1b\[[0-9;]*m/g, '')));
  }
  console.log(`${name}: ${ok ? 'passed' : 'failed'}`);
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(`the check ${name}`);
  }
}

if (!only || only === 'unit') {
  check(
    'typecheck',
    ['db', 'shared', 'api', 'site', 'admin', 'tests'].map((project) => ({ script: 'node_modules/typescript/bin/tsc', args: ['-p', project] })),
  );
  check('lint', [{ script: 'node_modules/@biomejs/biome/bin/biome', args: ['lint', '--error-on-warnings'] }]);
  // The layers (.dependency-cruiser.cjs): site and admin → api types → db, routes → services → repositories, and the rest.
  check('layers', [{ script: 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs', args: [...LAYERED_SOURCES, '--output-type', 'err'] }]);
  check('knip', [{ script: 'node_modules/knip/bin/knip.js', args: ['--no-progress'] }]);
  // As in CI: astro check must never offer to install a missing package, nor send telemetry.
  const astroEnv = { CI: 'true', ASTRO_TELEMETRY_DISABLED: '1' };
  check('astro check', [{ script: 'site/node_modules/astro/bin/astro.mjs', args: ['check'], cwd: path.join(root, 'site'), env: astroEnv, summary: /^Result \(\d+ files?\)/m }]);

  durations.time('vitest', () => runVitest('vitest.json', []));
  // The tests of storage, uploads and streaming a second time with the files in a local
  // S3-compatible server (tests/support/s3-local), as STORAGE_DRIVER=s3 keeps them.
  durations.time('vitest on S3', () => runVitest('vitest-s3.json', S3_SUITE, { TEST_STORAGE: 's3' }));
}

// The single executable (tests/binary): built, then run where no Node and no node_modules are; slow, so a suite of its own.
if (!only || only === 'binary') durations.time('binary', () => runVitest('vitest-binary.json', ['--config', 'vitest.binary.config.ts']));

if (!only || only === 'e2e') {
  durations.time('site build', buildIfNeeded);
  // In two workers with a server each, and the uploads' specs once more against a server whose
  // files are in a local S3-compatible bucket (the s3 project of tests/playwright.config.ts).
  durations.time('e2e', () => playwright('playwright.json'));
}

function playwright(reportName: string) {
  const report = path.join(results, reportName);
  run([path.join(root, 'tests/node_modules/@playwright/test/cli.js'), 'test', '-c', 'tests/playwright.config.ts', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  const counts = playwrightCounts(report);
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  } else crashed = true;
  if (!counts || counts.failed) failures.push(...playwrightFailures(report, `${reportName}: Playwright did not finish`));
}

function runVitest(reportName: string, args: string[], env: Record<string, string> = {}) {
  const report = path.join(results, reportName);
  run([path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  const json = readVitestReport(report);
  if (json) {
    passed += json.numPassedTests;
    failed += vitestFailedCount(json);
    failures.push(...vitestFailures(json, root));
  } else {
    crashed = true;
    failures.push(`${reportName}: vitest wrote no report`);
  }
}

if (crashed) failed = Math.max(failed, 1);
printFailures(failures);
durations.print();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
