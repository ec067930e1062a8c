// Starting the crash server (tests/support/crash-server.ts) as a child process on a test's PostgreSQL database, for
// the tests that kill it with SIGKILL mid-work (idempotency-crash, bank-statement-crash, debit-order-import-crash).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_URL, type TestApp } from './test-app';

/** The real app in a child process on `t`'s database at `t`'s clock; its URL once it listens. */
export async function startCrashServer(
  t: TestApp,
  children: ChildProcess[],
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('tests/support/crash-server.ts')], {
    env: {
      ...process.env,
      APP_URL,
      DATABASE_URL: t.database.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vuka-crash-')),
      SESSION_SECRET: t.config.sessionSecret,
      CLOCK_AT: t.clock.now().toISOString(),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
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
