import { defineConfig } from 'vitest/config';

/**
 * What runs where (decision 032). `npm test` on the embedded database runs everything; CI runs it again
 * with DATABASE_URL set, and that pass keeps only what can differ on a PostgreSQL server: every test
 * that talks to a database, and the browser flows that cross it. Pure unit tests and the walks about
 * the screens themselves (layouts, forms, messages) run once.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const DATABASE_SETUP = ['test/support/global-setup.ts'];
/** Unit tests beside their code that open an app (and so a database). */
const UNIT_TESTS_WITH_A_DATABASE = ['src/server/platform/logging.test.ts'];
/** Files that must be the first of their process to use a module-level value (each says why). */
const OWN_PROCESS = ['test/api/sign-in-decoy.test.ts'];

export default defineConfig({
  test: {
    // Browser flows take 15–25 s on this 2-CPU machine while the other worker runs; 60 s leaves room on either database.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './test/support/slowest-files-reporter.ts'],
    // Password hashing at argon2's smallest cost in tests only (refused under NODE_ENV=production).
    env: { SPOTBOOK_TEST_PASSWORD_COST: 'low' },
    projects: [
      ...(onPostgres
        ? []
        : [
            {
              extends: true as const,
              test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: ['**/node_modules/**', ...UNIT_TESTS_WITH_A_DATABASE], sequence: { groupOrder: 0 } },
            },
          ]),
      {
        // API, realtime and browser tests. A worker keeps its imported modules (and its one Chromium)
        // from file to file instead of importing the whole app again for each: every file still opens
        // its own database and app. Files that need a process of their own are below.
        extends: true as const,
        test: {
          name: 'app',
          include: ['test/api/**/*.test.ts', 'test/realtime/**/*.test.ts', 'test/e2e/**/*.test.ts', ...UNIT_TESTS_WITH_A_DATABASE],
          exclude: ['**/node_modules/**', ...OWN_PROCESS],
          globalSetup: DATABASE_SETUP,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true as const,
        test: { name: 'own-process', include: OWN_PROCESS, globalSetup: DATABASE_SETUP, sequence: { groupOrder: 0 } },
      },
      {
        // Tests that start the real server as a process (shutdown, crash, backup, two instances): after
        // the others, so that their start-ups and timed exits do not compete with the browser tests, two
        // at a time (each on its own ports and data).
        extends: true as const,
        test: { name: 'process', include: ['test/process/**/*.test.ts'], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
