// Dates that cannot lie, and what time does to a loan: payment dates and earnings months are real South
// African calendar days within the loan's life (each refusal a 400 naming the rule, nothing stored), and
// days past due, delinquency buckets and portfolio at risk at their boundaries, as the admin's lending
// dashboard, the creator's applications and the servicing endpoint show them.
import Decimal from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reviewLoans } from '../../src/server/features/loans/application-lifecycle.service';
import { DELINQUENCY_BUCKETS } from '../../src/shared/finance/instalments';
import { formatDate } from '../../src/shared/format';
import {
  adminLoan,
  lendingRow,
  ownApplication,
  pay,
  payOk,
  quickUser,
  type SignedIn,
  servicingOf,
  storedState,
  sum,
  travelTo,
} from '../support/servicing';
import { createTestApp, TEST_EPOCH, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
let counter = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'dates-admin@example.com', 'admin');
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_EPOCH));

const newCreator = (name = 'dates-creator') => quickUser(t, `${name}-${++counter}@example.com`);
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const IN_FUTURE = (today: string) =>
  `The payment date cannot be in the future: today is ${formatDate(today)} in South Africa.`;
const BEFORE_START = (start: string) =>
  `The payment date cannot be before the financing was paid out on ${formatDate(start)}.`;
const NOT_A_DATE = 'Payment date must be a real calendar date written YYYY-MM-DD';

/** A refused payment: 400, the rule named in `fieldErrors[field]` (and as the message), nothing stored. */
async function expectRefused(id: number, payload: Record<string, unknown>, field: string, message?: string) {
  const before = await storedState(t.database.db, id);
  const res = await admin.post(`/api/admin/applications/${id}/payments`, payload);
  expect(res.statusCode, JSON.stringify(payload)).toBe(400);
  const body = res.json();
  expect(Object.keys(body.fieldErrors), JSON.stringify(payload)).toEqual([field]);
  if (message) {
    expect(body.message, JSON.stringify(payload)).toBe(message);
    expect(body.fieldErrors[field][0]).toBe(message);
  }
  expect(await storedState(t.database.db, id)).toEqual(before);
}

describe('payment dates and amounts', () => {
  it('refuses dates in the future, before the disbursement, that do not exist or are not YYYY-MM-DD, and stores nothing', async () => {
    const loan = await adminLoan(admin, await newCreator());
    const id = loan.id;
    await expectRefused(
      id,
      { amount: '100.00', paymentDate: '2026-11-24' },
      'paymentDate',
      IN_FUTURE('2026-11-23'),
    );
    await expectRefused(
      id,
      { amount: '100.00', paymentDate: '2027-11-23' },
      'paymentDate',
      IN_FUTURE('2026-11-23'),
    );
    await expectRefused(
      id,
      { amount: '100.00', paymentDate: '2026-11-22' },
      'paymentDate',
      BEFORE_START('2026-11-23'),
    );
    await expectRefused(
      id,
      { amount: '100.00', paymentDate: '2019-06-01' },
      'paymentDate',
      BEFORE_START('2026-11-23'),
    );
    for (const paymentDate of [
      '2024-02-30',
      '2023-02-29',
      '2026-11-31',
      '2026-13-01',
      '2024-01-01junk',
      '2024-1-1',
      '2026-11-23T10:00:00Z',
      '23/11/2026',
    ]) {
      await expectRefused(id, { amount: '100.00', paymentDate }, 'paymentDate', NOT_A_DATE);
    }
    await expectRefused(id, { amount: '100.00', paymentDate: '' }, 'paymentDate', 'Payment date is required');
    await expectRefused(
      id,
      { amount: '100.00', paymentDate: '   ' },
      'paymentDate',
      'Payment date is required',
    );
    await expectRefused(id, { amount: '100.00' }, 'paymentDate', 'Payment date is required');
    await expectRefused(
      id,
      { amount: '100.00', paymentDate: null },
      'paymentDate',
      'Payment date is required',
    );
    const mine = await ownApplication(loan.creator, id);
    expect(mine.repaymentSchedule).toMatchObject({
      remainingAmount: loan.schedule.totalAmount,
      payments: [],
    });
  });

  it("refuses amounts Number() would misread ('0x10', '0b11', '0o7', '1e3') and stores nothing", async () => {
    const loan = await adminLoan(admin, await newCreator());
    for (const amount of ['0x10', '0b11', '0o7', '1e3', '1,000', 'Infinity', '-5', '', '10.001']) {
      await expectRefused(loan.id, { amount, paymentDate: '2026-11-23' }, 'amount');
    }
    // A plain decimal written as text is read as the number it says.
    const ok = await payOk(admin, loan.id, '16.00', '2026-11-23');
    expect(ok.remainingAmount).toBe(new Decimal(loan.schedule.totalAmount).minus(16).toFixed(2));
  });

  it('accepts a payment on the disbursement day and on today, and refuses tomorrow', async () => {
    const loan = await adminLoan(admin, await newCreator());
    const first = await pay(admin, loan.id, '100.00', '2026-11-23');
    expect(first.statusCode).toBe(201);
    expect(first.json().data.payment).toMatchObject({
      paymentDate: '2026-11-23',
      amount: '100.00',
      kind: 'manual',
    });
    travelTo(t, '2026-12-05');
    expect((await pay(admin, loan.id, '100.00', '2026-11-23')).statusCode).toBe(201);
    expect((await pay(admin, loan.id, '100.00', '2026-12-05')).statusCode).toBe(201);
    await expectRefused(
      loan.id,
      { amount: '100.00', paymentDate: '2026-12-06' },
      'paymentDate',
      IN_FUTURE('2026-12-05'),
    );
    const mine = await ownApplication(loan.creator, loan.id);
    expect(mine.repaymentSchedule.payments.map((p) => p.paymentDate).sort()).toEqual([
      '2026-11-23',
      '2026-11-23',
      '2026-12-05',
    ]);
  });

  it('counts days in South Africa, not UTC: at 00:30 SAST (22:30 UTC the day before) today is already the new day', async () => {
    // Paid out at 00:30 on 6 December in Johannesburg, which is still 5 December in UTC.
    travelTo(t, '2026-12-06', '00:30');
    expect(t.clock.now().toISOString()).toBe('2026-12-05T22:30:00.000Z');
    const loan = await adminLoan(admin, await newCreator());
    expect(loan.schedule.startDate).toBe('2026-12-05T22:30:00.000Z');
    expect(loan.schedule.nextPaymentDate).toBe('2027-01-06');
    expect((await servicingOf(admin, loan.id)).today).toBe('2026-12-06');
    await expectRefused(
      loan.id,
      { amount: '100.00', paymentDate: '2026-12-05' },
      'paymentDate',
      BEFORE_START('2026-12-06'),
    );
    await expectRefused(
      loan.id,
      { amount: '100.00', paymentDate: '2026-12-07' },
      'paymentDate',
      IN_FUTURE('2026-12-06'),
    );
    expect((await pay(admin, loan.id, '100.00', '2026-12-06')).statusCode).toBe(201);

    // 23:30 SAST on the 6th: still the 6th, so the 7th is tomorrow.
    travelTo(t, '2026-12-06', '23:30');
    expect((await servicingOf(admin, loan.id)).today).toBe('2026-12-06');
    await expectRefused(
      loan.id,
      { amount: '100.00', paymentDate: '2026-12-07' },
      'paymentDate',
      IN_FUTURE('2026-12-06'),
    );
    // An hour later it is the 7th in Johannesburg (UTC is still on the 6th).
    travelTo(t, '2026-12-07', '00:30');
    expect(t.clock.now().toISOString()).toBe('2026-12-06T22:30:00.000Z');
    expect((await pay(admin, loan.id, '100.00', '2026-12-07')).statusCode).toBe(201);
  });
});

describe('earnings months', () => {
  const record = (applicationId: number, earningsMonth: number, earningsYear: number) =>
    admin.post('/api/lending-management/record-earnings', {
      applicationId,
      earningsMonth,
      earningsYear,
      earningsAmount: 1_000,
    });

  it("lie between the schedule's first month and the current month (SA time); refusals store nothing", async () => {
    const loan = await adminLoan(admin, await newCreator()); // paid out in November 2026
    travelTo(t, '2027-01-15');
    const refusals: Array<[number, number, string]> = [
      [10, 2026, "The earnings month cannot be before the schedule's first month, November 2026."],
      [12, 2025, "The earnings month cannot be before the schedule's first month, November 2026."],
      [2, 2027, 'The earnings month cannot be after the current month, January 2027.'],
      [1, 2028, 'The earnings month cannot be after the current month, January 2027.'],
    ];
    const before = await storedState(t.database.db, loan.id);
    for (const [month, year, message] of refusals) {
      const res = await record(loan.id, month, year);
      expect(res.statusCode, `${month}/${year}`).toBe(400);
      expect(res.json()).toMatchObject({
        message,
        fieldErrors: { earningsMonth: [message], earningsYear: [message] },
      });
    }
    expect(await storedState(t.database.db, loan.id)).toEqual(before);

    // The first month and the current month are both accepted, recorded as paid today.
    expect((await record(loan.id, 11, 2026)).statusCode).toBe(201);
    expect((await record(loan.id, 1, 2027)).statusCode).toBe(201);
    const mine = await ownApplication(loan.creator, loan.id);
    expect(mine.repaymentSchedule.payments.map((p) => [p.kind, p.amount, p.paymentDate])).toEqual([
      ['earnings', '200.00', '2027-01-15'],
      ['earnings', '200.00', '2027-01-15'],
    ]);

    // February starts at midnight in Johannesburg, while UTC is still on 31 January.
    travelTo(t, '2027-01-31', '23:30');
    expect((await record(loan.id, 2, 2027)).statusCode).toBe(400);
    travelTo(t, '2027-02-01', '00:30');
    expect(t.clock.now().toISOString()).toBe('2027-01-31T22:30:00.000Z');
    expect((await record(loan.id, 2, 2027)).statusCode).toBe(201);
  });
});

describe('days past due and delinquency buckets', () => {
  const bucketOf = (days: number) =>
    days === 0 ? 'current' : days <= 30 ? '1-30' : days <= 60 ? '31-60' : days <= 90 ? '61-90' : '90+';

  it('at 0, 1, 30, 31, 60, 61, 90 and 91 days after the first due date with nothing paid', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 12_000 }); // R1,244.11 due on the 23rd
    const { instalments } = await servicingOf(creator, loan.id);
    const firstDue = '2026-12-23';
    expect(instalments[0]!.dueDate).toBe(firstDue);

    for (const days of [0, 1, 30, 31, 60, 61, 90, 91]) {
      const today = plusDays(firstDue, days);
      travelTo(t, today);
      const bucket = bucketOf(days);
      // Overdue: every instalment whose due date has passed; due now: that plus the next one falling due.
      const overdue = sum(instalments.filter((i) => i.dueDate < today).map((i) => i.amountDue));
      const next = instalments.find((i) => i.dueDate >= today)!;
      const dueNow = sum([overdue, next.amountDue]);
      const label = `${days} days (${today})`;

      const row = await lendingRow(admin, loan.id, `userId=${creator.userId}`);
      expect(row, label).toMatchObject({
        daysPastDue: days,
        delinquencyBucket: bucket,
        amountOverdue: overdue,
        nextPaymentDate: firstDue,
        status: 'active',
      });
      for (const b of DELINQUENCY_BUCKETS) {
        const res = await admin.get(
          `/api/lending-management/details?userId=${creator.userId}&bucket=${encodeURIComponent(b)}`,
        );
        const ids = (res.json().data as Array<{ id: number }>).map((r) => r.id);
        expect(ids, `${label} in bucket ${b}`).toEqual(b === bucket ? [loan.id] : []);
      }
      const mine = await ownApplication(creator, loan.id);
      expect(mine.repaymentSchedule.servicing, label).toMatchObject({
        daysPastDue: days,
        delinquencyBucket: bucket,
        amountOverdue: overdue,
        amountDueNow: dueNow,
      });
      const s = await servicingOf(creator, loan.id);
      expect(s.today).toBe(today);
      expect(s.position, label).toMatchObject({
        nextPaymentDate: firstDue,
        daysPastDue: days,
        bucket,
        amountOverdue: overdue,
        amountDueNow: dueNow,
        currentInstalment: { number: next.number, dueDate: next.dueDate, outstanding: next.amountDue },
      });
      expect(s.instalments[0]!.status, label).toBe(days === 0 ? 'due' : 'overdue');
    }
    // Spot checks of the sums: at 31 days #1 is overdue and #2 falls due today; at 91, #1-#4 are overdue.
    travelTo(t, plusDays(firstDue, 31));
    expect((await servicingOf(creator, loan.id)).position).toMatchObject({
      amountOverdue: '1244.11',
      amountDueNow: '2488.22',
      currentInstalment: { number: 2, dueDate: '2027-01-23' },
    });
    travelTo(t, plusDays(firstDue, 91));
    expect((await servicingOf(creator, loan.id)).position.amountOverdue).toBe('4976.44');

    const wrong = await admin.get('/api/lending-management/details?bucket=91-120');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Bucket is current, 1-30, 31-60, 61-90 or 90+');
  });

  it('a day past due starts at midnight in Johannesburg, two hours before UTC', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator);
    travelTo(t, '2026-12-23', '23:30');
    expect(await lendingRow(admin, loan.id)).toMatchObject({ daysPastDue: 0, delinquencyBucket: 'current' });
    expect((await servicingOf(creator, loan.id)).position.daysPastDue).toBe(0);
    travelTo(t, '2026-12-24', '00:30'); // 22:30 UTC on the 23rd
    expect(await lendingRow(admin, loan.id)).toMatchObject({ daysPastDue: 1, delinquencyBucket: '1-30' });
    expect((await servicingOf(creator, loan.id)).position).toMatchObject({ daysPastDue: 1, bucket: '1-30' });
    expect((await ownApplication(creator, loan.id)).repaymentSchedule.servicing.daysPastDue).toBe(1);
  });
});

describe('portfolio at risk', () => {
  it('is the outstanding balance of loans more than 30 (90) days past due over all outstanding', async () => {
    // A book of five creators (the summary is filtered to it by search; one open loan each), each loan paid
    // out so that on 15 June 2027 its first instalment is 0, 30, 31, 90 and 91 days past due.
    const book: Record<string, { id: number; outstanding: Decimal; days: number; principalOwed: Decimal }> =
      {};
    const plan: Array<[string, string, number, number, string | null]> = [
      // name, paid out on, amount, days past due on 15 June, a payment on the first day (does not cure)
      ['A', '2027-05-20', 10_000, 0, '1000.00'],
      ['B', '2027-04-16', 20_000, 30, null],
      ['C', '2027-04-15', 5_000, 31, '500.00'],
      ['D', '2027-02-17', 8_000, 90, null],
      ['E', '2027-02-16', 3_000, 91, null],
    ];
    for (const [name, paidOut, requestedAmount, days, payment] of plan) {
      travelTo(t, paidOut);
      const loan = await adminLoan(admin, await newCreator('parbook'), { requestedAmount });
      let outstanding = new Decimal(loan.schedule.totalAmount);
      if (payment) {
        await payOk(admin, loan.id, payment, paidOut);
        outstanding = outstanding.minus(payment);
      }
      // The principal still owed: the balance's share that is principal (the charge is not at risk).
      const total = new Decimal(loan.schedule.totalAmount);
      const principalOwed = outstanding.times(requestedAmount).div(total);
      book[name] = { id: loan.id, outstanding, days, principalOwed };
    }
    travelTo(t, '2027-06-15');
    const total = Object.values(book).reduce((s, l) => s.plus(l.outstanding), new Decimal(0));
    const over30 = book.C!.outstanding.plus(book.D!.outstanding).plus(book.E!.outstanding);
    const over90 = book.E!.outstanding;
    // PAR is on the principal owed (docs/lending.md, "Figures"): each loan's charge is its own (the ceilings).
    const principal = Object.values(book).reduce((s, l) => s.plus(l.principalOwed), new Decimal(0));
    const principalOver30 = book.C!.principalOwed.plus(book.D!.principalOwed).plus(book.E!.principalOwed);
    const principalOver90 = book.E!.principalOwed;
    const percent = (part: Decimal) => part.div(principal).times(100).toDecimalPlaces(2).toNumber();
    const expected = {
      outstandingBalance: total.toFixed(2),
      outstandingOver30: over30.toFixed(2),
      outstandingOver90: over90.toFixed(2),
      outstandingPrincipal: principal.toFixed(2),
      principalAtRisk30: principalOver30.toFixed(2),
      principalAtRisk90: principalOver90.toFixed(2),
      portfolioAtRisk30: percent(principalOver30),
      portfolioAtRisk90: percent(principalOver90),
    };
    // 30 and 90 days exactly are not "more than": B and D count only in the total (and D in PAR 30).
    expect(expected.portfolioAtRisk30).toBeGreaterThan(0);
    expect(expected.portfolioAtRisk90).toBeLessThan(expected.portfolioAtRisk30);

    const summary = async () =>
      (await admin.get('/api/lending-management/summary?search=parbook')).json().data;
    expect(await summary()).toMatchObject({ ...expected, financedCount: 5, defaultedCount: 0 });
    for (const [name, loan] of Object.entries(book)) {
      expect(await lendingRow(admin, loan.id, 'search=parbook'), name).toMatchObject({
        daysPastDue: loan.days,
      });
    }
    const inBucket = async (bucket: string) =>
      (
        (
          await admin.get(
            `/api/lending-management/details?search=parbook&bucket=${encodeURIComponent(bucket)}`,
          )
        ).json().data as Array<{ id: number }>
      ).map((r) => r.id);
    expect(await inBucket('current')).toEqual([book.A!.id]);
    expect(await inBucket('1-30')).toEqual([book.B!.id]);
    expect(await inBucket('31-60')).toEqual([book.C!.id]);
    expect(await inBucket('61-90')).toEqual([book.D!.id]);
    expect(await inBucket('90+')).toEqual([book.E!.id]);

    // E defaults in the daily review and stays in the book at risk: defaulted loans are still owed.
    const { defaulted } = await reviewLoans(t.database.db, t.clock);
    expect(defaulted).toContain(book.E!.id);
    expect(defaulted).not.toContain(book.D!.id);
    expect(await summary()).toMatchObject({ ...expected, defaultedCount: 1 });
    // Paying C's arrears takes it out of PAR 30.
    const c = await servicingOf(admin, book.C!.id);
    await payOk(admin, book.C!.id, c.position.amountOverdue, '2027-06-15');
    const cOutstanding = book.C!.outstanding.minus(c.position.amountOverdue);
    const after = await summary();
    const newTotal = total.minus(c.position.amountOverdue);
    expect(after).toMatchObject({
      outstandingBalance: newTotal.toFixed(2),
      outstandingOver30: book.D!.outstanding.plus(book.E!.outstanding).toFixed(2),
      // C's principal owed falls with its balance, pro rata.
      portfolioAtRisk30: book
        .D!.principalOwed.plus(book.E!.principalOwed)
        .div(
          principal
            .minus(book.C!.principalOwed)
            .plus(book.C!.principalOwed.times(cOutstanding).div(book.C!.outstanding)),
        )
        .times(100)
        .toDecimalPlaces(2)
        .toNumber(),
    });
    expect(await lendingRow(admin, book.C!.id)).toMatchObject({
      daysPastDue: 0,
      remainingAmount: cOutstanding.toFixed(2),
    });
  });
});
