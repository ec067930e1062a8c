// The NCR statistical return (Form 39; docs/compliance.md "NCR statistical return (Form 39)"): a
// small book made through the real routes on the injected clock, in South African time, and the quarter's return
// read as JSON and as CSV. Test applications never count; visitors get 401 and creators 403.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applicationBody } from '../support/accounts';
import {
  acceptCurrentQuote,
  addBankAccount,
  adminLoan,
  approvedApplication,
  offerTerms,
  payOk,
  payOutLoan,
  quickUser,
  type SignedIn,
  servicingOf,
  travelTo,
} from '../support/servicing';
import { Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
let shortTerm: Awaited<ReturnType<typeof adminLoan>>;
let unsecured: Awaited<ReturnType<typeof adminLoan>>;
let latePayout: { totalAmount: string };
const REASON = 'The instalment is more than your income can carry.';

const apply = async (creator: Client, extra: Record<string, unknown>) => {
  const res = await creator.post('/api/applications', applicationBody(extra));
  if (res.statusCode !== 201) throw new Error(`apply failed: ${res.body}`);
  return res.json().application as { id: number };
};
/** The admin's change to an application (a rejection with its reason, marking it a test). */
async function patch(id: number, payload: Record<string, unknown>) {
  const res = await admin.request({ method: 'PATCH', url: `/api/admin/applications/${id}`, payload });
  if (res.statusCode !== 200) throw new Error(`change refused: ${res.body}`);
}
const form39 = (quarter: string, client: Client = admin) =>
  client.get(`/api/admin/reports/form-39?quarter=${quarter}`);

beforeAll(async () => {
  t = await createTestApp();
  // Q3 2026: one application received and declined (it must not count in Q4).
  travelTo(t, '2026-09-20');
  admin = await quickUser(t, 'form39-admin@example.com', 'admin');
  const early = await apply(await quickUser(t, 'form39-q3@example.com'), { requestedAmount: 5_000 });
  travelTo(t, '2026-09-25');
  await patch(early.id, {
    status: 'rejected',
    rejectionReason: 'We cannot lend before your channel is a year old.',
  });

  // 00:30 on 1 October in Johannesburg is still 30 September in UTC: received in Q4.
  travelTo(t, '2026-10-01', '00:30');
  const unaffordable = await apply(await quickUser(t, 'form39-poor@example.com'), {
    requestedAmount: 20_000,
    monthlyRevenue: 500,
  });
  travelTo(t, '2026-10-02');
  await patch(unaffordable.id, { status: 'rejected', rejectionReason: REASON });

  // A first short-term loan (R2 000 over 3 months, R3 000 a month) and an unsecured one (R12 000 over 12 months,
  // R8 000 a month), both paid out on 5 October.
  travelTo(t, '2026-10-05');
  shortTerm = await adminLoan(admin, await quickUser(t, 'form39-short@example.com'), {
    requestedAmount: 2_000,
    monthlyRevenue: 3_000,
    estimatedPeriod: 3,
  });
  unsecured = await adminLoan(admin, await quickUser(t, 'form39-unsecured@example.com'), {
    requestedAmount: 12_000,
    monthlyRevenue: 8_000,
  });

  // A test application: never counted, though received and declined in the quarter.
  const rehearsal = await apply(await quickUser(t, 'form39-testing@example.com'), { requestedAmount: 3_000 });
  await patch(rehearsal.id, { testing: true });
  await patch(rehearsal.id, { status: 'rejected', rejectionReason: REASON });

  // The short-term loan pays its first two instalments on time; the unsecured loan pays nothing in the quarter.
  travelTo(t, '2026-12-10');
  const instalment = new Decimal(shortTerm.schedule.installmentAmount);
  await payOk(admin, shortTerm.id, instalment.times(2).toFixed(2), '2026-12-10');

  // After the quarter: the unsecured loan catches up on 8 January, which must not change Q4's book.
  travelTo(t, '2027-01-08');
  const overdue = (await servicingOf(admin, unsecured.id)).position.amountOverdue;
  await payOk(admin, unsecured.id, overdue, '2027-01-08');

  // A payout of 31 March 2027 (R6 000, R16 000 a month) recorded on 2 April: its instalments are made on 2 April.
  travelTo(t, '2027-03-31');
  const late = await quickUser(t, 'form39-late-payout@example.com');
  const app = await approvedApplication(admin, late, { requestedAmount: 6_000, monthlyRevenue: 16_000 });
  await offerTerms(admin, app.id);
  await addBankAccount(late);
  await acceptCurrentQuote(late, app.id);
  travelTo(t, '2027-04-02');
  latePayout = (await payOutLoan(admin, app.id, '2027-03-31')).repaymentSchedule;
}, 120_000);
// Tests run in any order: each reads the book on 8 January 2027 unless it says otherwise.
beforeEach(() => travelTo(t, '2027-01-08'));
afterAll(() => t.close());

describe('GET /api/admin/reports/form-39', () => {
  it('refuses visitors (401) and creators (403), as JSON and as CSV', async () => {
    const creator = await quickUser(t, 'form39-nosy@example.com');
    for (const path of ['/api/admin/reports/form-39', '/api/admin/reports/form-39.csv']) {
      expect((await new Client(t.app).get(`${path}?quarter=2026-Q4`)).statusCode).toBe(401);
      expect((await creator.get(`${path}?quarter=2026-Q4`)).statusCode).toBe(403);
    }
  });

  it('refuses a quarter that is not one, or has not begun (400, on the field)', async () => {
    for (const quarter of ['2026-Q5', '2026Q4', '1999-Q1', '2026-q4']) {
      const res = await form39(quarter);
      expect(res.statusCode, quarter).toBe(400);
      expect(res.json().fieldErrors.quarter).toBeDefined();
    }
    const future = await form39('2027-Q2');
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(
      '2027-Q2 has not begun: a return is made for a quarter that has started.',
    );
  });

  it("counts the quarter's agreements by class and income band, applications and the book at its end", async () => {
    const res = await form39('2026-Q4');
    expect(res.statusCode).toBe(200);
    const report = res.json();
    const unsecuredBalance = unsecured.schedule.totalAmount;
    expect(report).toEqual({
      quarter: '2026-Q4',
      currentQuarter: '2027-Q1',
      from: '2026-10-01',
      to: '2026-12-31',
      bookDate: '2026-12-31',
      granted: {
        byClass: [
          { class: 'short_term', label: 'Short-term credit transaction', count: 1, value: '2000.00' },
          { class: 'unsecured', label: 'Unsecured credit transaction', count: 1, value: '12000.00' },
        ],
        byIncomeBand: [
          { band: 'r0_3500', label: 'Up to R3 500', count: 1, value: '2000.00' },
          { band: 'r3500_5500', label: 'Over R3 500 up to R5 500', count: 0, value: '0.00' },
          { band: 'r5500_10000', label: 'Over R5 500 up to R10 000', count: 1, value: '12000.00' },
          { band: 'r10000_15000', label: 'Over R10 000 up to R15 000', count: 0, value: '0.00' },
          { band: 'over_15000', label: 'Over R15 000', count: 0, value: '0.00' },
        ],
        total: { count: 2, value: '14000.00' },
      },
      applications: {
        // The unaffordable one (00:30 on 1 October, SA time) and the two loans; not the test application.
        received: 3,
        declined: 1,
        declinedFailingAffordability: 1,
        declinedByReason: [{ reason: REASON, count: 1 }],
      },
      arrears: {
        // At 31 December the unsecured loan's first instalment (5 November) is 56 days late: its payment on
        // 8 January is after the quarter. The short-term loan paid what fell due.
        buckets: [
          {
            bucket: 'current',
            label: 'Current',
            count: 1,
            balance: new Decimal(shortTerm.schedule.totalAmount)
              .minus(new Decimal(shortTerm.schedule.installmentAmount).times(2))
              .toFixed(2),
          },
          { bucket: '1-30', label: '1-30 days', count: 0, balance: '0.00' },
          { bucket: '31-60', label: '31-60 days', count: 1, balance: unsecuredBalance },
          { bucket: '61-90', label: '61-90 days', count: 0, balance: '0.00' },
          { bucket: '90+', label: 'Over 90 days', count: 0, balance: '0.00' },
        ],
        total: {
          count: 2,
          balance: new Decimal(shortTerm.schedule.totalAmount)
            .minus(new Decimal(shortTerm.schedule.installmentAmount).times(2))
            .plus(unsecuredBalance)
            .toFixed(2),
        },
      },
    });
  });

  it('answers the last quarter that has ended when none is asked for', async () => {
    const res = await admin.get('/api/admin/reports/form-39');
    expect(res.json()).toMatchObject({
      quarter: '2026-Q4',
      currentQuarter: '2027-Q1',
      bookDate: '2026-12-31',
    });
  });

  it('keeps each quarter to its own days: Q3 has the early rejection and no book', async () => {
    const report = (await form39('2026-Q3')).json();
    expect(report.applications).toEqual({
      received: 1,
      declined: 1,
      declinedFailingAffordability: 0,
      declinedByReason: [{ reason: 'We cannot lend before your channel is a year old.', count: 1 }],
    });
    expect(report.granted.total).toEqual({ count: 0, value: '0.00' });
    expect(report.arrears.total).toEqual({ count: 0, balance: '0.00' });
  });

  it('reads the running quarter at today: the unsecured loan caught up, the short-term one is 3 days late', async () => {
    const report = (await form39('2027-Q1')).json();
    expect(report.bookDate).toBe('2027-01-08');
    // The short-term loan's last instalment fell due on 5 January, unpaid.
    expect(report.arrears.buckets.map((b: { count: number }) => b.count)).toEqual([1, 1, 0, 0, 0]);
    expect(report.arrears.buckets[1].balance).toBe(
      new Decimal(shortTerm.schedule.totalAmount)
        .minus(new Decimal(shortTerm.schedule.installmentAmount).times(2))
        .toFixed(2),
    );
  });
});

describe('a payout recorded after the quarter, dated inside it', () => {
  it("counts in the quarter it is dated, and is in that quarter's book with its instalments", async () => {
    travelTo(t, '2027-04-02');
    const report = (await form39('2027-Q1')).json();
    expect(report.bookDate).toBe('2027-03-31');
    expect(report.granted.byClass.map((c: { count: number }) => c.count)).toEqual([0, 1]);
    expect(report.granted.byIncomeBand.at(-1)).toMatchObject({ count: 1, value: '6000.00' });
    // Current: the new loan; 31-60: the unsecured loan (unpaid since 5 February, 54 days); 61-90: the short-term
    // loan's last instalment (5 January, 85 days).
    expect(report.arrears.buckets.map((b: { count: number }) => b.count)).toEqual([1, 0, 1, 1, 0]);
    expect(report.arrears.buckets[0].balance).toBe(latePayout.totalAmount);
  });
});

describe('GET /api/admin/reports/form-39.csv', () => {
  it('is an attachment: a header row, one row per line item, each group with its total', async () => {
    const res = await admin.get('/api/admin/reports/form-39.csv?quarter=2026-Q4');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="ncr-form-39-2026-Q4.csv"');
    const json = (await form39('2026-Q4')).json();
    const short = json.arrears.buckets[0].balance as string;
    const total = json.arrears.total.balance as string;
    const unsecuredBalance = unsecured.schedule.totalAmount;
    expect(res.body.split('\r\n')).toEqual([
      'quarter,section,item,count,value',
      '2026-Q4,Agreements granted by class,Short-term credit transaction,1,2000.00',
      '2026-Q4,Agreements granted by class,Unsecured credit transaction,1,12000.00',
      '2026-Q4,Agreements granted by class,Total,2,14000.00',
      '2026-Q4,Agreements granted by gross monthly income,Up to R3 500,1,2000.00',
      '2026-Q4,Agreements granted by gross monthly income,Over R3 500 up to R5 500,0,0.00',
      '2026-Q4,Agreements granted by gross monthly income,Over R5 500 up to R10 000,1,12000.00',
      '2026-Q4,Agreements granted by gross monthly income,Over R10 000 up to R15 000,0,0.00',
      '2026-Q4,Agreements granted by gross monthly income,Over R15 000,0,0.00',
      '2026-Q4,Agreements granted by gross monthly income,Total,2,14000.00',
      '2026-Q4,Applications,Received,3,',
      '2026-Q4,Applications,Declined,1,',
      '2026-Q4,Applications,Declined that failed the affordability assessment,1,',
      `2026-Q4,Declined by reason,${REASON},1,`,
      '2026-Q4,Declined by reason,Total,1,',
      `2026-Q4,Book in arrears at 2026-12-31,Current,1,${short}`,
      '2026-Q4,Book in arrears at 2026-12-31,1-30 days,0,0.00',
      `2026-Q4,Book in arrears at 2026-12-31,31-60 days,1,${unsecuredBalance}`,
      '2026-Q4,Book in arrears at 2026-12-31,61-90 days,0,0.00',
      '2026-Q4,Book in arrears at 2026-12-31,Over 90 days,0,0.00',
      `2026-Q4,Book in arrears at 2026-12-31,Total,2,${total}`,
    ]);
  });

  it('refuses a bad quarter with the JSON error body', async () => {
    const res = await admin.get('/api/admin/reports/form-39.csv?quarter=Q4');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.quarter).toEqual(['quarter is a calendar quarter like 2026-Q4']);
  });
});
