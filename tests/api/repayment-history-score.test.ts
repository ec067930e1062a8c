// The creator's own repayment history with Vuka as a scored, explained factor (docs/credit-scoring.md,
// "Repayment history with Vuka"): the dashboard's score today takes points off while a loan is late, so a creator
// 45 days late is not "Good"; a later application scores with the history of the loans before it (repaid: a little
// higher); the score an application got when it was assessed stays as it was.
import Decimal from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/business-date';
import type { ApplyEligibility } from '../../src/shared/schemas/applications';
import { applicationBody } from '../support/accounts';
import {
  adminLoan,
  ownApplication,
  payOk,
  quickUser,
  type SignedIn,
  servicingOf,
  travelTo,
} from '../support/servicing';
import { createTestApp, TEST_EPOCH, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
let counter = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'history-admin@example.com', 'admin');
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_EPOCH));

const newCreator = () => quickUser(t, `history-creator-${++counter}@example.com`);

async function scoreToday(creator: SignedIn): Promise<NonNullable<ApplyEligibility['scoreToday']>> {
  const res = await creator.get('/api/applications/eligibility');
  expect(res.statusCode).toBe(200);
  const today = (res.json() as ApplyEligibility).scoreToday;
  expect(today).not.toBeNull();
  return today!;
}

describe('the score today', () => {
  it('takes 25 points off a loan 45 days late, says why, and keeps the score the application got', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 10_000 });
    const scored = loan.creditScore as number;

    // On time (nothing due yet): the history gives nothing, and says what would.
    const onTime = await scoreToday(creator);
    expect(onTime).toMatchObject({
      applicationId: loan.id,
      total: scored,
      scoredTotal: scored,
      history: { points: 0, detail: `Financing #${loan.id} is being repaid on time` },
    });

    // 45 days after the first due date, nothing paid.
    const { instalments } = await servicingOf(creator, loan.id);
    travelTo(t, addDays(instalments[0]!.dueDate, 45));
    const position = (await servicingOf(creator, loan.id)).position;
    expect(position.daysPastDue).toBe(45);
    const late = await scoreToday(creator);
    expect(late).toEqual({
      applicationId: loan.id,
      total: Math.max(0, scored - 25),
      scoredTotal: scored,
      history: {
        label: 'Repayment history with Vuka',
        points: -25,
        detail: `Financing #${loan.id} is 45 days late`,
        tips: [`Pay what is overdue on financing #${loan.id} (+25 points)`],
      },
    });
    // The application's own score is what it was assessed at: it decided the offer.
    expect((await creator.get(`/api/applications/${loan.id}`)).json().creditScore).toBe(scored);

    // Paid up: the points come back.
    await payOk(admin, loan.id, position.amountOverdue, addDays(instalments[0]!.dueDate, 45));
    expect((await scoreToday(creator)).total).toBe(scored);
  });

  it('answers no score today for a creator without an application', async () => {
    const creator = await newCreator();
    const res = await creator.get('/api/applications/eligibility');
    expect(res.json().scoreToday).toBeNull();
  });
});

describe('a later application', () => {
  it('scores with the loans before it: repaid in full adds 5 points, explained in its breakdown', async () => {
    const creator = await newCreator();
    const loan = await adminLoan(admin, creator, { requestedAmount: 10_000 });
    const remaining = (await ownApplication(creator, loan.id)).repaymentSchedule.remainingAmount;
    const { instalments } = await servicingOf(creator, loan.id);
    const payday = instalments[0]!.dueDate;
    travelTo(t, payday);
    const paid = await payOk(admin, loan.id, new Decimal(remaining).toFixed(2), payday);
    expect(paid.completed).toBe(true);

    const res = await creator.post('/api/applications', applicationBody());
    expect(res.statusCode).toBe(201);
    const again = res.json().application;
    const detail = (await creator.get(`/api/applications/${again.id}`)).json();
    const breakdown = detail.creditScoreBreakdown;
    const parts = breakdown.parts.reduce((sum: number, part: { points: number }) => sum + part.points, 0);
    expect(breakdown.history).toEqual({
      label: 'Repayment history with Vuka',
      points: 5,
      detail: `Financing #${loan.id} repaid in full, never in default`,
      tips: [],
    });
    expect(detail.creditScore).toBe(Math.min(100, parts + 5));
    expect(breakdown.total).toBe(detail.creditScore);
  });

  it('a first application has no history factor at all', async () => {
    const creator = await newCreator();
    const res = await creator.post('/api/applications', applicationBody());
    expect(res.statusCode).toBe(201);
    const detail = (await creator.get(`/api/applications/${res.json().application.id}`)).json();
    expect(detail.creditScoreBreakdown.history).toBeNull();
    const parts = detail.creditScoreBreakdown.parts.reduce(
      (sum: number, p: { points: number }) => sum + p.points,
      0,
    );
    expect(detail.creditScore).toBe(parts);
  });
});
