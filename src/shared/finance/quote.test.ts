import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween } from '../business-date';
import { planInstalments } from './instalments';
import { platformFeeOn } from './platform-fee';
import {
  annualCostRatePercent,
  annualRate,
  type CashFlows,
  creatorPlanQuote,
  creditQuote,
  quoteText,
} from './quote';
import { previewTerms } from './repayment-plan';

const nbsp = '\u00a0';
const zar = (text: string) => `R${nbsp}${text.replaceAll(' ', nbsp)}`;

/** `count` monthly repayments of `amount`, the first a month after `start`. */
function monthly(start: string, count: number, amount: string | number) {
  return Array.from({ length: count }, (_, i) => ({ date: addMonths(start, i + 1), amount }));
}

/**
 * An independent oracle: the same definition (sum of a_k / (1 + r)^(days_k / 365) = principal) solved with
 * plain floats and Math.pow, by bisection. Good to about 1e-9, plenty for two decimals of a percentage.
 */
function floatRate(flows: CashFlows): number {
  const principal = Number(flows.disbursement.amount);
  const terms = flows.repayments.map((r) => ({
    t: daysBetween(flows.disbursement.date, r.date) / 365,
    a: Number(r.amount),
  }));
  const npv = (r: number) => terms.reduce((s, { t, a }) => s + a / (1 + r) ** t, 0) - principal;
  let low = -0.999999;
  let high = 1;
  while (npv(high) > 0) high *= 2;
  for (let i = 0; i < 300; i++) {
    const mid = (low + high) / 2;
    if (npv(mid) > 0) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

describe('annualRate: cases worked by hand', () => {
  it('one repayment a year (365 days) later: R 10 000 out, R 11 000 back is exactly 10 %', () => {
    // 10 000 × (1 + r) = 11 000  =>  r = 0.1.
    const flows = {
      disbursement: { date: '2025-01-01', amount: '10000' },
      repayments: [{ date: '2026-01-01', amount: '11000' }],
    };
    expect(annualRate(flows).toDecimalPlaces(12).toString()).toBe('0.1');
    expect(annualCostRatePercent(flows)).toBe('10.00');
  });

  it('two yearly repayments of R 6 000 on R 10 000: 13,07 %', () => {
    // 6 000 v + 6 000 v² = 10 000 with v = 1 / (1 + r): v² + v − 5/3 = 0, v = (−1 + √(23/3)) / 2
    // = (−1 + 2.7688746) / 2 = 0.8844373, r = 1 / v − 1 = 0.1306617 -> 13,07 %.
    // 2025-01-01 -> 2026-01-01 -> 2027-01-01 are 365 days each (no 29 February between).
    const flows = {
      disbursement: { date: '2025-01-01', amount: '10000' },
      repayments: [
        { date: '2026-01-01', amount: '6000' },
        { date: '2027-01-01', amount: '6000' },
      ],
    };
    const v = (-1 + Math.sqrt(23 / 3)) / 2;
    expect(annualRate(flows).toNumber()).toBeCloseTo(1 / v - 1, 9);
    expect(annualCostRatePercent(flows)).toBe('13.07');
  });

  it('R 10 000 out, 12 monthly instalments of R 900: about 15,5 % a year', () => {
    // By whole months: 10 000 = 900 × (1 − (1 + i)^−12) / i. At i = 1,2 % the annuity factor is 11,1145
    // (900 × it = 10 003); at 1,205 % it is 11,110 (9 999): i ≈ 1,2043 % a month, and
    // (1 + i)^12 − 1 = e^(12 × 0,011971) − 1 = 0,1545: 15,45 % a year.
    // By calendar days (what the quote uses) the months are 28-31 days, not 365/12, and the result moves a
    // little: from 15 January 2025 the independent float computation gives 15,52 %.
    const flows = {
      disbursement: { date: '2025-01-15', amount: '10000' },
      repayments: monthly('2025-01-15', 12, '900'),
    };
    const rate = annualRate(flows).toNumber();
    expect(rate).toBeGreaterThan(0.1545 - 0.001);
    expect(rate).toBeLessThan(0.1545 + 0.001);
    expect(rate).toBeCloseTo(floatRate(flows), 8);
    expect(annualCostRatePercent(flows)).toBe('15.52');
  });

  it('is 0 % when nothing is repaid beyond the amount financed', () => {
    expect(
      annualCostRatePercent({
        disbursement: { date: '2026-03-31', amount: '12000' },
        repayments: monthly('2026-03-31', 12, '1000'),
      }),
    ).toBe('0.00');
  });

  it('reads a short, dear loan without overflowing: R 2 000 out, R 2 700 back a week later', () => {
    // (2 700 / 2 000)^(365 / 7) − 1 = 1,35^52,142857 − 1 = 6 251 367,09 (percent: 625 136 708,93 %).
    const flows = {
      disbursement: { date: '2026-01-01', amount: '2000' },
      repayments: [{ date: '2026-01-08', amount: '2700' }],
    };
    const expected = new Decimal(1.35).pow(new Decimal(365).div(7)).minus(1);
    expect(annualRate(flows).div(expected).minus(1).abs().lt('1e-9')).toBe(true);
  });

  it('refuses cash flows that describe no loan', () => {
    const out = { date: '2026-01-01', amount: '1000' };
    expect(() => annualRate({ disbursement: out, repayments: [] })).toThrow(RangeError);
    expect(() =>
      annualRate({ disbursement: out, repayments: [{ date: '2025-12-31', amount: '1100' }] }),
    ).toThrow(RangeError);
    expect(() =>
      annualRate({ disbursement: out, repayments: [{ date: '2026-01-01', amount: '1100' }] }),
    ).toThrow(RangeError);
    expect(() =>
      annualRate({
        disbursement: { ...out, amount: '0' },
        repayments: [{ date: '2026-02-01', amount: '1' }],
      }),
    ).toThrow(RangeError);
  });
});

describe('annualRate: properties', () => {
  const loan = fc.record({
    start: fc.integer({ min: 0, max: 3650 }).map((d) => addDays('2024-01-01', d)),
    principal: fc.integer({ min: 2_000, max: 50_000 }),
    count: fc.integer({ min: 1, max: 36 }),
    costPercent: fc.integer({ min: 0, max: 60 }),
  });

  const flowsOf = (l: { start: string; principal: number; count: number }, total: Decimal) => {
    const instalments = planInstalments({
      start: l.start,
      frequency: 'monthly',
      total,
      instalment: total.div(l.count).toDecimalPlaces(2, Decimal.ROUND_CEIL),
      count: l.count,
    });
    return {
      disbursement: { date: l.start, amount: String(l.principal) },
      repayments: instalments.map((i) => ({ date: i.dueDate, amount: i.amountDue })),
    };
  };

  it('a higher cost on the same loan gives a higher rate; no cost gives 0 %', () => {
    fc.assert(
      fc.property(loan, fc.integer({ min: 1, max: 2_000 }), (l, extra) => {
        const cost = new Decimal(l.principal).times(l.costPercent).div(100).ceil();
        // Whole-cent instalments must fit: skip totals too small for the count (never a real loan).
        const total = new Decimal(l.principal).plus(cost);
        const dearer = total.plus(extra);
        const base = annualRate(flowsOf(l, total));
        const higher = annualRate(flowsOf(l, dearer));
        expect(higher.gt(base)).toBe(true);
        if (cost.isZero()) expect(annualCostRatePercent(flowsOf(l, total))).toBe('0.00');
        else expect(base.gt(0)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('agrees with an independent float computation', () => {
    fc.assert(
      fc.property(loan, (l) => {
        const total = new Decimal(l.principal)
          .times(100 + l.costPercent)
          .div(100)
          .ceil();
        const flows = flowsOf(l, total);
        expect(annualRate(flows).toNumber()).toBeCloseTo(floatRate(flows), 6);
      }),
      { numRuns: 40 },
    );
  });
});

describe('creatorPlanQuote', () => {
  it('quotes the instalments the plan creates, from the disbursement day', () => {
    // Score 50: cost 30 % (R 3 000), withholding 33 % of R 5 000 = R 1 650 a month, above 13 000 / 12.
    const terms = previewTerms({ requestedAmount: 10_000, monthlyRevenue: 5_000, creditScore: 50 });
    const quote = creatorPlanQuote(terms, 10_000, '2026-01-31', '2.5');
    expect(quote).toMatchObject({
      amountFinanced: '10000.00',
      financeCharge: '3000.00',
      // 2,5 % of each instalment: 7 × R 41,25 + R 36,25.
      platformFeeRate: '2.50',
      platformFees: '325.00',
      costOfCredit: '3325.00',
      totalRepayable: '13000.00',
      totalPayable: '13325.00',
      instalmentAmount: '1650.00',
      instalmentFee: '41.25',
      instalmentCount: 8,
      frequency: 'automatic',
      disbursementDate: '2026-01-31',
      estimatedMonthlyWithholding: '1650.00',
    });
    // Monthly from the 31st, clamped to the month's end; the last takes the remainder 13 000 − 7 × 1 650.
    expect(quote.instalments.map((i) => i.dueDate)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
    ]);
    expect(quote.instalments.map((i) => i.amount)).toEqual([...Array(7).fill('1650.00'), '1450.00']);
    expect(quote.instalments.map((i) => i.fee)).toEqual([...Array(7).fill('41.25'), '36.25']);
    // The rate is taken from what changes hands: each instalment with its fee.
    const flows = {
      disbursement: { date: '2026-01-31', amount: '10000' },
      repayments: quote.instalments.map((i) => ({
        date: i.dueDate,
        amount: String(Number(i.amount) + Number(i.fee)),
      })),
    };
    expect(Number(quote.annualCostRate)).toBeCloseTo(floatRate(flows) * 100, 2);
    const withoutFees = creatorPlanQuote(terms, 10_000, '2026-01-31', 0);
    expect(withoutFees).toMatchObject({ platformFees: '0.00', costOfCredit: '3000.00' });
    expect(Number(quote.annualCostRate)).toBeGreaterThan(Number(withoutFees.annualCostRate) + 1);
  });

  it('charges the platform fee on each instalment to the cent, half up, as each payment is charged', () => {
    // The worked example with a 2,5 % fee: R 10 000 out on 15 January 2025, 12 × (R 900 + R 22,50) back.
    const instalments = Array.from({ length: 12 }, (_, k) => ({
      number: k + 1,
      dueDate: `${k < 11 ? 2025 : 2026}-${String(((k + 1) % 12) + 1).padStart(2, '0')}-15`,
      amountDue: '900.00',
    }));
    const quote = creditQuote({
      amountFinanced: '10000',
      frequency: 'monthly',
      disbursementDate: '2025-01-15',
      instalmentAmount: '900',
      instalments,
      platformFeeRate: '2.50',
    });
    expect(quote).toMatchObject({
      financeCharge: '800.00',
      platformFees: '270.00',
      costOfCredit: '1070.00',
      totalPayable: '11070.00',
    });
    // R 800 alone is 15,52 %; with R 22,50 more each month the rate is 21,07 %.
    expect(quote.annualCostRate).toBe('21.07');
    // 2,75 % of R 1 042 is R 28,655: R 28,66, as recordRepayment rounds the payment's fee.
    expect(platformFeeOn('1042.00', '2.75').toFixed(2)).toBe('28.66');
    expect(platformFeeOn('1038.00', '2.5').toFixed(2)).toBe('25.95');
    expect(() => platformFeeOn('100', '-1')).toThrow(RangeError);
    expect(() => platformFeeOn('100', '101')).toThrow(RangeError);
  });

  it('sums its instalments into the total and the cost', () => {
    const quote = creditQuote({
      amountFinanced: '2000',
      frequency: 'biweekly',
      disbursementDate: '2026-05-01',
      instalmentAmount: '1000',
      instalments: [
        { number: 1, dueDate: '2026-05-15', amountDue: '1000.00' },
        { number: 2, dueDate: '2026-05-29', amountDue: '1000.00' },
      ],
      platformFeeRate: 0,
    });
    expect(quote).toMatchObject({
      costOfCredit: '0.00',
      totalRepayable: '2000.00',
      annualCostRate: '0.00',
      estimatedMonthlyWithholding: null,
    });
  });
});

describe('quoteText', () => {
  it('writes the figures in en-ZA and the dates in words', () => {
    const terms = previewTerms({ requestedAmount: 10_000, monthlyRevenue: 5_000, creditScore: 50 });
    const text = quoteText(creatorPlanQuote(terms, 10_000, '2026-01-31', '2.5'));
    expect(text).toMatchObject({
      amountFinanced: zar('10 000,00'),
      financeCharge: zar('3 000,00'),
      platformFeeRate: '2,5%',
      platformFees: zar('325,00'),
      costOfCredit: zar('3 325,00'),
      totalRepayable: zar('13 000,00'),
      totalPayable: zar('13 325,00'),
      instalmentAmount: zar('1 650,00'),
      instalmentFee: zar('41,25'),
      instalmentCount: '8 monthly instalments',
      disbursementDate: 'January 31, 2026',
      firstDueDate: 'February 28, 2026',
      lastDueDate: 'September 30, 2026',
      estimatedMonthlyWithholding: zar('1 650,00'),
    });
    expect(text.annualCostRate).toMatch(/^\d+,\d\d%$/);
  });
});
