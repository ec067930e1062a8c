// npm run bench:poll: the creator's one-second poll (GET /api/applications) against a bare Node server
// sending the same bytes, in one run on this machine (issue 10, goal 3). The real app listens on a port with
// a signed-in creator holding a few applications (PGlite by default, PostgreSQL with BENCH_DATABASE_URL);
// autocannon loads each server from its own process with keep-alive connections. It reports; it does not
// gate. Profile with: node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/poll.ts
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { sessions, users } from '../src/server/db/schema';
import { ManualClock } from '../src/server/lib/clock';
import { hashPassword } from '../src/server/lib/passwords';
import { sessionTokenHash } from './support/admin-session';

const GOALS = { unchanged: 0.3, changed: 0.1 };
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** What a browser's fetch sends; set BENCH_ACCEPT_ENCODING=identity to measure uncompressed answers. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const APP_URL = 'http://localhost:5000';
const AUTOCANNON = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));
const run = promisify(execFile);

type Load = {
  rps: number;
  statuses: Record<string, number>;
  errors: number;
  /** CPU time this process (the server under load) spent per answered request, in microseconds. */
  cpuUs: number;
};

/** Loads a URL from a separate process (autocannon) with keep-alive connections; a 1 s warm-up first. */
async function load(url: string, headers: Record<string, string>): Promise<Load> {
  const args = [AUTOCANNON, '-j', '-n', '-c', String(CONNECTIONS)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  await run(process.execPath, [...args, '-d', '1', url], { maxBuffer: 16 * 1024 * 1024 });
  const cpuBefore = process.cpuUsage();
  const { stdout } = await run(process.execPath, [...args, '-d', String(DURATION_S), url], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const cpu = process.cpuUsage(cpuBefore);
  const result = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    duration: number;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
  );
  return {
    rps: result.requests.total / result.duration,
    statuses,
    errors: result.errors + result.timeouts,
    cpuUs: (cpu.user + cpu.system) / Math.max(1, result.requests.total),
  };
}

/** One request with Node's client: status, headers and the body bytes exactly as sent (not decoded). */
function fetchRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    },
  );
}

const listen = (server: http.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

// ---- the real app, a creator and their applications --------------------------------------------------------
const url = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(url ? { driver: 'pg', url } : { driver: 'pglite' });
const config = loadConfig({
  NODE_ENV: 'production',
  SETTLEMENT_ACCOUNT_NUMBER: '62000000000',
  APP_URL,
  SESSION_SECRET: randomBytes(32).toString('hex'),
  // As in production: info. Polls that succeed quickly are logged at debug, so nothing is written here.
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
});
config.runJobs = false;
const clock = new ManualClock('2026-06-01T08:00:00.000Z');
// Log lines go to /dev/null: what is measured is the cost of producing them, not of a terminal.
const app = await buildApp(config, { database, clock, logStream: pino.destination('/dev/null') });
await app.ready();

const passwordHash = await hashPassword('bench-password');
const stamp = Date.now();
const creatorName = `poll-creator-${stamp}@example.com`;
const adminName = `poll-admin-${stamp}@example.com`;
await database.db.insert(users).values([
  { username: creatorName, passwordHash, firstName: 'Poll', lastName: 'Creator', verified: true },
  { username: adminName, passwordHash, firstName: 'Poll', lastName: 'Admin', role: 'admin', verified: true },
]);
async function signIn(username: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { origin: APP_URL },
    payload: { username, password: 'bench-password' },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
const creatorCookie = await signIn(creatorName);
const adminCookie = await signIn(adminName);
await database.db
  .update(sessions)
  .set({ mfaPassedAt: new Date() })
  .where(eq(sessions.tokenHash, sessionTokenHash(adminCookie)));
async function call(cookie: string, method: 'POST' | 'PATCH', path: string, payload: object, expect: number) {
  const res = await app.inject({ method, url: path, headers: { cookie, origin: APP_URL }, payload });
  if (res.statusCode !== expect) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return res.json();
}
const apply = async (requestedAmount: number) =>
  (
    await call(
      creatorCookie,
      'POST',
      '/api/applications',
      {
        applicationType: 'personal',
        firstName: 'Poll',
        lastName: 'Creator',
        requestedAmount,
        monthlyRevenue: 12_000,
        useOfFunds: ['equipment_purchase', 'working_capital'],
        termsAccepted: true,
      },
      201,
    )
  ).application.id as number;
// The history a creator polls: two declined, one cancelled, and a loan being repaid.
for (const amount of [30_000, 25_000]) {
  const id = await apply(amount);
  await call(
    adminCookie,
    'PATCH',
    `/api/admin/applications/${id}`,
    { status: 'rejected', rejectionReason: 'Bench: an earlier application, closed.' },
    200,
  );
}
const cancelled = await apply(18_000);
await call(
  creatorCookie,
  'POST',
  `/api/applications/${cancelled}/cancel`,
  { reason: 'Changed my plans' },
  200,
);
const loan = await apply(15_000);
await call(adminCookie, 'PATCH', `/api/admin/applications/${loan}`, { status: 'approved' }, 200);
await call(
  adminCookie,
  'POST',
  `/api/applications/${loan}/repayment-schedule`,
  { frequency: 'monthly', withholdingPercentage: 20, estimatedPeriod: 12 },
  200,
);
clock.set('2026-08-01T08:00:00.000Z');
for (const day of ['01', '15'])
  await call(
    adminCookie,
    'POST',
    `/api/admin/applications/${loan}/payments`,
    { amount: '1500.00', paymentDate: `2026-07-${day}` },
    201,
  );

await app.listen({ port: 0, host: '127.0.0.1' });
const appPort = (app.server.address() as AddressInfo).port;
const pollUrl = `http://127.0.0.1:${appPort}/api/applications`;
const baseHeaders = { cookie: creatorCookie, 'accept-encoding': ACCEPT_ENCODING };
const answer = await fetchRaw(pollUrl, baseHeaders);
if (answer.status !== 200) throw new Error(`poll answered ${answer.status}: ${answer.body.toString()}`);
const etag = typeof answer.headers.etag === 'string' ? answer.headers.etag : undefined;

// ---- the bare server: the same status, headers and bytes, with no work at all -------------------------------
const bareHeaders: Record<string, string> = {};
for (const name of ['content-type', 'content-encoding', 'vary', 'etag', 'cache-control', 'content-length']) {
  const value = answer.headers[name];
  if (typeof value === 'string') bareHeaders[name] = value;
}
bareHeaders['content-length'] = String(answer.body.length);
const bare = http.createServer((_req, res) => {
  res.writeHead(200, bareHeaders);
  res.end(answer.body);
});
const barePort = await listen(bare);

console.log(
  `driver: ${database.driver}; ${CONNECTIONS} keep-alive connections, ${DURATION_S} s each; accept-encoding: ${ACCEPT_ENCODING}`,
);
console.log(
  `poll answer: ${answer.body.length} bytes on the wire (${answer.headers['content-encoding'] ?? 'identity'}), ` +
    `etag ${etag ?? 'none'}`,
);

const bareLoad = await load(`http://127.0.0.1:${barePort}/api/applications`, baseHeaders);
// BENCH_ONLY=200 or 304 loads one kind of poll (to profile it alone).
const only = process.env.BENCH_ONLY;
const changed = only === '304' ? undefined : await load(pollUrl, baseHeaders);
const unchanged =
  etag && only !== '200' ? await load(pollUrl, { ...baseHeaders, 'if-none-match': etag }) : undefined;

const line = (name: string, l: Load, goal?: number) => {
  const ratio = l.rps / bareLoad.rps;
  const verdict =
    goal === undefined
      ? ''
      : `ratio ${ratio.toFixed(3)} (goal >= ${goal.toFixed(2)}: ${ratio >= goal ? 'met' : 'MISSED'})`;
  console.log(
    `${name.padEnd(28)} ${l.rps.toFixed(0).padStart(7)} req/s  ${l.cpuUs.toFixed(0).padStart(5)} µs CPU/req  ` +
      `statuses ${JSON.stringify(l.statuses)}${l.errors ? ` errors ${l.errors}` : ''}  ${verdict}`,
  );
};
line('bare node (same bytes)', bareLoad);
if (changed) line('poll 200 (changed)', changed, GOALS.changed);
if (unchanged) line('poll 304 (If-None-Match)', unchanged, GOALS.unchanged);
else if (!etag) console.log('poll 304 (If-None-Match)     n/a: the answer carries no ETag');
console.log(
  'CPU/req is this process only (the database server is another process on PostgreSQL); on a busy machine it ' +
    'says more than req/s. Load average: ' +
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' '),
);

bare.close();
await app.close();
await database.close();
