// Early settlement through the API: the creator's quote (the principal owed and the charge earned to the day, the
// rest of the charge rebated; a reference, the bank details from configuration, valid for 5 business days), one
// open quote per loan even under a burst of requests,
// the admin's list and settle (a settlement payment that completes the loan and tells the creator), expiry
// and supersession, and who may use these routes.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import type { SettlementQuoteView } from '../../src/shared/schemas/servicing';
import { latestMailTo } from '../support/accounts';
import {
  adminLoan,
  approvedApplication,
  auditRows,
  ledgerTotals,
  ownApplication,
  payOk,
  quickUser,
  type SignedIn,
  servicingOf,
  storedState,
  travelTo,
} from '../support/servicing';
import { Client, createTestApp, TEST_EPOCH, type TestApp } from '../support/test-app';

const BANK = {
  bankName: 'Test Bank of the South',
  accountName: 'Vuka Capital Settlements',
  accountNumber: '62812345678',
  branchCode: '198765',
};

let t: TestApp;
let admin: SignedIn;
let counter = 0;
beforeAll(async () => {
  t = await createTestApp({
    SETTLEMENT_BANK_NAME: BANK.bankName,
    SETTLEMENT_ACCOUNT_NAME: BANK.accountName,
    SETTLEMENT_ACCOUNT_NUMBER: BANK.accountNumber,
    SETTLEMENT_BRANCH_CODE: BANK.branchCode,
  });
  admin = await quickUser(t, 'settlement-admin@example.com', 'admin');
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_EPOCH));

const newCreator = () => quickUser(t, `settlement-creator-${++counter}@example.com`);

async function requestQuote(creator: Client, id: number): Promise<SettlementQuoteView> {
  const res = await creator.post(`/api/applications/${id}/settlement-quote`, {});
  if (res.statusCode !== 201) throw new Error(`quote refused: ${res.statusCode} ${res.body}`);
  expect(res.json().success).toBe(true);
  return res.json().quote;
}
const settle = (quoteId: number, body: object = {}) =>
  admin.post(`/api/admin/settlement-quotes/${quoteId}/settle`, body);
const openList = async () =>
  (await admin.get('/api/admin/settlement-quotes')).json().data as Array<
    SettlementQuoteView & Record<string, string>
  >;
const quoteRows = (applicationId: number) =>
  queryRows<{ id: number; status: string; amount: string; payment_id: number | null }>(
    t.database.db,
    sql`select id, status, amount::text, payment_id from settlement_quotes where application_id = ${applicationId} order by id`,
  );

describe('the settlement quote', () => {
  it('on the day of the payout is the principal still owed, with a reference and the bank details, valid for 5 business days; asking again gives the same quote', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    await payOk(admin, loan.id, '1315.00', '2026-11-23');
    const remaining = new Decimal(loan.schedule.totalAmount).minus('1315.00').toFixed(2);

    const quote = await requestQuote(creator, loan.id);
    // Paid out today and R 1 315 repaid today: R 10 685 of principal, nothing earned; the whole charge is rebated.
    expect(quote).toMatchObject({
      applicationId: loan.id,
      amount: '10685.00',
      principal: '10685.00',
      accruedCharge: '0.00',
      rebate: new Decimal(remaining).minus('10685.00').toFixed(2),
      validUntil: '2026-11-30',
      bank: BANK,
    });
    expect(quote.rebate).toBe(new Decimal(loan.schedule.totalAmount).minus(12_000).toFixed(2));
    expect(quote.reference).toMatch(new RegExp(`^VUKA-${loan.id}-[0-9A-HJKMNP-TV-Z]{6}$`));
    expect(await requestQuote(creator, loan.id)).toEqual(quote);
    // The next day, with the balance unchanged, it is still the same quote.
    travelTo(t, '2026-11-24');
    expect(await requestQuote(creator, loan.id)).toEqual(quote);

    expect((await servicingOf(creator, loan.id)).settlementQuote).toEqual(quote);
    expect((await servicingOf(admin, loan.id)).settlementQuote).toEqual(quote);
    const listed = (await openList()).find((q) => q.id === quote.id);
    expect(listed).toEqual({
      ...quote,
      applicationStatus: 'active',
      clientName: 'Zola Test',
      clientEmail: creator.username,
    });
    expect(await quoteRows(loan.id)).toEqual([
      { id: quote.id, status: 'open', amount: '10685.00', payment_id: null },
    ]);
    expect(await auditRows(t.database.db, creator.userId, 'settlement_quote_requested')).toHaveLength(1);
  });

  it('is superseded by any other payment; the new quote has the new amount; the old one cannot be settled', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 5_000 });
    const first = await requestQuote(creator, loan.id);
    expect(first.amount).toBe('5000.00');
    await payOk(admin, loan.id, '500.00', '2026-11-23');

    expect((await servicingOf(creator, loan.id)).settlementQuote).toBeNull();
    expect((await openList()).map((q) => q.id)).not.toContain(first.id);
    const before = await storedState(t.database.db, loan.id);
    const stale = await settle(first.id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      `Quote ${first.reference} no longer holds: the balance changed after it was made.`,
    );
    expect(await storedState(t.database.db, loan.id)).toEqual(before);

    const second = await requestQuote(creator, loan.id);
    expect(second.amount).toBe('4500.00');
    expect(second.id).not.toBe(first.id);
    expect(second.reference).not.toBe(first.reference);
    expect((await quoteRows(loan.id)).map((q) => q.status)).toEqual(['superseded', 'open']);
  });

  it('20 requests at once leave exactly one open quote, and all of them get it', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 8_000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => creator.post(`/api/applications/${loan.id}/settlement-quote`, {})),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const references = new Set(answers.map((a) => a.json().quote.reference));
    expect(references.size).toBe(1);
    const rows = await quoteRows(loan.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'open', amount: '8000.00' });
    expect(await auditRows(t.database.db, creator.userId, 'settlement_quote_requested')).toHaveLength(1);
  });

  it('is refused (409) for financing that is not being repaid', async () => {
    const creator = await newCreator();
    const approved = await approvedApplication(admin, creator);
    const res = await creator.post(`/api/applications/${approved.id}/settlement-quote`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only financing that is being repaid can be settled early.');
    expect(await quoteRows(approved.id)).toEqual([]);
  });
});

describe('settling a quote', () => {
  it('records a settlement payment of the quoted amount, completes the loan and e-mails the creator; a second settle is 409', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 10_000 });
    await payOk(admin, loan.id, '2000.00', '2026-11-23');
    const quote = await requestQuote(creator, loan.id);
    travelTo(t, '2026-11-26');

    // A payment date in the future is refused like any payment's, and nothing is stored.
    const before = await storedState(t.database.db, loan.id);
    const future = await settle(quote.id, { paymentDate: '2026-11-27' });
    expect(future.statusCode).toBe(400);
    expect(future.json().fieldErrors.paymentDate).toEqual([
      'The payment date cannot be in the future: today is 26 Nov 2026 in South Africa.',
    ]);
    expect((await settle(quote.id, { paymentDate: '2026-02-30' })).statusCode).toBe(400);
    // Notes over 1000 characters, an unknown field, an amount of one's own: refused, nothing stored.
    for (const body of [{ notes: 'x'.repeat(1001) }, { amount: '1.00' }, { paymentDate: 20261125 }]) {
      const bad = await settle(quote.id, body);
      expect(bad.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(typeof bad.json().message).toBe('string');
    }
    expect(await storedState(t.database.db, loan.id)).toEqual(before);

    const res = await settle(quote.id, { paymentDate: '2026-11-25' });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      completed: true,
      remainingAmount: '0.00',
      payment: { kind: 'settlement', amount: quote.amount, paymentDate: '2026-11-25' },
    });

    const mine = await ownApplication(creator, loan.id);
    expect(mine.status).toBe('completed');
    expect(mine.repaymentSchedule).toMatchObject({
      status: 'completed',
      remainingAmount: '0.00',
      nextPaymentDate: null,
    });
    expect(mine.repaymentSchedule.payments.map((p) => p.kind).sort()).toEqual(['manual', 'settlement']);
    const s = await servicingOf(creator, loan.id);
    expect(s.settlementQuote).toBeNull();
    // The R2 000 paid the first instalment (Paid) and part of the second. Everything the settlement closed before
    // it fell due reads Settled, never Paid: the second instalment on, the ones the rebate closed included.
    const statuses = s.instalments.map((i) => i.status);
    expect(statuses).toEqual(['paid', ...Array(statuses.length - 1).fill('settled')]);
    const rebated = await queryRows<{ rebated: string }>(
      t.database.db,
      sql`select sum(amount_rebated)::text as rebated from repayment_instalments i
          join repayment_schedules s on s.id = i.schedule_id where s.application_id = ${loan.id}`,
    );
    expect(rebated[0]!.rebated).toBe(quote.rebate);
    expect(await quoteRows(loan.id)).toEqual([
      { id: quote.id, status: 'settled', amount: quote.amount, payment_id: data.payment.id },
    ]);
    expect((await openList()).map((q) => q.id)).not.toContain(quote.id);

    const mail = await latestMailTo(t.database.db, creator.username);
    expect(mail?.subject).toBe(`Your Vuka Capital financing #${loan.id} is settled`);
    expect(mail?.textBody).toContain('We received your early settlement of');
    expect(mail?.textBody).toContain('(paid on 25 November 2026)');
    expect(await auditRows(t.database.db, creator.userId, 'loan_settled')).toHaveLength(1);
    // The loan is off the books: nothing receivable, all cost earned.
    const ledger = await ledgerTotals(t.database.db, loan.id);
    const balance = (account: string) => {
      const row = ledger.find((l) => l.account === account)!;
      return new Decimal(row.debit).minus(row.credit).toFixed(2);
    };
    expect(balance('loans_receivable')).toBe('0.00');
    expect(balance('deferred_cost_income')).toBe('0.00');

    const again = await settle(quote.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Settlement ${quote.reference} is already recorded.`);
    expect((await ownApplication(creator, loan.id)).repaymentSchedule.payments).toHaveLength(2);
    expect((await creator.post(`/api/applications/${loan.id}/settlement-quote`, {})).statusCode).toBe(409);
    expect((await settle(999_999)).statusCode).toBe(404);
  });

  it('twenty settles at once record one settlement payment; the others are 409', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 3_000 });
    const quote = await requestQuote(creator, loan.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => settle(quote.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    const [row] = await queryRows<{ count: number; total: string }>(
      t.database.db,
      sql`select count(*)::int as count, sum(amount)::text as total from payments where application_id = ${loan.id}`,
    );
    expect(row).toEqual({ count: 1, total: '3000.00' });
    expect((await ownApplication(creator, loan.id)).status).toBe('completed');
  });

  it('an expired quote is 409 to settle and no longer listed; asking again gives a new one', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 4_000 });
    const quote = await requestQuote(creator, loan.id);
    expect(quote.validUntil).toBe('2026-11-30');

    travelTo(t, '2026-11-30', '23:30'); // its last day, late in the evening in Johannesburg
    expect((await openList()).map((q) => q.id)).toContain(quote.id);
    expect((await servicingOf(creator, loan.id)).settlementQuote?.id).toBe(quote.id);

    travelTo(t, '2026-12-01', '00:30');
    expect((await openList()).map((q) => q.id)).not.toContain(quote.id);
    expect((await servicingOf(creator, loan.id)).settlementQuote).toBeNull();
    const before = await storedState(t.database.db, loan.id);
    const res = await settle(quote.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Quote ${quote.reference} expired on 30 Nov 2026; record the payment as a normal payment.`,
    );
    expect(await storedState(t.database.db, loan.id)).toEqual(before);
    expect((await ownApplication(creator, loan.id)).repaymentSchedule.remainingAmount).toBe(
      loan.schedule.totalAmount,
    );

    // Eight days on, the charge of eight days is earned.
    const fresh = await requestQuote(creator, loan.id);
    expect(fresh).toMatchObject({ principal: '4000.00', validUntil: '2026-12-08' });
    expect(Number(fresh.accruedCharge)).toBeGreaterThan(0);
    expect(fresh.reference).not.toBe(quote.reference);
    expect((await quoteRows(loan.id)).map((q) => q.status)).toEqual(['superseded', 'open']);
  });
});

describe('who may use the settlement and restructure routes', () => {
  it('a visitor gets 401, a creator 403 on the admin routes and 404 on another creator’s loan', async () => {
    const owner = await newCreator();
    const other = await newCreator();
    const loan = await adminLoan(admin, owner, { requestedAmount: 2_000 });
    const quote = await requestQuote(owner, loan.id);
    const visitor = new Client(t.app);
    const before = await storedState(t.database.db, loan.id);

    const routes: Array<[string, string, object | undefined]> = [
      ['GET', `/api/applications/${loan.id}/servicing`, undefined],
      ['POST', `/api/applications/${loan.id}/settlement-quote`, {}],
      ['GET', '/api/admin/settlement-quotes', undefined],
      ['POST', `/api/admin/settlement-quotes/${quote.id}/settle`, {}],
      ['POST', `/api/admin/applications/${loan.id}/restructure`, { estimatedPeriod: 6 }],
    ];
    for (const [method, url, payload] of routes) {
      const request = { method: method as 'GET' | 'POST', url, ...(payload ? { payload } : {}) };
      expect((await visitor.request(request)).statusCode, `visitor ${method} ${url}`).toBe(401);
    }
    for (const [method, url, payload] of routes.slice(2)) {
      const request = { method: method as 'GET' | 'POST', url, ...(payload ? { payload } : {}) };
      expect((await owner.request(request)).statusCode, `creator ${method} ${url}`).toBe(403);
    }
    expect((await other.get(`/api/applications/${loan.id}/servicing`)).statusCode).toBe(404);
    expect((await other.post(`/api/applications/${loan.id}/settlement-quote`, {})).statusCode).toBe(404);
    expect(await storedState(t.database.db, loan.id)).toEqual(before);
    expect((await servicingOf(owner, loan.id)).settlementQuote).toEqual(quote);
  });
});
