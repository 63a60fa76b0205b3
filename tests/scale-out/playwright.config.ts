import { defineConfig, devices } from '@playwright/test';
import base from '../playwright.config.ts';

/**
 * The scale-out run (`pnpm test:postgres` runs it after the vitest suites): two server processes
 * on PostgreSQL and S3, started by ./setup.ts rather than by the main run's servers, in the browser
 * settings of the main e2e run. Kept out of that run, whose servers are each one process on SQLite.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: ['*.spec.ts'],
  outputDir: '../../test-results/playwright-scale-out',
  globalSetup: './setup.ts',
  workers: 1,
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // One long journey across both processes; the setup's own start is not counted in it.
  timeout: 180_000,
  use: { ...base.use, baseURL: undefined },
});
