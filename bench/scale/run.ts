// npm run bench:scale: builds the scale book when it is missing (or with --rebuild), starts the real app on
// it in a child process, signs in over HTTP and measures each admin, lending and creator endpoint over
// keep-alive HTTP: p50 and p95 of N runs after warm-ups, against bench/scale-budgets.json. It reports; the
// exit code is 0 even when a budget is exceeded (OVER is printed), 1 only when the bench itself cannot run.
//
//   npm run bench:scale -- [--rebuild] [--check] [--runs 30] [--warmup 5] [--only <text>] [--json <file>]
import { execSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import pg from 'pg';
import { SERVER_NODE_ARGS } from '../../scripts/server-node.mjs';
import { PASS_MFA_SQL, sessionTokenHash } from '../support/admin-session';
import { BOOK_TODAY, benchUrl, bookStatus, KNOWN, seconds } from './book';
import { buildBook } from './build-book';
import { checkBook } from './check-book';
import { benchStatementImport, describeResult } from './statement-import';

type Budget = { p50Ms: number; p95Ms: number };
type Group = 'admin' | 'creator';
type Case = {
  name: string;
  group: Group;
  method: 'GET' | 'POST';
  path: string;
  body?: () => object;
  headers?: () => Record<string, string>;
};
type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; ms: number };

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
const RUNS = Number(option('runs', '30'));
const WARMUP = Number(option('warmup', '5'));
const ONLY = option('only', '');
const JSON_OUT = option('json', '');

const budgets: { defaults: Record<Group, Budget>; cases: Record<string, Budget> } = JSON.parse(
  readFileSync(new URL('../scale-budgets.json', import.meta.url), 'utf8'),
);
const budgetOf = (c: Case) => budgets.cases[c.name] ?? budgets.defaults[c.group];

// ---------------------------------------------------------------------------------------------------------
// HTTP over one kept-alive connection per signed-in user, as a browser tab would use.

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let base = '';

function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          accept: 'application/json',
          'accept-encoding': 'gzip, deflate, br',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        timeout: 120_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)));
    request.on('error', reject);
    request.end(body);
  });
}

function text(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  try {
    if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8');
    if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8');
    if (encoding === 'deflate') return zlib.inflateSync(answer.body).toString('utf8');
  } catch {
    return `(undecodable ${encoding} body)`;
  }
  return answer.body.toString('utf8');
}

/** What the answer says about its size: the list total, or how many rows. */
function note(answer: Answer): string {
  try {
    const json = JSON.parse(text(answer)) as Record<string, unknown>;
    const data = json.data;
    const parts: string[] = [];
    if (typeof json.total === 'number') parts.push(`total ${json.total}`);
    if (Array.isArray(data)) parts.push(`${data.length} rows`);
    else if (Array.isArray(json.applications)) parts.push(`${json.applications.length} applications`);
    return parts.join(', ');
  } catch {
    return '';
  }
}

async function signIn(username: string, appUrl: string): Promise<string> {
  const answer = await send(
    'POST',
    '/api/login',
    { origin: appUrl },
    JSON.stringify({ username, password: KNOWN.password }),
  );
  if (answer.status !== 200)
    throw new Error(`Sign-in of ${username} answered ${answer.status}: ${text(answer)}`);
  const cookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
  return cookies.map((c) => c.split(';')[0]).join('; ');
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

// ---------------------------------------------------------------------------------------------------------

const url = benchUrl();
const status = await bookStatus(url);
if (flag('rebuild') || status !== 'ready') {
  if (!flag('rebuild')) console.log(`The scale book is ${status}; building it.`);
  await buildBook(url);
  await checkBook(url);
} else if (flag('check')) {
  await checkBook(url);
}

const db = new pg.Client({ connectionString: url });
await db.connect();
const { rows } = await db.query<{
  creator_id: number;
  loan_id: number;
  production_apps: string;
  payments: string;
  pg: string;
}>(
  `select (select id from users where username = $1) as creator_id,
     (select a.id from financing_applications a join users u on u.id = a.user_id
       where u.username = $1 and a.status = 'active' order by a.id limit 1) as loan_id,
     (select count(*) from financing_applications where status not like '%\\_testing' escape '\\') as production_apps,
     (select count(*) from payments) as payments,
     current_setting('server_version') as pg`,
  [KNOWN.creator],
);
await db.end();
const known = rows[0]!;
if (!known.creator_id || !known.loan_id)
  throw new Error('The known creator or their active loan is missing.');
const lastPage = Math.ceil(Number(known.production_apps) / 50);

const port = await freePort();
base = `http://127.0.0.1:${port}`;
const serverStarted = performance.now();
const server = fork(fileURLToPath(new URL('./serve.ts', import.meta.url)), [], {
  // BENCH_PROFILE=1 writes the server's CPU profile to /tmp/prof when it stops (what the import's time is spent on).
  execArgv: [
    ...SERVER_NODE_ARGS,
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
  ],
  env: { ...process.env, BENCH_PORT: String(port), BENCH_SCALE_URL: url },
  stdio: 'inherit',
});
await new Promise<void>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('The app did not start within 180 s')), 180_000);
  server.once('message', () => {
    clearTimeout(timer);
    resolve();
  });
  server.once('exit', (code) => reject(new Error(`The app exited with code ${code} before listening`)));
});
console.log(`App listening on ${base} (started in ${seconds(serverStarted)}).`);

let commit = 'unknown';
try {
  commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  if (execSync('git status --porcelain src', { encoding: 'utf8' }).trim()) commit += ' + uncommitted changes';
} catch {}

try {
  const adminCookie = await signIn(KNOWN.admin, base);
  const mfaDb = new pg.Client({ connectionString: url });
  await mfaDb.connect();
  await mfaDb.query(PASS_MFA_SQL, [sessionTokenHash(adminCookie)]);
  await mfaDb.end();
  const creatorCookie = await signIn(KNOWN.creator, base);
  const admin = (name: string, path: string): Case => ({ name, group: 'admin', method: 'GET', path });
  const creator = (name: string, path: string): Case => ({ name, group: 'creator', method: 'GET', path });
  const lendingFilters: Array<[string, string]> = [
    ['', ''],
    [' status=active', 'status=active'],
    [' year=2025', 'year=2025'],
    [' month=3&year=2025', 'month=3&year=2025'],
    [' bucket=1-30', 'bucket=1-30'],
    [' search', 'search=khumal'],
    [' platformId', 'platformId=1'],
    [' userId', `userId=${known.creator_id}`],
  ];
  const apps = '/api/admin/applications';
  const details = '/api/lending-management/details';
  const payment: Case = {
    name: 'admin POST payment (R1, idempotency key)',
    group: 'admin',
    method: 'POST',
    path: `${apps}/${known.loan_id}/payments`,
    body: () => ({ amount: '1.00', paymentDate: BOOK_TODAY }),
    headers: () => ({ 'idempotency-key': `scale-${randomBytes(8).toString('hex')}` }),
  };
  const cases: Case[] = [
    admin('admin GET /api/admin/overview', '/api/admin/overview'),
    admin('admin applications page 1', `${apps}?page=1&pageSize=50`),
    admin('admin applications page 500', `${apps}?page=500&pageSize=50`),
    admin(`admin applications last page (${lastPage})`, `${apps}?page=${lastPage}&pageSize=50`),
    admin('admin applications sort requestedAmount', `${apps}?sort=requestedAmount`),
    admin('admin applications sort -creditScore', `${apps}?sort=-creditScore`),
    admin('admin applications status=active', `${apps}?status=active`),
    admin('admin applications status=pending_review', `${apps}?status=pending_review`),
    admin('admin applications search name', `${apps}?search=khumal`),
    admin('admin applications search id', `${apps}?search=${known.loan_id}`),
    admin('admin GET /api/admin/applications/:id', `${apps}/${known.loan_id}`),
    admin('admin users page 1', '/api/admin/users?page=1&pageSize=50'),
    admin('admin users search', '/api/admin/users?search=thandeka'),
    admin('admin users sort name', '/api/admin/users?sort=name'),
    admin('admin GET /api/admin/users/:id', `/api/admin/users/${known.creator_id}`),
    admin('admin GET /api/admin/settlement-quotes', '/api/admin/settlement-quotes'),
    ...lendingFilters.map(([label, query]) =>
      admin(`lending summary${label}`, `/api/lending-management/summary${query ? `?${query}` : ''}`),
    ),
    ...lendingFilters.map(([label, query]) =>
      admin(`lending details${label}`, `${details}${query ? `?${query}` : ''}`),
    ),
    // The book (several statuses at once) and the most days past due first, page 1 and a deep page.
    admin('lending details status=active,defaulted', `${details}?status=active,defaulted`),
    admin('lending details sort -daysPastDue', `${details}?sort=-daysPastDue`),
    admin('lending details sort -daysPastDue page 40', `${details}?sort=-daysPastDue&page=40&pageSize=50`),
    ...['-createdAt', 'requestedAmount', 'remainingAmount', 'nextPaymentDate'].map((sort) =>
      admin(`lending details sort ${sort}`, `${details}?sort=${sort}`),
    ),
    admin('lending details page 1000', `${details}?page=1000&pageSize=50`),
    admin('lending default cohorts', '/api/lending-management/default-cohorts'),
    // Collections (docs/collections.md): the worklist riskiest first, by view and bucket, and one loan's case.
    admin('collections worklist', '/api/admin/collections'),
    admin('collections worklist page 20', '/api/admin/collections?page=20'),
    admin('collections worklist bucket=90+', '/api/admin/collections?bucket=90%2B'),
    admin('collections worklist view=unassigned', '/api/admin/collections?view=unassigned'),
    admin('collections case', `/api/admin/collections/${known.loan_id}`),
    // The National Credit Act's reports (docs/compliance.md): a quarter's NCR return, the bureau files, a loan's record.
    admin('ncr form 39 2026-Q3', '/api/admin/reports/form-39?quarter=2026-Q3'),
    admin('ncr form 39 csv 2026-Q3', '/api/admin/reports/form-39.csv?quarter=2026-Q3'),
    // The books (docs/accounting.md): the trial balance today (October's close plus November's bookings) and on a day
    // inside a closed year, the months, the loss allowance, and a month's journals for Xero (daily, and every entry:
    // 280 000 lines, a file a finance team downloads once a month, with its own budget).
    admin('books trial balance today', '/api/admin/books/trial-balance'),
    admin('books trial balance 2025-03-15', '/api/admin/books/trial-balance?asOf=2025-03-15'),
    admin('books periods', '/api/admin/books/periods'),
    // Aged arrears today (the schedules) and at October's close, and the roll rates from September into October.
    admin('reports aged arrears today', '/api/admin/reports/aged-arrears'),
    admin('reports aged arrears 2026-10', '/api/admin/reports/aged-arrears?period=2026-10'),
    admin('reports roll rates 2026-10', '/api/admin/reports/roll-rates?period=2026-10'),
    admin('books provisions', '/api/admin/books/provisions'),
    // The vintage curves as the daily job kept them (the first read of a book without them computes and keeps them; the
    // computing itself is timed by jobs.ts).
    admin('reports vintages', '/api/admin/reports/vintages'),
    admin(
      'books journal csv 2026-10',
      '/api/admin/books/journal.csv?from=2026-10-01&to=2026-10-31&layout=xero',
    ),
    admin(
      'books journal csv entries 2026-10',
      '/api/admin/books/journal.csv?from=2026-10-01&to=2026-10-31&layout=xero&detail=entries',
    ),
    admin('admin GET /api/admin/bureau-submissions', '/api/admin/bureau-submissions'),
    admin('admin GET /api/admin/applications/:id/nca', `${apps}/${known.loan_id}/nca`),
    creator('creator GET /api/user', '/api/user'),
    creator('creator GET /api/applications', '/api/applications'),
    creator('creator GET /api/applications/:id/servicing', `/api/applications/${known.loan_id}/servicing`),
    payment,
  ].filter((c) => !ONLY || c.name.includes(ONLY));

  console.log(
    `\nscale bench: ${Number(known.production_apps).toLocaleString('en-ZA')} applications in production mode, ` +
      `${Number(known.payments).toLocaleString('en-ZA')} payments; PostgreSQL ${known.pg}; Node ${process.version}; ` +
      `${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; code ${commit}`,
  );
  console.log(
    `${RUNS} runs after ${WARMUP} warm-ups each, one keep-alive connection, times to the last byte.\n`,
  );
  const header = `${'endpoint'.padEnd(46)} ${'status'.padStart(6)} ${'bytes'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'budget'.padStart(9)}  verdict`;
  console.log(header);
  console.log('-'.repeat(header.length + 12));

  const results: Array<Record<string, unknown>> = [];
  let over = 0;
  let failed = 0;
  for (const c of cases) {
    const cookie = c.group === 'creator' ? creatorCookie : adminCookie;
    const call = () =>
      send(
        c.method,
        c.path,
        { cookie, ...(c.method === 'POST' ? { origin: base } : {}), ...(c.headers?.() ?? {}) },
        c.body ? JSON.stringify(c.body()) : undefined,
      );
    const budget = budgetOf(c);
    const times: number[] = [];
    let last: Answer | undefined;
    let failure: Answer | undefined;
    let error: string | undefined;
    try {
      for (let i = 0; i < WARMUP + RUNS && !failure; i++) {
        const answer = await call();
        if (answer.status < 200 || answer.status > 299) failure = answer;
        else if (i >= WARMUP) times.push(answer.ms);
        last = answer;
      }
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (failure || error) {
      failed++;
      const why = failure ? text(failure).replace(/\s+/g, ' ').slice(0, 200) : error!;
      console.log(`${c.name.padEnd(46)} ${String(failure?.status ?? 'error').padStart(6)}  FAILED: ${why}`);
      results.push({ name: c.name, path: c.path, failed: true, status: failure?.status, message: why });
      continue;
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 0.5);
    const p95 = percentile(times, 0.95);
    const problems = [
      p50 > budget.p50Ms ? `OVER p50 ${budget.p50Ms}` : '',
      p95 > budget.p95Ms ? `OVER p95 ${budget.p95Ms}` : '',
    ].filter(Boolean);
    if (problems.length) over++;
    const size = last!.body.length;
    const encoding = last!.headers['content-encoding'];
    console.log(
      `${c.name.padEnd(46)} ${String(last!.status).padStart(6)} ${`${size}${encoding ? '*' : ''}`.padStart(9)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${`${budget.p50Ms}/${budget.p95Ms}`.padStart(9)}  ${problems.length ? problems.join(', ') : 'ok'}${note(last!) ? `  (${note(last!)})` : ''}`,
    );
    results.push({
      name: c.name,
      path: c.path,
      status: last!.status,
      bytes: size,
      encoding,
      p50,
      p95,
      budget,
    });
  }
  // The bank statement import (docs/bank-statements.md, "Scale"): 10 000 lines against the book, requests meanwhile.
  const importName = 'bank statement import 10 000 lines';
  if (!ONLY || importName.includes(ONLY)) {
    const loansDb = new pg.Client({ connectionString: url });
    await loansDb.connect();
    const { rows: loanRows } = await loansDb.query<{ id: number }>(
      `select id from financing_applications where status in ('active', 'defaulted') order by id limit 5000`,
    );
    await loansDb.end();
    const imported = await benchStatementImport({
      base,
      origin: base,
      adminCookie,
      creatorCookie,
      creatorPath: '/api/applications',
      loanIds: loanRows.map((r) => r.id),
      day: BOOK_TODAY,
      lines: 10_000,
      budgetMs:
        (budgets as unknown as { jobs: Record<string, { ms: number }> }).jobs[importName]?.ms ?? 10_000,
    });
    console.log(`\n${describeResult(imported)}`);
    if (imported.status !== 200) failed++;
    else if (imported.over) over++;
    results.push({ name: importName, ...imported });
  }
  console.log(
    `\n${cases.length} endpoints: ${cases.length - over - failed} within budget, ${over} OVER budget, ${failed} failed.` +
      ' (bytes on the wire; * = compressed)',
  );
  if (JSON_OUT) {
    writeFileSync(
      JSON_OUT,
      `${JSON.stringify({ at: new Date().toISOString(), commit, runs: RUNS, results }, null, 2)}\n`,
    );
  }
} finally {
  agent.destroy();
  server.kill('SIGTERM');
}
