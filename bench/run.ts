// npm run bench: measures the hot account paths through inject() on the embedded database (or on
// PostgreSQL with BENCH_DATABASE_URL) and compares them with bench/budgets.json. It reports; it does not gate.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/lib/passwords';

const budgets: Record<string, { p95Ms: number }> = JSON.parse(
  readFileSync(new URL('./budgets.json', import.meta.url), 'utf8'),
);
const APP_URL = 'http://localhost:5000';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function measure(name: string, runs: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(20, runs); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 0.5);
  const p95 = percentile(times, 0.95);
  const budget = budgets[name]?.p95Ms;
  const verdict = budget === undefined ? '' : p95 <= budget ? `within ${budget} ms` : `OVER ${budget} ms`;
  console.log(`${name.padEnd(32)} n=${runs}  p50 ${p50.toFixed(2)} ms  p95 ${p95.toFixed(2)} ms  ${verdict}`);
}

const url = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(url ? { driver: 'pg', url } : { driver: 'pglite' });
const config = loadConfig({
  NODE_ENV: 'test',
  APP_URL,
  SESSION_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
});
config.runJobs = false;
const app = await buildApp(config, { database, logger: false });
await app.ready();
const username = `bench-${Date.now()}@example.com`;
await database.db.insert(users).values({
  username,
  passwordHash: await hashPassword('bench-password'),
  firstName: 'Bench',
  lastName: 'Mark',
  verified: true,
});
const login = await app.inject({
  method: 'POST',
  url: '/api/login',
  headers: { origin: APP_URL },
  payload: { username, password: 'bench-password' },
});
const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
console.log(`driver: ${database.driver}`);
await measure('GET /api/health', 2000, () => app.inject({ method: 'GET', url: '/api/health' }));
await measure('GET /api/user (signed in)', 2000, () =>
  app.inject({ method: 'GET', url: '/api/user', headers: { cookie } }),
);
await measure('POST /api/login', 30, () =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { origin: APP_URL },
    payload: { username, password: 'bench-password' },
  }),
);
await app.close();
await database.close();
