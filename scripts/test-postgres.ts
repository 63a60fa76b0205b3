import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `pnpm test:postgres [paths…]`: the db, api, contract and security tests (or the given files)
 * once more, on a throwaway PostgreSQL server that vitest starts (TEST_DATABASE=postgres,
 * db/src/testing/postgres.ts). Ends with the failing tests by file and one line, "N passed, N failed".
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
const report = path.join(results, 'vitest-postgres.json');
rmSync(report, { force: true });

const paths = process.argv.slice(2);
const run = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...(paths.length ? paths : ['db/src', 'api/src', 'tests/contract', 'tests/security']), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_DATABASE: 'postgres' } },
);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    success: boolean;
    numPassedTests: number;
    numFailedTests: number;
    testResults: { name: string; status: string; message?: string; assertionResults: { status: string; fullName: string }[] }[];
  };
  passed = json.numPassedTests;
  failed = json.numFailedTests;
  // Errors thrown outside any test (a connection dropped while nobody listened) fail the run too.
  if ((!json.success || run.status !== 0) && !failed) {
    console.log('\nErrors outside the tests: see "Unhandled Errors" above.');
    failed = 1;
  }
  console.log('\nOn PostgreSQL:');
  for (const file of json.testResults) {
    const failures = file.assertionResults.filter((test) => test.status === 'failed');
    // A file that fails to load has no test results of its own; count it once.
    if (file.status === 'failed' && !file.assertionResults.length) failed += 1;
    if (file.status !== 'failed') continue;
    console.log(`  ${path.relative(root, file.name)}: ${failures.length || 'could not run'}${failures.length ? ` of ${file.assertionResults.length} failed` : ''}`);
    for (const test of failures) console.log(`    × ${test.fullName}`);
  }
} else failed = Math.max(failed, 1);
if (run.status !== 0 && run.status !== 1) failed = Math.max(failed, 1);

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
