import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { playwrightCounts, playwrightFailures, printFailures, readVitestReport, stopwatch, vitestFailedCount, vitestFailures } from './test-reports.ts';

/**
 * `pnpm test:postgres [paths…]`: the db, api, contract and security tests (or the given files)
 * once more, on a throwaway PostgreSQL server that vitest starts (TEST_DATABASE=postgres,
 * db/src/testing/postgres.ts), then the browser test of two server processes sharing PostgreSQL
 * and S3 (tests/scale-out; given `.spec.ts` paths, only those run there). Ends with a "FAILED …"
 * line for each failing test, how long each part took and the total, and one line, "N passed, N failed".
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });

const paths = process.argv.slice(2);
const specs = paths.filter((file) => file.endsWith('.spec.ts'));
const files = paths.filter((file) => !file.endsWith('.spec.ts'));

let passed = 0;
let failed = 0;
const failures: string[] = [];
const durations = stopwatch();
if (!paths.length || files.length) durations.time('vitest on PostgreSQL', runVitest);
if (!paths.length || specs.length) durations.time('scale-out', runScaleOut);

printFailures(failures.map((failure) => `on PostgreSQL: ${failure}`));
durations.print();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

function runVitest() {
  const report = path.join(results, 'vitest-postgres.json');
  rmSync(report, { force: true });
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...(files.length ? files : ['db/src', 'shared/src', 'api/src', 'tests/contract', 'tests/security']), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_DATABASE: 'postgres' } },
  );

  let vitestFailed = 0;
  const json = readVitestReport(report);
  if (json) {
    passed += json.numPassedTests;
    vitestFailed = vitestFailedCount(json);
    // Errors thrown outside any test (a connection dropped while nobody listened) fail the run too.
    if ((!json.success || run.status !== 0) && !json.numFailedTests) {
      vitestFailed += 1;
      failures.push('errors outside the tests (see "Unhandled Errors" above)');
    }
    failures.push(...vitestFailures(json, root));
  } else {
    vitestFailed = 1;
    failures.push('vitest wrote no report');
  }
  if (run.status !== 0 && run.status !== 1) vitestFailed = Math.max(vitestFailed, 1);
  failed += vitestFailed;
}

/**
 * Two server processes on one PostgreSQL database and one bucket, in Chromium, on the built site
 * (tests/scale-out/setup.ts starts them). A setup that cannot start is reported as an error and
 * counted as a failure, as is a site that cannot be built or a Playwright that cannot run.
 */
function runScaleOut() {
  const report = path.join(results, 'playwright-scale-out.json');
  rmSync(report, { force: true });
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-needed.ts')], { cwd: root, stdio: 'inherit' });
  const run =
    build.status === 0
      ? spawnSync(process.execPath, [path.join(root, 'tests/node_modules/@playwright/test/cli.js'), 'test', '-c', 'tests/scale-out/playwright.config.ts', '--reporter=list,json', ...specs], {
          cwd: root,
          stdio: 'inherit',
          env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
        })
      : undefined;
  const counts = run ? playwrightCounts(report) : undefined;
  const browserFailed = Math.max(counts?.failed ?? 1, run?.status === 0 ? 0 : 1);
  passed += counts?.passed ?? 0;
  failed += browserFailed;
  if (build.status !== 0) failures.push('the site could not be built for tests/scale-out');
  else if (browserFailed) failures.push(...playwrightFailures(report, 'tests/scale-out: Playwright did not finish'));
  console.log(`\nTwo processes on PostgreSQL and S3 (tests/scale-out): ${counts?.passed ?? 0} passed, ${browserFailed} failed${build.status === 0 ? '' : ' (the site could not be built)'}`);
}
