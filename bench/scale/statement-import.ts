// The bank statement import at scale (docs/bank-statements.md, "Scale"): a 10 000-line FNB statement, half
// of it paying loans of the book by their reference (R 1,00 each, so no loan is paid off) and half deposits nobody
// can place, uploaded over HTTP while an admin and a creator keep using the app. Reports the import's time against
// its budget (bench/scale-budgets.json, jobs."bank statement import 10 000 lines") and the slowest request served
// meanwhile against 100 ms. Every run's lines are new (a run token in their words), so a second run imports too.
//
// run.ts calls `benchStatementImport` on the 100 000-application book. On a small world of its own (a fresh
// PostgreSQL database with a handful of loans, the same HTTP path):
//   TEST_DB_DRIVER=pg TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     [BENCH_LOANS=5] npx tsx bench/scale/statement-import.ts [--lines 2000] [--no-refs]
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { paymentReferenceFor } from '../../src/shared/finance/payment-reference';

export type StatementImportResult = {
  lines: number;
  ms: number;
  status: number;
  summary: string;
  during: { requests: number; maxMs: number; p95Ms: number; over100: string[] };
  budgetMs: number;
  over: boolean;
};

/** An FNB CSV of `lines` lines on `day`: every other line pays one of `loanIds` R 1,00 by reference. */
export function statementCsv(loanIds: number[], lines: number, day: string): Buffer {
  const token = randomBytes(4).toString('hex').toUpperCase();
  const date = day.replaceAll('-', '/');
  const rows = ['2,"Vuka Capital (Pty) Ltd"', 'Date,Amount,Balance,Description'];
  for (let i = 0; i < lines; i++) {
    rows.push(
      i % 2 === 0 && loanIds.length > 0
        ? `${date},1.00,0,FNB APP PAYMENT ${token} ${paymentReferenceFor(loanIds[(i / 2) % loanIds.length]!)}`
        : `${date},${(10 + (i % 90)).toFixed(2)},0,ADT CASH DEPOSIT ${token} ${i}`,
    );
  }
  return Buffer.from(rows.join('\n'));
}

function request(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(`${base}${path}`, { method, headers, timeout: 600_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Lines of the untimed statement imported first. */
const WARM_UP_LINES = 200;

/** POST /api/admin/bank-statements with a CSV as an FNB statement, as the admin's browser sends it. */
function uploadStatement(options: { base: string; origin: string; adminCookie: string }, csv: Buffer) {
  const boundary = `----vukabench${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="bank"\r\n\r\nfnb\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    csv,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return request(
    options.base,
    'POST',
    '/api/admin/bank-statements',
    {
      cookie: options.adminCookie,
      origin: options.origin,
      accept: 'application/json',
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(payload.length),
    },
    payload,
  );
}

export async function benchStatementImport(options: {
  base: string;
  /** The app's own origin (APP_URL): state changes from elsewhere are refused. */
  origin: string;
  adminCookie: string;
  creatorCookie: string;
  /** A read the creator makes meanwhile (their applications). */
  creatorPath: string;
  loanIds: number[];
  day: string;
  lines: number;
  budgetMs: number;
}): Promise<StatementImportResult> {
  // Meanwhile: the admin reads the worklist and the creator their loans, one after the other, as people would.
  const reads = [
    [options.adminCookie, '/api/admin/suspense?status=open&pageSize=50'],
    [options.creatorCookie, options.creatorPath],
  ] as const;
  // A server that has run for a while: the import's code and these reads already compiled by a small statement and
  // a round of reads (as any import and read before them would have), so what is measured is the import and the reads
  // beside it, not the first call of each function.
  const warmUp = await uploadStatement(options, statementCsv(options.loanIds, WARM_UP_LINES, options.day));
  if (warmUp.status !== 200) throw new Error(`The warm-up import failed: ${warmUp.status} ${warmUp.body}`);
  for (const [cookie, path] of reads)
    await request(options.base, 'GET', path, { cookie, accept: 'application/json' });
  const upload = uploadStatement(options, statementCsv(options.loanIds, options.lines, options.day));
  const during: number[] = [];
  /** The reads over 100 ms: which, how slow, and when after the upload began. */
  const over100: string[] = [];
  const started = performance.now();
  let done = false;
  const readers = (async () => {
    while (!done) {
      for (const [cookie, path] of reads) {
        const answer = await request(options.base, 'GET', path, { cookie, accept: 'application/json' });
        if (answer.status === 200) during.push(answer.ms);
        if (answer.ms > 100) {
          over100.push(
            `${path.split('?')[0]} ${answer.ms.toFixed(0)} ms at ${((performance.now() - started) / 1000).toFixed(1)} s`,
          );
        }
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const answer = await upload.finally(() => {
    done = true;
  });
  await readers;
  during.sort((a, b) => a - b);
  return {
    lines: options.lines,
    ms: answer.ms,
    status: answer.status,
    summary: answer.body.slice(0, 300),
    during: {
      requests: during.length,
      maxMs: during.at(-1) ?? 0,
      p95Ms: during[Math.max(0, Math.ceil(during.length * 0.95) - 1)] ?? 0,
      over100,
    },
    budgetMs: options.budgetMs,
    over: answer.status !== 200 || answer.ms > options.budgetMs || (during.at(-1) ?? 0) > 100,
  };
}

export function describeResult(r: StatementImportResult): string {
  return (
    `bank statement import ${r.lines.toLocaleString('en-ZA')} lines: ${r.status} in ${(r.ms / 1000).toFixed(1)} s ` +
    `(budget ${(r.budgetMs / 1000).toFixed(0)} s); ${r.during.requests} requests meanwhile, p95 ${r.during.p95Ms.toFixed(0)} ms, ` +
    `slowest ${r.during.maxMs.toFixed(0)} ms (goal 100)  ${r.over ? 'OVER' : 'ok'}\n  ${r.summary}` +
    (r.during.over100.length ? `\n  over 100 ms: ${r.during.over100.join('; ')}` : '')
  );
}

// Standalone: a small world of its own on PostgreSQL, the same HTTP path.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { createTestApp } = await import('../../tests/support/test-app');
  const { adminLoan, quickUser, travelTo } = await import('../../tests/support/servicing');
  const at = process.argv.indexOf('--lines');
  const lines = at >= 0 ? Number(process.argv[at + 1]) : 2_000;
  const t = await createTestApp();
  try {
    const admin = await quickUser(t, 'bench-import-admin@example.com', 'admin');
    const creator = await quickUser(t, 'bench-import-creator@example.com');
    const loanIds: number[] = [];
    for (let i = 0; i < Number(process.env.BENCH_LOANS ?? 5); i++) {
      const owner = i === 0 ? creator : await quickUser(t, `bench-import-${i}@example.com`);
      loanIds.push((await adminLoan(admin, owner, { requestedAmount: 50_000 })).id);
    }
    travelTo(t, '2026-11-24');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const result = await benchStatementImport({
      base,
      origin: t.config.appUrl,
      adminCookie: admin.cookieHeader(),
      creatorCookie: creator.cookieHeader(),
      creatorPath: '/api/applications',
      loanIds: process.argv.includes('--no-refs') ? [] : loanIds,
      day: '2026-11-24',
      lines,
      budgetMs: 10_000,
    });
    console.log(describeResult(result));
  } finally {
    await t.close();
  }
}
