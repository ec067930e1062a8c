import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financingApplications, ledgerLines, payments, repaymentSchedules } from '../../src/server/db/schema';
import { reviewLoans } from '../../src/server/features/loans/application-lifecycle.service';
import { applicationBody, signedInUser } from '../support/accounts';
import { acceptAndPayOut, recordEarnings } from '../support/servicing';
import { Client, createTestApp, TEST_EPOCH, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_RATE: '2.5' });
  admin = await signedInUser(t, 'lender@example.com', 'admin');
});
afterAll(() => t.close());

let counter = 0;
/** A creator with an active schedule set up by the admin; returns the application id and schedule. */
async function activeLoan(requestedAmount = 10_000, withholdingPercentage = 20) {
  const creator = await signedInUser(t, `borrower${++counter}@example.com`);
  const app = (
    await creator.post('/api/applications', applicationBody({ requestedAmount, monthlyRevenue: 20_000 }))
  ).json().application;
  await admin.request({
    method: 'PATCH',
    url: `/api/admin/applications/${app.id}`,
    payload: { status: 'approved' },
  });
  await admin.post(`/api/applications/${app.id}/repayment-schedule`, { withholdingPercentage });
  const paid = await acceptAndPayOut(admin, creator, app.id);
  return { id: app.id as number, schedule: paid.repaymentSchedule, creator };
}
const scheduleOf = async (id: number) =>
  (await t.database.db.select().from(repaymentSchedules).where(eq(repaymentSchedules.applicationId, id)))[0]!;

describe('lending routes refuse visitors (401) and creators (403)', () => {
  it.each([
    ['GET', '/api/lending-management/summary'],
    ['GET', '/api/lending-management/details'],
    ['POST', '/api/lending-management/record-earnings'],
    ['POST', '/api/lending-management/cancel-application'],
  ])('%s %s', async (method, url) => {
    const creator = await signedInUser(t, `nosy${++counter}@example.com`);
    const payload = method === 'POST' ? { payload: {} } : {};
    expect((await new Client(t.app).request({ method: method as 'GET', url, ...payload })).statusCode).toBe(
      401,
    );
    expect((await creator.request({ method: method as 'GET', url, ...payload })).statusCode).toBe(403);
  });
});

describe('record monthly earnings', () => {
  it('records earnings × withholding as a payment with its fee, and the balance falls', async () => {
    const loan = await activeLoan(10_000, 20);
    const res = await admin.post('/api/lending-management/record-earnings', {
      applicationId: loan.id,
      earningsMonth: 11,
      earningsYear: 2026,
      earningsAmount: 12_345.67,
      notes: 'November YouTube',
    });
    expect(res.statusCode).toBe(201);
    // 12,345.67 × 20 % = 2,469.134 → R2,469.13; fee 2.5 % of that = 61.72825 → R61.73.
    expect(res.json().data).toMatchObject({ payment: '2469.13', platformFee: '61.73' });
    const after = await scheduleOf(loan.id);
    expect(new Decimal(loan.schedule.remainingAmount).minus(after.remainingAmount).toFixed(2)).toBe(
      '2469.13',
    );
    const again = await recordEarnings(admin, loan.id, 100);
    expect(again.statusCode).toBe(409);
  });

  it.each([
    [{ earningsAmount: 0 }, 'Earnings must be greater than zero'],
    [{ earningsAmount: -1 }, 'Earnings must be greater than zero'],
    [{ earningsMonth: 13 }, 'Month is 1-12'],
    [{ earningsAmount: undefined }, 'Earnings amount is required'],
  ])('refuses %o', async (change, message) => {
    const body = { applicationId: 1, earningsMonth: 11, earningsYear: 2026, earningsAmount: 100, ...change };
    const res = await admin.post('/api/lending-management/record-earnings', body);
    expect(res.statusCode).toBe(400);
    expect(Object.values(res.json().fieldErrors).flat()).toContain(message);
  });

  it('caps the withholding at the remaining balance and completes the loan', async () => {
    const loan = await activeLoan(2_000, 100);
    const res = await recordEarnings(admin, loan.id, 90_000);
    expect(res.json().data).toMatchObject({
      payment: loan.schedule.totalAmount,
      remainingAmount: '0.00',
      completed: true,
    });
  });
});

describe('cancel from the lending dashboard', () => {
  it('cancels only pending_review, approved and their testing twins, with a reason', async () => {
    const creator = await signedInUser(t, `canceller${++counter}@example.com`);
    const app = (await creator.post('/api/applications', applicationBody())).json().application;
    expect(
      (await admin.post('/api/lending-management/cancel-application', { applicationId: app.id, reason: ' ' }))
        .statusCode,
    ).toBe(400);
    await t.database.db
      .update(financingApplications)
      .set({ status: 'approved_testing' })
      .where(eq(financingApplications.id, app.id));
    const ok = await admin.post('/api/lending-management/cancel-application', {
      applicationId: app.id,
      reason: 'Rehearsal done',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.status).toBe('cancelled_testing');
    const loan = await activeLoan();
    const refused = await admin.post('/api/lending-management/cancel-application', {
      applicationId: loan.id,
      reason: 'no',
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe('summary and details', () => {
  it('agree with the schedules, payments and ledger to the cent', async () => {
    // Its own loan and payment, so the figures are not empty whichever test runs first.
    const loan = await activeLoan(8_000, 20);
    const recorded = await recordEarnings(admin, loan.id, 4_321.09);
    expect(recorded.statusCode).toBe(201);
    const summary = (await admin.get('/api/lending-management/summary?mode=production')).json().data;
    const schedules = await t.database.db.select().from(repaymentSchedules);
    const sum = (f: (s: (typeof schedules)[number]) => string) =>
      schedules.reduce((acc, s) => acc.plus(f(s)), new Decimal(0)).toFixed(2);
    expect(summary.totalExpectedReturn).toBe(sum((s) => s.totalAmount));
    expect(summary.remainingReturns).toBe(sum((s) => s.remainingAmount));
    expect(summary.expectedReturns).toBe(sum((s) => s.costAmount));
    const [paid] = await t.database.db
      .select({ a: sql<string>`sum(amount)::text`, f: sql<string>`sum(platform_fee)::text` })
      .from(payments);
    expect(summary.totalRepayments).toBe(new Decimal(paid!.a).toFixed(2));
    expect(summary.totalPlatformFees).toBe(new Decimal(paid!.f).toFixed(2));
    const [receivable] = await t.database.db
      .select({ b: sql<string>`(sum(debit) - sum(credit))::text` })
      .from(ledgerLines)
      .where(eq(ledgerLines.account, 'loans_receivable'));
    expect(new Decimal(receivable!.b).toFixed(2)).toBe(summary.remainingReturns);

    const details = (await admin.get('/api/lending-management/details?search=BORROWER')).json().data;
    expect(details.length).toBeGreaterThan(0);
    expect(details.every((d: { userEmail: string }) => d.userEmail.startsWith('borrower'))).toBe(true);
    expect(details.find((d: { withholdingRate: number | null }) => d.withholdingRate === 20)).toMatchObject({
      platformFeeRate: 2.5,
    });
    expect((await admin.get('/api/lending-management/details?month=13')).statusCode).toBe(400);
    const empty = (await admin.get('/api/lending-management/details?search=nobody-at-all')).json().data;
    expect(empty).toEqual([]);
  });
});

describe('defaults', () => {
  it('marks active financing defaulted when its oldest unpaid instalment is more than 90 days overdue', async () => {
    const loan = await activeLoan();
    const firstDue = loan.schedule.nextPaymentDate as string;
    try {
      // 90 days after the first due date: 90 days past due, not yet "more than 90".
      t.clock.set(`${firstDue}T08:00:00.000Z`);
      t.clock.advanceDays(90);
      expect((await reviewLoans(t.database.db, t.clock)).defaulted).not.toContain(loan.id);
      t.clock.advanceDays(1);
      expect((await reviewLoans(t.database.db, t.clock)).defaulted).toContain(loan.id);
      const mine = (await loan.creator.get('/api/applications')).json()[0];
      expect(mine.status).toBe('defaulted');
      const summary = (await admin.get('/api/lending-management/summary')).json().data;
      expect(summary.defaultRate).toBeGreaterThan(0);
      const row = (await admin.get(`/api/lending-management/details?userId=${mine.userId}`)).json().data[0];
      expect(row).toMatchObject({ daysPastDue: 91, delinquencyBucket: '90+' });
    } finally {
      t.clock.set(TEST_EPOCH);
    }
  });
});

describe('concurrency', () => {
  it('20 concurrent payments on one schedule lose nothing', async () => {
    const loan = await activeLoan(20_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin.request({
          method: 'POST',
          url: `/api/admin/applications/${loan.id}/payments`,
          headers: { 'idempotency-key': `concurrent-${loan.id}-${i}` },
          payload: { amount: 100.01, paymentDate: '2026-11-23' },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const after = await scheduleOf(loan.id);
    expect(new Decimal(loan.schedule.totalAmount).minus(after.remainingAmount).toFixed(2)).toBe('2000.20');
    const rows = await t.database.db.select().from(payments).where(eq(payments.applicationId, loan.id));
    expect(rows).toHaveLength(20);
  });
});
