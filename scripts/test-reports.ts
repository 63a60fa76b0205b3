import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The counts of a Playwright run from its JSON report (`--reporter=json`), or undefined when it
 * wrote none (Playwright itself could not run). Errors outside the tests (a global setup or web
 * server that could not start, a spec that failed to load) ran no test at all: each is a failure.
 */
export function playwrightCounts(report: string): { passed: number; failed: number } | undefined {
  if (!existsSync(report)) return undefined;
  const { stats, errors = [] } = JSON.parse(readFileSync(report, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected + errors.length };
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; line: number; tests: { status: string; results?: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/**
 * "spec file:line › title" of every test that failed in a Playwright JSON report, and each error
 * outside the tests; `unnamed` when a failed run names none (it stopped before reporting them).
 */
export function playwrightFailures(report: string, unnamed: string): string[] {
  if (!existsSync(report)) return [`${path.basename(report)}: Playwright wrote no report`];
  const { suites = [], errors = [] } = JSON.parse(readFileSync(report, 'utf8')) as { suites?: PlaywrightSuite[]; errors?: { message?: string }[] };
  const failures: string[] = [];
  const visit = (suite: PlaywrightSuite, file: string | undefined) => {
    const where = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      const failed = spec.tests.find((test) => test.status === 'unexpected');
      if (failed) failures.push(`${where}:${spec.line} › ${spec.title}${because(failed.results?.findLast((result) => result.error)?.error?.message)}`);
    }
    for (const child of suite.suites ?? []) visit(child, where);
  };
  for (const suite of suites) visit(suite, undefined);
  for (const error of errors) failures.push(`outside the tests${because(error.message)}`);
  return failures.length ? failures : [unnamed];
}

/** What `--reporter=json` of vitest writes, as far as these scripts read it. */
export interface VitestReport {
  success: boolean;
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { status: string; fullName: string; failureMessages?: string[] }[] }[];
}

/** Reads a vitest JSON report, or undefined when vitest wrote none. */
export function readVitestReport(report: string): VitestReport | undefined {
  return existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as VitestReport) : undefined;
}

/** The failed tests of a vitest report, and a failure for each file that could not load (it has no test results of its own). */
export function vitestFailedCount(report: VitestReport): number {
  return report.numFailedTests + report.testResults.filter((file) => file.status === 'failed' && !file.assertionResults.length).length;
}

/** "file › full name: why" of every test that failed in a vitest JSON report, and each file that could not run. */
export function vitestFailures(report: VitestReport, root: string): string[] {
  return report.testResults.flatMap((file) => {
    const name = path.relative(root, file.name);
    if (file.status === 'failed' && !file.assertionResults.length) return [`${name}: could not run${because(file.message)}`];
    return file.assertionResults.filter((test) => test.status === 'failed').map((test) => `${name} › ${test.fullName}${because(test.failureMessages?.[0])}`);
  });
}

/**
 * ": " and the first line of a failure's message, without colours and cut short: the log on record
 * of a CI run is only its end, so the FAILED lines say why as well as what.
 */
function because(message: string | undefined): string {
  const line = (message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((text) => text.trim())?.trim();
  if (!line) return '';
  return `: ${line.length > 200 ? `${line.slice(0, 199)}…` : line}`;
}

/**
 * Prints the failures, one "FAILED …" line each, just above a run's closing line: where a long log
 * is cut to its end (CI shows its tail), what failed is still in it. .ci/run repeats these lines.
 */
export function printFailures(failures: string[]): void {
  if (!failures.length) return;
  console.log('');
  for (const failure of failures) console.log(`FAILED ${failure}`);
}

/** "41s", "1m 52s", "1h 3m 5s". */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return h ? `${h}h ${m}m ${s}s` : m ? `${m}m ${s}s` : `${s}s`;
}

/**
 * How long each part of a test run took, so a slow part shows: `time` runs a part and notes its
 * duration; `print` lists them and the total, to go just before the closing "N passed, N failed".
 */
export function stopwatch() {
  const started = performance.now();
  const parts: [string, number][] = [];
  return {
    time<T>(name: string, part: () => T): T {
      const start = performance.now();
      try {
        return part();
      } finally {
        parts.push([name, performance.now() - start]);
      }
    },
    print(): void {
      console.log('');
      for (const [name, ms] of parts) console.log(`${name}: ${formatDuration(ms)}`);
      console.log(`Total: ${formatDuration(performance.now() - started)}`);
    },
  };
}
