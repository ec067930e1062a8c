// npm test: typecheck, lint, unit and API tests (PGlite; with TEST_DATABASE_URL set, the files that depend on
// PostgreSQL again on it: postgres-test-files.mjs), then the Playwright journeys in Chromium (skipped with a clear
// message when no Chromium is found). Each step's time is printed at the end; the budget for the whole is in
// bench/README.md ("The test suite").
//
// With PostgreSQL at hand, the static checks (typecheck, lint, knip) run beside the PostgreSQL pass rather than
// before everything: that pass waits on the database server and left a fifth of the two cores idle (measured in CI on
// 30 November 2026: 75-84 % busy, where the PGlite pass and the journeys keep both cores above 90 %). Their output
// is held and printed whole once they finish, so the log reads step by step as before.
import { spawn } from 'node:child_process';
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

/**
 * Runs one step to its end and records its time. `held`: its output is kept and printed under its heading once it
 * ends (a step running beside another); otherwise it goes straight to the terminal.
 */
function step(name, command, args, env = {}, { held = false } = {}) {
  if (!held) console.log(`\n=== ${name} ===`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const output = [];
    if (held)
      for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
    const finish = (ok, note = '') => {
      const result = { name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) };
      results.push(result);
      if (held) {
        console.log(`\n=== ${name} (ran beside the PostgreSQL pass) ===`);
        process.stdout.write(Buffer.concat(output));
      }
      if (note) console.log(note);
      resolve(ok);
    };
    child.on('error', (error) => finish(false, `${name} could not start: ${error.message}`));
    child.on('close', (code) => finish(code === 0));
  });
}

/** Dead code and types: what needs no database and no browser. */
async function staticChecks(options) {
  // Incremental: a second run checks only what changed since the first (the build info is kept in node_modules).
  await step('typecheck', bin('tsc'), TYPECHECK_ARGS, {}, options);
  await step('lint', bin('biome'), ['check', '.'], {}, options);
  // Dead code the compiler cannot see: files nothing imports, dependencies nothing uses or that are used but not
  // listed, binaries and imports that do not resolve (knip.json names the entries: the server, the CLIs, the
  // scripts, the benchmarks). Unused exports are not yet enforced (docs/ARCHITECTURE.md, "Checks").
  await step(
    'unused files and dependencies (knip)',
    bin('knip'),
    ['--include', 'files,dependencies,unlisted,binaries,unresolved'],
    {},
    options,
  );
}

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) await staticChecks();
// With PostgreSQL at hand, each API file that depends on it runs there only (postgres-test-files.mjs).
const leftToPostgres = onPostgres ? pgliteExclusions().flatMap((file) => ['--exclude', file]) : [];
await step('unit + API tests (PGlite)', bin('vitest'), ['run', ...leftToPostgres], {
  TEST_DB_DRIVER: 'pglite',
});
if (onPostgres) {
  await Promise.all([
    staticChecks({ held: true }),
    step(
      'API tests that depend on PostgreSQL (PostgreSQL)',
      bin('vitest'),
      ['run', '--project', 'api', ...postgresTestFiles()],
      {
        TEST_DB_DRIVER: 'pg',
      },
    ),
  ]);
} else {
  console.log('\nTEST_DATABASE_URL is not set: API tests ran on PGlite only.');
}
const chromium = findChromium();
if (chromium) {
  await step('end-to-end (Playwright, Chromium)', process.execPath, [path.join(root, 'scripts/e2e.mjs')], {
    CHROMIUM_PATH: chromium,
  });
} else {
  console.log(
    '\nSKIPPED end-to-end tests: no Chromium found (apt-get install -y chromium-headless-shell chromium, or set CHROMIUM_PATH).',
  );
}

const ORDER = [
  'typecheck',
  'lint',
  'unused files and dependencies (knip)',
  'unit + API tests (PGlite)',
  'API tests that depend on PostgreSQL (PostgreSQL)',
  'end-to-end (Playwright, Chromium)',
];
console.log('\n=== summary ===');
for (const r of results.toSorted((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name)))
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
console.log(`total: ${((Date.now() - suiteStarted) / 1000).toFixed(1)}s`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
