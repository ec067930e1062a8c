// npm start: build the client when it is missing or was built from other sources (client-build.mjs), then run
// the server (API and SPA on one port), with the server's Node arguments (server-node.mjs).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildClient } from './client-build.mjs';
import { SERVER_NODE_ARGS } from './server-node.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = buildClient('dist/client');
if (built !== 0) process.exit(built);

const server = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
