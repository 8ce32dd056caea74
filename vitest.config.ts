import { defineConfig } from 'vitest/config';
import LongFilesFirst from './test/support/long-files-first';

/**
 * What runs where (decision 032). `npm test` runs everything on the database it is given: the
 * embedded PGlite by default, a PostgreSQL server with DATABASE_URL (there without the unit tests and
 * the walks about the screens, which cannot differ). CI splits the work between its two passes
 * (SPOTBOOK_TEST_SPLIT=1), so that each test runs once where it can differ and on both where it can:
 * - on PGlite: the unit tests, every browser test (the embedded default, end to end, as people use
 *   it), the tests of the embedded database's own behaviour, the realtime tests and the processes;
 * - on PostgreSQL: the API tests (with PGlite's one-connection order kept within a request, see
 *   src/server/platform/single-connection.ts), the realtime tests and the processes.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const split = process.env.SPOTBOOK_TEST_SPLIT === '1';
const DATABASE_SETUP = ['test/support/global-setup.ts'];
/** Unit tests beside their code that open an app (and so a database). */
const UNIT_TESTS_WITH_A_DATABASE = ['src/server/platform/logging.test.ts'];
/** Files that must be the first of their process to use a module-level value (each says why). */
const OWN_PROCESS = ['test/api/sign-in-decoy.test.ts'];
/** API tests of what only the embedded database does (its queue, its statistics, its health). */
const EMBEDDED_API = [
  'test/api/abandoned-requests.test.ts',
  'test/api/planner.test.ts',
  'test/api/as-run-interop.test.ts',
  'test/api/platform.test.ts',
  'test/api/driver-types.test.ts',
  'test/api/schema-dump.test.ts',
  'test/api/api-types.test.ts',
];
/** API tests that run on both databases under the split: the upgrade from the previous release (decision 049). */
const BOTH_DATABASES_API = ['test/api/definitions-upgrade.test.ts'];
/**
 * Process tests whose server's database cannot change what they check: AdCP's compliance runner speaks
 * the protocol to `npm start`'s build (the embedded default); the AdCP API tests run on PostgreSQL.
 */
const ONCE_ON_PGLITE = ['test/process/adcp-compliance.test.ts'];
const BROWSER = ['test/e2e/**/*.test.ts'];
const API = ['test/api/**/*.test.ts'];
const REALTIME = ['test/realtime/**/*.test.ts'];

/** The `app` project's files for this run. */
const appFiles = (): string[] => {
  if (!split) return [...API, ...REALTIME, ...BROWSER, ...UNIT_TESTS_WITH_A_DATABASE];
  return onPostgres ? [...API, ...REALTIME] : [...EMBEDDED_API, ...BOTH_DATABASES_API, ...REALTIME, ...BROWSER, ...UNIT_TESTS_WITH_A_DATABASE];
};

/** What every vitest run of this repository shares, the clock sweep's included (vitest.clock-sweep.config.ts). */
export const SHARED_TEST_OPTIONS = {
  // Browser flows take 15–25 s on this 2-CPU machine while the other worker runs; 60 s leaves room on either database.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // In CI, vitest runs several times over one clean clone (the PGlite pass, the clock sweep's two runs, the
  // PostgreSQL pass): each run after the first reads the app's transformed modules from disk instead of
  // transforming them again (docs/ci.md). Not locally, where it is experimental and saves little.
  experimental: { fsModuleCache: process.env.CI === 'true' },
  // Password hashing at argon2's smallest cost in tests only (refused under NODE_ENV=production).
  // On PostgreSQL, statements keep PGlite's one-connection order within a request (single-connection.ts).
  env: { SPOTBOOK_TEST_PASSWORD_COST: 'low', SPOTBOOK_TEST_SINGLE_CONNECTION: '1' },
} as const;

export default defineConfig({
  test: {
    ...SHARED_TEST_OPTIONS,
    maxWorkers: 2,
    reporters: ['default', './test/support/slowest-files-reporter.ts'],
    sequence: { sequencer: LongFilesFirst },
    projects: [
      ...(onPostgres
        ? []
        : [
            {
              extends: true as const,
              test: {
                name: 'unit',
                include: ['src/**/*.test.ts'],
                exclude: ['**/node_modules/**', ...UNIT_TESTS_WITH_A_DATABASE],
                sequence: { groupOrder: 0 },
              },
            },
          ]),
      {
        // API, realtime and browser tests. A worker keeps its imported modules (and its one Chromium)
        // from file to file instead of importing the whole app again for each: every file still opens
        // its own database and app. Files that need a process of their own are below.
        extends: true as const,
        test: {
          name: 'app',
          include: appFiles(),
          exclude: ['**/node_modules/**', ...OWN_PROCESS],
          globalSetup: DATABASE_SETUP,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      ...(split && !onPostgres
        ? []
        : [
            {
              extends: true as const,
              test: { name: 'own-process', include: OWN_PROCESS, globalSetup: DATABASE_SETUP, sequence: { groupOrder: 0 } },
            },
          ]),
      {
        // Tests that start the real server as a process (shutdown, crash, backup, two instances): after
        // the others, so that their start-ups and timed exits do not compete with the browser tests, each on
        // its own ports and data. On PostgreSQL three at a time: there they mostly wait for a server to start,
        // exit or let a lease run out. On PGlite two: each server runs its database in its own process, and a
        // third made them all slower (docs/ci.md, twenty-fourth session).
        extends: true as const,
        test: {
          name: 'process',
          maxWorkers: onPostgres ? 3 : 2,
          include: ['test/process/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...(split && onPostgres ? ONCE_ON_PGLITE : [])],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
