import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code; tests/contract holds cross-package tests that need no browser;
// tests/security holds the attacks that once worked, as tests that keep them from working again;
// tests/support holds test doubles (stripe-local) with tests of their own.
export default defineConfig({
  test: {
    include: ['db/src/**/*.test.ts', 'shared/src/**/*.test.ts', 'api/src/**/*.test.ts', 'site/src/**/*.test.{ts,tsx}', 'admin/src/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/support/**/*.test.ts'],
    environment: 'node',
    // The process log (requests, failures) stays quiet; tests that check it capture it (logging/logger.ts#memoryLogger).
    env: { LOG_LEVEL: 'silent' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: more workers only fight over the CPU (argon2, MP3 encoding).
    maxWorkers: 2,
    // TEST_DATABASE=postgres (`pnpm test:postgres`): the same tests on a throwaway PostgreSQL server.
    globalSetup: process.env.TEST_DATABASE === 'postgres' ? ['db/src/testing/postgres.ts'] : [],
  },
});
