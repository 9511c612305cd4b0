import { defineConfig } from 'vitest/config';

/**
 * Two projects, two stages of `npm test` (scripts/validate.mjs): 'unit' (unit, integration and security
 * tests, in-process on the run's PostgreSQL) and 'process' (the tests that spawn the built server,
 * PostgreSQL or other programs and kill them: CPU-heavy, so they run alone, after 'unit' passed).
 * `npx vitest run FILE` runs a file of either; the process tests use TEST_DIST_DIR's build when set
 * (tests/support/app-process.ts).
 */
export const PROCESS_LEVEL = [
  'tests/integration/lifecycle.test.ts',
  'tests/integration/lifecycle-stop.test.ts',
  'tests/integration/database-outage.test.ts',
  'tests/integration/db-backup.test.ts',
  'tests/integration/scale-out.test.ts',
  'tests/integration/sms-kill.test.ts',
  'tests/integration/outbox-crash.test.ts',
  'tests/integration/backend-weight.test.ts',
  'tests/integration/deploy-unit.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // One module graph per worker, not per file: importing the app anew for each of ~80 files was
          // about 40% of this stage. The app keeps no module-level state (ARCHITECTURE.md#process-state).
          isolate: false,
          include: ['{src,scripts}/**/*.test.{ts,tsx,mjs}', 'tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
          exclude: PROCESS_LEVEL,
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'process',
          include: PROCESS_LEVEL,
          globalSetup: ['tests/support/global-setup.ts', 'tests/support/cluster-template.ts'],
        },
      },
    ],
  },
});
