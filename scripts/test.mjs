// npm test: typecheck, lint, unit and API tests (PGlite; PostgreSQL too when TEST_DATABASE_URL is set),
// then the Playwright journeys in Chromium (skipped with a clear message when no Chromium is found).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findChromium } from './find-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const results = [];

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = run.status === 0;
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('lint', bin('biome'), ['check', '.']);
step('unit + API tests (PGlite)', bin('vitest'), ['run'], { TEST_DB_DRIVER: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  step('API tests (PostgreSQL)', bin('vitest'), ['run', '--project', 'api'], { TEST_DB_DRIVER: 'pg' });
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
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
