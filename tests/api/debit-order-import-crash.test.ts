// A debit-order result import killed with SIGKILL part-way (docs/debit-orders.md, "The result
// file"): each line is applied in its own transaction, so afterwards every collection is either whole (its result,
// its payment with the balance and journal, its e-mail) or untouched, and importing the same file again (to another
// process) finishes the rest without applying anything twice. PostgreSQL only: the embedded database belongs to one
// process, so there is no other process to crash.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { resultFileText } from '../../src/server/features/debit-orders/debit-order-files';
import { multipartFile } from '../support/accounts';
import { startCrashServer } from '../support/crash-process';
import { authoriseMandate, debitLoan } from '../support/debit-orders';
import { quickUser, type SignedIn, servicingOf, travelTo } from '../support/servicing';
import { APP_URL, createTestApp, type TestApp } from '../support/test-app';

const onPostgres = process.env.TEST_DB_DRIVER === 'pg';
const LOANS = 40;

let t: TestApp;
let admin: SignedIn;
const children: ChildProcess[] = [];

const startServer = () => startCrashServer(t, children);

function upload(url: string, runId: number, text: string) {
  const file = multipartFile('results.csv', Buffer.from(text), 'text/csv');
  return fetch(`${url}/api/admin/debit-orders/runs/${runId}/results`, {
    method: 'POST',
    headers: { ...file.headers, origin: APP_URL, cookie: admin.cookieHeader() },
    body: file.payload,
  });
}

type ItemState = {
  id: number;
  application_id: number;
  status: string;
  payment_id: number | null;
  payments: number;
  mails: number;
  journals: number;
};

const itemStates = (runId: number) =>
  queryRows<ItemState>(
    t.database.db,
    sql`select i.id, i.application_id, i.status, i.payment_id,
          (select count(*)::int from payments p where p.idempotency_key = 'debit-order-item:' || i.id) as payments,
          (select count(*)::int from mail_outbox m where m.notice_key = 'debit-unpaid:' || i.id) as mails,
          (select count(*)::int from ledger_entries e join payments p on p.id = e.payment_id
            where p.idempotency_key = 'debit-order-item:' || i.id) as journals
        from debit_order_items i where i.run_id = ${runId} order by i.id`,
  );

/** Each item is whole (its result with its payment and journal, or its e-mail) or untouched. */
function expectWholeOrAbsent(states: ItemState[]) {
  for (const s of states) {
    if (s.status === 'pending')
      expect(s, `item ${s.id}`).toMatchObject({ payments: 0, mails: 0, payment_id: null });
    else if (s.status === 'paid')
      expect(s, `item ${s.id}`).toMatchObject({ payments: 1, journals: 1, mails: 0 });
    else expect(s, `item ${s.id}`).toMatchObject({ payments: 0, mails: 1 });
  }
}

describe.runIf(onPostgres)('a debit-order result import after a crash (PostgreSQL only)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    travelTo(t, '2026-11-23');
    admin = await quickUser(t, 'debit-crash-admin@example.com', 'admin');
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await t?.close();
  });

  it('killed with SIGKILL part-way: every line whole or absent, and the same file again finishes it once', async () => {
    const loans: number[] = [];
    for (let i = 0; i < LOANS; i++) {
      const creator = await quickUser(t, `debit-crash-${i}@example.com`);
      const loan = await debitLoan(admin, creator);
      await authoriseMandate(creator, loan, {
        bank: 'FNB',
        branchCode: '250655',
        accountType: 'cheque',
        accountNumber: `6200${String(i).padStart(6, '0')}`,
      });
      loans.push(loan);
    }
    const due = (await servicingOf(admin, loans[0]!)).instalments[0]!.dueDate;
    const run = (await admin.post('/api/admin/debit-orders/runs', { collectionDate: due })).json();
    expect(run.items).toBe(LOANS);
    expect((await admin.get(`/api/admin/debit-orders/runs/${run.id}/file`)).statusCode).toBe(200);
    const items = (await admin.get(`/api/admin/debit-orders/runs/${run.id}?pageSize=200`)).json().items
      .data as Array<{
      id: number;
      applicationId: number;
      total: string;
      contractReference: string;
    }>;
    // Every fifth collection unpaid (02: re-presented); the rest paid.
    const text = resultFileText(
      items.map((item, i) => ({
        itemId: item.id,
        reference: item.contractReference,
        cents: new Decimal(item.total).times(100).toFixed(0),
        status: i % 5 === 0 ? 'unpaid' : 'paid',
        code: i % 5 === 0 ? '02' : undefined,
      })),
    );
    travelTo(t, due, '16:00');

    const first = await startServer();
    const cut = upload(first.url, run.id, text).then(
      (res) => res.status,
      () => 'cut' as const,
    );
    // Kill it once some lines are applied and others are not.
    const deadline = Date.now() + 30_000;
    let applied = 0;
    while (applied < 3 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 2));
      [{ applied }] = (await queryRows<{ applied: number }>(
        t.database.db,
        sql`select count(*)::int as applied from debit_order_items where run_id = ${run.id} and status <> 'pending'`,
      )) as [{ applied: number }];
    }
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    expect(await cut).toBe('cut');

    const afterCrash = await itemStates(run.id);
    const done = afterCrash.filter((s) => s.status !== 'pending').length;
    expect(done, 'some lines were applied before the kill').toBeGreaterThanOrEqual(3);
    expect(done, 'some lines were not').toBeLessThan(LOANS);
    expectWholeOrAbsent(afterCrash);

    const second = await startServer();
    const resumed = await upload(second.url, run.id, text);
    expect(resumed.status).toBe(200);
    const summary = await resumed.json();
    expect(summary).toMatchObject({ lines: LOANS, duplicates: done, failed: 0 });
    expect(summary.paid + summary.unpaid).toBe(LOANS - done);

    const final = await itemStates(run.id);
    expectWholeOrAbsent(final);
    expect(final.filter((s) => s.status === 'paid')).toHaveLength(LOANS - LOANS / 5);
    expect(final.filter((s) => s.status === 'unpaid')).toHaveLength(LOANS / 5);
    // Each paid loan has its one debit-order payment, and its balance fell by it once.
    const perLoan = await queryRows<{
      application_id: number;
      n: number;
      paid: string;
      remaining: string;
      total: string;
    }>(
      t.database.db,
      sql`select s.application_id, count(p.id)::int as n, coalesce(sum(p.amount), 0)::text as paid,
            s.remaining_amount::text as remaining, s.total_amount::text as total
          from repayment_schedules s left join payments p on p.application_id = s.application_id and p.kind = 'debit_order'
          where s.application_id in (${sql.join(loans, sql`, `)}) group by s.application_id, s.remaining_amount, s.total_amount`,
    );
    const paidLoans = new Set(items.filter((_, i) => i % 5 !== 0).map((i) => i.applicationId));
    for (const row of perLoan) {
      expect(row.n, `loan ${row.application_id}`).toBe(paidLoans.has(row.application_id) ? 1 : 0);
      expect(new Decimal(row.total).minus(row.paid).toFixed(2)).toBe(new Decimal(row.remaining).toFixed(2));
    }
    expect((await admin.get(`/api/admin/debit-orders/runs/${run.id}`)).json().run.status).toBe('completed');
  }, 240_000);
});
