import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{src,scripts}/**/*.test.{ts,tsx,mjs}', 'tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
