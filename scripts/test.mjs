// npm test: typecheck, lint, unit and API tests (PGlite; with TEST_DATABASE_URL set, the files that depend on
// PostgreSQL again on it: postgres-test-files.mjs), then the Playwright journeys in Chromium (skipped with a clear
// message when no Chromium is found). Each step's time is printed at the end; the budget for the whole is in
// bench/README.md ("The test suite").
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findChromium } from './find-chromium.mjs';
import { pgliteExclusions, postgresTestFiles } from './postgres-test-files.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const results = [];
const suiteStarted = Date.now();
const TYPECHECK_ARGS = [
  '--noEmit',
  '-p',
  'tsconfig.json',
  '--incremental',
  '--tsBuildInfoFile',
  'node_modules/.cache/typecheck.tsbuildinfo',
];

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = run.status === 0;
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

// Incremental: a second run checks only what changed since the first (the build info is kept in node_modules).
step('typecheck', bin('tsc'), TYPECHECK_ARGS);
step('lint', bin('biome'), ['check', '.']);
// Dead code the compiler cannot see: files nothing imports, dependencies nothing uses or that are used but not
// listed, binaries and imports that do not resolve (knip.json names the entries: the server, the CLIs, the
// scripts, the benchmarks). Unused exports are not yet enforced (docs/ARCHITECTURE.md, "Checks").
step('unused files and dependencies (knip)', bin('knip'), [
  '--include',
  'files,dependencies,unlisted,binaries,unresolved',
]);
// With PostgreSQL at hand, each API file that depends on it runs there only (postgres-test-files.mjs).
const leftToPostgres = process.env.TEST_DATABASE_URL
  ? pgliteExclusions().flatMap((file) => ['--exclude', file])
  : [];
step('unit + API tests (PGlite)', bin('vitest'), ['run', ...leftToPostgres], { TEST_DB_DRIVER: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  step(
    'API tests that depend on PostgreSQL (PostgreSQL)',
    bin('vitest'),
    // Three files at a time, not two: these files wait on the database server's round trips and locks, which left the
    // two cores a fifth idle (124 s with two, 102 s with three on a quiet machine). The PGlite pass stays at two: its
    // database runs in the worker itself, so a third worker only shares the same two cores (114 s and 112 s).
    ['run', '--project', 'api', '--maxWorkers=3', ...postgresTestFiles()],
    {
      TEST_DB_DRIVER: 'pg',
    },
  );
} else {
  console.log('\nTEST_DATABASE_URL is not set: API tests ran on PGlite only.');
}
const chromium = findChromium();
if (chromium) {
  step('end-to-end (Playwright, Chromium)', process.execPath, [path.join(root, 'scripts/e2e.mjs')], {
    CHROMIUM_PATH: chromium,
  });
} else {
  console.log(
    '\nSKIPPED end-to-end tests: no Chromium found (apt-get install -y chromium-headless-shell chromium, or set CHROMIUM_PATH).',
  );
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
console.log(`total: ${((Date.now() - suiteStarted) / 1000).toFixed(1)}s`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
