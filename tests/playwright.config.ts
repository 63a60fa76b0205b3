import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT } from './support/constants.ts';

/** The system Chromium when there is one (CI installs Debian's), else Playwright's own browser. */
const chromiumPath = process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const runningAsRoot = process.getuid?.() === 0;

export default defineConfig({
  // Browser tests, and the security suite's attacks that need the built site (pages, headers).
  testDir: '.',
  testMatch: ['e2e/**/*.spec.ts', 'security/**/*.spec.ts'],
  outputDir: '../test-results/playwright',
  fullyParallel: false,
  workers: 1,
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node support/e2e-server.ts',
    cwd: import.meta.dirname,
    port: E2E_PORT,
    env: { PORT: String(E2E_PORT) },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
