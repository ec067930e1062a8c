// The servicing model through the API: instalments written with each schedule, payments allocated to them
// (oldest due first, prepayments to the last ones), the next due date, default and cure, shortfalls and
// restructuring, and who may read a loan's servicing. Each test makes its own loans; the clock travels in
// South African time and is put back after each test.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { reviewLoans } from '../../src/server/features/loans/application-lifecycle.service';
import { adminScheduleTerms, previewTerms } from '../../src/shared/finance/repayment-plan';
import type { LoanServicing } from '../../src/shared/schemas/servicing';
import { withSecondApproval } from '../support/approvals';
import { firstLoanPricing } from '../support/pricing';
import {
  adminLoan,
  allocationsOf,
  approvedApplication,
  auditRows,
  creatorPlanLoan,
  type Loan,
  ledgerTotals,
  lendingRow,
  ownApplication,
  payOk,
  quickUser,
  recordEarnings,
  type SignedIn,
  servicingOf,
  storedState,
  sum,
  travelTo,
  unallocatedPayments,
} from '../support/servicing';
import { Client, createTestApp, TEST_EPOCH, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
let counter = 0;
beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_RATE: '2.5' });
  admin = await quickUser(t, 'servicing-admin@example.com', 'admin');
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_EPOCH));

const newCreator = () => quickUser(t, `servicing-creator-${++counter}@example.com`);
const review = () => reviewLoans(t.database.db, t.clock);
/** A restructure asked for and approved by a second admin (decision 028): the approval, or the request's refusal. */
const restructure = (id: number, body: object) =>
  withSecondApproval(admin, admin.post(`/api/admin/applications/${id}/restructure`, body));

/** The SA calendar day `days` after a UTC-midnight date (plain Date arithmetic, independent of the app's). */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const dueDates = (s: LoanServicing) => s.instalments.map((i) => i.dueDate);
const statuses = (s: LoanServicing) => s.instalments.map((i) => i.status);

/** The instalments add up to the total, every one but the last is the instalment, the last the remainder. */
function expectInstalmentsOf(s: LoanServicing, total: string, instalment: string, count: number) {
  expect(s.instalments).toHaveLength(count);
  expect(s.instalments.map((i) => i.number)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  expect(sum(s.instalments.map((i) => i.amountDue))).toBe(total);
  expect(s.instalments.slice(0, -1).every((i) => i.amountDue === instalment)).toBe(true);
  const last = new Decimal(s.instalments.at(-1)!.amountDue);
  expect(last.toFixed(2)).toBe(new Decimal(total).minus(new Decimal(instalment).times(count - 1)).toFixed(2));
  expect(last.gt(0) && last.lte(instalment)).toBe(true);
  expect(s.instalments.every((i) => i.amountPaid === '0.00' && i.outstanding === i.amountDue)).toBe(true);
  // The first instalment is the one falling due; the others are upcoming.
  expect(statuses(s)).toEqual(['due', ...Array(count - 1).fill('upcoming')]);
}

async function storedInstalments(applicationId: number) {
  const [row] = await queryRows<{ count: number; due: string }>(
    t.database.db,
    sql`select count(*)::int as count, sum(i.amount_due)::numeric(14,2)::text as due
        from repayment_instalments i join repayment_schedules s on s.id = i.schedule_id
        where s.application_id = ${applicationId} and i.voided_on is null`,
  );
  return row!;
}

describe('instalments as data', () => {
  it('admin setup (monthly, 12 months): 12 instalments due on the 23rd, adding up to the total exactly', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 10_000, frequency: 'monthly' });
    const terms = adminScheduleTerms({
      legal: firstLoanPricing(t),
      requestedAmount: 10_000,
      monthlyRevenue: '8000.00',
      withholdingPercentage: 20,
      estimatedPeriod: 12,
      frequency: 'monthly',
      creditScore: loan.creditScore,
    });
    expect(loan.schedule).toMatchObject({
      totalAmount: terms.totalAmount,
      installmentAmount: terms.installmentAmount,
      nextPaymentDate: '2026-12-23',
      endDate: '2027-11-23',
      estimatedRemainingDuration: 12,
    });
    const s = await servicingOf(creator, loan.id);
    // 12 instalments of R1,095.84 leave R1,095.76 for the last (R13,150 in total).
    expectInstalmentsOf(s, terms.totalAmount, terms.installmentAmount, 12);
    expect(new Decimal(s.instalments.at(-1)!.amountDue).lt(terms.installmentAmount)).toBe(true);
    expect(dueDates(s)).toEqual([
      '2026-12-23',
      '2027-01-23',
      '2027-02-23',
      '2027-03-23',
      '2027-04-23',
      '2027-05-23',
      '2027-06-23',
      '2027-07-23',
      '2027-08-23',
      '2027-09-23',
      '2027-10-23',
      '2027-11-23',
    ]);
    expect(s.position).toMatchObject({
      nextPaymentDate: '2026-12-23',
      amountOverdue: '0.00',
      daysPastDue: 0,
      bucket: 'current',
      amountDueNow: terms.installmentAmount,
      currentInstalment: { number: 1, dueDate: '2026-12-23', outstanding: terms.installmentAmount },
      instalmentsRemaining: 12,
      instalmentsTotal: 12,
    });
    expect(await storedInstalments(loan.id)).toEqual({ count: 12, due: terms.totalAmount });
    // The admin reads the same table.
    expect((await servicingOf(admin, loan.id)).instalments).toEqual(s.instalments);
  });

  it('automatic and monthly plans fall due monthly from the start, clamped to the end of shorter months', async () => {
    const creator = await newCreator();
    travelTo(t, '2026-12-31');
    const automatic = await adminLoan(admin, creator, { frequency: 'automatic', estimatedPeriod: 6 });
    expect(dueDates(await servicingOf(creator, automatic.id))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
    ]);
    travelTo(t, '2028-01-31');
    // Another creator: the first loan is still open (one open application at a time).
    const monthly = await adminLoan(admin, await newCreator(), { frequency: 'monthly', estimatedPeriod: 4 });
    const s = await servicingOf(monthly.creator, monthly.id);
    // Each date counts from the start: February's clamp does not drag March back to the 29th.
    expect(dueDates(s)).toEqual(['2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31']);
    expectInstalmentsOf(s, monthly.schedule.totalAmount, monthly.schedule.installmentAmount, 4);
  });

  it('biweekly: every 14 days from the start, 12 months = 26 instalments', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 20_000, frequency: 'biweekly' });
    const s = await servicingOf(creator, loan.id);
    expectInstalmentsOf(s, loan.schedule.totalAmount, loan.schedule.installmentAmount, 26);
    expect(dueDates(s)).toEqual(Array.from({ length: 26 }, (_, n) => plusDays('2026-11-23', 14 * (n + 1))));
    expect(dueDates(s).slice(0, 3)).toEqual(['2026-12-07', '2026-12-21', '2027-01-04']);
    expect(s.instalments.at(-1)!.dueDate).toBe('2027-11-22');
    expect(loan.schedule).toMatchObject({ frequency: 'biweekly', endDate: '2027-11-22' });
    expect(await storedInstalments(loan.id)).toEqual({ count: 26, due: loan.schedule.totalAmount });
  });

  it("the creator's plan choice writes its instalments too: automatic, monthly, the last one the remainder", async () => {
    const creator = await newCreator();
    const loan = await creatorPlanLoan(admin, creator, { requestedAmount: 10_000, monthlyRevenue: 8_000 });
    const terms = previewTerms({
      legal: firstLoanPricing(t),
      requestedAmount: 10_000,
      monthlyRevenue: '8000.00',
      creditScore: loan.creditScore,
    });
    expect(loan.schedule).toMatchObject({
      frequency: 'automatic',
      totalAmount: terms.totalAmount,
      installmentAmount: terms.installmentAmount,
      estimatedPeriod: terms.estimatedPeriod,
    });
    const s = await servicingOf(creator, loan.id);
    expectInstalmentsOf(s, terms.totalAmount, terms.installmentAmount, terms.estimatedPeriod);
    expect(dueDates(s)).toEqual(['2026-12-23', '2027-01-23', '2027-02-23', '2027-03-23', '2027-04-23']);
    // The list charge (R3 150) held to the ceiling for five months (R1 050 + R704.32): R11,754.32 in instalments of
    // R2,800: four of them, and R554.32 to finish.
    expect(s.instalments.map((i) => i.amountDue)).toEqual([
      '2800.00',
      '2800.00',
      '2800.00',
      '2800.00',
      '554.32',
    ]);
    const mine = await ownApplication(creator, loan.id);
    expect(mine.repaymentSchedule.servicing).toMatchObject({
      amountDueNow: '2800.00',
      instalmentsRemaining: 5,
      instalmentsTotal: 5,
      daysPastDue: 0,
      delinquencyBucket: 'current',
    });
  });
});

describe('allocation and the next due date', () => {
  it('partial payments (3 × R130, then 12 × R0.01) do not move the next due date, before or after it', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    // R12 000 over 12 months, the charge held to the ceiling (R1 050 + R1 879.26): 12 x R1 244.11 (R14 929.26).
    expect(loan.schedule.installmentAmount).toBe('1244.11');
    for (let i = 0; i < 3; i++) await payOk(admin, loan.id, '130.00', '2026-11-23');
    let s = await servicingOf(creator, loan.id);
    expect(s.instalments[0]).toMatchObject({
      amountPaid: '390.00',
      outstanding: '854.11',
      status: 'partly_paid',
    });
    expect(s.position).toMatchObject({
      nextPaymentDate: '2026-12-23',
      amountDueNow: '854.11',
      instalmentsRemaining: 12,
    });
    let mine = await ownApplication(creator, loan.id);
    expect(mine.repaymentSchedule).toMatchObject({
      nextPaymentDate: '2026-12-23',
      remainingAmount: '14539.26',
      estimatedRemainingDuration: 12,
    });

    // A week late, twelve payments of one cent: still the same instalment, now 7 days past due.
    travelTo(t, '2026-12-30');
    for (let i = 0; i < 12; i++) await payOk(admin, loan.id, '0.01', '2026-12-30');
    s = await servicingOf(creator, loan.id);
    expect(s.instalments[0]).toMatchObject({
      amountPaid: '390.12',
      outstanding: '853.99',
      status: 'overdue',
    });
    expect(s.instalments.slice(1).every((i) => i.amountPaid === '0.00')).toBe(true);
    expect(s.position).toMatchObject({
      nextPaymentDate: '2026-12-23',
      daysPastDue: 7,
      amountOverdue: '853.99',
    });
    mine = await ownApplication(creator, loan.id);
    expect(mine.repaymentSchedule.nextPaymentDate).toBe('2026-12-23');
    expect(mine.repaymentSchedule.estimatedRemainingDuration).toBe(12);
    expect(await unallocatedPayments(t.database.db, loan.id)).toEqual([]);
  });

  it('one whole instalment moves the next due date one period; each further one, one more', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    const paid = await payOk(admin, loan.id, '1244.11', '2026-11-23');
    expect(paid.remainingAmount).toBe('13685.15');
    let s = await servicingOf(creator, loan.id);
    // #1 is paid before its date: nothing is "due" in this period; #2 is the next payment.
    expect(statuses(s).slice(0, 3)).toEqual(['paid', 'upcoming', 'upcoming']);
    expect(s.position).toMatchObject({
      nextPaymentDate: '2027-01-23',
      instalmentsRemaining: 11,
      nextInstalment: { number: 2, dueDate: '2027-01-23', outstanding: '1244.11' },
    });
    let mine = await ownApplication(creator, loan.id);
    expect(mine.repaymentSchedule).toMatchObject({
      nextPaymentDate: '2027-01-23',
      estimatedRemainingDuration: 11,
    });

    travelTo(t, '2027-01-05');
    await payOk(admin, loan.id, '1244.11', '2027-01-05');
    s = await servicingOf(creator, loan.id);
    expect(statuses(s).slice(0, 3)).toEqual(['paid', 'paid', 'upcoming']);
    mine = await ownApplication(creator, loan.id);
    expect(mine.repaymentSchedule).toMatchObject({
      nextPaymentDate: '2027-02-23',
      estimatedRemainingDuration: 10,
    });
  });

  it('paying ahead covers the coming instalments, oldest first: the next due date moves on, nothing is late', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 10_000 });
    const before = await servicingOf(creator, loan.id);
    const first = before.instalments[0]!.amountDue; // 1095.84
    await payOk(admin, loan.id, sum([first, first]), '2026-11-23');
    let s = await servicingOf(creator, loan.id);
    // #1 and #2 are paid; the rest wait their turn.
    expect(statuses(s)).toEqual(['paid', 'paid', ...Array(10).fill('upcoming')]);
    expect(s.position).toMatchObject({
      nextPaymentDate: '2027-02-23',
      amountDueNow: '0.00',
      currentInstalment: null,
      nextInstalment: { number: 3, dueDate: '2027-02-23' },
      instalmentsRemaining: 10,
      daysPastDue: 0,
    });
    const mine = await ownApplication(creator, loan.id);
    expect(mine.repaymentSchedule).toMatchObject({
      nextPaymentDate: '2027-02-23',
      // From 12 instalments open to 10: two fewer months to go.
      estimatedRemainingDuration: 10,
      remainingAmount: new Decimal(loan.schedule.totalAmount).minus(first).minus(first).toFixed(2),
    });
    const [payment] = mine.repaymentSchedule.payments;
    expect(await allocationsOf(t.database.db, payment!.id)).toEqual([
      { number: 1, amount: first },
      { number: 2, amount: first },
    ]);

    // A further R100 goes to #3, the next one open.
    await payOk(admin, loan.id, '100.00', '2026-11-23');
    s = await servicingOf(creator, loan.id);
    expect(s.instalments[2]).toMatchObject({ number: 3, amountPaid: '100.00', status: 'partly_paid' });
    expect(s.instalments[3]).toMatchObject({ number: 4, amountPaid: '0.00', status: 'upcoming' });
    expect(await unallocatedPayments(t.database.db, loan.id)).toEqual([]);

    // Two due dates later, nothing more paid: still not late; #3's remainder is what is due now.
    travelTo(t, '2027-01-24');
    s = await servicingOf(creator, loan.id);
    const rest = new Decimal(first).minus(100).toFixed(2);
    expect(s.position).toMatchObject({
      amountDueNow: rest,
      amountOverdue: '0.00',
      daysPastDue: 0,
      currentInstalment: { number: 3, dueDate: '2027-02-23', outstanding: rest },
    });
  });

  it('monthly earnings withholding is allocated exactly like a manual payment of the same amount', async () => {
    const creator = await newCreator();
    const byEarnings = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    const byHand = await adminLoan(admin, await newCreator(), { requestedAmount: 12_000 });
    const earnings = await recordEarnings(admin, byEarnings.id, 8_000);
    expect(earnings.statusCode).toBe(201);
    expect(earnings.json().data.payment).toBe('1600.00'); // 20 % of R8,000
    await payOk(admin, byHand.id, '1600.00', '2026-11-23');

    const a = await servicingOf(creator, byEarnings.id);
    const b = await servicingOf(byHand.creator, byHand.id);
    expect(a.instalments).toEqual(b.instalments);
    expect(a.position).toEqual(b.position);
    const paymentOf = async (loan: Loan) =>
      (await ownApplication(loan.creator, loan.id)).repaymentSchedule.payments[0]!;
    const [pa, pb] = [await paymentOf(byEarnings), await paymentOf(byHand)];
    expect([pa.kind, pb.kind]).toEqual(['earnings', 'manual']);
    expect(pa.paymentDate).toBe('2026-11-23');
    const expected = [
      { number: 1, amount: '1244.11' },
      { number: 2, amount: '355.89' },
    ];
    expect(await allocationsOf(t.database.db, pa.id)).toEqual(expected);
    expect(await allocationsOf(t.database.db, pb.id)).toEqual(expected);
  });

  it('every payment in this file is allocated in full, and the instalments agree with each balance', async () => {
    const unallocated = await queryRows<{ id: number }>(
      t.database.db,
      sql`select p.id from payments p left join payment_allocations a on a.payment_id = p.id and a.reversed_at is null
          where p.reversed_at is null
          group by p.id, p.amount having coalesce(sum(a.amount), 0) <> p.amount`,
    );
    expect(unallocated).toEqual([]);
    const disagree = await queryRows<{ id: number }>(
      t.database.db,
      sql`select s.application_id as id from repayment_schedules s
          join (select schedule_id, sum(amount_due) as due, sum(amount_paid) as paid,
                       min(due_date) filter (where amount_paid < amount_due) as oldest_unpaid
                from repayment_instalments where voided_on is null group by schedule_id) i on i.schedule_id = s.id
          where i.due <> s.total_amount or i.paid <> s.total_amount - s.remaining_amount
             or i.oldest_unpaid is distinct from s.next_payment_date`,
    );
    expect(disagree).toEqual([]);
    // The day each loan is late from: where what is open, counted from the oldest, first reaches its tolerance.
    const lateFrom = await queryRows<{ id: number }>(
      t.database.db,
      sql`select s.application_id as id from repayment_schedules s
          left join lateral (select min(o.due_date) as late from (
              select due_date, sum(amount_due - amount_paid) over (order by number) as open
              from repayment_instalments where schedule_id = s.id and voided_on is null) o
            where o.open > 0 and o.open >= greatest(s.arrears_tolerance, 0.01)) l on true
          where l.late is distinct from s.arrears_from`,
    );
    expect(lateFrom).toEqual([]);
  });
});

describe('default and cure', () => {
  it('defaults at 91 days past due (not 90); arrears of the tolerance keep it defaulted; below it, it is cured', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    travelTo(t, plusDays('2026-12-23', 90));
    expect((await review()).defaulted).not.toContain(loan.id);
    expect((await ownApplication(creator, loan.id)).status).toBe('active');

    travelTo(t, plusDays('2026-12-23', 91)); // 2027-03-24
    expect((await review()).defaulted).toContain(loan.id);
    const mine = await ownApplication(creator, loan.id);
    expect(mine.status).toBe('defaulted');
    expect(mine.repaymentSchedule.status).toBe('defaulted');
    // #1-#4 (due 23 Dec to 23 Mar) are overdue: 4 × R1,244.11.
    expect(mine.repaymentSchedule.servicing).toMatchObject({
      daysPastDue: 91,
      delinquencyBucket: '90+',
      amountOverdue: '4976.44',
    });
    expect(await auditRows(t.database.db, creator.userId, 'application_defaulted')).toHaveLength(1);

    // R 10.00 short: the tolerance itself is still late (from #4, due 23 March).
    const short = await payOk(admin, loan.id, '4966.44', '2027-03-24');
    expect(short.application.status).toBe('defaulted');
    expect((await review()).cured).not.toContain(loan.id);
    let s = await servicingOf(creator, loan.id);
    expect(s.position).toMatchObject({
      amountOverdue: '10.00',
      daysPastDue: 1,
      nextPaymentDate: '2027-03-23',
    });
    expect((await ownApplication(creator, loan.id)).status).toBe('defaulted');
    expect(await auditRows(t.database.db, creator.userId, 'loan_cured')).toEqual([]);

    // R 9.99 short is below the tolerance: owed, not late, so the loan is cured.
    const cleared = await payOk(admin, loan.id, '0.01', '2027-03-24');
    expect(cleared.application.status).toBe('active');
    const after = await ownApplication(creator, loan.id);
    expect(after.status).toBe('active');
    expect(after.repaymentSchedule.status).toBe('active');
    s = await servicingOf(creator, loan.id);
    expect(s.position).toMatchObject({
      daysPastDue: 0,
      bucket: 'current',
      amountOverdue: '0.00',
      nextPaymentDate: '2027-03-23',
      amountDueNow: '1254.10',
    });
    await payOk(admin, loan.id, '9.99', '2027-03-24');
    expect((await servicingOf(creator, loan.id)).position.nextPaymentDate).toBe('2027-04-23');
    const cured = await auditRows(t.database.db, creator.userId, 'loan_cured');
    expect(cured).toHaveLength(1);
    expect(cured[0]!.notes).toContain(`#${loan.id}`);
  });

  it('a defaulted loan can be paid off and is then completed', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 5_000 });
    travelTo(t, '2027-03-24');
    expect((await review()).defaulted).toContain(loan.id);
    const done = await payOk(admin, loan.id, loan.schedule.totalAmount, '2027-03-24');
    expect(done).toMatchObject({ remainingAmount: '0.00', completed: true });
    const mine = await ownApplication(creator, loan.id);
    expect(mine.status).toBe('completed');
    expect(mine.repaymentSchedule).toMatchObject({
      status: 'completed',
      remainingAmount: '0.00',
      nextPaymentDate: null,
    });
    const s = await servicingOf(creator, loan.id);
    expect(s.instalments.every((i) => i.status === 'paid')).toBe(true);
    expect(s.position).toMatchObject({ nextPaymentDate: null, daysPastDue: 0, amountOverdue: '0.00' });
    // Completed is not cured: no cure row, and the review leaves it alone.
    expect(await auditRows(t.database.db, creator.userId, 'loan_cured')).toEqual([]);
    const again = await review();
    expect([...again.cured, ...again.defaulted]).not.toContain(loan.id);
    expect((await lendingRow(admin, loan.id))?.delinquencyBucket).toBeNull();
  });
});

describe('shortfalls and restructuring', () => {
  it('three consecutive short periods make the loan eligible (two do not); restructuring rewrites the unpaid instalments', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 });
    // The control pays in full in its third period, so its run stops at two.
    const control = await adminLoan(admin, await newCreator(), { requestedAmount: 12_000 });
    const short = '1144.11'; // R100 short of the R1,244.11 instalment
    for (const date of ['2026-12-10', '2027-01-10']) {
      travelTo(t, date);
      await payOk(admin, loan.id, short, date);
      await payOk(admin, control.id, short, date);
    }
    travelTo(t, '2027-01-24'); // two periods (to 23 Dec and to 23 Jan) have ended, both short
    const early = await review();
    expect(early.renegotiable).not.toContain(loan.id);
    expect(early.renegotiable).not.toContain(control.id);
    let s = await servicingOf(creator, loan.id);
    expect(s).toMatchObject({
      consecutiveShortfalls: 2,
      longestShortfallRun: 2,
      renegotiationEligible: false,
    });
    const tooEarly = await restructure(loan.id, {
      estimatedPeriod: 6,
    });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().message).toMatch(/not eligible for renegotiation.*3 consecutive shortfall/);

    travelTo(t, '2027-02-10');
    await payOk(admin, loan.id, short, '2027-02-10');
    await payOk(admin, control.id, '1244.11', '2027-02-10');
    travelTo(t, '2027-02-24');
    const reviewed = await review();
    expect(reviewed.renegotiable).toContain(loan.id);
    expect(reviewed.renegotiable).not.toContain(control.id);
    s = await servicingOf(creator, loan.id);
    expect(s).toMatchObject({
      consecutiveShortfalls: 3,
      longestShortfallRun: 3,
      renegotiationEligible: true,
    });
    expect(s.renegotiationEligibleAt).toBe(new Date('2027-02-24T10:00:00+02:00').toISOString());
    expect(await servicingOf(control.creator, control.id)).toMatchObject({
      longestShortfallRun: 2,
      renegotiationEligible: false,
    });
    expect((await ownApplication(creator, loan.id)).repaymentSchedule.servicing.renegotiationEligible).toBe(
      true,
    );
    expect(await lendingRow(admin, loan.id)).toMatchObject({ renegotiationEligible: true });
    expect(await lendingRow(admin, control.id)).toMatchObject({ renegotiationEligible: false });
    expect(await auditRows(t.database.db, creator.userId, 'renegotiation_eligible')).toHaveLength(1);

    // Restructure over 7 months: R14,929.26 - 3 × R1,144.11 = R11,496.93 left; 11 496.93 / 7 -> R1,642.42.
    const ledgerBefore = await ledgerTotals(t.database.db, loan.id);
    const res = await restructure(loan.id, { estimatedPeriod: 7 });
    expect(res.statusCode).toBe(200);
    expect(await ledgerTotals(t.database.db, loan.id)).toEqual(ledgerBefore);

    s = await servicingOf(creator, loan.id);
    const kept = s.instalments.filter((i) => i.number <= 3);
    const fresh = s.instalments.filter((i) => i.number > 3);
    // #1 and #2 were paid; #3 had R944.11 on it and is closed at that; #4-#12 are replaced by #4-#10: numbers run on.
    expect(s.instalments.map((i) => i.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(kept.map((i) => [i.number, i.amountDue, i.status])).toEqual([
      [1, '1244.11', 'paid'],
      [2, '1244.11', 'paid'],
      [3, '944.11', 'paid'],
    ]);
    expect(fresh).toHaveLength(7);
    expect(sum(fresh.map((i) => i.amountDue))).toBe('11496.93');
    expect(fresh.map((i) => i.amountDue)).toEqual([...Array(6).fill('1642.42'), '1642.41']);
    expect(fresh.map((i) => i.dueDate)).toEqual([
      '2027-03-24',
      '2027-04-24',
      '2027-05-24',
      '2027-06-24',
      '2027-07-24',
      '2027-08-24',
      '2027-09-24',
    ]);
    expect(sum(s.instalments.map((i) => i.amountDue))).toBe('14929.26');
    expect(s).toMatchObject({
      renegotiationEligible: false,
      restructuredOn: '2027-02-24',
      installmentAmount: '1642.42',
    });
    expect(s.position).toMatchObject({ daysPastDue: 0, bucket: 'current', nextPaymentDate: '2027-03-24' });
    const mine = await ownApplication(creator, loan.id);
    expect(mine.repaymentSchedule).toMatchObject({
      remainingAmount: '11496.93',
      installmentAmount: '1642.42',
      estimatedPeriod: 7,
      estimatedRemainingDuration: 7,
      endDate: '2027-09-24',
      status: 'active',
    });
    expect(mine.repaymentSchedule.servicing.renegotiationEligible).toBe(false);
    expect(await lendingRow(admin, loan.id)).toMatchObject({ renegotiationEligible: false, daysPastDue: 0 });
    const audit = await auditRows(t.database.db, creator.userId, 'loan_restructured');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_id: admin.userId });
    expect(audit[0]!.notes).toMatch(/over 7 months, 7 instalments .* from 24 Mar 2027; no extra cost/);
    // Eligibility is used up: a second restructure waits for three new shortfalls.
    expect((await restructure(loan.id, { estimatedPeriod: 12 })).statusCode).toBe(409);
    expect(await unallocatedPayments(t.database.db, loan.id)).toEqual([]);
  });

  it('a defaulted, eligible biweekly loan restructured returns to active; the period must be 1-36 months', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000, frequency: 'biweekly' });
    travelTo(t, '2027-03-24');
    const reviewed = await review();
    expect(reviewed.defaulted).toContain(loan.id);
    expect(reviewed.renegotiable).toContain(loan.id);
    expect((await ownApplication(creator, loan.id)).status).toBe('defaulted');

    const before = await storedState(t.database.db, loan.id);
    for (const estimatedPeriod of [0, 37, 2.5, '6', null]) {
      const res = await restructure(loan.id, { estimatedPeriod });
      expect(res.statusCode, String(estimatedPeriod)).toBe(400);
      expect(res.json().fieldErrors.estimatedPeriod).toBeDefined();
    }
    const missing = await restructure(loan.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Choose a new period of 1-36 months');
    expect(await storedState(t.database.db, loan.id)).toEqual(before);

    const res = await restructure(loan.id, { estimatedPeriod: 6 });
    expect(res.statusCode).toBe(200);
    // Six months of fortnights: 13 instalments, every 14 days from today.
    expect((await servicingOf(admin, loan.id)).position.nextPaymentDate).toBe('2027-04-07');
    const mine = await ownApplication(creator, loan.id);
    expect(mine.status).toBe('active');
    expect(mine.repaymentSchedule).toMatchObject({
      status: 'active',
      remainingAmount: loan.schedule.totalAmount,
    });
    expect(mine.repaymentSchedule.servicing).toMatchObject({ daysPastDue: 0, delinquencyBucket: 'current' });
    const s = await servicingOf(creator, loan.id);
    expect(s.instalments).toHaveLength(13);
    expect(s.instalments.map((i) => i.dueDate)).toEqual(
      Array.from({ length: 13 }, (_, n) => plusDays('2027-03-24', 14 * (n + 1))),
    );
    expect(sum(s.instalments.map((i) => i.amountDue))).toBe(loan.schedule.totalAmount);
    const audit = await auditRows(t.database.db, creator.userId, 'loan_restructured');
    expect(audit[0]!.notes).toContain('back to active');
    // The daily review leaves it active: it is up to date.
    expect((await review()).defaulted).not.toContain(loan.id);
  });
});

describe('restructuring a small balance', () => {
  it('refuses a period too long for whole-cent instalments with the longest that fits, storing nothing', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 5_000 });
    travelTo(t, '2027-02-24');
    expect((await review()).renegotiable).toContain(loan.id);
    await payOk(admin, loan.id, new Decimal(loan.schedule.totalAmount).minus(3).toFixed(2), '2027-02-24');
    const before = await storedState(t.database.db, loan.id);
    // R3.00 over 36 months would take 35 instalments of R0.09 = R3.15 before the last one.
    const refused = await restructure(loan.id, {
      estimatedPeriod: 36,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/cannot be spread over 36 months.*choose 34 months or fewer/);
    expect(refused.json().fieldErrors.estimatedPeriod).toEqual(['Choose 34 months or fewer']);
    expect(await storedState(t.database.db, loan.id)).toEqual(before);

    const ok = await restructure(loan.id, { estimatedPeriod: 34 });
    expect(ok.statusCode).toBe(200);
    const fresh = (await servicingOf(admin, loan.id)).instalments.filter((i) => i.status !== 'paid');
    expect(fresh).toHaveLength(34);
    expect(sum(fresh.map((i) => i.amountDue))).toBe('3.00');
    expect(fresh.every((i) => new Decimal(i.amountDue).gt(0))).toBe(true);
  });
});

describe('rules under bursts', () => {
  it('twenty restructures at once: one rewrites the instalments, the rest find the loan no longer eligible', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 8_000 });
    travelTo(t, '2027-03-24');
    expect((await review()).renegotiable).toContain(loan.id);
    // Twenty requests at once: one waits for a second approval, the rest are told it already waits (decision 028);
    // approved, it rewrites the instalments once and the loan is no longer eligible.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin.post(`/api/admin/applications/${loan.id}/restructure`, { estimatedPeriod: 10 }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, ...Array(19).fill(409)]);
    expect((await withSecondApproval(admin, answers.find((a) => a.statusCode === 202)!)).statusCode).toBe(
      200,
    );
    expect((await restructure(loan.id, { estimatedPeriod: 10 })).statusCode).toBe(409);
    const s = await servicingOf(admin, loan.id);
    expect(s.instalments.filter((i) => i.status !== 'paid')).toHaveLength(10);
    expect(sum(s.instalments.map((i) => i.amountDue))).toBe(loan.schedule.totalAmount);
    expect(await auditRows(t.database.db, creator.userId, 'loan_restructured')).toHaveLength(1);
  });

  it('twenty earnings records for one month at once: one payment, the rest 409', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 8_000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin.post('/api/lending-management/record-earnings', {
          applicationId: loan.id,
          earningsMonth: 11,
          earningsYear: 2026,
          earningsAmount: 5_000,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    const [row] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from payments where application_id = ${loan.id}`,
    );
    expect(row!.count).toBe(1);
    expect(await unallocatedPayments(t.database.db, loan.id)).toEqual([]);
  });
});

describe('who may read a loan', () => {
  it("another creator's loan is 404 for servicing and quotes; an admin reads any loan; a visitor is 401", async () => {
    const owner = await newCreator();
    const stranger = await newCreator();
    const loan = await adminLoan(admin, owner, { requestedAmount: 5_000 });
    expect((await stranger.get(`/api/applications/${loan.id}/servicing`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/applications/${loan.id}/settlement-quote`, {})).statusCode).toBe(404);
    expect((await new Client(t.app).get(`/api/applications/${loan.id}/servicing`)).statusCode).toBe(401);
    const asAdmin = await servicingOf(admin, loan.id);
    expect(asAdmin.applicationId).toBe(loan.id);
    expect(asAdmin.instalments).toEqual((await servicingOf(owner, loan.id)).instalments);
    expect((await admin.get('/api/applications/999999/servicing')).statusCode).toBe(404);
    // An approved application has no schedule yet: nothing to service.
    const approved = await approvedApplication(admin, stranger);
    const none = await stranger.get(`/api/applications/${approved.id}/servicing`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This application has no repayment schedule yet.');
  });
});
