import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT, E2E_WORKERS, S3_SERVER } from './support/constants.ts';

/** The system Chromium when there is one (CI installs Debian's), else Playwright's own browser. */
const chromiumPath = process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const runningAsRoot = process.getuid?.() === 0;

export default defineConfig({
  // Browser tests, and the security suite's attacks that need the built site (pages, headers).
  testDir: '.',
  testMatch: ['e2e/**/*.spec.ts', 'security/**/*.spec.ts'],
  outputDir: '../test-results/playwright',
  // Workers run spec files side by side, each against a server of its own (support/e2e-servers.ts
  // starts them, support/constants.ts says where), so that no test sees another's settings or
  // data; a spec file's tests stay together, in order, in one worker.
  fullyParallel: false,
  workers: E2E_WORKERS,
  globalSetup: './support/e2e-servers.ts',
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        ...(runningAsRoot ? ['--no-sandbox'] : []),
        '--autoplay-policy=no-user-gesture-required',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Uploading (the browser sending to the bucket, in one PUT or, from 100 MB, in parts) and
    // streaming back, in the back office and in backstage, with the files in a local S3-compatible
    // server. One spec at a time: they share that server, and look into its bucket. Listed first so
    // that its long multipart spec starts first, beside the others, rather than last and alone.
    {
      name: 's3',
      testMatch: ['e2e/uploads-multipart.spec.ts', 'e2e/uploads.spec.ts', 'e2e/backstage-flow.spec.ts'],
      workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${S3_SERVER.port}` },
    },
    // Every spec on local storage; multipart uploads only happen with a bucket.
    { name: 'chromium', testIgnore: ['e2e/uploads-multipart.spec.ts'], use: { ...devices['Desktop Chrome'] } },
  ],
});
