// Bank statement import and the suspense account (docs/bank-statements.md): OFX and the FNB
// and Standard Bank CSV layouts (fixtures in tests/fixtures/bank-statements/), a line matched by its reference
// becomes a bank-transfer payment on the bank's day, unmatched money waits in suspense (with a suggested loan where
// the amount and the name fit one), the same file twice changes nothing, an overpayment's excess is kept in
// suspense, suspense is allocated or refunded with journals that balance, 20 allocations at once make one, admins
// only, and a bad file is refused with nothing stored. Runs on PGlite and PostgreSQL.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { STATEMENT_FILE_MAX_BYTES } from '../../src/shared/bank-statements/constants';
import { paymentReferenceFor } from '../../src/shared/finance/payment-reference';
import type { SuspenseList } from '../../src/shared/schemas/bank-statements';
import { books, clearImports, fixture, uploadStatement } from '../support/bank-statements';
import {
  adminLoan,
  auditRows,
  type Loan,
  quickUser,
  type SignedIn,
  servicingOf,
  storedState,
  travelTo,
} from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'bank-admin@example.com', 'admin');
});
afterAll(() => t?.close());
beforeEach(async () => {
  await clearImports(t.database.db);
  travelTo(t, '2026-11-23');
});

/** A loan paid out on 23 Nov 2026, its creator named as told (the name a bank line may carry). */
async function loanOf(firstName: string, lastName: string, requestedAmount = 12_000): Promise<Loan> {
  const creator = await quickUser(t, `bank-creator-${++n}@example.com`);
  await t.database.db.execute(
    sql`update users set first_name = ${firstName}, last_name = ${lastName} where id = ${creator.userId}`,
  );
  return adminLoan(admin, creator, { requestedAmount });
}

async function importOk(bank: string, name: string, data: Buffer) {
  const res = await uploadStatement(admin, bank, name, data);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, number>;
}

const bankPayments = (applicationId: number) =>
  queryRows<{ id: number; amount: string; platform_fee: string; payment_date: string; kind: string }>(
    t.database.db,
    sql`select id, amount::text, platform_fee::text, payment_date::text, kind from payments
        where application_id = ${applicationId} order by id`,
  );

/** Money as the API writes it groups thousands with a no-break space; tests read it with a plain one. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const suspenseTotal = async () => (await books(t.database.db)).suspense;

async function lines(statementId: number, query = '') {
  const res = await admin.get(`/api/admin/bank-statements/${statementId}?pageSize=200${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    statement: Record<string, unknown>;
    lines: { data: Array<Record<string, unknown>>; total: number };
  };
}

async function suspenseItems(query = '') {
  const res = await admin.get(`/api/admin/suspense?pageSize=200${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SuspenseList;
}

/**
 * The worklist's totals (kept per status by the database, migration 0028) are the items' own count and amount left,
 * for each status and for all of them.
 */
async function expectWorklistTotalsKept() {
  for (const status of ['open', 'allocated', 'refunded', undefined]) {
    const [counted] = await queryRows<{ total: number; left: string }>(
      t.database.db,
      sql`select count(*)::int as total, coalesce(sum(amount_left), 0)::numeric(14,2)::text as left
          from suspense_items ${status ? sql`where status = ${status}` : sql``}`,
    );
    const res = await admin.get(`/api/admin/suspense?pageSize=1${status ? `&status=${status}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    expect({ status, total: res.json().total, left: res.json().amountLeft }).toEqual({
      status,
      total: counted!.total,
      left: counted!.left,
    });
  }
}

describe('importing a statement', () => {
  it('an FNB CSV: references paid on the bank day with the fee inside the cash, the rest in suspense, fees out kept, a bad line failed; loaded again it changes nothing', async () => {
    const a = await loanOf('Thabo', 'Mokoena');
    const b = await loanOf('Sipho', 'Naidoo');
    travelTo(t, '2026-11-27');
    const file = fixture('fnb.csv', { A: a.id, B: b.id });
    const suspenseBefore = await suspenseTotal();

    const summary = await importOk('fnb', 'fnb-november.csv', file);
    expect(summary).toEqual({
      id: expect.any(Number),
      lines: 6,
      matched: 2,
      suggested: 0,
      suspense: 1,
      duplicates: 0,
      failed: 1,
      outgoing: 2,
    });
    // R 1 500,00 received for loan A: the repayment and its 2.5 % fee make exactly the cash.
    const [paidA] = await bankPayments(a.id);
    expect(paidA).toMatchObject({ kind: 'bank_transfer', payment_date: '2026-11-24' });
    expect(new Decimal(paidA!.amount).plus(paidA!.platform_fee).toFixed(2)).toBe('1500.00');
    const [paidB] = await bankPayments(b.id);
    expect(paidB).toMatchObject({ payment_date: '2026-11-25' });
    expect(new Decimal(paidB!.amount).plus(paidB!.platform_fee).toFixed(2)).toBe('1025.50');
    const servicing = await servicingOf(admin, a.id);
    expect(servicing.instalments.reduce((sum, i) => sum.plus(i.amountPaid), new Decimal(0)).toFixed(2)).toBe(
      paidA!.amount,
    );
    expect((await auditRows(t.database.db, a.creator.userId, 'payment_added'))[0]!.notes).toContain(
      '24 Nov 2026',
    );
    // The unreferenced deposit waits in suspense; the books say so.
    expect(new Decimal(await suspenseTotal()).minus(suspenseBefore).toFixed(2)).toBe('800.00');
    expect((await books(t.database.db)).unbalanced).toBe(0);

    const detail = await lines(summary.id!);
    expect(detail.statement).toMatchObject({
      status: 'complete',
      uploadedBy: 'Ada Test',
      fileName: 'fnb-november.csv',
    });
    expect(detail.lines.data.map((l) => [l.position, l.outcome, l.amount, l.applicationId])).toEqual([
      [1, 'matched', '1500.00', a.id],
      [2, 'outgoing', '-35.00', null],
      [3, 'matched', '1025.50', b.id],
      [4, 'suspense', '800.00', null],
      [5, 'outgoing', '-12000.00', null],
      [6, 'failed', null, null],
    ]);
    expect(detail.lines.data[0]!.paymentReference).toBe(paymentReferenceFor(a.id));
    expect(detail.lines.data[5]!.reason).toBe('The amount "12x.00" is not an amount');
    const onlyMatched = await lines(summary.id!, '&outcome=matched');
    expect(onlyMatched.lines.total).toBe(2);

    // The same file again: nothing paid twice, nothing more in suspense; the read lines are duplicates.
    const stateA = await storedState(t.database.db, a.id);
    const stateB = await storedState(t.database.db, b.id);
    const suspenseAfterFirst = await suspenseTotal();
    const again = await importOk('fnb', 'fnb-november.csv', file);
    expect(again).toMatchObject({ lines: 6, matched: 0, suspense: 0, outgoing: 0, duplicates: 5, failed: 1 });
    expect(await storedState(t.database.db, a.id)).toEqual(stateA);
    expect(await storedState(t.database.db, b.id)).toEqual(stateB);
    expect(await suspenseTotal()).toBe(suspenseAfterFirst);
    expect((await lines(again.id!)).lines.data[0]!.reason).toBe(
      `Imported before, with statement #${summary.id}`,
    );

    const list = await admin.get('/api/admin/bank-statements?pageSize=10');
    expect(list.json().data.map((s: { id: number; status: string }) => [s.id, s.status])).toEqual([
      [again.id, 'complete'],
      [summary.id, 'complete'],
    ]);
  });

  it('a Standard Bank CSV: description and reference read together; two payments of the same amount on two days both count', async () => {
    const a = await loanOf('Thabo', 'Mokoena');
    const b = await loanOf('Sipho', 'Naidoo');
    travelTo(t, '2026-11-27');
    const summary = await importOk(
      'standard_bank',
      'sb.csv',
      fixture('standard-bank.csv', { A: a.id, B: b.id }),
    );
    expect(summary).toMatchObject({
      lines: 5,
      matched: 2,
      suspense: 2,
      outgoing: 1,
      duplicates: 0,
      failed: 0,
    });
    expect(await bankPayments(a.id)).toHaveLength(1);
    const items = await suspenseItems('&status=open');
    expect(
      items.data.map((i) => [i.amount, i.line.postedOn]).sort((x, y) => y[1]!.localeCompare(x[1]!)),
    ).toEqual([
      ['800.00', '2026-11-26'],
      ['800.00', '2026-11-25'],
    ]);
  });

  it('OFX 1.x and 2.x: the bank ids keep lines apart, days are South African (23:00 GMT is the next day)', async () => {
    const a = await loanOf('Thabo', 'Mokoena');
    const b = await loanOf('Sipho', 'Naidoo');
    travelTo(t, '2026-11-27');
    const summary = await importOk('fnb', 'fnb.ofx', fixture('statement.ofx', { A: a.id, B: b.id }));
    expect(summary).toMatchObject({ lines: 4, matched: 2, suspense: 1, outgoing: 1, failed: 0 });
    expect((await bankPayments(b.id))[0]!.payment_date).toBe('2026-11-25');
    const v2 = await importOk('nedbank', 'nedbank.ofx', fixture('statement-v2.ofx', { A: a.id }));
    expect(v2).toMatchObject({ lines: 2, matched: 1, outgoing: 1 });
    expect((await bankPayments(a.id)).map((p) => p.payment_date)).toEqual(['2026-11-24', '2026-11-25']);
    // The same OFX again: every FITID seen before.
    expect(await importOk('fnb', 'fnb.ofx', fixture('statement.ofx', { A: a.id, B: b.id }))).toMatchObject({
      duplicates: 4,
      matched: 0,
    });
  });

  it('a partial match: one by reference, one suggested by amount and name, the rest (and two identical lines of one day) in suspense; the suggestion is one click', async () => {
    const a = await loanOf('Thabo', 'Mokoena');
    const c = await loanOf('Lerato', 'Van der Merwe');
    travelTo(t, '2026-12-24');
    const due = await servicingOf(admin, c.id);
    expect(new Decimal(due.totalDueNow).gt(0)).toBe(true);
    const csv = [
      'Date,Amount,Balance,Description',
      `2026/12/22,500.00,0,PAYMENT ${paymentReferenceFor(a.id)}`,
      `2026/12/22,${due.totalDueNow},0,L VAN DER MERWE LOAN PAYMENT`,
      '2026/12/22,123.45,0,L VAN DER MERWE LOAN PAYMENT',
      '2026/12/23,50.00,0,CASH DEPOSIT',
      '2026/12/23,50.00,0,CASH DEPOSIT',
    ].join('\n');
    const summary = await importOk('fnb', 'december.csv', Buffer.from(csv));
    expect(summary).toMatchObject({ lines: 5, matched: 1, suggested: 1, suspense: 3 });

    const items = await suspenseItems('&status=open');
    const suggested = items.data.find((i) => i.suggested);
    expect(suggested).toMatchObject({
      amount: due.totalDueNow,
      suggested: {
        applicationId: c.id,
        paymentReference: paymentReferenceFor(c.id),
        creatorName: 'Lerato Van der Merwe',
      },
    });
    expect(items.data.filter((i) => i.line.description === 'CASH DEPOSIT')).toHaveLength(2);

    const stateBefore = await storedState(t.database.db, c.id);
    expect(stateBefore.payments).toBe(0);
    const res = await admin.post(`/api/admin/suspense/${suggested!.id}/allocate`, { applicationId: c.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'allocated', amountLeft: '0.00', resolvedBy: 'Ada Test' });
    expect(res.json().allocations).toEqual([
      expect.objectContaining({ applicationId: c.id, amount: due.totalDueNow }),
    ]);
    const after = await servicingOf(admin, c.id);
    expect(after.position.amountOverdue).toBe('0.00');
    const [payment] = await bankPayments(c.id);
    expect(payment).toMatchObject({ kind: 'bank_transfer', payment_date: '2026-12-22' });
    expect((await books(t.database.db)).unbalanced).toBe(0);
  });

  it('an overpayment pays the loan in full and keeps the excess in suspense; a reference to the closed loan goes to suspense', async () => {
    const a = await loanOf('Thabo', 'Mokoena', 2_000);
    travelTo(t, '2026-11-27');
    const remaining = new Decimal(a.schedule.remainingAmount);
    const cash = remaining.times(2).toFixed(2);
    const ref = paymentReferenceFor(a.id);
    const csv = `Date,Amount,Balance,Description\n2026/11/24,${cash},0,SETTLE ${ref}\n2026/11/25,100.00,0,AGAIN ${ref}\n`;
    const suspenseBefore = await suspenseTotal();
    const summary = await importOk('fnb', 'over.csv', Buffer.from(csv));
    expect(summary).toMatchObject({ matched: 1, suspense: 1 });
    const [paid] = await bankPayments(a.id);
    expect(paid!.amount).toBe(remaining.toFixed(2));
    const excess = new Decimal(cash).minus(paid!.amount).minus(paid!.platform_fee);
    expect((await storedState(t.database.db, a.id)).application_status).toBe('completed');
    const items = await suspenseItems('&status=open');
    expect(items.data.map((i) => i.amount).sort()).toEqual(['100.00', excess.toFixed(2)].sort());
    expect(items.data.find((i) => i.amount === '100.00')!.reason).toMatch(
      new RegExp(`^${ref} names loan #${a.id}, which refused it: Loan #${a.id} is completed`),
    );
    expect(new Decimal(await suspenseTotal()).minus(suspenseBefore).toFixed(2)).toBe(
      excess.plus(100).toFixed(2),
    );
    expect((await books(t.database.db)).unbalanced).toBe(0);
  });
  it('20 imports of one statement at once: each line is paid or held once, whatever import stored it', async () => {
    const a = await loanOf('Naledi', 'Dube');
    const b = await loanOf('Sipho', 'Nkosi');
    travelTo(t, '2026-11-27');
    const csv = [
      'Date,Amount,Balance,Description',
      `2026/11/24,500.00,0,APP PAYMENT ${paymentReferenceFor(a.id)}`,
      `2026/11/24,250.00,0,APP PAYMENT ${paymentReferenceFor(b.id)}`,
      '2026/11/25,75.00,0,CASH DEPOSIT NOBODY KNOWN',
    ].join('\n');
    const suspenseBefore = await suspenseTotal();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => uploadStatement(admin, 'fnb', 'burst.csv', Buffer.from(csv))),
    );
    // Each answer is a summary or a clear refusal, never a server error.
    for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(500);
    expect(answers.some((res) => res.statusCode === 200)).toBe(true);
    // One payment per line naming a loan, one suspense item for the deposit, the cash journaled once.
    expect(
      (await bankPayments(a.id)).map((p) => new Decimal(p.amount).plus(p.platform_fee).toFixed(2)),
    ).toEqual(['500.00']);
    expect(
      (await bankPayments(b.id)).map((p) => new Decimal(p.amount).plus(p.platform_fee).toFixed(2)),
    ).toEqual(['250.00']);
    expect((await suspenseItems('&status=open')).data.map((i) => i.amount)).toEqual(['75.00']);
    expect(new Decimal(await suspenseTotal()).minus(suspenseBefore).toFixed(2)).toBe('75.00');
    const [claimed] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from bank_statement_lines where line_key is not null`,
    );
    expect(claimed!.n).toBe(3);
    expect((await books(t.database.db)).unbalanced).toBe(0);
    await expectWorklistTotalsKept();
  });

  it("a batch paying two creators' loans changes both creators' data versions (their polls see it), not a third's", async () => {
    const a = await loanOf('Lindiwe', 'Zulu');
    const b = await loanOf('Pieter', 'Botha');
    const c = await loanOf('Anele', 'Mthembu');
    const versions = async () =>
      Object.fromEntries(
        (
          await queryRows<{ key: string; version: number }>(
            t.database.db,
            sql`select key, version from data_versions
                where key in (${`creator:${a.creator.userId}`}, ${`creator:${b.creator.userId}`}, ${`creator:${c.creator.userId}`})`,
          )
        ).map((r) => [r.key, Number(r.version)]),
      );
    const before = await versions();
    travelTo(t, '2026-11-27');
    await importOk(
      'fnb',
      'two-creators.csv',
      Buffer.from(
        [
          'Date,Amount,Balance,Description',
          `2026/11/24,300.00,0,APP PAYMENT ${paymentReferenceFor(a.id)}`,
          `2026/11/24,200.00,0,APP PAYMENT ${paymentReferenceFor(b.id)}`,
          `2026/11/25,100.00,0,APP PAYMENT ${paymentReferenceFor(a.id)}`,
        ].join('\n'),
      ),
    );
    const after = await versions();
    expect(after[`creator:${a.creator.userId}`]).toBeGreaterThan(before[`creator:${a.creator.userId}`]!);
    expect(after[`creator:${b.creator.userId}`]).toBeGreaterThan(before[`creator:${b.creator.userId}`]!);
    expect(after[`creator:${c.creator.userId}`]).toBe(before[`creator:${c.creator.userId}`]);
  });

  it('an import that stopped part-way is finished by loading the same file again: the same import, each line once', async () => {
    travelTo(t, '2026-11-27');
    const csv = Buffer.from(
      'Date,Amount,Balance,Description\n2026/11/24,-10.00,0,FEE ONE\n2026/11/24,-10.00,0,FEE ONE\n2026/11/25,-20.00,0,FEE TWO\n2026/11/26,x,0,BROKEN\n',
    );
    const first = await importOk('fnb', 'fees.csv', csv);
    // As a crash leaves it: not complete, its last lines never stored.
    await t.database.db.execute(
      sql`delete from bank_statement_lines where statement_id = ${first.id} and position >= 3`,
    );
    await t.database.db.execute(sql`update bank_statements set status = 'importing' where id = ${first.id}`);
    const resumed = await importOk('fnb', 'fees.csv', csv);
    expect(resumed).toEqual({ ...first, duplicates: 0 });
    expect((await lines(first.id!)).lines.data.map((l) => [l.position, l.outcome])).toEqual([
      [1, 'outgoing'],
      [2, 'outgoing'],
      [3, 'outgoing'],
      [4, 'failed'],
    ]);
    // Complete now: the same file again is another import, of duplicates (and the line that still cannot be read).
    expect(await importOk('fnb', 'fees.csv', csv)).toMatchObject({ duplicates: 3, failed: 1, outgoing: 0 });
  });
});

describe('the suspense worklist', () => {
  async function itemOf(amount: string, words: string) {
    travelTo(t, '2026-11-27');
    const summary = await importOk(
      'fnb',
      'x.csv',
      Buffer.from(`Date,Amount,Balance,Description\n2026/11/24,${amount},0,${words}\n`),
    );
    expect(summary.suspense).toBe(1);
    return (await suspenseItems(`&search=${encodeURIComponent(words)}`)).data[0]!;
  }

  it('allocated in part, then the rest refunded with its reference: the journals balance and suspense ends empty', async () => {
    const a = await loanOf('Thabo', 'Mokoena');
    const item = await itemOf('1000.00', 'UNKNOWN DEPOSITOR 7781');
    const suspenseBefore = await suspenseTotal();

    const tooMuch = await admin.post(`/api/admin/suspense/${item.id}/allocate`, {
      applicationId: a.id,
      amount: 1000.01,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(plain(tooMuch.json().fieldErrors.amount[0])).toBe(
      `Only R 1 000,00 is left in suspense item #${item.id}`,
    );

    const part = await admin.post(`/api/admin/suspense/${item.id}/allocate`, {
      applicationId: a.id,
      amount: '400.00',
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ status: 'open', amountLeft: '600.00' });
    await expectWorklistTotalsKept();
    const [payment] = await bankPayments(a.id);
    expect(new Decimal(payment!.amount).plus(payment!.platform_fee).toFixed(2)).toBe('400.00');
    expect(payment!.payment_date).toBe('2026-11-24');
    // The repayment came out of suspense, not cash: cash moved when the line was imported.
    const [journal] = await queryRows<{ account: string; debit: string }>(
      t.database.db,
      sql`select l.account, l.debit::text from ledger_lines l join ledger_entries e on e.id = l.entry_id
          where e.payment_id = ${payment!.id} and l.debit > 0 and l.account in ('cash', 'suspense')`,
    );
    expect(journal).toEqual({ account: 'suspense', debit: '400.00' });

    const noRef = await admin.post(`/api/admin/suspense/${item.id}/refund`, { reference: '  ' });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().fieldErrors.reference[0]).toBe('Enter the refund reference');

    const refund = await admin.post(`/api/admin/suspense/${item.id}/refund`, {
      reference: 'FNB-RF-20261127-01',
      notes: 'Paid back to the sender on request',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({
      status: 'refunded',
      amountLeft: '0.00',
      refundReference: 'FNB-RF-20261127-01',
      resolvedBy: 'Ada Test',
    });
    expect(new Decimal(await suspenseTotal()).minus(suspenseBefore).toFixed(2)).toBe('-1000.00');
    expect((await books(t.database.db)).unbalanced).toBe(0);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from user_admin_actions where notes like ${`Suspense #${item.id}:%`} order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual([
      'suspense_received',
      'suspense_allocated',
      'suspense_refunded',
    ]);

    // Done is done: neither again.
    expect((await admin.post(`/api/admin/suspense/${item.id}/refund`, { reference: 'X' })).statusCode).toBe(
      409,
    );
    expect(
      (await admin.post(`/api/admin/suspense/${item.id}/allocate`, { applicationId: a.id })).statusCode,
    ).toBe(409);
    expect((await suspenseItems('&status=refunded')).data.map((i) => i.id)).toContain(item.id);
    await expectWorklistTotalsKept();
  });

  it('allocating more than a loan needs is refused with nothing stored; a loan that does not exist is 404', async () => {
    const a = await loanOf('Thabo', 'Mokoena', 2_000);
    const item = await itemOf('50000.00', 'BIG DEPOSIT 1');
    const state = await storedState(t.database.db, a.id);
    const res = await admin.post(`/api/admin/suspense/${item.id}/allocate`, { applicationId: a.id });
    expect(res.statusCode).toBe(409);
    expect(plain(res.json().message)).toMatch(/needs only R .* to be paid in full: allocate at most that\.$/);
    expect(await storedState(t.database.db, a.id)).toEqual(state);
    expect(
      (await admin.post(`/api/admin/suspense/${item.id}/allocate`, { applicationId: 999_999 })).statusCode,
    ).toBe(404);
    expect(
      (await admin.post('/api/admin/suspense/999999/allocate', { applicationId: a.id })).statusCode,
    ).toBe(404);
    expect((await suspenseItems(`&search=%23${item.id}`)).data[0]).toMatchObject({
      status: 'open',
      amountLeft: '50000.00',
    });
  });

  it('20 allocations of one item at once: exactly one pays, the others are refused', async () => {
    const a = await loanOf('Thabo', 'Mokoena');
    const item = await itemOf('300.00', 'RACE DEPOSIT 20');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin.post(`/api/admin/suspense/${item.id}/allocate`, { applicationId: a.id }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(await bankPayments(a.id)).toHaveLength(1);
    expect((await suspenseItems(`&search=%23${item.id}`)).data[0]!.allocations).toHaveLength(1);
    await expectWorklistTotalsKept();
  });

  it('paged and filtered on the server', async () => {
    await itemOf('11.00', 'PAGE DEPOSIT ONE');
    await itemOf('12.00', 'PAGE DEPOSIT TWO');
    const page = await admin.get('/api/admin/suspense?pageSize=1&page=2&search=PAGE%20DEPOSIT');
    expect(page.json()).toMatchObject({ total: 2, page: 2, pageSize: 1, amountLeft: '23.00' });
    expect(page.json().data).toHaveLength(1);
    expect((await admin.get('/api/admin/suspense?status=nope')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/bank-statements/1?outcome=nope')).statusCode).toBe(400);
  });
});

describe('who may, and bad files', () => {
  it('visitors 401, creators 403, on every route', async () => {
    const visitor = new Client(t.app);
    const creator = await quickUser(t, `bank-nosy-${++n}@example.com`);
    for (const client of [visitor, creator]) {
      const expected = client === visitor ? 401 : 403;
      expect((await uploadStatement(client, 'fnb', 'x.csv', fixture('fnb.csv'))).statusCode).toBe(expected);
      expect((await client.get('/api/admin/bank-statements')).statusCode).toBe(expected);
      expect((await client.get('/api/admin/bank-statements/1')).statusCode).toBe(expected);
      expect((await client.get('/api/admin/suspense')).statusCode).toBe(expected);
      expect((await client.post('/api/admin/suspense/1/allocate', { applicationId: 1 })).statusCode).toBe(
        expected,
      );
      expect((await client.post('/api/admin/suspense/1/refund', { reference: 'x' })).statusCode).toBe(
        expected,
      );
    }
    expect((await admin.get('/api/admin/bank-statements')).json().total).toBe(0);
  });

  it('refused with a clear 4xx and nothing stored', async () => {
    const refused = async (status: number, message: RegExp, bank: string | null, data: Buffer) => {
      const res = await uploadStatement(admin, bank, 'statement.csv', data);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    };
    await refused(400, /^Unknown bank "hsbc"/, 'hsbc', fixture('fnb.csv'));
    await refused(400, /^Choose the bank$/, null, fixture('fnb.csv'));
    await refused(400, /^The file is empty$/, 'fnb', Buffer.alloc(0));
    await refused(
      400,
      /not a statement: the file is not text/,
      'fnb',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]),
    );
    await refused(
      400,
      /^This does not fit the FNB CSV layout: its header has no "Description" column/,
      'fnb',
      Buffer.from(fixture('standard-bank.csv').toString().replace('Description', 'Narrative')),
    );
    await refused(
      400,
      /^This does not fit the Standard Bank CSV layout: its header has no "Description" column/,
      'standard_bank',
      Buffer.from('Date,Amount\n20261124,1\n'),
    );
    await refused(
      400,
      /^The statement has no transactions$/,
      'fnb',
      Buffer.from('Date,Amount,Balance,Description\n'),
    );
    await refused(
      413,
      /^The file is too large: a statement is at most 5 MB$/,
      'fnb',
      Buffer.alloc(STATEMENT_FILE_MAX_BYTES + 10, 'a'),
    );
    const notMultipart = await admin.post('/api/admin/bank-statements', { bank: 'fnb' });
    expect(notMultipart.statusCode).toBe(415);
    const [counts] = await queryRows<{ statements: number; lines: number }>(
      t.database.db,
      sql`select (select count(*)::int from bank_statements) as statements, (select count(*)::int from bank_statement_lines) as lines`,
    );
    expect(counts).toEqual({ statements: 0, lines: 0 });
  });
});
