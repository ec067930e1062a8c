import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCreditScore, type ScoringInput } from './credit-score';
import { type RepaymentRecord, repaymentHistoryFactor, totalWithHistory } from './repayment-history';

const loan = (overrides: Partial<RepaymentRecord> = {}): RepaymentRecord => ({
  applicationId: 2,
  status: 'active',
  daysPastDue: 0,
  everDefaulted: false,
  ...overrides,
});

describe('the repayment-history factor', () => {
  it('is absent for a creator with no financing yet: no points either way', () => {
    expect(repaymentHistoryFactor([])).toBeNull();
  });

  it('takes points off by how late a loan is now, and says which and how late', () => {
    expect(repaymentHistoryFactor([loan({ daysPastDue: 12 })])).toMatchObject({
      points: -10,
      detail: 'Financing #2 is 12 days late',
      tips: ['Pay what is overdue on financing #2 (+10 points)'],
    });
    expect(repaymentHistoryFactor([loan({ daysPastDue: 45 })])?.points).toBe(-25);
    expect(repaymentHistoryFactor([loan({ daysPastDue: 75 })])?.points).toBe(-35);
  });

  it('weighs a default most, and keeps it after the loan is closed', () => {
    expect(repaymentHistoryFactor([loan({ status: 'defaulted', daysPastDue: 200 })])).toMatchObject({
      points: -40,
      detail: 'Financing #2 went into default',
    });
    const forgiven = repaymentHistoryFactor([loan({ status: 'completed', everDefaulted: true })]);
    expect(forgiven).toMatchObject({ points: -40, tips: [] });
  });

  it('adds points for loans repaid in full without a default, up to +10', () => {
    expect(repaymentHistoryFactor([loan({ status: 'completed' })])).toMatchObject({
      points: 5,
      detail: 'Financing #2 repaid in full, never in default',
    });
    const three = [2, 3, 4].map((id) => loan({ applicationId: id, status: 'completed' }));
    expect(repaymentHistoryFactor(three)).toMatchObject({
      points: 10,
      detail: '3 financings repaid in full, never in default',
    });
  });

  it('gives nothing yet for a loan repaid on time so far, and says what would add points', () => {
    expect(repaymentHistoryFactor([loan()])).toEqual({
      label: 'Repayment history with Vuka',
      points: 0,
      detail: 'Financing #2 is being repaid on time',
      tips: ['Repay financing #2 in full without falling behind (+5 points)'],
    });
  });

  it('keeps the total between 0 and 100 whatever the history', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: -40, max: 10 }), (parts, points) => {
        const total = totalWithHistory(parts, {
          label: 'Repayment history with Vuka',
          points,
          detail: '',
          tips: [],
        });
        expect(total).toBeGreaterThanOrEqual(0);
        expect(total).toBeLessThanOrEqual(100);
        expect(total).toBe(Math.max(0, Math.min(100, parts + points)));
      }),
    );
  });
});

describe('the score with a repayment history', () => {
  // A creator who scores 80 (Excellent) on their own figures.
  const good: ScoringInput = {
    monthlyRevenue: '30000',
    requestedAmount: 20_000,
    useOfFunds: ['equipment_purchase'],
    creatorType: 'full-time',
    bio: 'Cooking videos from Durban',
    country: 'South Africa',
    city: 'Durban',
    hasBankDetails: true,
    connectedPlatforms: [
      { platform: 'youtube', verified: true, followers: 20_000, engagement: 4, monthlyEarnings: 30_000 },
    ],
    manualPlatforms: [],
  };

  it('a creator 45 days late is not Good: the factor is in the total and explained', () => {
    const before = computeCreditScore(good);
    expect(before).toMatchObject({ total: 80, band: 'Excellent', history: null });
    const late = computeCreditScore({ ...good, repaymentHistory: [loan({ daysPastDue: 45 })] });
    expect(late).toMatchObject({ total: 55, band: 'Fair' });
    expect(late.history).toMatchObject({ points: -25, detail: 'Financing #2 is 45 days late' });
    expect(late.parts).toEqual(before.parts);
    // Repaid before: a little higher.
    expect(computeCreditScore({ ...good, repaymentHistory: [loan({ status: 'completed' })] }).total).toBe(85);
  });
});
