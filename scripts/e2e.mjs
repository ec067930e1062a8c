// Builds the client when its sources changed (client-build.mjs) and runs the Playwright suite against a real
// server on a fresh embedded database (see playwright.config.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildClient } from './client-build.mjs';
import { findChromium } from './find-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const chromium = findChromium();
if (!chromium) {
  console.log(
    'SKIPPED end-to-end tests: no Chromium found (apt-get install -y chromium-headless-shell chromium, or set CHROMIUM_PATH).',
  );
  process.exit(0);
}
// A run on a port of its own (E2E_PORT) builds into a folder of its own, so two runs at once never
// serve each other's half-written client.
const clientDir = process.env.E2E_PORT ? `dist/e2e-${process.env.E2E_PORT}/client` : 'dist/client';
process.env.CLIENT_DIR = clientDir;
const built = buildClient(clientDir, { quiet: true });
if (built !== 0) process.exit(built);
const run = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } },
);
process.exit(run.status ?? 1);
