import { existsSync, readFileSync } from 'node:fs';

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
