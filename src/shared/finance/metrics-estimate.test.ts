import { describe, expect, it } from 'vitest';
import { estimateFinancing, SAMPLE_PLATFORM_EARNINGS, summarizeEarnings } from './metrics-estimate';

describe('summarizeEarnings', () => {
  it('totals the sample months across platforms', () => {
    const summary = summarizeEarnings();
    expect(summary.monthlyTotals).toEqual([
      { month: 'Jan', total: '7500.00' },
      { month: 'Feb', total: '8200.00' },
      { month: 'Mar', total: '8900.00' },
      { month: 'Apr', total: '9800.00' },
      { month: 'May', total: '10600.00' },
      { month: 'Jun', total: '11500.00' },
    ]);
    expect(summary.latestMonthTotal).toBe('11500.00');
    // 56500 / 6 = 9416.666...
    expect(summary.averageMonthly).toBe('9416.67');
  });

  it('has six months of three platforms', () => {
    expect(SAMPLE_PLATFORM_EARNINGS.map((row) => row.month)).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
    ]);
  });

  it('is zero for no data', () => {
    expect(summarizeEarnings([])).toEqual({
      monthlyTotals: [],
      latestMonthTotal: '0.00',
      averageMonthly: '0.00',
    });
  });
});

describe('estimateFinancing', () => {
  it('offers 3x earnings repaid over 12 months at 1.08', () => {
    expect(estimateFinancing('11500.00')).toEqual({
      monthlyEarnings: '11500.00',
      estimatedAmount: '34500.00',
      totalRepayment: '37260.00',
      monthlyPayment: '3105.00',
      repaymentMonths: 12,
      costPercentage: 8,
    });
    const round = estimateFinancing(10_000);
    expect(round.estimatedAmount).toBe('30000.00');
    expect(round.totalRepayment).toBe('32400.00');
    expect(round.monthlyPayment).toBe('2700.00');
  });

  it('rounds half-up to the cent', () => {
    // 31.50 x 1.08 = 34.02; / 12 = 2.835
    const half = estimateFinancing('10.50');
    expect(half.estimatedAmount).toBe('31.50');
    expect(half.totalRepayment).toBe('34.02');
    expect(half.monthlyPayment).toBe('2.84');
    // 3703.68 x 1.08 = 3999.9744; / 12 = 333.3312
    const cents = estimateFinancing(1234.56);
    expect(cents.estimatedAmount).toBe('3703.68');
    expect(cents.totalRepayment).toBe('3999.97');
    expect(cents.monthlyPayment).toBe('333.33');
  });

  it('rounds the earnings to the cent before multiplying', () => {
    expect(estimateFinancing('1000.005').estimatedAmount).toBe('3000.03');
  });

  it('does not cap the estimate at the product maximum', () => {
    // 16666.67 x 3 = 50000.01; x 1.08 = 54000.0108; / 12 = 4500.0009
    const edge = estimateFinancing('16666.67');
    expect(edge.estimatedAmount).toBe('50000.01');
    expect(edge.totalRepayment).toBe('54000.01');
    expect(edge.monthlyPayment).toBe('4500.00');
  });

  it('estimates nothing for missing, non-numeric or negative earnings', () => {
    for (const value of [null, undefined, '', 'abc', -5]) {
      const estimate = estimateFinancing(value);
      expect(estimate.monthlyEarnings).toBe('0.00');
      expect(estimate.estimatedAmount).toBe('0.00');
      expect(estimate.totalRepayment).toBe('0.00');
      expect(estimate.monthlyPayment).toBe('0.00');
    }
  });
});
