// The pre-agreement quote ("Cost before signing"): POST /api/applications/{id}/preview-terms answers
// the instalments the plan would create if chosen today and the annualised cost rate of their cash flows; the
// plan chosen on the same day creates exactly those instalments; the statement repeats the quote for the
// loan's actual terms. The rate's arithmetic is unit-tested in src/shared/finance/quote.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBetween } from '../../src/shared/business-date';
import { applicationBody } from '../support/accounts';
import { withSecondApproval } from '../support/approvals';
import {
  acceptAndPayOut,
  addBankAccount,
  payOk,
  payOutLoan,
  quickUser,
  type SignedIn,
  servicingOf,
  travelTo,
} from '../support/servicing';
import { type Client, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'quote-admin@example.com', 'admin');
});
afterAll(() => t.close());

let counter = 0;

/**
 * R 10 000 asked on R 3 000 a month, approved with a score the admin set to 100 (cost 25 %, withholding 25 %). R 3 000
 * affords the plan (docs/compliance.md, "Affordability": R 3 000 less the norm of R 948,50 leaves R 2 051,50 for an
 * instalment of R 1 068,05 with its fee).
 */
async function approvedWithTopScore(creator: Client) {
  const res = await creator.post(
    '/api/applications',
    applicationBody({ requestedAmount: 10_000, monthlyRevenue: 3_000 }),
  );
  expect(res.statusCode).toBe(201);
  const id = res.json().application.id as number;
  // The score is set by hand: a change a second admin approves (decision 028).
  const approved = await withSecondApproval(
    admin,
    admin.request({
      method: 'PATCH',
      url: `/api/admin/applications/${id}`,
      payload: { status: 'approved', creditScore: 100 },
    }),
  );
  expect(approved.statusCode).toBe(200);
  return id;
}

/** The same definition solved independently with floats: sum a_k / (1 + r)^(days_k / 365) = amount out. */
function floatRate(
  out: { date: string; amount: number },
  repayments: Array<{ date: string; amount: number }>,
) {
  const npv = (r: number) =>
    repayments.reduce((s, p) => s + p.amount / (1 + r) ** (daysBetween(out.date, p.date) / 365), 0) -
    out.amount;
  let [low, high] = [0, 1];
  while (npv(high) > 0) high *= 2;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (npv(mid) > 0) low = mid;
    else high = mid;
  }
  return ((low + high) / 2) * 100;
}

describe('the quote before signing', () => {
  it('gives every figure of the plan chosen today, worked by hand', async () => {
    travelTo(t, '2026-11-23');
    const creator = await quickUser(t, `quote-creator-${++counter}@example.com`);
    const id = await approvedWithTopScore(creator);

    const res = await creator.post(`/api/applications/${id}/preview-terms`, {});
    expect(res.statusCode).toBe(200);
    const { quote } = res.json();
    // Score 100: cost 35 − 10 = 25 % of R 10 000 = R 2 500, total R 12 500. Instalment: the larger of
    // ceil(12 500 / 12) = R 1 042 and 25 % of R 3 000 = R 750, so R 1 042; ceil(12 500 / 1 042) = 12
    // instalments, the last 12 500 − 11 × 1 042 = R 1 038. Monthly from the disbursement day, 23 November.
    // The platform fee (2,5 %, the configured rate) on each: 11 × R 26,05 + R 25,95 = R 312,50.
    expect(t.config.platformFeeRate).toBe(2.5);
    expect(quote).toMatchObject({
      amountFinanced: '10000.00',
      financeCharge: '2500.00',
      platformFeeRate: '2.50',
      platformFees: '312.50',
      costOfCredit: '2812.50',
      totalRepayable: '12500.00',
      totalPayable: '12812.50',
      instalmentAmount: '1042.00',
      instalmentFee: '26.05',
      instalmentCount: 12,
      frequency: 'automatic',
      disbursementDate: '2026-11-23',
      estimatedMonthlyWithholding: '750.00',
    });
    expect(quote.instalments[0]).toEqual({
      number: 1,
      dueDate: '2026-12-23',
      amount: '1042.00',
      fee: '26.05',
    });
    expect(quote.instalments[11]).toEqual({
      number: 12,
      dueDate: '2027-11-23',
      amount: '1038.00',
      fee: '25.95',
    });
    // Without the fee: 10 000 = 1 042 × a(12, i) − 4 v^12; a(12, 3,6 %) = 9,61 and a(12, 3,62 %) = 9,595, so
    // i ≈ 3,617 % a month and (1 + i)^12 − 1 ≈ 53,2 % a year (53,32 % by calendar days). What changes hands
    // is each instalment with its fee, R 1 068,05 (the last R 1 063,95): by calendar days 61,04 %.
    expect(quote.annualCostRate).toBe('61.04');
    const expected = floatRate(
      { date: '2026-11-23', amount: 10_000 },
      quote.instalments.map((i: { dueDate: string; amount: string; fee: string }) => ({
        date: i.dueDate,
        amount: Number(i.amount) + Number(i.fee),
      })),
    );
    expect(Number(quote.annualCostRate)).toBeCloseTo(expected, 2);
  });

  it('is what the plan chosen that day creates, and the statement repeats it', async () => {
    travelTo(t, '2027-01-31', '23:30'); // late evening in South Africa: the day is still 31 January
    const creator = await quickUser(t, `quote-creator-${++counter}@example.com`);
    const id = await approvedWithTopScore(creator);
    const preview = (await creator.post(`/api/applications/${id}/preview-terms`, {})).json();
    expect(preview.quote.disbursementDate).toBe('2027-01-31');
    // 31 January + 1 month is 28 February (clamped to the month's end).
    expect(preview.quote.instalments[0].dueDate).toBe('2027-02-28');

    const chosen = await creator.post(`/api/applications/${id}/schedule`, {
      paymentMethod: 'platform_earnings',
      termsAccepted: true,
      quoteId: preview.quote.id,
    });
    expect(chosen.statusCode).toBe(200);
    await addBankAccount(creator);
    await payOutLoan(admin, id, '2027-01-31');
    const servicing = await servicingOf(creator, id);
    expect(
      servicing.instalments.map((i) => ({ number: i.number, dueDate: i.dueDate, amount: i.amountDue })),
    ).toEqual(
      preview.quote.instalments.map((i: { number: number; dueDate: string; amount: string }) => ({
        number: i.number,
        dueDate: i.dueDate,
        amount: i.amount,
      })),
    );

    // A payment changes the balance, not the contract: the statement's quote is the one signed. The fee the
    // ledger charges on the first instalment is the fee the quote showed for it.
    travelTo(t, '2027-02-10');
    await payOk(admin, id, '1042.00', '2027-02-10');
    const statement = await creator.get(`/api/applications/${id}/statement`);
    expect(statement.statusCode).toBe(200);
    const { id: _id, validUntil: _until, kind: _kind, status: _status, ...shown } = preview.quote;
    expect(statement.json().quote).toEqual(shown);
    expect(statement.json().payments[0].platformFee).toBe(preview.quote.instalments[0].fee);
  });

  it("checks the admin preview's schedule choices like the setup does", async () => {
    travelTo(t, '2026-11-23');
    const creator = await quickUser(t, `quote-creator-${++counter}@example.com`);
    const id = await approvedWithTopScore(creator);
    for (const bad of [
      { frequency: 'weekly' },
      { withholdingPercentage: 0 },
      { withholdingPercentage: 101 },
      { paymentMethod: 'cash' },
      { estimatedPeriod: 37 },
    ]) {
      const res = await admin.post(`/api/admin/applications/${id}/preview-terms`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    // Without choices: the setup's defaults, automatic over 12 months at 20 %, repaid from earnings.
    const plain = await admin.post(`/api/admin/applications/${id}/preview-terms`, {});
    expect(plain.json().quote).toMatchObject({
      frequency: 'automatic',
      instalmentCount: 12,
      estimatedMonthlyWithholding: '600.00',
    });
    // A creator cannot use the admin route.
    expect((await creator.post(`/api/admin/applications/${id}/preview-terms`, {})).statusCode).toBe(403);
  });

  it("answers 404 for another creator's application and 409 once a plan is chosen", async () => {
    travelTo(t, '2026-11-23');
    const owner = await quickUser(t, `quote-creator-${++counter}@example.com`);
    const stranger = await quickUser(t, `quote-creator-${++counter}@example.com`);
    const id = await approvedWithTopScore(owner);
    expect((await stranger.post(`/api/applications/${id}/preview-terms`, {})).statusCode).toBe(404);
    expect((await stranger.get(`/api/applications/${id}/statement`)).statusCode).toBe(404);
    const chosen = await owner.post(`/api/applications/${id}/schedule`, {
      paymentMethod: 'platform_earnings',
      termsAccepted: true,
    });
    expect(chosen.statusCode).toBe(200);
    expect((await owner.post(`/api/applications/${id}/preview-terms`, {})).statusCode).toBe(409);
  });

  it("quotes an admin's schedule on the statement with its own frequency, and no withholding off earnings", async () => {
    travelTo(t, '2026-11-23');
    const creator = await quickUser(t, `quote-creator-${++counter}@example.com`);
    const id = await approvedWithTopScore(creator);
    const choice = {
      frequency: 'biweekly',
      paymentMethod: 'bank_debit',
      withholdingPercentage: 20,
      estimatedPeriod: 3,
    };
    // The admin's preview quotes the schedule this setup will write, not the creator's monthly plan.
    const preview = await admin.post(`/api/admin/applications/${id}/preview-terms`, choice);
    expect(preview.statusCode).toBe(200);
    const creatorPlan = await creator.post(`/api/applications/${id}/preview-terms`, {});
    expect(creatorPlan.json().quote.frequency).toBe('automatic');
    const setup = await admin.post(`/api/applications/${id}/repayment-schedule`, choice);
    expect(setup.statusCode).toBe(200);
    await acceptAndPayOut(admin, creator, id);
    const { quote } = (await admin.get(`/api/applications/${id}/statement`)).json();
    expect(preview.json().quote).toEqual(quote);
    // Admin setup: the list charge (25 %, R 2 500) is above the ceiling for R 10 000 over 3 months (unsecured: over
    // R 8 000): R 1 050 initiation + R 466,02 interest at 27,75 % a year = R 1 516,02. R 11 516,02 over
    // round(3 × 26 / 12) = 7 fortnights, ceil to the cent: R 1 645,15, the last R 1 645,12, every 14 days from
    // 23 November (the 7th 98 days on, 1 March). The fee: R 60 a month over 3 months is R 180 for 7 instalments,
    // R 25,71 each at most, so the rate falls from 2,5 % to 1,56 % (R 25,66 on each).
    expect(quote).toMatchObject({
      amountFinanced: '10000.00',
      financeCharge: '1516.02',
      platformFeeRate: '1.56',
      platformFees: '179.62',
      costOfCredit: '1695.64',
      totalRepayable: '11516.02',
      instalmentAmount: '1645.15',
      instalmentCount: 7,
      frequency: 'biweekly',
      estimatedMonthlyWithholding: null,
      agreementClass: 'unsecured',
      legalMaximumCost: '1696.02',
      listFinanceCharge: '2500.00',
      listPlatformFeeRate: '2.50',
    });
    expect(quote.instalments[0].dueDate).toBe('2026-12-07');
    expect(quote.instalments[6]).toEqual({
      number: 7,
      dueDate: '2027-03-01',
      amount: '1645.12',
      fee: '25.66',
    });
    // A quarter with the initiation fee: far dearer a year than the 12-month plan.
    expect(Number(quote.annualCostRate)).toBeGreaterThan(100);
  });
});
