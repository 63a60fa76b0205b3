import { defineConfig } from 'vitest/config';

// The single executable's test (`pnpm test:binary`, part of `pnpm test`): it builds the executable
// and seeds the demo catalogue from nothing, minutes rather than seconds, so it runs on its own.
export default defineConfig({
  test: {
    include: ['tests/binary/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
});
