// Connections fail, the server stays. A server process records a burst of 40 payments while
// PostgreSQL terminates the app's connections (pg_terminate_backend) three times, idle and in mid-transaction:
// the process lives, every request answers 201 or a clean 503 (never a 500, never a dropped socket), every
// acknowledged payment is kept, none is half-written (its allocations, ledger journal and audit row are all there,
// and the balance is the schedule's total less what was kept), and the next 100 requests succeed on fresh
// connections. PostgreSQL only: the embedded database has no connections to lose.
import type { ChildProcess } from 'node:child_process';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { startCrashServer } from '../support/crash-process';
import { adminLoan, type Loan, quickUser, type SignedIn, unallocatedPayments } from '../support/servicing';
import { APP_URL, createTestApp, type TestApp } from '../support/test-app';

const onPostgres = process.env.TEST_DB_DRIVER === 'pg';
const BURST = 40;

let t: TestApp;
let admin: SignedIn;
let loan: Loan;
let child: ChildProcess | undefined;
const children: ChildProcess[] = [];
let exited: number | null | undefined;

async function startServer(): Promise<string> {
  const started = await startCrashServer(t, children, {
    dataDirPrefix: 'vuka-cut-',
    stderr: 'pipe',
    onExit: (code) => {
      exited = code;
    },
  });
  child = started.child;
  return started.url;
}

/** Ends every connection to the test's database but the one asking: the server's, idle or in a transaction. */
async function cutConnections(): Promise<number> {
  const cutter = new pg.Client({ connectionString: t.database.url });
  await cutter.connect();
  try {
    const { rows } = await cutter.query(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows[0].n as number;
  } finally {
    await cutter.end();
  }
}

async function send(url: string, pathname: string, init: RequestInit = {}) {
  try {
    const res = await fetch(`${url}${pathname}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        origin: APP_URL,
        cookie: admin.cookieHeader(),
        ...init.headers,
      },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } catch (error) {
    return { status: 0, body: { error: String(error) } };
  }
}

describe.runIf(onPostgres)('losing PostgreSQL connections mid-transaction (PostgreSQL only)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await quickUser(t, 'cut-admin@example.com', 'admin');
    const creator = await quickUser(t, 'cut-creator@example.com');
    loan = await adminLoan(admin, creator, { requestedAmount: 20_000 });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await t?.close();
  });

  it('a burst of 40 payments with the connections cut three times: the server lives, nothing half-written', async () => {
    const url = await startServer();
    const answers: Array<{ status: number; body: Record<string, unknown> }> = [];
    const burst = Array.from({ length: BURST }, (_, i) =>
      send(url, `/api/admin/applications/${loan.id}/payments`, {
        method: 'POST',
        headers: { 'idempotency-key': `cut-burst-${String(i).padStart(3, '0')}` },
        body: JSON.stringify({ amount: '3.00', paymentDate: '2026-11-23', notes: `burst ${i}` }),
      }).then((answer) => {
        answers.push(answer);
        return answer;
      }),
    );
    // Cut while payments queue on the loan's row lock, after some have been answered.
    let cuts = 0;
    const deadline = Date.now() + 30_000;
    for (const after of [3, 12, 24]) {
      while (answers.length < after && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
      cuts += await cutConnections();
    }
    const outcomes = await Promise.all(burst);
    expect(cuts, 'connections were cut').toBeGreaterThan(0);
    expect(exited, 'the server process is still running').toBeUndefined();

    const statuses = outcomes.map((o) => o.status);
    for (const [i, o] of outcomes.entries())
      expect([201, 503], `payment ${i}: ${JSON.stringify(o)}`).toContain(o.status);
    const refused = outcomes.filter((o) => o.status === 503);
    expect(refused.length, `some payments met a cut connection (${statuses.join(',')})`).toBeGreaterThan(0);
    expect(refused[0]!.body.message).toMatch(/database/i);

    // Every acknowledged payment is kept, and only whole payments are: allocations, ledger journal, audit row.
    await new Promise((r) => setTimeout(r, 300));
    const acknowledged = outcomes
      .filter((o) => o.status === 201)
      .map((o) => (o.body.data as { payment: { id: number } }).payment.id);
    const kept = await queryRows<{ id: number; amount: string; journals: number; answers: number }>(
      t.database.db,
      sql`select p.id, p.amount::text,
            (select count(*)::int from ledger_entries e where e.payment_id = p.id) as journals,
            (select count(*)::int from idempotency_keys k where k.key = p.idempotency_key) as answers
          from payments p where p.application_id = ${loan.id} order by p.id`,
    );
    expect(kept.map((p) => p.id)).toEqual(expect.arrayContaining(acknowledged));
    for (const p of kept) expect(p, `payment ${p.id}`).toMatchObject({ journals: 1, answers: 1 });
    const [audits] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from user_admin_actions
          where action = 'payment_added' and notes like ${`#${loan.id}: %`}`,
    );
    expect(audits!.n).toBe(kept.length);
    expect(await unallocatedPayments(t.database.db, loan.id)).toEqual([]);
    const [schedule] = await queryRows<{ total: string; remaining: string; paid: string }>(
      t.database.db,
      sql`select total_amount::text as total, remaining_amount::text as remaining, paid_amount::text as paid
          from repayment_schedules where application_id = ${loan.id}`,
    );
    const paid = kept.reduce((sum, p) => sum.plus(p.amount), new Decimal(0));
    expect(new Decimal(schedule!.total).minus(paid).toFixed(2)).toBe(schedule!.remaining);
    expect(paid.toFixed(2)).toBe(schedule!.paid);

    // The next 100 requests succeed on fresh connections, reads and writes alike, without a restart.
    const next = [];
    for (let i = 0; i < 100; i++) {
      next.push(
        i % 10 === 0
          ? await send(url, `/api/admin/applications/${loan.id}/payments`, {
              method: 'POST',
              body: JSON.stringify({ amount: '1.00', paymentDate: '2026-11-23' }),
            })
          : await send(url, i % 2 ? '/api/user' : `/api/applications/${loan.id}/servicing`),
      );
    }
    expect(next.filter((n) => n.status >= 300).map((n) => `${n.status} ${JSON.stringify(n.body)}`)).toEqual(
      [],
    );
    expect(exited).toBeUndefined();
  }, 120_000);
});
