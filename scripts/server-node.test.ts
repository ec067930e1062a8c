import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from './server-node.mjs';

const root = path.resolve(import.meta.dirname, '..');
const runner = path.join(root, 'scripts/server-node.mjs');

/** A TypeScript file that prints how it was started and exits with the code it is given. */
function probe() {
  const dir = mkdtempSync(path.join(tmpdir(), 'server-node-'));
  const file = path.join(dir, 'probe.ts');
  writeFileSync(
    file,
    [
      'const exitCode: number = Number(process.argv[2] ?? 0);',
      'console.log(JSON.stringify({ execArgv: process.execArgv, args: process.argv.slice(2) }));',
      'process.exit(exitCode);',
    ].join('\n'),
  );
  return file;
}

describe('scripts/server-node.mjs', () => {
  it('runs a TypeScript file with the server arguments, after the caller flags, and passes its exit code', () => {
    const run = spawnSync(process.execPath, [runner, '--no-warnings', probe(), '3', 'x'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status).toBe(3);
    const printed = JSON.parse(run.stdout.trim()) as { execArgv: string[]; args: string[] };
    expect(printed.args).toEqual(['3', 'x']);
    // tsx adds its own loader arguments after these.
    expect(printed.execArgv.slice(0, 1 + SERVER_NODE_ARGS.length)).toEqual([
      '--no-warnings',
      ...SERVER_NODE_ARGS,
    ]);
    expect(printed.execArgv).toContain('--max-semi-space-size=64');
  });

  it('refuses a command line without a file to run', () => {
    const run = spawnSync(process.execPath, [runner, '--no-warnings'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage: node scripts/server-node.mjs');
  });
});
