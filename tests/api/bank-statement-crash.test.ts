// A bank statement import killed with SIGKILL mid-way (docs/bank-statements.md, "Nothing lost,
// nothing twice"). Each line is stored in its own transaction with its payment or suspense item, journal and audit
// row, so after the kill every stored line is whole and the rest are absent; loading the same file again resumes
// the import it began and completes it, each line counted once, no money twice.
// PostgreSQL only: the embedded database belongs to one process, so there is no other process to crash.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { paymentReferenceFor } from '../../src/shared/finance/payment-reference';
import { statementUpload } from '../support/bank-statements';
import { startCrashServer } from '../support/crash-process';
import { adminLoan, type Loan, quickUser, type SignedIn, travelTo } from '../support/servicing';
import { APP_URL, createTestApp, type TestApp } from '../support/test-app';

const onPostgres = process.env.TEST_DB_DRIVER === 'pg';
const LINES = 1_200;

let t: TestApp;
let admin: SignedIn;
const loans: Loan[] = [];
const children: ChildProcess[] = [];

const startServer = () => startCrashServer(t, children);

/** An FNB statement: R 10,00 payments to three loans by reference, and deposits nobody can place. */
function statement(): Buffer {
  const rows = ['Date,Amount,Balance,Description'];
  for (let i = 0; i < LINES; i++) {
    const day = `2026/11/${String(24 + (i % 3)).padStart(2, '0')}`;
    rows.push(
      i % 2 === 0
        ? `${day},10.00,0,PAYMENT ${paymentReferenceFor(loans[i % loans.length]!.id)}`
        : `${day},5.00,0,CASH DEPOSIT BRANCH ${i % 7}`,
    );
  }
  return Buffer.from(rows.join('\n'));
}

const upload = (url: string, data: Buffer) => {
  const { payload, headers } = statementUpload('fnb', 'crash.csv', data);
  return fetch(`${url}/api/admin/bank-statements`, {
    method: 'POST',
    headers: { ...headers, origin: APP_URL, cookie: admin.cookieHeader() },
    body: payload,
  });
};

/** What the database holds about the import: every stored line must be whole. */
async function stored() {
  const [row] = await queryRows<{
    lines: number;
    matched: number;
    suspense_lines: number;
    payments: number;
    paid_cash: string;
    items: number;
    held: string;
    statements: number;
  }>(
    t.database.db,
    sql`select
      (select count(*)::int from bank_statement_lines) as lines,
      (select count(*)::int from bank_statement_lines where outcome = 'matched' and payment_id is not null) as matched,
      (select count(*)::int from bank_statement_lines where outcome in ('suspense', 'suggested')) as suspense_lines,
      (select count(*)::int from payments where kind = 'bank_transfer') as payments,
      (select coalesce(sum(amount + platform_fee), 0)::numeric(14,2)::text from payments where kind = 'bank_transfer') as paid_cash,
      (select count(*)::int from suspense_items) as items,
      (select coalesce(sum(amount), 0)::numeric(14,2)::text from suspense_items) as held,
      (select count(*)::int from bank_statements) as statements`,
  );
  return row!;
}

describe.runIf(onPostgres)('a bank statement import killed with SIGKILL (PostgreSQL only)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await quickUser(t, 'bank-crash-admin@example.com', 'admin');
    for (let i = 0; i < 3; i++) {
      loans.push(
        await adminLoan(admin, await quickUser(t, `bank-crash-${i}@example.com`), {
          requestedAmount: 20_000,
        }),
      );
    }
    travelTo(t, '2026-11-27');
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await t?.close();
  });

  it('each line whole or absent after the kill; the same file again completes it once', async () => {
    const data = statement();
    const first = await startServer();
    const cut = upload(first.url, data).then(
      (r) => r.status,
      () => 'cut' as const,
    );
    const deadline = Date.now() + 60_000;
    while ((await stored()).lines < 60 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    expect(await cut).toBe('cut');

    const afterKill = await stored();
    expect(afterKill.lines, 'the kill came mid-way').toBeGreaterThanOrEqual(60);
    expect(afterKill.lines).toBeLessThan(LINES);
    // Whole: every matched line has its payment, every suspense line its item, and nothing else was stored.
    expect(afterKill.payments).toBe(afterKill.matched);
    expect(afterKill.items).toBe(afterKill.suspense_lines);
    expect(afterKill.matched + afterKill.suspense_lines).toBe(afterKill.lines);
    const [{ unbalanced } = { unbalanced: -1 }] = await queryRows<{ unbalanced: number }>(
      t.database.db,
      sql`select count(*)::int as unbalanced from (select e.id from ledger_entries e join ledger_lines l on l.entry_id = e.id
          group by e.id having sum(l.debit) <> sum(l.credit)) x`,
    );
    expect(unbalanced).toBe(0);

    const second = await startServer();
    const resumed = await upload(second.url, data);
    expect(resumed.status).toBe(200);
    const summary = (await resumed.json()) as Record<string, number>;
    expect(summary).toMatchObject({
      lines: LINES,
      matched: LINES / 2,
      suspense: LINES / 2,
      duplicates: 0,
      failed: 0,
    });

    const done = await stored();
    expect(done.statements, 'the import was resumed, not begun again').toBe(1);
    expect(done.payments).toBe(LINES / 2);
    expect(done.paid_cash).toBe(new Decimal(10).times(LINES / 2).toFixed(2));
    expect(done.items).toBe(LINES / 2);
    expect(done.held).toBe(new Decimal(5).times(LINES / 2).toFixed(2));

    // And once more, complete: only duplicates.
    const again = (await (await upload(second.url, data)).json()) as Record<string, number>;
    expect(again).toMatchObject({ lines: LINES, duplicates: LINES, matched: 0, suspense: 0 });
    expect((await stored()).payments).toBe(LINES / 2);
  }, 240_000);
});
