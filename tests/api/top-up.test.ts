// Top-ups (docs/lending.md, "Top-ups") and the one-open-application answer, on
// PGlite and PostgreSQL: the eligibility answer at 74 % and 75 % repaid, overdue instalments block it, 20
// parallel top-up requests make one application, and the payout settles the old loan first in one transaction
// (a settlement payment, the old loan completed, the ledger balanced, the amounts to the cent, audit rows);
// an old loan in arrears stops the payout, one repaid in between leaves nothing to settle.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { addDays, businessDate } from '../../src/shared/business-date';
import type { ApplyEligibility } from '../../src/shared/schemas/applications';
import { applicationBody } from '../support/accounts';
import { withSecondApproval } from '../support/approvals';
import {
  acceptCurrentQuote,
  adminLoan,
  auditRows,
  type Loan,
  ownApplication,
  payOk,
  quickUser,
  type SignedIn,
  servicingOf,
  storedState,
  travelTo,
} from '../support/servicing';
import { createTestApp, TEST_EPOCH, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
let counter = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'top-up-admin@example.com', 'admin');
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_EPOCH));

const newCreator = () => quickUser(t, `top-up-creator-${++counter}@example.com`);
const today = () => businessDate(t.clock.now());
/** Money as the screens write it groups thousands with a no-break space; tests read it with a plain one. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function eligibility(creator: SignedIn): Promise<ApplyEligibility> {
  const res = await creator.get('/api/applications/eligibility');
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Pays the loan up to `share` of its total (rounded up to the cent), on today's date. */
async function repayShare(loan: Loan, share: string) {
  const target = new Decimal(loan.schedule.totalAmount).times(share).toDecimalPlaces(2, Decimal.ROUND_UP);
  const app = await ownApplication(loan.creator, loan.id);
  const paid = new Decimal(loan.schedule.totalAmount).minus(app.repaymentSchedule.remainingAmount);
  if (target.gt(paid)) await payOk(admin, loan.id, target.minus(paid).toFixed(2), today());
}

/**
 * Pays the loan's instalments in full, each on its due date (the clock travels there), until at least `share` of its
 * total is repaid: a creator who kept to the plan, so what settles the loan is the principal left and a few days of
 * charge.
 */
async function repayOnSchedule(loan: Loan, share: string) {
  const target = new Decimal(loan.schedule.totalAmount).times(share);
  let paid = new Decimal(0);
  const instalments = (await servicingOf(loan.creator, loan.id)).instalments;
  for (const instalment of instalments) {
    if (paid.gte(target)) break;
    travelTo(t, instalment.dueDate);
    await payOk(admin, loan.id, instalment.amountDue, instalment.dueDate);
    paid = paid.plus(instalment.amountDue);
  }
}

/** What the creator would be quoted today to settle the loan. */
async function settlementQuoteOf(loan: Loan) {
  const res = await loan.creator.post(`/api/applications/${loan.id}/settlement-quote`, {});
  expect(res.statusCode).toBe(201);
  return res.json().quote as { amount: string; rebate: string };
}

const topUpBody = (loanId: number, requestedAmount = 20_000) =>
  applicationBody({ requestedAmount, topUpOfApplicationId: loanId });

async function approve(id: number) {
  const res = await admin.request({
    method: 'PATCH',
    url: `/api/admin/applications/${id}`,
    payload: { status: 'approved' },
  });
  expect(res.statusCode).toBe(200);
}

/** The creator chooses the plan (accepting its quote) and the admin records the payout: the payout's answer. */
async function choosePlan(creator: SignedIn, id: number) {
  const chosen = await creator.post(`/api/applications/${id}/schedule`, {
    paymentMethod: 'platform_earnings',
    termsAccepted: true,
  });
  if (chosen.statusCode !== 200) return { statusCode: chosen.statusCode, json: () => chosen.json() };
  return payout(id);
}

/**
 * The admin records the payout today and a second admin approves it (decision 028): `{ statusCode, json() }` with the
 * application as `application`, or the refusal.
 */
async function payout(id: number) {
  const res = await withSecondApproval(
    admin,
    admin.post(`/api/admin/applications/${id}/payout`, { paidOn: today(), bankReference: `TOPUP-${id}` }),
  );
  if (res.statusCode !== 200) return { statusCode: res.statusCode, json: () => res.json() };
  const application = (await admin.get(`/api/admin/applications/${id}`)).json().application;
  return { statusCode: res.statusCode, json: () => ({ ...res.json(), application }) };
}

/** Every journal of the loans balances (debits = credits), and the loan's receivable equals its balance. */
async function journals(ids: number[]) {
  return queryRows<{ entry_id: number; application_id: number; debit: string; credit: string }>(
    t.database.db,
    sql`select e.id as entry_id, e.application_id, sum(l.debit)::text as debit, sum(l.credit)::text as credit
        from ledger_entries e join ledger_lines l on l.entry_id = e.id
        where e.application_id in ${ids} group by e.id, e.application_id order by e.id`,
  );
}
async function accountBalance(applicationId: number, account: string) {
  const [row] = await queryRows<{ balance: string }>(
    t.database.db,
    sql`select coalesce(sum(l.debit - l.credit), 0)::numeric(14,2)::text as balance
        from ledger_lines l join ledger_entries e on e.id = l.entry_id
        where e.application_id = ${applicationId} and l.account = ${account}`,
  );
  return row!.balance;
}

describe('applying with an application open', () => {
  it('a creator with an application under review is told at once which one, and a submission is refused the same way', async () => {
    const creator = await newCreator();
    expect(await eligibility(creator)).toEqual({
      canApply: true,
      reason: null,
      openApplication: null,
      // No application yet: no score to show.
      scoreToday: null,
      topUp: null,
    });
    const first = await creator.post('/api/applications', applicationBody({ requestedAmount: 9_000 }));
    expect(first.statusCode).toBe(201);
    const id = first.json().application.id;

    const answer = await eligibility(creator);
    expect(answer).toMatchObject({
      canApply: false,
      openApplication: { id, status: 'pending_review', requestedAmount: 9_000, isTopUp: false },
      topUp: null,
    });
    expect(plain(answer.reason!)).toBe(
      `You already have an application open: your application #${id} for R 9 000 is under review. You can apply again once it is decided, or cancel it.`,
    );
    const refused = await creator.post('/api/applications', applicationBody());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(answer.reason);
  });

  it('a loan being repaid blocks an ordinary application; the eligibility answer says how far it is from a top-up', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    const answer = await eligibility(creator);
    expect(answer).toMatchObject({
      canApply: false,
      openApplication: { id: loan.id, status: 'active', isTopUp: false },
      topUp: {
        applicationId: loan.id,
        eligible: false,
        repaidPercent: '0.00',
        thresholdPercent: 75,
        totalAmount: loan.schedule.totalAmount,
        remainingAmount: loan.schedule.totalAmount,
      },
    });
    expect(answer.topUp!.reason).toBe('A top-up is offered once 75% of the plan is repaid (0,00% so far).');
    const refused = await creator.post('/api/applications', applicationBody());
    expect(refused.statusCode).toBe(409);
    expect(plain(refused.json().message)).toMatch(
      /already have an application open: your application #\d+ for R 12 000 is being repaid/,
    );
  });

  it('answers 401 without a session', async () => {
    const res = await new (admin.constructor as new (app: unknown) => SignedIn)(t.app).get(
      '/api/applications/eligibility',
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('top-up eligibility', () => {
  it('at 74 % repaid: not offered and refused; at 75 %: offered and filed as a top-up of the loan', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    await repayShare(loan, '0.74');
    const at74 = await eligibility(creator);
    expect(at74.topUp).toMatchObject({ eligible: false, repaidPercent: '74.00' });
    const refused = await creator.post('/api/applications', topUpBody(loan.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'A top-up is offered once 75% of the plan is repaid (74,00% so far).',
    );

    await repayShare(loan, '0.75');
    const at75 = await eligibility(creator);
    expect(at75.topUp).toMatchObject({ eligible: true, reason: null, repaidPercent: '75.00' });
    // Where the form starts: the loan's own R12 000, between a rand more than it settles and the product maximum.
    expect(at75.topUp).toMatchObject({
      minimumAmount: Math.max(2_000, Math.floor(Number(at75.topUp!.settlesAmount)) + 1),
      suggestedAmount: 12_000,
      maximumAmount: 50_000,
    });
    expect(at75).toMatchObject({ canApply: false, openApplication: { id: loan.id, status: 'active' } });
    expect(at75.reason).toBe(
      `Your financing #${loan.id} is being repaid and has earned a top-up: request one instead of a new application.`,
    );
    const filed = await creator.post('/api/applications', topUpBody(loan.id));
    expect(filed.statusCode).toBe(201);
    // Everything was repaid on the day of the payout: what settles the loan is the principal left, nothing more
    // (the whole finance charge is rebated), and no fee.
    const remaining = (await ownApplication(creator, loan.id)).repaymentSchedule.remainingAmount;
    const paid = new Decimal(loan.schedule.totalAmount).minus(remaining);
    const settles = new Decimal(12_000).minus(paid).toFixed(2);
    expect(filed.json().application.topUp).toEqual({
      ofApplicationId: loan.id,
      settled: false,
      settlesAmount: settles,
      platformFee: '0.00',
      creatorReceives: new Decimal(20_000).minus(settles).toFixed(2),
    });

    // Now the top-up is the open application: no second one, and no other top-up.
    const after = await eligibility(creator);
    expect(after).toMatchObject({
      canApply: false,
      openApplication: { id: filed.json().application.id, isTopUp: true },
      topUp: { eligible: false },
    });
    expect(plain(after.reason!)).toMatch(/your top-up #\d+ for R 20 000 is under review/);
    expect((await creator.post('/api/applications', topUpBody(loan.id))).statusCode).toBe(409);
  });

  it("the creator's list shows the settlement the detail shows, a reversed payment on the old loan counting for nothing", async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    // A payment that bounced: it stays on the loan's history (the list carries only the latest few) but pays nothing.
    const bounced = await payOk(admin, loan.id, '3000.00', today());
    const reversed = await withSecondApproval(
      admin,
      admin.post(`/api/admin/payments/${bounced.payment.id}/reverse`, {
        reason: 'Bounced: returned by the bank',
      }),
    );
    expect(reversed.statusCode, reversed.body).toBe(200);
    await repayShare(loan, '0.75');
    const filed = await creator.post('/api/applications', topUpBody(loan.id));
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json().application.id as number;

    const detail = (await creator.get(`/api/applications/${id}`)).json().topUp;
    const listed = (await creator.get('/api/applications'))
      .json()
      .find((a: { id: number }) => a.id === id).topUp;
    expect(listed).toEqual(detail);
    expect(listed).toEqual(filed.json().application.topUp);
  });

  it('an overdue instalment blocks it, however much is repaid', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    // 80 % paid today: instalment 1 and the last ones (a prepayment pays the last first); 2, 3 stay open.
    await repayShare(loan, '0.80');
    expect((await eligibility(creator)).topUp!.eligible).toBe(true);
    travelTo(t, (await ownApplication(creator, loan.id)).repaymentSchedule.nextPaymentDate!, '10:00');
    expect((await eligibility(creator)).topUp!.eligible).toBe(true); // due today is not yet overdue
    t.clock.advance(24 * 3600 * 1000);
    const answer = await eligibility(creator);
    expect(answer.topUp).toMatchObject({
      eligible: false,
      reason: 'A payment is overdue: a top-up is offered once nothing is overdue.',
    });
    const refused = await creator.post('/api/applications', topUpBody(loan.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A payment is overdue: a top-up is offered once nothing is overdue.');
  });

  it('a top-up must be more than what it settles (400 on the amount)', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 50_000 });
    await repayOnSchedule(loan, '0.75');
    const res = await creator.post('/api/applications', topUpBody(loan.id, 2_000));
    expect(res.statusCode).toBe(400);
    expect(plain(res.json().fieldErrors.requestedAmount[0])).toMatch(
      /^A top-up must be more than the R [\d ]+,\d\d it settles/,
    );
  });

  it('cannot name another creator’s loan, or a loan that is not being repaid', async () => {
    const owner = await newCreator();
    const loan = await adminLoan(admin, owner, { requestedAmount: 12_000 });
    await repayShare(loan, '0.75');
    const stranger = await newCreator();
    const res = await stranger.post('/api/applications', topUpBody(loan.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'A top-up can be asked for only on your own financing that is being repaid.',
    );
  });

  it('20 top-up requests at once make one application; 19 are refused', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    await repayShare(loan, '0.75');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => creator.post('/api/applications', topUpBody(loan.id))),
    );
    const tally: Record<number, number> = {};
    for (const a of answers) tally[a.statusCode] = (tally[a.statusCode] ?? 0) + 1;
    expect(tally).toEqual({ 201: 1, 409: 19 });
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from financing_applications where user_id = ${creator.userId} and top_up_of_application_id = ${loan.id}`,
    );
    expect(row!.n).toBe(1);
  });
});

describe('the top-up payout settles the old loan first', () => {
  it('one transaction: settlement payment, old loan completed, new one active, ledger balanced, amounts to the cent', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    await repayOnSchedule(loan, '0.75');
    const filed = await creator.post('/api/applications', topUpBody(loan.id));
    const topUpId = filed.json().application.id as number;
    await approve(topUpId);

    // Live before the payout: the admin sees what settles the loan today, the amount the creator would be quoted,
    // which follows a further payment. Less than the balance: the charge not yet earned is rebated.
    travelTo(t, addDays(today(), 10));
    await payOk(admin, loan.id, '100.00', today());
    const remaining = (await ownApplication(creator, loan.id)).repaymentSchedule.remainingAmount;
    const quoted = await settlementQuoteOf(loan);
    const balance = quoted.amount;
    expect(new Decimal(balance).lt(remaining)).toBe(true);
    expect(new Decimal(balance).plus(quoted.rebate).toFixed(2)).toBe(remaining);
    const live = (await admin.get(`/api/admin/applications/${topUpId}`)).json().application.topUp;
    expect(live).toMatchObject({ ofApplicationId: loan.id, settled: false, settlesAmount: balance });
    const list = (await admin.get('/api/admin/applications?search=')).json().data as Array<{
      id: number;
      topUpOfApplicationId: number | null;
    }>;
    expect(list.find((r) => r.id === topUpId)?.topUpOfApplicationId).toBe(loan.id);

    const res = await choosePlan(creator, topUpId);
    expect(res.statusCode).toBe(200);
    const receives = new Decimal(20_000).minus(balance).toFixed(2);
    expect(res.json().application).toMatchObject({
      status: 'active',
      topUp: {
        ofApplicationId: loan.id,
        settled: true,
        settlesAmount: balance,
        platformFee: '0.00',
        creatorReceives: receives,
      },
    });

    const old = await ownApplication(creator, loan.id);
    expect(old.status).toBe('completed');
    expect(old.repaymentSchedule).toMatchObject({ remainingAmount: '0.00', status: 'completed' });
    const settlement = old.repaymentSchedule.payments.at(-1)!;
    expect(settlement).toMatchObject({ kind: 'settlement', amount: balance, paymentDate: today() });
    const [fees] = await queryRows<{ fee: string }>(
      t.database.db,
      sql`select platform_fee::text as fee from payments where id = ${settlement.id}`,
    );
    expect(fees!.fee).toBe('0.00');
    const [stored] = await queryRows<{ top_up_settled_amount: string }>(
      t.database.db,
      sql`select top_up_settled_amount::text from financing_applications where id = ${topUpId}`,
    );
    expect(stored!.top_up_settled_amount).toBe(balance);

    // Every journal balances; the old loan's receivable and deferred cost end at zero; the new loan's
    // receivable is its total; the cash that left is exactly what the creator receives.
    for (const j of await journals([loan.id, topUpId])) expect(j.debit).toBe(j.credit);
    expect(await accountBalance(loan.id, 'loans_receivable')).toBe('0.00');
    expect(await accountBalance(loan.id, 'deferred_cost_income')).toBe('0.00');
    const newTotal = res.json().application.repaymentSchedule.totalAmount;
    expect(await accountBalance(topUpId, 'loans_receivable')).toBe(new Decimal(newTotal).toFixed(2));
    const [cash] = await queryRows<{ cash: string }>(
      t.database.db,
      sql`select sum(l.debit - l.credit)::numeric(14,2)::text as cash
          from ledger_lines l join ledger_entries e on e.id = l.entry_id
          where l.account = 'cash'
            and ((e.application_id = ${topUpId} and e.kind = 'disbursement') or e.payment_id = ${settlement.id})`,
    );
    expect(cash!.cash).toBe(new Decimal(receives).negated().toFixed(2));

    const audit = await auditRows(t.database.db, creator.userId, 'top_up_settled');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.notes).toContain(`#${topUpId}: top-up of #${loan.id} settled it for`);
    expect(await auditRows(t.database.db, creator.userId, 'loan_settled')).toHaveLength(1);

    // Fixed after the payout, and only one loan open: the creator can apply again only by a top-up later.
    const fixed = (await admin.get(`/api/admin/applications/${topUpId}`)).json().application.topUp;
    expect(fixed).toMatchObject({ settled: true, settlesAmount: balance, creatorReceives: receives });
    const answer = await eligibility(creator);
    expect(answer.openApplication).toMatchObject({ id: topUpId, status: 'active', isTopUp: true });
  });

  it('an old loan that fell into arrears stops the payout (409, nothing stored) until it is up to date', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    await repayShare(loan, '0.80');
    const topUpId = (await creator.post('/api/applications', topUpBody(loan.id))).json().application.id;
    await approve(topUpId);
    const due = (await ownApplication(creator, loan.id)).repaymentSchedule.nextPaymentDate!;
    travelTo(t, due);
    t.clock.advance(24 * 3600 * 1000);
    const before = await storedState(t.database.db, loan.id);

    // The offer and its acceptance move no money; the payout would settle the old loan, and stops.
    const offer = await admin.post(`/api/applications/${topUpId}/repayment-schedule`, {
      frequency: 'monthly',
      withholdingPercentage: 20,
      estimatedPeriod: 12,
    });
    expect(offer.statusCode).toBe(200);
    await acceptCurrentQuote(creator, topUpId);
    const res = await payout(topUpId);
    expect(res.statusCode).toBe(409);
    expect(plain(res.json().message)).toMatch(
      new RegExp(`^Financing #${loan.id}, which this top-up settles, has R [\\d ]+,\\d\\d overdue`),
    );
    expect(await storedState(t.database.db, loan.id)).toEqual(before);
    expect((await ownApplication(creator, topUpId)).status).toBe('accepted');

    // Brought up to date, the payout goes through.
    const overdue = (await ownApplication(creator, loan.id)).repaymentSchedule.servicing.amountOverdue;
    await payOk(admin, loan.id, overdue, today());
    const retry = await payout(topUpId);
    expect(retry.statusCode).toBe(200);
    expect((await ownApplication(creator, loan.id)).status).toBe('completed');
  });

  it('an old loan repaid in between leaves nothing to settle: the creator receives the whole amount', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    await repayShare(loan, '0.75');
    const topUpId = (await creator.post('/api/applications', topUpBody(loan.id, 15_000))).json().application
      .id;
    await approve(topUpId);
    const rest = (await ownApplication(creator, loan.id)).repaymentSchedule.remainingAmount;
    await payOk(admin, loan.id, rest, today());
    const live = (await admin.get(`/api/admin/applications/${topUpId}`)).json().application.topUp;
    expect(live).toMatchObject({ settled: false, settlesAmount: '0.00', creatorReceives: '15000.00' });

    const res = await choosePlan(creator, topUpId);
    expect(res.statusCode).toBe(200);
    expect(res.json().application.topUp).toMatchObject({
      settled: true,
      settlesAmount: '0.00',
      platformFee: '0.00',
      creatorReceives: '15000.00',
    });
    const payments = (await ownApplication(creator, loan.id)).repaymentSchedule.payments;
    expect(payments.filter((p) => p.kind === 'settlement')).toHaveLength(0);
  });

  it('a top-up cannot be made a test application', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    await repayShare(loan, '0.75');
    const topUpId = (await creator.post('/api/applications', topUpBody(loan.id))).json().application.id;
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/admin/applications/${topUpId}`,
      payload: { testing: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A top-up settles a real loan: it cannot be made a test application.');
  });
});
