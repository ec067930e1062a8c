// How the server's Node runs wherever it is started for real or measured (npm start, the Playwright server,
// the benches): TypeScript through tsx (decision 003) and a young generation sized for a server's garbage
// (decision 024: each request's objects die young, and V8's default 16 MB semi-space copied the in-flight
// requests' objects at every scavenge and promoted them to the old generation).
//
// As a command, `node scripts/server-node.mjs [node flags...] file [args...]` runs a file that way (the
// benches that host the app in their own process), passing the exit code through.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const SERVER_NODE_ARGS = ['--max-semi-space-size=64', '--import', 'tsx'];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const file = args.findIndex((arg) => !arg.startsWith('-'));
  if (file === -1) {
    console.error('usage: node scripts/server-node.mjs [node flags...] file [args...]');
    process.exit(2);
  }
  const child = spawn(process.execPath, [...args.slice(0, file), ...SERVER_NODE_ARGS, ...args.slice(file)], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
