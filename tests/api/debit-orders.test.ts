// Debit orders (docs/debit-orders.md): the creator's mandate with its consent and a sealed account
// number, the collection run and its file for the bank, the import of the bank's results (a payment for the paid, a
// failed-collection record, the creator's e-mail and re-presentment or suspension for the unpaid), and that nothing is
// applied twice.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { resultFileText } from '../../src/server/features/debit-orders/debit-order-files';
import { paymentReferenceFor } from '../../src/shared/finance/payment-reference';
import { formatDate } from '../../src/shared/format';
import { addBusinessDays } from '../../src/shared/sa-business-days';
import { multipartFile } from '../support/accounts';
import { uploadStatement } from '../support/bank-statements';
import { authoriseMandate, debitLoan as debitLoanOf, MANDATE } from '../support/debit-orders';
import {
  ledgerTotals,
  quickUser,
  type SignedIn,
  servicingOf,
  storedState,
  travelTo,
} from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
let users = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'debit-admin@example.com', 'admin');
});
afterAll(() => t.close());

const newCreator = () => quickUser(t, `debit-creator-${++users}@example.com`);

const debitLoan = (creator: SignedIn, paymentMethod = 'bank_debit', requestedAmount = 12_000) =>
  debitLoanOf(admin, creator, { paymentMethod, requestedAmount });

const authorise = (creator: Client, id: number, accountNumber = MANDATE.accountNumber) =>
  authoriseMandate(creator, id, { accountNumber });

const mandateRows = (applicationId: number) =>
  queryRows<{
    id: number;
    status: string;
    account_number_sealed: string;
    account_last4: string;
    consent_ip: string;
    consent_user_agent: string;
    text_version: string;
    consented_at: Date;
  }>(t.database.db, sql`select * from debit_mandates where application_id = ${applicationId} order by id`);

/** Every run built today starts from a clean slate of dates: each test uses its own. */
async function buildRun(collectionDate: string) {
  const res = await admin.post('/api/admin/debit-orders/runs', { collectionDate });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function runItems(runId: number, query = '') {
  const res = await admin.get(
    `/api/admin/debit-orders/runs/${runId}?${query.includes('pageSize') ? '' : 'pageSize=200'}${query}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function uploadResults(runId: number, text: string, client: Client = admin) {
  const file = multipartFile('results.csv', Buffer.from(text), 'text/csv');
  return client.request({
    method: 'POST',
    url: `/api/admin/debit-orders/runs/${runId}/results`,
    payload: file.payload,
    headers: file.headers,
  });
}

/** All cash the books received (every cash debit): what a statement's line adds when its money is new to us. */
const cashIn = async () =>
  (
    await queryRows<{ total: string }>(
      t.database.db,
      sql`select coalesce(sum(debit), 0)::numeric(14,2)::text as total from ledger_lines where account = 'cash'`,
    )
  )[0]!.total;

const outboxFor = (username: string) =>
  queryRows<{ notice_key: string; subject: string; text_body: string }>(
    t.database.db,
    sql`select notice_key, subject, text_body from mail_outbox where to_address = ${username}
        and notice_key like 'debit-unpaid:%' order by id`,
  );

describe('the mandate', () => {
  it('is authorised with the consent recorded and the account sealed; only its last 4 digits are shown', async () => {
    travelTo(t, '2026-11-23');
    const creator = await newCreator();
    const id = await debitLoan(creator);
    const before = (await creator.get(`/api/applications/${id}/debit-mandate`)).json();
    expect(before).toMatchObject({ eligible: true, mandate: null });
    expect(before.terms).toMatchObject({
      contractReference: paymentReferenceFor(id),
      trackingDays: 3,
      textVersion: 'debit-mandate-v1',
    });
    expect(new Decimal(before.terms.maximumAmount).toFixed(2)).toBe(
      new Decimal(before.terms.instalmentAmount).times(1.5).toDecimalPlaces(2).toFixed(2),
    );

    const view = await authorise(creator, id);
    expect(view.mandate).toMatchObject({
      status: 'active',
      accountLast4: '7890',
      bank: 'Capitec',
      instalmentAmount: before.terms.instalmentAmount,
      maximumAmount: before.terms.maximumAmount,
      firstCollectionDate: before.terms.firstCollectionDate,
    });
    const again = await creator.get(`/api/applications/${id}/debit-mandate`);
    expect(again.body).not.toContain('1234567890');
    const [row] = await mandateRows(id);
    expect(row!.account_number_sealed).not.toContain('1234567890');
    expect(row!.account_number_sealed).toMatch(/^v1\./);
    expect(row!).toMatchObject({
      account_last4: '7890',
      consent_user_agent: 'DebitTest/1.0',
      text_version: 'debit-mandate-v1',
    });
    expect(row!.consent_ip).toBe(creator.address);
    expect(new Date(row!.consented_at).toISOString()).toBe(t.clock.now().toISOString());

    // The admins' list shows the mandate by its last 4 digits.
    const listed = await admin.get('/api/admin/debit-orders/mandates?status=active');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain('1234567890');
    expect(listed.json().data.find((m: { applicationId: number }) => m.applicationId === id)).toMatchObject({
      accountText: 'Capitec savings ..7890',
    });

    // Cancelled by the creator: nothing in force, a new one may be authorised.
    const cancelled = await creator.post(`/api/applications/${id}/debit-mandate/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().mandate).toBeNull();
    expect((await mandateRows(id))[0]!.status).toBe('cancelled');
  });

  it('is one active mandate per loan: of 20 authorisations at once one is stored', async () => {
    travelTo(t, '2026-11-23');
    const creator = await newCreator();
    const id = await debitLoan(creator);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => creator.post(`/api/applications/${id}/debit-mandate`, MANDATE)),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    expect((await mandateRows(id)).filter((m) => m.status === 'active')).toHaveLength(1);
  });

  it("refuses bad input, another creator's loan, a loan not repaid by debit order, and stores nothing", async () => {
    travelTo(t, '2026-11-23');
    const creator = await newCreator();
    const other = await newCreator();
    const id = await debitLoan(creator);
    const bad = await creator.post(`/api/applications/${id}/debit-mandate`, {
      ...MANDATE,
      accountNumber: '12ab',
      branchCode: '1234',
      consent: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(
      expect.arrayContaining(['accountNumber', 'branchCode', 'consent']),
    );
    expect((await other.post(`/api/applications/${id}/debit-mandate`, MANDATE)).statusCode).toBe(404);
    expect((await other.get(`/api/applications/${id}/debit-mandate`)).statusCode).toBe(404);
    expect((await new Client(t.app).get(`/api/applications/${id}/debit-mandate`)).statusCode).toBe(401);
    expect(await mandateRows(id)).toHaveLength(0);

    const earnings = await debitLoan(other, 'manual');
    const refused = await other.post(`/api/applications/${earnings}/debit-mandate`, MANDATE);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/not repaid by debit order/);

    // An admin viewing as the creator can look, not authorise.
    expect((await admin.post(`/api/admin/impersonate/${creator.userId}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/applications/${id}/debit-mandate`)).statusCode).toBe(200);
    expect((await admin.post(`/api/applications/${id}/debit-mandate`, MANDATE)).statusCode).toBe(403);
    expect((await admin.post('/api/admin/stop-impersonate')).statusCode).toBe(200);
    expect(await mandateRows(id)).toHaveLength(0);
  });
});

describe('the collection run', () => {
  it('builds one item per mandate with something due, and its file is the documented layout', async () => {
    travelTo(t, '2026-11-23');
    const a = await newCreator();
    const b = await newCreator();
    const loanA = await debitLoan(a);
    const loanB = await debitLoan(b);
    await authorise(a, loanA, '62001111');
    await authorise(b, loanB, '10987654321');
    const due = (await servicingOf(a, loanA)).instalments[0]!.dueDate;

    const runs = await Promise.all(
      Array.from({ length: 20 }, () => admin.post('/api/admin/debit-orders/runs', { collectionDate: due })),
    );
    expect(runs.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(runs.map((r) => r.json().id)).size).toBe(1);
    const run = runs[0]!.json();
    const detail = await runItems(run.id);
    const mine = detail.items.data.filter((i: { applicationId: number }) =>
      [loanA, loanB].includes(i.applicationId),
    );
    expect(mine).toHaveLength(2);
    expect(JSON.stringify(detail)).not.toMatch(/62001111|10987654321/);
    const [itemA, itemB] = [loanA, loanB].map(
      (l) => mine.find((i: { applicationId: number }) => i.applicationId === l)!,
    );
    // The first instalment with its fee, within the mandate's maximum.
    const servicing = await servicingOf(a, loanA);
    expect(itemA.amount).toBe(servicing.instalments[0]!.amountDue);
    expect(itemA.total).toBe(new Decimal(itemA.amount).plus(itemA.fee).toFixed(2));

    const file = await admin.get(`/api/admin/debit-orders/runs/${run.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    const lines = file.body.trimEnd().split('\r\n');
    const cents = (total: string) => new Decimal(total).times(100).toFixed(0);
    expect(lines[0]).toBe(`H,VUKACAP,${run.id},${due},2026-11-23`);
    expect(lines).toContain(
      `D,${itemA.id},${paymentReferenceFor(loanA)},Zola Test,470010,62001111,2,${cents(itemA.total)},${due},3,1`,
    );
    expect(lines).toContain(
      `D,${itemB.id},${paymentReferenceFor(loanB)},Zola Test,470010,10987654321,2,${cents(itemB.total)},${due},3,1`,
    );
    const details = lines.filter((l) => l.startsWith('D,'));
    const sumCents = details.reduce((s, l) => s + BigInt(l.split(',')[7]!), 0n);
    expect(lines.at(-1)).toBe(`T,${details.length},${sumCents}`);
    expect((await admin.get(`/api/admin/debit-orders/runs/${run.id}`)).json().run.status).toBe('submitted');
    const audit = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from user_admin_actions where action = 'debit_run_file_downloaded' and notes like ${`Debit-order run ${run.id} %`}`,
    );
    expect(audit[0]!.n).toBe(1);

    // Paged and filtered on the server.
    const page = await runItems(run.id, '&status=pending&pageSize=1');
    expect(page.items.data).toHaveLength(1);
    expect(page.items.total).toBeGreaterThanOrEqual(2);
    expect((await admin.get('/api/admin/debit-orders/runs?pageSize=5')).json().data[0]).toHaveProperty(
      'items',
    );
  });

  it('leaves out a loan under debt review and says why; refuses a day that is not a business day', async () => {
    travelTo(t, '2026-11-23');
    const creator = await newCreator();
    const id = await debitLoan(creator);
    await authorise(creator, id);
    const review = await admin.post(`/api/admin/applications/${id}/nca/debt-review`, {
      counsellorName: 'A Counsellor',
      counsellorNcrNumber: 'NCRDC1234',
      reference: 'DR-1',
      noticeDate: '2026-11-23',
    });
    expect(review.statusCode, review.body).toBe(200);
    const run = await buildRun('2027-01-25');
    expect(run.excluded).toContainEqual({
      applicationId: id,
      reason: 'Under debt review: collections stop.',
    });
    const saturday = await admin.post('/api/admin/debit-orders/runs', { collectionDate: '2026-12-26' });
    expect(saturday.statusCode).toBe(400);
    expect(saturday.json().fieldErrors.collectionDate[0]).toMatch(/not a business day/);
    const longAgo = await admin.post('/api/admin/debit-orders/runs', { collectionDate: '2026-11-02' });
    expect(longAgo.statusCode).toBe(400);
    expect(longAgo.json().fieldErrors.collectionDate[0]).toMatch(/must be from 13 Nov 2026/);
  });

  it('answers 401 to visitors, 403 to creators, 404 for a run that does not exist', async () => {
    const creator = await newCreator();
    const visitor = new Client(t.app);
    for (const [method, url] of [
      ['GET', '/api/admin/debit-orders/runs'],
      ['POST', '/api/admin/debit-orders/runs'],
      ['GET', '/api/admin/debit-orders/runs/1'],
      ['GET', '/api/admin/debit-orders/runs/1/file'],
      ['POST', '/api/admin/debit-orders/runs/1/results'],
      ['GET', '/api/admin/debit-orders/mandates'],
    ] as const) {
      expect((await visitor.request({ method, url, payload: {} })).statusCode).toBe(401);
      expect((await creator.request({ method, url, payload: {} })).statusCode).toBe(403);
    }
    expect((await admin.get('/api/admin/debit-orders/runs/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/debit-orders/runs/999999/file')).statusCode).toBe(404);
    expect((await uploadResults(999999, 'item_id,amount_cents,status\n1,100,paid')).statusCode).toBe(404);
  });
});

describe("the bank's results", () => {
  it('turn a paid line into a payment and unpaid lines into failed collections, re-presented or suspending', async () => {
    // Paid out a day later than the other tests' loans: this test's collection date is its own run.
    travelTo(t, '2026-11-24');
    const [payer, short, closed] = [await newCreator(), await newCreator(), await newCreator()];
    const loans = [await debitLoan(payer), await debitLoan(short), await debitLoan(closed)];
    for (const [i, c] of [payer, short, closed].entries()) await authorise(c, loans[i]!);
    const due = (await servicingOf(payer, loans[0]!)).instalments[0]!.dueDate;
    const run = await buildRun(due);
    const items = (await runItems(run.id)).items.data as Array<{
      id: number;
      applicationId: number;
      total: string;
      amount: string;
    }>;
    const itemOf = (loan: number) => items.find((i) => i.applicationId === loan)!;
    expect((await uploadResults(run.id, 'item_id,amount_cents,status\n1,1,paid')).statusCode).toBe(409);
    expect((await admin.get(`/api/admin/debit-orders/runs/${run.id}/file`)).statusCode).toBe(200);

    const cents = (total: string) => new Decimal(total).times(100).toFixed(0);
    const text = resultFileText(
      [
        { loan: loans[0]!, status: 'paid' },
        { loan: loans[1]!, status: 'unpaid', code: '22' },
        { loan: loans[2]!, status: 'unpaid', code: '12' },
      ].map(({ loan, status, code }) => ({
        itemId: itemOf(loan).id,
        reference: paymentReferenceFor(loan),
        cents: cents(itemOf(loan).total),
        status,
        code,
      })),
    );
    // The bank answers after the collection date.
    travelTo(t, due, '16:00');
    const balanceBefore = (await payer.get(`/api/applications/${loans[0]}`)).json().repaymentSchedule
      .remainingAmount;
    const ledgerBefore = await ledgerTotals(t.database.db, loans[0]!);
    const imported = await uploadResults(run.id, text);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({
      lines: 3,
      paid: 1,
      unpaid: 2,
      represented: 1,
      duplicates: 0,
      failed: 0,
      problems: [],
    });

    // The paid one: a payment of kind debit_order on the action date, the balance down, the ledger journal.
    const own = (await payer.get(`/api/applications/${loans[0]}`)).json();
    const payment = own.repaymentSchedule.payments.find((p: { kind: string }) => p.kind === 'debit_order');
    expect(payment).toMatchObject({ amount: itemOf(loans[0]!).amount, paymentDate: due });
    expect(new Decimal(own.repaymentSchedule.remainingAmount).toFixed(2)).toBe(
      new Decimal(balanceBefore).minus(itemOf(loans[0]!).amount).toFixed(2),
    );
    const ledgerAfter = await ledgerTotals(t.database.db, loans[0]!);
    const cash = (rows: typeof ledgerAfter) =>
      new Decimal(rows.find((r) => r.account === 'cash')?.debit ?? 0);
    expect(cash(ledgerAfter).minus(cash(ledgerBefore)).toFixed(2)).toBe(itemOf(loans[0]!).total);

    // The failures: their codes and meanings, the outcome, the mandate suspended for 12, and each creator told.
    const unpaid = (await runItems(run.id, '&status=unpaid')).items.data;
    expect(unpaid.find((i: { applicationId: number }) => i.applicationId === loans[1])).toMatchObject({
      reasonCode: '22',
      reasonText: 'Account effects not cleared',
      outcome: 'represent',
      representOn: addBusinessDays(due, 5),
    });
    expect(unpaid.find((i: { applicationId: number }) => i.applicationId === loans[2])).toMatchObject({
      reasonCode: '12',
      reasonText: 'Account closed',
      outcome: 'suspend',
      representOn: null,
    });
    expect((await mandateRows(loans[2]!))[0]!.status).toBe('suspended');
    // An admin acts on the suspended one: cancelled with the reason; the creator may authorise a new one.
    const suspendedId = (await mandateRows(loans[2]!))[0]!.id;
    expect(
      (
        await closed.post(`/api/admin/debit-orders/mandates/${suspendedId}/cancel`, {
          reason: 'Account closed',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await admin.post(`/api/admin/debit-orders/mandates/${suspendedId}/cancel`, { reason: 'x' }))
        .statusCode,
    ).toBe(400);
    const shortMail = await outboxFor(short.username);
    expect(shortMail).toHaveLength(1);
    expect(shortMail[0]!.text_body).toContain('Account effects not cleared (code 22)');
    // The day it is tried again, in words as every e-mail writes a day ('2 Dec 2026'), never '2026-12-02'.
    expect(shortMail[0]!.text_body).toMatch(/collected again from \d{1,2} [A-Z][a-z]{2} \d{4}\./);
    expect(shortMail[0]!.text_body).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(shortMail[0]!.text_body).not.toContain('1234567890');
    expect((await outboxFor(closed.username))[0]!.text_body).toContain('suspended');
    expect(await outboxFor(payer.username)).toHaveLength(0);
    // Other tests' mandates may share this run: it is completed once every item has its result.
    const after = (await admin.get(`/api/admin/debit-orders/runs/${run.id}`)).json().run;
    expect(after.resultSummary).toMatchObject({ paid: 1, unpaid: 2, represented: 1 });
    expect(after.status).toBe(after.pending === 0 ? 'completed' : 'submitted');

    // The same file again changes nothing.
    const states = await Promise.all(loans.map((l) => storedState(t.database.db, l)));
    const again = await uploadResults(run.id, text);
    expect(again.json()).toMatchObject({ lines: 3, paid: 0, unpaid: 0, duplicates: 3, failed: 0 });
    expect(await Promise.all(loans.map((l) => storedState(t.database.db, l)))).toEqual(states);
    expect(await outboxFor(short.username)).toHaveLength(1);

    // The next run on or after the re-presentment day collects the short one again (attempt 2), not the suspended one.
    const representOn = addBusinessDays(due, 5);
    const dayBefore = addBusinessDays(due, 4);
    const early = await buildRun(dayBefore);
    expect(early.excluded).toContainEqual({
      applicationId: loans[1],
      reason: `Re-presented from ${formatDate(representOn)}.`,
    });
    const next = await buildRun(representOn);
    const nextItems = (await runItems(next.id)).items.data as Array<{
      applicationId: number;
      attempt: number;
      amount: string;
    }>;
    expect(nextItems.find((i) => i.applicationId === loans[1])).toMatchObject({
      attempt: 2,
      amount: itemOf(loans[1]!).amount,
    });
    expect(nextItems.find((i) => i.applicationId === loans[2])).toBeUndefined();
    expect(nextItems.find((i) => i.applicationId === loans[0])).toBeUndefined();

    const cancelled = await admin.post(`/api/admin/debit-orders/mandates/${suspendedId}/cancel`, {
      reason: 'Creator says the account is closed',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      statusReason: 'Cancelled by an admin: Creator says the account is closed',
    });
    expect(
      (await admin.post(`/api/admin/debit-orders/mandates/${suspendedId}/cancel`, { reason: 'Again please' }))
        .statusCode,
    ).toBe(409);
  });

  it('tell nobody about a failed collection of a loan that went under debt review after the run was sent', async () => {
    travelTo(t, '2026-11-25');
    const creator = await newCreator();
    const loan = await debitLoan(creator);
    await authorise(creator, loan);
    const due = (await servicingOf(creator, loan)).instalments[0]!.dueDate;
    const run = await buildRun(due);
    expect((await admin.get(`/api/admin/debit-orders/runs/${run.id}/file`)).statusCode).toBe(200);
    const review = await admin.post(`/api/admin/applications/${loan}/nca/debt-review`, {
      counsellorName: 'A Counsellor',
      counsellorNcrNumber: 'NCRDC4321',
      reference: 'DR-2',
      noticeDate: '2026-11-25',
    });
    expect(review.statusCode, review.body).toBe(200);
    travelTo(t, due, '16:00');
    const item = (await runItems(run.id)).items.data.find(
      (i: { applicationId: number }) => i.applicationId === loan,
    );
    const imported = await uploadResults(
      run.id,
      resultFileText([
        {
          itemId: item.id,
          reference: item.contractReference,
          cents: new Decimal(item.total).times(100).toFixed(0),
          status: 'unpaid',
          code: '02',
        },
      ]),
    );
    expect(imported.json()).toMatchObject({ unpaid: 1, represented: 1, failed: 0 });
    expect(await outboxFor(creator.username)).toHaveLength(0);
  });

  it("reconcile the run's credit on the bank statement to the run, once: it moves no money and is never held", async () => {
    // A collection day of its own (30 December) and an amount no other test's run collects, so the credit can only be
    // this run's.
    travelTo(t, '2026-11-30');
    const creator = await newCreator();
    const loan = await debitLoan(creator, 'bank_debit', 13_000);
    await authorise(creator, loan);
    const due = (await servicingOf(creator, loan)).instalments[0]!.dueDate;
    const run = await buildRun(due);
    expect((await admin.get(`/api/admin/debit-orders/runs/${run.id}/file`)).statusCode).toBe(200);
    travelTo(t, due, '16:00');
    const item = (await runItems(run.id)).items.data.find(
      (i: { applicationId: number }) => i.applicationId === loan,
    );
    const cents = new Decimal(item.total).times(100).toFixed(0);
    const results = resultFileText([
      { itemId: item.id, reference: item.contractReference, cents, status: 'paid' },
    ]);
    expect((await uploadResults(run.id, results)).json()).toMatchObject({ paid: 1, failed: 0 });

    // The bank pays the run's collections in as one credit named with our abbreviation; a second credit of the same
    // sum is not the run's (it was found once) and waits in suspense like any money nobody can place.
    const day = due.replaceAll('-', '/');
    const statement = [
      '2,"Vuka Capital (Pty) Ltd"',
      'Date,Amount,Balance,Description',
      `${day},${item.total},0,VUKACAP DEBIT ORDERS ${due}`,
      `${day},${item.total},0,VUKACAP DEBIT ORDERS ${due} SECOND`,
    ].join('\n');
    const cashBefore = await cashIn();
    const imported = await uploadStatement(admin, 'fnb', 'fnb.csv', Buffer.from(statement));
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ lines: 2, matched: 1, suspense: 1, failed: 0 });
    // Only the held one brought cash into the books: the run's was counted when its results were imported.
    expect(new Decimal(await cashIn()).minus(cashBefore).toFixed(2)).toBe(new Decimal(item.total).toFixed(2));
    const [settled] = await queryRows<{ line: number; reason: string; outcome: string }>(
      t.database.db,
      sql`select l.id as line, l.reason, l.outcome from debit_order_runs r
          join bank_statement_lines l on l.id = r.settled_by_line_id where r.id = ${run.id}`,
    );
    expect(settled).toMatchObject({ outcome: 'matched' });
    expect(settled!.reason).toContain(`Debit-order run #${run.id}`);
    // The same statement again changes nothing.
    const again = await uploadStatement(admin, 'fnb', 'fnb.csv', Buffer.from(statement));
    expect(again.json()).toMatchObject({ lines: 2, duplicates: 2, matched: 0, suspense: 0 });
  });

  it('refuse a file that is not a result file whole, and a line that does not fit its own way', async () => {
    travelTo(t, '2026-11-23');
    const creator = await newCreator();
    const loan = await debitLoan(creator);
    await authorise(creator, loan);
    const date = '2027-02-12';
    const run = await buildRun(date);
    expect((await admin.get(`/api/admin/debit-orders/runs/${run.id}/file`)).statusCode).toBe(200);
    travelTo(t, date, '16:00');
    const before = await storedState(t.database.db, loan);
    const notMultipart = await admin.post(`/api/admin/debit-orders/runs/${run.id}/results`, { file: 'x' });
    expect(notMultipart.statusCode).toBe(415);
    for (const text of ['', 'hello,world\n1,2', '\u0000\u0001binary']) {
      const res = await uploadResults(run.id, text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const item = (await runItems(run.id)).items.data.find(
      (i: { applicationId: number }) => i.applicationId === loan,
    );
    const mixed = await uploadResults(
      run.id,
      `item_id,amount_cents,status,reason_code\n${item.id},1,paid,\n${item.id},${new Decimal(item.total).times(100).toFixed(0)},unpaid,99\n999999,100,paid,`,
    );
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json()).toMatchObject({ lines: 3, paid: 0, failed: 3 });
    expect(mixed.json().problems.map((p: { line: number }) => p.line)).toEqual([2, 3, 4]);
    expect(await storedState(t.database.db, loan)).toEqual(before);
  });
});
