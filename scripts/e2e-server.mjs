// The server the Playwright suite talks to: a fresh embedded database in a temporary DATA_DIR, demo data
// seeded (the journeys sign in as the demo admin), mail kept in the dev outbox.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_NODE_ARGS } from './server-node.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '5055';
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vuka-e2e-')),
    DATABASE_URL: '',
    SMTP_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    // Every journey comes from 127.0.0.1: per-address limits on sign-ups and e-mail (tested by the API tests,
    // tests/api/send-limits.test.ts) would hold back a whole run's registrations, as one office's network would.
    SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
    EMAILS_PER_ADDRESS_PER_HOUR: '10000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
