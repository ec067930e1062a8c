// The server the Playwright suite talks to: a fresh database, demo data seeded (the journeys sign in as the demo
// admin), mail kept in the dev outbox. The database is a new one on the machine's PostgreSQL when
// TEST_DATABASE_URL is set (as in CI: a native server does the suite's queries in a fraction of the CPU the
// embedded one needs, on a machine the browsers already keep busy), dropped when the run ends; else the embedded
// database in a temporary DATA_DIR.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_NODE_ARGS } from './server-node.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '5055';
const base = process.env.TEST_DATABASE_URL;
const databaseName = `vuka_e2e_${port}_${process.pid}`;

/**
 * Runs statements on the server's maintenance database (psql is not needed: the app's own driver does it). A
 * statement may be a query whose rows are names of databases to drop (DROP DATABASE runs outside any transaction,
 * so not inside a DO block).
 */
function onServer(statement, { dropListed = false } = {}) {
  const script = `import pg from 'pg'; const c = new pg.Client(process.argv[1]); await c.connect();
    const { rows } = await c.query(process.argv[2]);
    if (process.argv[3] === 'drop') for (const r of rows) await c.query('drop database "' + r.name + '" with (force)');
    await c.end();`;
  const args = ['--input-type=module', '-e', script, base, statement, dropListed ? 'drop' : 'run'];
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`could not run "${statement}" on the test PostgreSQL`);
}

let databaseUrl = '';
if (base) {
  // A run ends by its server being killed, which can leave its database behind: a run on this port drops those of
  // the runs before it (two runs never share a port).
  onServer(`select datname as name from pg_database where datname like 'vuka\\_e2e\\_${port}\\_%'`, {
    dropListed: true,
  });
  onServer(`create database ${databaseName}`);
  // Thrown away when the run ends: commits need not wait for the disk (each is still seen at once by every other
  // connection; only a crash of the database server itself could lose one).
  onServer(`alter database ${databaseName} set synchronous_commit = off`);
  const url = new URL(base);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  console.log(`End-to-end server on PostgreSQL (database ${databaseName}).`);
}

const server = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vuka-e2e-')),
    DATABASE_URL: databaseUrl,
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
server.on('exit', (code) => {
  if (base) {
    try {
      onServer(`drop database if exists ${databaseName} with (force)`);
    } catch (error) {
      console.error(String(error));
    }
  }
  process.exit(code ?? 0);
});
