// Builds the client into a folder unless that folder already holds a build of the same sources: a hash of every
// input the build reads (the client and shared code, the page, the public files, the Vite config and its plugins,
// the locked dependencies) is kept beside the build, and a build whose hash matches is used as it is. `npm start`
// and the end-to-end run share it, so an unchanged client is never built twice.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const INPUTS = [
  'src/client',
  'src/shared',
  'index.html',
  'public',
  'vite.config.ts',
  'scripts/vite-chunks.ts',
  'scripts/vite-precompress.ts',
  'scripts/vite-prerender.ts',
  'package-lock.json',
];
const STAMP = '.sources-hash';

function addToHash(hash, entry) {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const child of readdirSync(entry).sort()) addToHash(hash, path.join(entry, child));
    return;
  }
  hash.update(path.relative(root, entry));
  hash.update('\0');
  hash.update(readFileSync(entry));
  hash.update('\0');
}

/** The hash of the client's sources as they are now. */
export function clientSourcesHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) addToHash(hash, path.join(root, input));
  return hash.digest('hex');
}

/**
 * Builds the client into `outDir` (relative to the project) when what is there was built from other sources or
 * nothing is; returns the build's exit status (0 when nothing needed building).
 */
export function buildClient(outDir, { quiet = false } = {}) {
  const stampFile = path.join(root, outDir, STAMP);
  const hash = clientSourcesHash();
  const built = existsSync(path.join(root, outDir, 'index.html')) && existsSync(stampFile);
  if (built && readFileSync(stampFile, 'utf8') === hash) {
    console.log(`The client in ${outDir} is built from these sources: not building it again.`);
    return 0;
  }
  console.log(`Building the client into ${outDir}...`);
  const args = [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir];
  if (quiet) args.push('--logLevel', 'warn');
  const build = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) return build.status ?? 1;
  writeFileSync(stampFile, hash);
  return 0;
}
