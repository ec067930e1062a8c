import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each API file gets its own database; argon2 and PGlite are CPU-bound, so two files at a time on 2 cores.
    maxWorkers: 2,
    // Issue 12, item 8: tests should pass in any order within a file. To check, run them shuffled; vitest
    // prints the seed ("Running tests with seed 1234"), and `--sequence.seed=1234` reruns that order:
    //   npx vitest run --project api --sequence.shuffle.tests --sequence.seed=1234 tests/api/quests.test.ts
    // Not on by default yet: admin-lists, admin-user-details, impersonation-read-only, platforms and
    // register-verify still depend on their order. Once they do not, turn it on here, in the root config:
    // vitest 4.1 takes `sequence` (shuffle and seed) from the root config only and ignores it in a project.
    //   sequence: { shuffle: { files: false, tests: true } },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
