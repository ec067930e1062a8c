// npm run bench:poll: the creator's one-second poll (GET /api/applications) against a bare Node server
// sending the same bytes, in one run on this machine. The real app listens on a port with
// a signed-in creator holding a few applications (PGlite by default, PostgreSQL with BENCH_DATABASE_URL);
// autocannon loads each server from its own process with keep-alive connections. It reports; it does not
// gate. The machine is shared, so each kind is loaded in several interleaved rounds (bare, 200, 304, bare, ...)
// and the ratios are the medians of each round's ratio: a load that comes and goes touches all three alike.
//
// The goal compares throughputs: what each server answers per second when enough requests are in flight to
// keep it busy. The bare server is at its rate with 10 connections; the app, whose requests each wait for
// PostgreSQL, is not (its rate still rises with more requests in flight, while the bare server's stays flat).
// So each kind is loaded at each of CONNECTION_LEVELS, both tables are printed, and a kind's throughput in a
// round is its highest rate at any level.
// Profile with: BENCH_PROFILE=1 BENCH_ONLY=304 node scripts/server-node.mjs --cpu-prof --cpu-prof-dir=/tmp/prof bench/poll.ts
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { SERVER_NODE_ARGS } from '../scripts/server-node.mjs';
import { buildApp } from '../src/server/app';
import { DEVELOPMENT_LEGAL_SETTINGS, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { sessions, users } from '../src/server/db/schema';
import { findSessionWithUser } from '../src/server/features/sessions/sessions.repository';
import { ManualClock } from '../src/server/lib/clock';
import { hashPassword } from '../src/server/lib/passwords';
import { sessionTokenHash } from './support/admin-session';

const GOALS = { unchanged: 0.3, changed: 0.1 };
/** Seconds each kind is loaded in each round. */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Requests of each kind before the first round, so that V8 has optimised the path being measured. */
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP_REQUESTS ?? 3000);
/** Connections each kind is loaded with, in turn: 10, and enough to keep the app busy. */
const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? '10,64').split(',').map(Number);
if (CONNECTION_LEVELS.some((n) => !Number.isInteger(n) || n < 1)) {
  throw new Error(
    `BENCH_CONNECTIONS: whole numbers separated by commas, got ${process.env.BENCH_CONNECTIONS}`,
  );
}
/** What a browser's fetch sends; set BENCH_ACCEPT_ENCODING=identity to measure uncompressed answers. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const APP_URL = 'http://localhost:5000';
const AUTOCANNON = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));
const run = promisify(execFile);

type Load = {
  rps: number;
  /** The 99th percentile of the answers' latency, in milliseconds. */
  p99Ms: number;
  statuses: Record<string, number>;
  errors: number;
  /** CPU time this process (the server under load) spent per answered request, in microseconds. */
  cpuUs: number;
  /** CPU time of the database server's processes for this run's connections, per request (local PostgreSQL). */
  dbCpuUs: number | null;
};

const autocannon = (args: string[]) =>
  run(process.execPath, [AUTOCANNON, ...args], { maxBuffer: 16 * 1024 * 1024 });

/** Warms a URL up with a number of requests (not timed). */
async function warm(url: string, headers: Record<string, string>) {
  const args = ['-n', '-c', String(CONNECTION_LEVELS[0]), '-a', String(WARMUP_REQUESTS)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  await autocannon([...args, url]);
}

/** Loads a URL for DURATION_S from a separate process (autocannon) with keep-alive connections. */
async function load(url: string, headers: Record<string, string>, connections: number): Promise<Load> {
  const args = ['-j', '-n', '-c', String(connections), '-d', String(DURATION_S)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const dbBefore = await databaseCpuTicks();
  const cpuBefore = process.cpuUsage();
  const { stdout } = await autocannon([...args, url]);
  const cpu = process.cpuUsage(cpuBefore);
  const dbAfter = await databaseCpuTicks();
  const result = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p99: number };
    duration: number;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
  );
  const total = Math.max(1, result.requests.total);
  return {
    rps: result.requests.total / result.duration,
    p99Ms: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
    cpuUs: (cpu.user + cpu.system) / total,
    dbCpuUs:
      dbBefore === null || dbAfter === null
        ? null
        : (ticksBetween(dbBefore, dbAfter) * 1e6) / CLOCK_TICKS / total,
  };
}

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const CLOCK_TICKS = 100;

/**
 * CPU time (ticks) of each PostgreSQL backend serving the app's pool, read from /proc: only for a server on
 * this machine that this user may inspect (else null, and the column says n/a).
 */
async function databaseCpuTicks(): Promise<Map<number, number> | null> {
  if (!monitor || process.platform !== 'linux') return null;
  try {
    const { rows } = await monitor.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const ticks = new Map<number, number>();
    for (const { pid } of rows) {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
      if (stat === null) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    }
    return ticks.size > 0 ? ticks : null;
  } catch {
    return null;
  }
}

/** The ticks the backends spent between two readings (a connection opened in between counts from zero). */
function ticksBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
  return ticks;
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
// A connection of its own to find the app's backends (it leaves itself out of the count).
const monitor = url ? new pg.Client({ connectionString: url }) : null;
await monitor?.connect();
const config = loadConfig({
  NODE_ENV: 'production',
  SETTLEMENT_ACCOUNT_NUMBER: '62000000000',
  ...DEVELOPMENT_LEGAL_SETTINGS,
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
        identityType: 'sa_id',
        idNumber: '9001155009086',
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

// ---- the floor of this design: plain Node HTTP, the same one prepared read, a 304 ---------------------------
// What an unchanged poll cannot go below while it reads the session and the data version from the database on
// every request: no framework, no hooks, no logger, only the round trip and the answer.
const floorToken = sessionTokenHash(creatorCookie);
const floorHeaders: Record<string, string> = {};
for (const name of ['etag', 'cache-control', 'vary']) {
  const value = answer.headers[name];
  if (typeof value === 'string') floorHeaders[name] = value;
}
const floor = http.createServer((_req, res) => {
  findSessionWithUser(database.db, floorToken, 'creator').then(
    (read) => {
      res.writeHead(read ? 304 : 401, floorHeaders);
      res.end();
    },
    () => {
      res.writeHead(500);
      res.end();
    },
  );
});
const floorPort = await listen(floor);

console.log(
  `driver: ${database.driver}; ${CONNECTION_LEVELS.join(' and ')} keep-alive connections; ${ROUNDS} rounds of ` +
    `${DURATION_S} s per kind and level ` +
    `after ${WARMUP_REQUESTS} warm-up requests each; accept-encoding: ${ACCEPT_ENCODING}`,
);
// The app runs in this process, so this process should run as the server does (npm run bench:poll does).
const missingNodeArgs = SERVER_NODE_ARGS.filter(
  (arg) => arg.startsWith('--max') && !process.execArgv.includes(arg),
);
if (missingNodeArgs.length > 0) {
  console.log(
    `NOTE: not run with the server's Node arguments (${missingNodeArgs.join(' ')}); see bench/README.md`,
  );
}
console.log(
  `poll answer: ${answer.body.length} bytes on the wire (${answer.headers['content-encoding'] ?? 'identity'}), ` +
    `etag ${etag ?? 'none'}`,
);

// BENCH_ONLY=200 or 304 loads one kind of poll (to profile it alone).
const only = process.env.BENCH_ONLY;
const bareUrl = `http://127.0.0.1:${barePort}/api/applications`;
// BENCH_PROFILE=1 leaves the bare server and the floor out (and so the ratios): a profile then shows the app's
// work alone.
const profiling = process.env.BENCH_PROFILE === '1';
const kinds = [
  ...(profiling
    ? []
    : [{ name: 'bare node (same bytes)', url: bareUrl, headers: baseHeaders, goal: undefined }]),
  ...(only === '304'
    ? []
    : [{ name: 'poll 200 (changed)', url: pollUrl, headers: baseHeaders, goal: GOALS.changed }]),
  ...(etag && only !== '200'
    ? [
        ...(profiling
          ? []
          : [
              {
                name: 'floor: node + 1 read, 304',
                url: `http://127.0.0.1:${floorPort}/api/applications`,
                headers: baseHeaders,
                goal: undefined,
              },
            ]),
        {
          name: 'poll 304 (If-None-Match)',
          url: pollUrl,
          headers: { ...baseHeaders, 'if-none-match': etag },
          goal: GOALS.unchanged,
        },
      ]
    : []),
];
for (const kind of kinds) await warm(kind.url, kind.headers);
/** rounds[round][level][kind] */
const rounds: Load[][][] = [];
for (let round = 0; round < ROUNDS; round++) {
  const levels: Load[][] = [];
  for (const connections of CONNECTION_LEVELS) {
    const loads: Load[] = [];
    for (const kind of kinds) loads.push(await load(kind.url, kind.headers, connections));
    levels.push(loads);
  }
  rounds.push(levels);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const us = (value: number | null) => (value === null ? '   n/a' : value.toFixed(0).padStart(6));
const ratioText = (ratios: number[]) =>
  `${median(ratios).toFixed(3)} (${ratios.map((r) => r.toFixed(3)).join(', ')})`;

// Each level's table: rates, CPU and latency, and the ratio to the bare server at that level.
CONNECTION_LEVELS.forEach((connections, level) => {
  console.log(
    `\n${`${connections} connections`.padEnd(26)} ${'req/s'.padStart(7)}  ${'CPU µs/req: app'.padStart(15)} ` +
      `${'database'.padStart(8)} ${'p99 ms'.padStart(7)}  ratio to bare (rounds)`,
  );
  kinds.forEach((kind, k) => {
    const loads = rounds.map((r) => r[level]![k]!);
    const statuses: Record<string, number> = {};
    for (const l of loads)
      for (const [code, n] of Object.entries(l.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
    const errors = loads.reduce((n, l) => n + l.errors, 0);
    const dbCpu = loads.every((l) => l.dbCpuUs !== null) ? median(loads.map((l) => l.dbCpuUs!)) : null;
    const ratios = rounds.map((r) => r[level]![k]!.rps / r[level]![0]!.rps);
    console.log(
      `${kind.name.padEnd(26)} ${median(loads.map((l) => l.rps))
        .toFixed(0)
        .padStart(7)}  ` +
        `${us(median(loads.map((l) => l.cpuUs))).padStart(15)} ${us(k === 0 ? null : dbCpu).padStart(8)} ` +
        `${median(loads.map((l) => l.p99Ms))
          .toFixed(1)
          .padStart(7)}  ${profiling || k === 0 ? '' : ratioText(ratios)}` +
        `  statuses ${JSON.stringify(statuses)}${errors ? ` errors ${errors}` : ''}`,
    );
  });
});

// The verdict: in each round, each server's throughput is its highest rate at any level.
if (!profiling) {
  console.log("\nthroughput (highest rate of the levels in each round; median of the rounds' ratios)");
  kinds.forEach((kind, k) => {
    if (k === 0) return;
    const best = (round: Load[][], index: number) => Math.max(...round.map((level) => level[index]!.rps));
    const ratios = rounds.map((round) => best(round, k) / best(round, 0));
    const verdict =
      kind.goal === undefined
        ? ''
        : `; goal >= ${kind.goal.toFixed(2)}: ${median(ratios) >= kind.goal ? 'met' : 'MISSED'}`;
    console.log(`${kind.name.padEnd(26)} ${ratioText(ratios)}${verdict}`);
  });
}
if (!etag) console.log('poll 304 (If-None-Match)     n/a: the answer carries no ETag');
console.log(
  'CPU µs/req: "app" is this process (the app, or the bare server); "database" the PostgreSQL backends of the ' +
    "app's pool when the server runs on this machine; p99 the 99th percentile of the answers' latency. On a busy " +
    'machine the CPU says more than req/s. Load average: ' +
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' '),
);

bare.close();
floor.close();
await app.close();
await monitor?.end();
await database.close();
