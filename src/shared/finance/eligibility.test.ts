import { describe, expect, it } from 'vitest';
import {
  eligibilityResultForTotal,
  monthsActivePoints,
  PLATFORM_COUNT_OPTIONS,
  platformPoints,
  revenuePoints,
  scoreEligibility,
} from './eligibility';

describe('platformPoints', () => {
  it('gives 3 for three or more, 2 for two, else 1', () => {
    expect(PLATFORM_COUNT_OPTIONS.map(platformPoints)).toEqual([1, 2, 3, 3, 3]);
    expect(platformPoints('2')).toBe(2);
    expect(platformPoints('3')).toBe(3);
    expect(platformPoints(0)).toBe(1);
    expect(platformPoints(null)).toBe(1);
    expect(platformPoints('many')).toBe(1);
  });
});

describe('monthsActivePoints', () => {
  it('draws the lines at 12 and 18 months', () => {
    expect(monthsActivePoints(1)).toBe(1);
    expect(monthsActivePoints(11)).toBe(1);
    expect(monthsActivePoints(12)).toBe(2);
    expect(monthsActivePoints(17)).toBe(2);
    expect(monthsActivePoints(18)).toBe(3);
    expect(monthsActivePoints(36)).toBe(3);
  });

  it('holds values to the 1-36 slider', () => {
    expect(monthsActivePoints(0)).toBe(1);
    expect(monthsActivePoints(48)).toBe(3);
    expect(monthsActivePoints(Number.NaN)).toBe(1);
    expect(monthsActivePoints(undefined)).toBe(1);
  });
});

describe('revenuePoints', () => {
  it('draws the lines at R3,000 and R8,000', () => {
    expect(revenuePoints(0)).toBe(1);
    expect(revenuePoints(2_999)).toBe(1);
    expect(revenuePoints(2_999.99)).toBe(1);
    expect(revenuePoints(3_000)).toBe(2);
    expect(revenuePoints(7_999)).toBe(2);
    expect(revenuePoints(8_000)).toBe(3);
    expect(revenuePoints(100_000)).toBe(3);
  });

  it('reads numeric strings and scores the rest as 1', () => {
    expect(revenuePoints('8000')).toBe(3);
    expect(revenuePoints('3000.00')).toBe(2);
    expect(revenuePoints('abc')).toBe(1);
    expect(revenuePoints('')).toBe(1);
    expect(revenuePoints(null)).toBe(1);
  });
});

describe('scoreEligibility', () => {
  it('is ineligible at the lowest total of 3', () => {
    expect(scoreEligibility({ platforms: 1, monthsActive: 1, monthlyRevenue: 0 })).toEqual({
      platformPoints: 1,
      monthsActivePoints: 1,
      revenuePoints: 1,
      total: 3,
      result: 'ineligible',
    });
  });

  it('is ineligible at 4', () => {
    const score = scoreEligibility({ platforms: 2, monthsActive: 11, monthlyRevenue: 2_999 });
    expect(score.total).toBe(4);
    expect(score.result).toBe('ineligible');
  });

  it('is partial at 5 and 6', () => {
    const five = scoreEligibility({ platforms: 2, monthsActive: 12, monthlyRevenue: 2_999 });
    expect([five.platformPoints, five.monthsActivePoints, five.revenuePoints]).toEqual([2, 2, 1]);
    expect(five.total).toBe(5);
    expect(five.result).toBe('partial');
    const six = scoreEligibility({ platforms: 3, monthsActive: 17, monthlyRevenue: 1_000 });
    expect(six.total).toBe(6);
    expect(six.result).toBe('partial');
  });

  it('is eligible at 7 and above', () => {
    const seven = scoreEligibility({ platforms: '5+', monthsActive: 18, monthlyRevenue: 2_999 });
    expect([seven.platformPoints, seven.monthsActivePoints, seven.revenuePoints]).toEqual([3, 3, 1]);
    expect(seven.total).toBe(7);
    expect(seven.result).toBe('eligible');
    const nine = scoreEligibility({ platforms: 4, monthsActive: 36, monthlyRevenue: 8_000 });
    expect(nine.total).toBe(9);
    expect(nine.result).toBe('eligible');
  });

  it('moves one point across each revenue line', () => {
    const base = { platforms: 2, monthsActive: 12 } as const;
    expect(scoreEligibility({ ...base, monthlyRevenue: 7_999 }).total).toBe(6);
    expect(scoreEligibility({ ...base, monthlyRevenue: 8_000 }).total).toBe(7);
    expect(scoreEligibility({ ...base, monthlyRevenue: 3_000 }).total).toBe(6);
    expect(scoreEligibility({ ...base, monthlyRevenue: 2_999 }).total).toBe(5);
  });
});

describe('eligibilityResultForTotal', () => {
  it('maps the totals 4-7 across the three verdicts', () => {
    expect([4, 5, 6, 7].map(eligibilityResultForTotal)).toEqual([
      'ineligible',
      'partial',
      'partial',
      'eligible',
    ]);
  });
});
