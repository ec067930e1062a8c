import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each API file gets its own database; argon2 and PGlite are CPU-bound, so two files at a time on 2 cores.
    maxWorkers: 2,
    // Issue 12, item 8: tests pass in any order within a file. Every run shuffles them (files keep their own
    // database, so only the order inside a file matters), with a fixed seed so CI is repeatable; to try another
    // order, pass a seed: `npx vitest run --project api --sequence.seed=1234 tests/api/quests.test.ts`.
    // vitest 4.1 takes `sequence` from the root config only (it ignores it inside a project).
    sequence: { shuffle: { files: false, tests: true }, seed: 20261125 },
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
          globalSetup: ['tests/support/database-image.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
