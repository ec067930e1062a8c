import { describe, expect, it } from 'vitest';
import {
  calculateLandingRepayment,
  clampToSlider,
  costPhrase,
  LANDING_AMOUNT,
  LANDING_COST_PERCENTAGE,
  LANDING_DURATION_MONTHS,
  LANDING_MONTHLY_REVENUE,
  riskBandForShare,
} from './landing-calculator';

describe('calculateLandingRepayment', () => {
  it('starts from the slider defaults', () => {
    expect(calculateLandingRepayment()).toEqual({
      amount: 2_000,
      durationMonths: 12,
      monthlyRevenue: 10_000,
      costAmount: '160.00',
      totalRepayment: '2160.00',
      monthlyPayment: '180.00',
      revenueSharePercent: 1.8,
      riskBand: 'healthy',
      illustrativeAnnualRate: expect.stringMatching(/^\d+\.\d{2}$/),
    });
  });

  it('is exact to the cent at the largest amount', () => {
    const result = calculateLandingRepayment({ amount: 50_000, durationMonths: 24, monthlyRevenue: 100_000 });
    expect(result.totalRepayment).toBe('54000.00');
    expect(result.costAmount).toBe('4000.00');
    expect(result.monthlyPayment).toBe('2250.00');
    // 2250 / 100000 = 2.25 % -> 2.3 half-up
    expect(result.revenueSharePercent).toBe(2.3);
  });

  it('rounds the monthly payment to the cent', () => {
    // 54000 / 7 = 7714.2857...
    const large = calculateLandingRepayment({ amount: 50_000, durationMonths: 7, monthlyRevenue: 10_000 });
    expect(large.monthlyPayment).toBe('7714.29');
    expect(large.revenueSharePercent).toBe(77.1);
    expect(large.riskBand).toBe('high');
    // 2160 / 7 = 308.5714...
    expect(calculateLandingRepayment({ amount: 2_000, durationMonths: 7 }).monthlyPayment).toBe('308.57');
  });

  it('puts a share of exactly 15 % and exactly 30 % in the moderate band', () => {
    // 5400 / 12 = 450 of 3000
    const at15 = calculateLandingRepayment({ amount: 5_000, durationMonths: 12, monthlyRevenue: 3_000 });
    expect(at15.monthlyPayment).toBe('450.00');
    expect(at15.revenueSharePercent).toBe(15);
    expect(at15.riskBand).toBe('moderate');
    // 10800 / 12 = 900 of 3000
    const at30 = calculateLandingRepayment({ amount: 10_000, durationMonths: 12, monthlyRevenue: 3_000 });
    expect(at30.monthlyPayment).toBe('900.00');
    expect(at30.revenueSharePercent).toBe(30);
    expect(at30.riskBand).toBe('moderate');
  });

  it('bands on the share as displayed', () => {
    // 1944 / 13000 = 14.9538 % shows as 15.0
    const justBelow15 = calculateLandingRepayment({
      amount: 9_000,
      durationMonths: 5,
      monthlyRevenue: 13_000,
    });
    expect(justBelow15.monthlyPayment).toBe('1944.00');
    expect(justBelow15.revenueSharePercent).toBe(15);
    expect(justBelow15.riskBand).toBe('moderate');
    // 39960 / 7 = 5708.57; 5708.57 / 19000 = 30.0451 % shows as 30.0
    const justAbove30 = calculateLandingRepayment({
      amount: 37_000,
      durationMonths: 7,
      monthlyRevenue: 19_000,
    });
    expect(justAbove30.monthlyPayment).toBe('5708.57');
    expect(justAbove30.revenueSharePercent).toBe(30);
    expect(justAbove30.riskBand).toBe('moderate');
  });

  it('is high above 30 % and healthy below 15 %', () => {
    // 18360 / 61000 = 30.098 %
    const high = calculateLandingRepayment({ amount: 17_000, durationMonths: 1, monthlyRevenue: 61_000 });
    expect(high.revenueSharePercent).toBe(30.1);
    expect(high.riskBand).toBe('high');
    // 14040 / 94000 = 14.936 %
    const healthy = calculateLandingRepayment({ amount: 13_000, durationMonths: 1, monthlyRevenue: 94_000 });
    expect(healthy.revenueSharePercent).toBe(14.9);
    expect(healthy.riskBand).toBe('healthy');
  });

  it('clamps inputs before computing', () => {
    const result = calculateLandingRepayment({ amount: 80_000, durationMonths: 0, monthlyRevenue: 0 });
    expect(result.amount).toBe(50_000);
    expect(result.durationMonths).toBe(1);
    expect(result.monthlyRevenue).toBe(1_000);
    expect(result.monthlyPayment).toBe('54000.00');
    expect(result.revenueSharePercent).toBe(5400);
    expect(result.riskBand).toBe('high');
  });
});

describe('riskBandForShare', () => {
  it('draws the lines at 15 and 30 inclusive of moderate', () => {
    expect(riskBandForShare(14.9)).toBe('healthy');
    expect(riskBandForShare(15)).toBe('moderate');
    expect(riskBandForShare(30)).toBe('moderate');
    expect(riskBandForShare(30.1)).toBe('high');
  });
});

describe('clampToSlider', () => {
  it('holds values inside the range', () => {
    expect(clampToSlider(1_000, LANDING_AMOUNT)).toBe(2_000);
    expect(clampToSlider(60_000, LANDING_AMOUNT)).toBe(50_000);
    expect(clampToSlider(0, LANDING_DURATION_MONTHS)).toBe(1);
    expect(clampToSlider(30, LANDING_DURATION_MONTHS)).toBe(24);
    expect(clampToSlider(250_000, LANDING_MONTHLY_REVENUE)).toBe(100_000);
  });

  it('snaps to the nearest step from the minimum', () => {
    expect(clampToSlider(2_499, LANDING_AMOUNT)).toBe(2_000);
    expect(clampToSlider(2_500, LANDING_AMOUNT)).toBe(3_000);
    expect(clampToSlider(6.4, LANDING_DURATION_MONTHS)).toBe(6);
    expect(clampToSlider(10_400, LANDING_MONTHLY_REVENUE)).toBe(10_000);
  });

  it('uses the default for missing or non-finite values', () => {
    expect(clampToSlider(undefined, LANDING_AMOUNT)).toBe(2_000);
    expect(clampToSlider(null, LANDING_DURATION_MONTHS)).toBe(12);
    expect(clampToSlider(Number.NaN, LANDING_MONTHLY_REVENUE)).toBe(10_000);
  });
});

describe('costPhrase', () => {
  it('says "an 8% cost" and picks the article by how the number is said', () => {
    expect(costPhrase(8)).toBe('an 8% cost');
    expect(costPhrase(LANDING_COST_PERCENTAGE)).toBe('an 8% cost');
    expect(costPhrase(80)).toBe('an 80% cost');
    expect(costPhrase(11)).toBe('an 11% cost');
    expect(costPhrase(18)).toBe('an 18% cost');
    expect(costPhrase(8.5)).toBe('an 8,5% cost');
    expect(costPhrase(12)).toBe('a 12% cost');
    expect(costPhrase(25)).toBe('a 25% cost');
    expect(costPhrase(1)).toBe('a 1% cost');
    expect(costPhrase(110)).toBe('a 110% cost');
    expect(costPhrase(181)).toBe('a 181% cost');
  });
});

describe('the illustrative annual rate (docs/compliance.md, "Advertising")', () => {
  it('is the 8% example annualised over the chosen months: shorter terms cost more a year', () => {
    const year = calculateLandingRepayment({ amount: 10_000, durationMonths: 12, monthlyRevenue: 10_000 });
    const month = calculateLandingRepayment({ amount: 10_000, durationMonths: 1, monthlyRevenue: 10_000 });
    // R10 800 in 12 payments of R900: an internal rate of about 15,5% a year.
    expect(Number(year.illustrativeAnnualRate)).toBeGreaterThan(14.5);
    expect(Number(year.illustrativeAnnualRate)).toBeLessThan(16);
    // R10 800 a month after R10 000: 8% a month, about 150% a year.
    expect(Number(month.illustrativeAnnualRate)).toBeGreaterThan(140);
  });
});
