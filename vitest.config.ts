import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Browser flows take 15–25 s on this 2-CPU machine while the other worker runs; 60 s leaves room on either database.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/process/**'],
          globalSetup: ['test/support/global-setup.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Tests that start the real server as a process (shutdown, crash): one at a time, after the
        // others, so that their start-ups do not compete with the browser tests for the CPUs.
        extends: true,
        test: { name: 'process', include: ['test/process/**/*.test.ts'], fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
