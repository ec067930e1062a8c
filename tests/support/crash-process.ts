// Starting the crash server (tests/support/crash-server.ts) as a child process on a test's PostgreSQL database, for
// the tests that kill it with SIGKILL mid-work or cut its connections (idempotency-crash, bank-statement-crash,
// debit-order-import-crash, connection-loss).
//
// The child runs a bundle of the server's own sources made once per test worker (esbuild, packages left to
// node_modules), not the sources through tsx: loading the app's few hundred TypeScript modules through tsx's hooks
// took 4-5 s of each start on the two-core CI machine, the bundle about 1.5 s, and these files start the server six
// times. What runs is the same code: the bundle is built from the working tree at the first start in each worker.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { APP_URL, type TestApp } from './test-app';

// Three folders below the project's root, as src/server/db/migrate.ts is: the bundle finds drizzle/ (the
// migrations) by the same relative path as the sources do.
const BUNDLE_DIR = path.resolve('node_modules/.cache/crash-server');

let bundled: Promise<string> | undefined;

/**
 * The crash server bundled from the working tree, once per worker. Written under a name of the worker's own and then
 * renamed into place: two workers building at once each replace the file whole with the same code, and a server
 * already started from the old file keeps reading what it opened.
 */
function crashServerBundle(): Promise<string> {
  bundled ??= (async () => {
    mkdirSync(BUNDLE_DIR, { recursive: true });
    const outfile = path.join(BUNDLE_DIR, 'server.mjs');
    const building = path.join(BUNDLE_DIR, `server-${process.pid}.mjs`);
    await build({
      entryPoints: [path.resolve('tests/support/crash-server.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outfile: building,
      logLevel: 'warning',
    });
    renameSync(building, outfile);
    return outfile;
  })();
  return bundled;
}

/**
 * The real app in a child process on `t`'s database at `t`'s clock; its URL once it listens. `stderr` 'pipe' keeps
 * the child's error output for the message of a start that fails (and out of the test's output otherwise).
 */
export async function startCrashServer(
  t: TestApp,
  children: ChildProcess[],
  options: {
    dataDirPrefix?: string;
    stderr?: 'inherit' | 'pipe';
    onExit?: (code: number | null) => void;
  } = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [await crashServerBundle()], {
    env: {
      ...process.env,
      APP_URL,
      DATABASE_URL: t.database.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), options.dataDirPrefix ?? 'vuka-crash-')),
      SESSION_SECRET: t.config.sessionSecret,
      CLOCK_AT: t.clock.now().toISOString(),
    },
    stdio: ['ignore', 'pipe', options.stderr ?? 'inherit'],
  });
  children.push(child);
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  if (options.onExit) child.once('exit', options.onExit);
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}
