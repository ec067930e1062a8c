import { describe, expect, it } from 'vitest';
import {
  adminScheduleTerms,
  costPercentageForScore,
  creditCardPlanTerms,
  normalizeEstimatedPeriod,
  normalizeWithholdingPercentage,
  previewTerms,
  REPAYMENT_PLAN_OPTIONS,
  withholdingPercentageForScore,
} from './repayment-plan';

describe('costPercentageForScore', () => {
  it('is 35 without a score', () => {
    expect(costPercentageForScore(undefined)).toBe(35);
    expect(costPercentageForScore(null)).toBe(35);
  });

  it('runs from 35 at score 0 to 25 at score 100', () => {
    expect(costPercentageForScore(0)).toBe(35);
    expect(costPercentageForScore(20)).toBe(33);
    expect(costPercentageForScore(50)).toBe(30);
    expect(costPercentageForScore(100)).toBe(25);
  });

  it('keeps decimals exactly', () => {
    expect(costPercentageForScore(37)).toBe(31.3);
    expect(costPercentageForScore(99.5)).toBe(25.05);
  });

  it('rejects scores outside 0-100', () => {
    for (const score of [-1, -0.5, 100.1, 150, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => costPercentageForScore(score)).toThrow(RangeError);
    }
  });
});

describe('withholdingPercentageForScore', () => {
  it('is 40 without a score', () => {
    expect(withholdingPercentageForScore(undefined)).toBe(40);
    expect(withholdingPercentageForScore(null)).toBe(40);
  });

  it('is round(40 - 15 % of the score) with halves going up', () => {
    expect(withholdingPercentageForScore(0)).toBe(40);
    expect(withholdingPercentageForScore(100)).toBe(25);
    expect(withholdingPercentageForScore(50)).toBe(33); // 32.5
    expect(withholdingPercentageForScore(10)).toBe(39); // 38.5
    expect(withholdingPercentageForScore(30)).toBe(36); // 35.5
    expect(withholdingPercentageForScore(70)).toBe(30); // 29.5
    expect(withholdingPercentageForScore(3)).toBe(40); // 39.55
    expect(withholdingPercentageForScore(4)).toBe(39); // 39.4
    expect(withholdingPercentageForScore(20)).toBe(37);
  });

  it('rejects scores outside 0-100', () => {
    expect(() => withholdingPercentageForScore(-1)).toThrow(RangeError);
    expect(() => withholdingPercentageForScore(101)).toThrow(RangeError);
  });
});

describe('previewTerms', () => {
  it('ceils the cost to the rand (R2,001 at 33 %)', () => {
    // 2001 x 33 % = 660.33 -> 661; total 2662; 2662/12 = 221.83 -> 222; 37 % of 500 = 185
    expect(previewTerms({ requestedAmount: 2_001, monthlyRevenue: 500, creditScore: 20 })).toEqual({
      costAmount: '661.00',
      costPercentage: 33,
      totalAmount: '2662.00',
      monthlyWithholding: '222.00',
      installmentAmount: '222.00',
      estimatedMonthlyWithholding: '185.00',
      withholdingPercentage: 37,
      estimatedPeriod: 12, // 2662 / 222 = 11.99
      legal: null,
    });
  });

  it('takes the withholding when it is larger than total/12', () => {
    // no score: cost 35 % = 3500; total 13500; 13500/12 = 1125; 40 % of 20000 = 8000
    expect(previewTerms({ requestedAmount: 10_000, monthlyRevenue: 20_000 })).toEqual({
      costAmount: '3500.00',
      costPercentage: 35,
      totalAmount: '13500.00',
      monthlyWithholding: '8000.00',
      installmentAmount: '8000.00',
      estimatedMonthlyWithholding: '8000.00',
      withholdingPercentage: 40,
      estimatedPeriod: 2, // 13500 / 8000 = 1.69
      legal: null,
    });
  });

  it('takes total/12 when it is larger than the withholding', () => {
    // score 0 prices like no score: 40 % of 2000 = 800 < 1125
    expect(previewTerms({ requestedAmount: 10_000, monthlyRevenue: 2_000, creditScore: 0 })).toEqual({
      costAmount: '3500.00',
      costPercentage: 35,
      totalAmount: '13500.00',
      monthlyWithholding: '1125.00',
      installmentAmount: '1125.00',
      estimatedMonthlyWithholding: '800.00',
      withholdingPercentage: 40,
      estimatedPeriod: 12,
      legal: null,
    });
  });

  it('prices score 100 at the floor, exact at R50,000', () => {
    // 25 % of 50000 = 12500; total 62500; 62500/12 = 5208.33 -> 5209; 25 % of 10000 = 2500
    expect(previewTerms({ requestedAmount: '50000', monthlyRevenue: '10000.00', creditScore: 100 })).toEqual({
      costAmount: '12500.00',
      costPercentage: 25,
      totalAmount: '62500.00',
      monthlyWithholding: '5209.00',
      installmentAmount: '5209.00',
      estimatedMonthlyWithholding: '2500.00',
      withholdingPercentage: 25,
      estimatedPeriod: 12, // 62500 / 5209 = 11.9985
      legal: null,
    });
  });

  it('prices score 50 at 30 % cost and 33 % withholding', () => {
    // cost 1500; total 6500; 6500/12 = 541.67 -> 542; 33 % of 3333 = 1099.89 -> 1100
    expect(previewTerms({ requestedAmount: 5_000, monthlyRevenue: 3_333, creditScore: 50 })).toEqual({
      costAmount: '1500.00',
      costPercentage: 30,
      totalAmount: '6500.00',
      monthlyWithholding: '1100.00',
      installmentAmount: '1100.00',
      estimatedMonthlyWithholding: '1099.89',
      withholdingPercentage: 33,
      estimatedPeriod: 6, // 6500 / 1100 = 5.9
      legal: null,
    });
  });

  it('rounds the withholding up to the rand', () => {
    // 40 % of 1000.01 = 400.004 -> 401 > 2700/12 = 225
    const terms = previewTerms({ requestedAmount: 2_000, monthlyRevenue: '1000.01' });
    expect(terms.totalAmount).toBe('2700.00');
    expect(terms.monthlyWithholding).toBe('401.00');
    expect(terms.estimatedPeriod).toBe(7); // 2700 / 401 = 6.73
  });

  it('handles a decimal cost percentage', () => {
    // score 37: 31.3 % of 2001 = 626.313 -> 627
    const terms = previewTerms({ requestedAmount: 2_001, creditScore: 37 });
    expect(terms.costPercentage).toBe(31.3);
    expect(terms.costAmount).toBe('627.00');
    expect(terms.totalAmount).toBe('2628.00');
    expect(terms.monthlyWithholding).toBe('219.00'); // 2628 / 12
  });

  it('spreads over 12 months when revenue is unknown', () => {
    const terms = previewTerms({ requestedAmount: 6_000, monthlyRevenue: null });
    expect(terms.monthlyWithholding).toBe('675.00'); // 8100 / 12
    expect(terms.estimatedPeriod).toBe(12);
  });

  it('spreads over a given estimated period, held to 1-36', () => {
    // total 8100
    expect(previewTerms({ requestedAmount: 6_000, estimatedPeriod: 6 })).toMatchObject({
      monthlyWithholding: '1350.00',
      estimatedPeriod: 6,
      legal: null,
    });
    expect(previewTerms({ requestedAmount: 6_000, estimatedPeriod: 0 })).toMatchObject({
      monthlyWithholding: '8100.00',
      estimatedPeriod: 1,
      legal: null,
    });
    expect(previewTerms({ requestedAmount: 6_000, estimatedPeriod: 48 })).toMatchObject({
      monthlyWithholding: '225.00',
      estimatedPeriod: 36,
      legal: null,
    });
  });

  it('rejects bad amounts and scores', () => {
    expect(() => previewTerms({ requestedAmount: 0 })).toThrow(RangeError);
    expect(() => previewTerms({ requestedAmount: -5 })).toThrow(RangeError);
    expect(() => previewTerms({ requestedAmount: 'abc' })).toThrow(RangeError);
    expect(() => previewTerms({ requestedAmount: 2_000, monthlyRevenue: -1 })).toThrow(RangeError);
    expect(() => previewTerms({ requestedAmount: 2_000, monthlyRevenue: 'lots' })).toThrow(RangeError);
    expect(() => previewTerms({ requestedAmount: 2_000, creditScore: 101 })).toThrow(RangeError);
  });
});

describe('credit card plan', () => {
  it('charges a fixed 35 % in twelve equal payments, whatever the score', () => {
    expect(creditCardPlanTerms({ requestedAmount: 10_000 })).toEqual({
      costAmount: '3500.00',
      costPercentage: 35,
      totalAmount: '13500.00',
      monthlyPayment: '1125.00',
      months: 12,
      disabled: true,
      disabledReason: 'Coming Soon',
    });
  });

  it('ceils the cost and the payment to the rand', () => {
    // 2001 x 35 % = 700.35 -> 701; 2702 / 12 = 225.17 -> 226
    const terms = creditCardPlanTerms({ requestedAmount: 2_001 });
    expect(terms.costAmount).toBe('701.00');
    expect(terms.totalAmount).toBe('2702.00');
    expect(terms.monthlyPayment).toBe('226.00');
  });

  it('is listed as disabled', () => {
    expect(REPAYMENT_PLAN_OPTIONS.find((plan) => plan.method === 'credit_card')).toMatchObject({
      disabled: true,
      disabledReason: 'Coming Soon',
    });
    expect(REPAYMENT_PLAN_OPTIONS.find((plan) => plan.method === 'platform_earnings')?.disabled).toBe(false);
  });
});

describe('normalizeWithholdingPercentage', () => {
  it('falls back to 20 when unreadable', () => {
    for (const value of [undefined, null, '', 'abc', '25%', Number.NaN]) {
      expect(normalizeWithholdingPercentage(value)).toBe(20);
    }
  });

  it('accepts 1-100', () => {
    expect(normalizeWithholdingPercentage(1)).toBe(1);
    expect(normalizeWithholdingPercentage('25')).toBe(25);
    expect(normalizeWithholdingPercentage('12.5')).toBe(12.5);
    expect(normalizeWithholdingPercentage(100)).toBe(100);
  });

  it('refuses readable values outside 1-100', () => {
    expect(() => normalizeWithholdingPercentage(0)).toThrow(RangeError);
    expect(() => normalizeWithholdingPercentage('0.5')).toThrow(RangeError);
    expect(() => normalizeWithholdingPercentage(101)).toThrow(RangeError);
  });
});

describe('normalizeEstimatedPeriod', () => {
  it('falls back to 12, cuts to whole months and holds to 1-36', () => {
    expect(normalizeEstimatedPeriod(undefined)).toBe(12);
    expect(normalizeEstimatedPeriod('x')).toBe(12);
    expect(normalizeEstimatedPeriod(0)).toBe(1);
    expect(normalizeEstimatedPeriod(-3)).toBe(1);
    expect(normalizeEstimatedPeriod(1)).toBe(1);
    expect(normalizeEstimatedPeriod('6')).toBe(6);
    expect(normalizeEstimatedPeriod(6.9)).toBe(6);
    expect(normalizeEstimatedPeriod(36)).toBe(36);
    expect(normalizeEstimatedPeriod(37)).toBe(36);
  });
});

describe('adminScheduleTerms', () => {
  it('defaults to 12 months and 20 % withholding with the no-score cost', () => {
    const terms = adminScheduleTerms({ requestedAmount: 10_000, monthlyRevenue: 15_000 });
    expect(terms).toMatchObject({
      costPercentage: 35,
      costAmount: '3500.00',
      totalAmount: '13500.00',
      remainingAmount: '13500.00',
      installmentAmount: '1125.00',
      instalmentCount: 12,
      withholdingPercentage: 20,
      estimatedMonthlyWithholding: '3000.00',
      estimatedPeriod: 12,
      legal: null,
    });
  });

  it('spreads a biweekly plan over the fortnights of the period', () => {
    // 12 months = 26 fortnights: 13500 / 26 = 519.2307... -> 519.24 (the last takes the remainder)
    const terms = adminScheduleTerms({ requestedAmount: 10_000, frequency: 'biweekly' });
    expect(terms).toMatchObject({ instalmentCount: 26, installmentAmount: '519.24', estimatedPeriod: 12 });
  });

  it('uses the credit-score cost and ceils the instalment to the cent', () => {
    // score 50: 30 % of 2001 = 600.3 -> 601; 2602 / 7 = 371.714... -> 371.72; 15 % of 3333.33 = 499.9995
    const terms = adminScheduleTerms({
      requestedAmount: 2_001,
      monthlyRevenue: '3333.33',
      withholdingPercentage: '15',
      estimatedPeriod: '7',
      creditScore: 50,
    });
    expect(terms).toMatchObject({
      costPercentage: 30,
      costAmount: '601.00',
      totalAmount: '2602.00',
      installmentAmount: '371.72',
      withholdingPercentage: 15,
      estimatedMonthlyWithholding: '500.00',
      estimatedPeriod: 7,
      legal: null,
    });
  });

  it('is exact at R50,000 over 36 months', () => {
    // score 100: 25 % = 12500; 62500 / 36 = 1736.111... -> 1736.12
    const terms = adminScheduleTerms({ requestedAmount: 50_000, estimatedPeriod: 36, creditScore: 100 });
    expect(terms.totalAmount).toBe('62500.00');
    expect(terms.installmentAmount).toBe('1736.12');
    expect(terms.estimatedMonthlyWithholding).toBe('0.00');
  });

  it('takes an explicit cost percentage', () => {
    const terms = adminScheduleTerms({ requestedAmount: 50_000, costPercentage: 10, creditScore: 100 });
    expect(terms.costAmount).toBe('5000.00');
    expect(terms.totalAmount).toBe('55000.00');
    expect(() => adminScheduleTerms({ requestedAmount: 50_000, costPercentage: 120 })).toThrow(RangeError);
  });

  it('falls back and clamps like the admin form', () => {
    const fallback = adminScheduleTerms({
      requestedAmount: 10_000,
      withholdingPercentage: 'garbage',
      estimatedPeriod: 'x',
    });
    expect(fallback.withholdingPercentage).toBe(20);
    expect(fallback.estimatedPeriod).toBe(12);
    const single = adminScheduleTerms({ requestedAmount: 10_000, estimatedPeriod: 0 });
    expect(single.estimatedPeriod).toBe(1);
    expect(single.installmentAmount).toBe('13500.00');
    expect(adminScheduleTerms({ requestedAmount: 10_000, estimatedPeriod: 100 }).estimatedPeriod).toBe(36);
  });

  it('refuses an out-of-range withholding or score', () => {
    expect(() => adminScheduleTerms({ requestedAmount: 10_000, withholdingPercentage: 0 })).toThrow(
      RangeError,
    );
    expect(() => adminScheduleTerms({ requestedAmount: 10_000, creditScore: 150 })).toThrow(RangeError);
  });
});
