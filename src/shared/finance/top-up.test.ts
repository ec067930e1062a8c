import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repaidPercent, topUpAmounts, topUpEligibility, topUpSplit } from './top-up';

const loan = (over: Partial<Parameters<typeof topUpEligibility>[0]> = {}) => ({
  status: 'active',
  totalAmount: '13080.00',
  remainingAmount: '3270.00',
  amountOverdue: '0.00',
  ...over,
});

describe('topUpEligibility', () => {
  it('offers a top-up at exactly 75% repaid with nothing overdue', () => {
    expect(topUpEligibility(loan())).toEqual({ eligible: true, repaidPercent: '75.00' });
  });

  it('refuses one cent short of 75%, and says how far the loan has come', () => {
    const result = topUpEligibility(loan({ remainingAmount: '3270.01' }));
    expect(result).toMatchObject({ eligible: false, refusal: 'not_enough_repaid', repaidPercent: '74.99' });
    if (!result.eligible) expect(result.reason).toContain('75% of the plan is repaid (74,99% so far)');
  });

  it('refuses at 74% and offers at 76%', () => {
    expect(topUpEligibility(loan({ totalAmount: '10000.00', remainingAmount: '2600.00' })).eligible).toBe(
      false,
    );
    expect(topUpEligibility(loan({ totalAmount: '10000.00', remainingAmount: '2400.00' })).eligible).toBe(
      true,
    );
  });

  it('refuses while anything is overdue, however much is repaid', () => {
    expect(topUpEligibility(loan({ remainingAmount: '100.00', amountOverdue: '0.01' }))).toMatchObject({
      eligible: false,
      refusal: 'overdue',
    });
  });

  it('refuses a loan that is defaulted, a test, completed or not yet active', () => {
    for (const status of ['defaulted', 'active_testing', 'completed', 'approved', 'pending_review']) {
      expect(topUpEligibility(loan({ status }))).toMatchObject({ eligible: false, refusal: 'not_active' });
    }
    expect(topUpEligibility(loan({ remainingAmount: '0.00' }))).toMatchObject({ refusal: 'nothing_owed' });
  });

  it('is eligible exactly when paid × 4 ≥ total × 3, active and nothing overdue (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (totalCents, paidCents, overdueCents) => {
          const paid = Math.min(paidCents, totalCents - 1);
          const total = new Decimal(totalCents).div(100);
          const remaining = new Decimal(totalCents - paid).div(100);
          const result = topUpEligibility(
            loan({
              totalAmount: total.toFixed(2),
              remainingAmount: remaining.toFixed(2),
              amountOverdue: new Decimal(overdueCents).div(100).toFixed(2),
            }),
          );
          const expected = overdueCents === 0 && paid * 4 >= totalCents * 3;
          expect(result.eligible).toBe(expected);
          // The percentage shown never claims more than was repaid.
          expect(new Decimal(result.repaidPercent).lte(new Decimal(paid).times(100).div(totalCents))).toBe(
            true,
          );
        },
      ),
    );
  });
});

describe('repaidPercent', () => {
  it('rounds down to two decimals', () => {
    expect(repaidPercent('3.00', '1.00')).toBe('66.66');
    expect(repaidPercent('0', '0')).toBe('0.00');
  });
});

describe('topUpSplit', () => {
  it('settles the old loan at its settlement amount, with no fee, and pays out the rest, to the cent', () => {
    expect(topUpSplit(12_000, '3188.42')).toEqual({
      settlesAmount: '3188.42',
      platformFee: '0.00',
      creatorReceives: '8811.58',
    });
  });

  it('adds up: settled + received = the amount financed (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 50_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        (requested, cents) => {
          const split = topUpSplit(requested, new Decimal(cents).div(100));
          expect(new Decimal(split.settlesAmount).plus(split.creatorReceives).toFixed(2)).toBe(
            new Decimal(requested).toFixed(2),
          );
        },
      ),
    );
  });
});

describe('topUpAmounts', () => {
  it('starts from the loan’s own amount, between a rand more than it settles and the product maximum', () => {
    expect(topUpAmounts(10_000, '3123.45')).toEqual({
      minimumAmount: 3_124,
      suggestedAmount: 10_000,
      maximumAmount: 50_000,
    });
  });

  it('never suggests less than the least a top-up can be, nor less than the product minimum', () => {
    expect(topUpAmounts(8_000, '9500.00')).toMatchObject({ minimumAmount: 9_501, suggestedAmount: 9_501 });
    expect(topUpAmounts(2_000, '500.00')).toMatchObject({ minimumAmount: 2_000, suggestedAmount: 2_000 });
  });

  it('keeps every amount within the product limits, with minimum <= suggested <= maximum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2_000, max: 50_000 }),
        fc.integer({ min: 1, max: 6_000_000 }),
        (amount, cents) => {
          const settles = (cents / 100).toFixed(2);
          const a = topUpAmounts(amount, settles);
          expect(a.minimumAmount).toBeGreaterThanOrEqual(2_000);
          expect(a.minimumAmount).toBeLessThanOrEqual(a.suggestedAmount);
          expect(a.suggestedAmount).toBeLessThanOrEqual(a.maximumAmount);
          expect(a.maximumAmount).toBe(50_000);
          if (Number(settles) < 49_999) expect(a.minimumAmount).toBeGreaterThan(Number(settles));
        },
      ),
    );
  });
});
