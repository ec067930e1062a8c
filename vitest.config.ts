import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each API file gets its own database; argon2 and PGlite are CPU-bound, so two files at a time on 2 cores.
    maxWorkers: 2,
    // One module graph per worker, not per file: the API files each import the whole app (about 1 s a file), and
    // with a fresh graph per file that import was a third of the API step's CPU (isolated: 164 s for the PGlite API
    // files; shared: 100 s). Safe because no test file mocks modules, stubs globals or leaves process.env changed
    // (the two that set TZ put it back), and every file builds its own app and database; the server's own
    // module-level state is caches keyed by what they cache (statement names, parsed types per PGlite). Set in
    // each project: a project does not inherit it from here.
    // Tests pass in any order within a file. Every run shuffles them (files keep their own
    // database, so only the order inside a file matters), with a fixed seed so CI is repeatable; to try another
    // order, pass a seed: `npx vitest run --project api --sequence.seed=1234 tests/api/quests.test.ts`.
    // vitest 4.1 takes `sequence` from the root config only (it ignores it inside a project).
    sequence: { shuffle: { files: false, tests: true }, seed: 20261125 },
    projects: [
      {
        test: {
          name: 'unit',
          isolate: false,
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Form behaviour in a DOM without a browser (Testing Library on jsdom): what a person types into a field and
        // what the field then says, in milliseconds instead of a Chromium journey.
        test: {
          name: 'component',
          isolate: false,
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/support/dom-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          isolate: false,
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
