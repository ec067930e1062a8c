import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creatorPlanQuote, scheduleQuote } from '../finance/quote';
import { adminScheduleTerms, previewTerms } from '../finance/repayment-plan';
import { feeCapPerInstalment, lawfulFeeRate } from './lawful-pricing';

const FIRST_LOAN = { repoRate: '6.75', loanInYear: 1 };
const DAY = '2026-11-23';

describe('the charge within the ceilings', () => {
  it('R2 000 repaid in one month, a first short-term loan: the charge and fees at the ceiling of R425', () => {
    // List: 35 % = R700. Ceiling: initiation R265 + interest 5 % of R2 000 = R365.
    const terms = adminScheduleTerms({ requestedAmount: 2_000, estimatedPeriod: 1, legal: FIRST_LOAN });
    expect(terms).toMatchObject({ costAmount: '365.00', totalAmount: '2365.00', costPercentage: 18.25 });
    expect(terms.legal).toEqual({
      agreementClass: 'short_term',
      months: 1,
      listCostAmount: '700.00',
      costCapped: true,
      chargeCeiling: '365.00',
      legalMaximumCost: '425.00',
    });
    const quote = scheduleQuote(
      { ...terms, frequency: 'monthly', estimatedMonthlyWithholding: null, instalmentCount: 1 },
      2_000,
      DAY,
      '2.5',
    );
    // 2.5 % of R2 365 = R59.13, within the R60 service fee: cost R424.13 of the R425 allowed.
    expect(quote).toMatchObject({
      financeCharge: '365.00',
      platformFees: '59.13',
      costOfCredit: '424.13',
      legalMaximumCost: '425.00',
      listFinanceCharge: '700.00',
      agreementClass: 'short_term',
      listPlatformFeeRate: null,
    });
  });

  it('a later short-term loan in the calendar year is held to 3 % a month', () => {
    const terms = adminScheduleTerms({
      requestedAmount: 2_000,
      estimatedPeriod: 1,
      legal: { ...FIRST_LOAN, loanInYear: 2 },
    });
    expect(terms.costAmount).toBe('325.00');
  });

  it('leaves a list price within the ceilings as it is', () => {
    // Score 100: 25 % of R10 000 over 12 months = R2 500, within R1 050 + R1 566.05.
    const terms = adminScheduleTerms({ requestedAmount: 10_000, creditScore: 100, legal: FIRST_LOAN });
    expect(terms).toMatchObject({ costAmount: '2500.00', costPercentage: 25 });
    expect(terms.legal).toMatchObject({ costCapped: false, agreementClass: 'unsecured' });
  });

  it("the creator's plan: a shorter term from a large withholding lowers the ceiling, and the charge with it", () => {
    // No score: 35 % = R3 500; 40 % of R20 000 withheld = R8 000 a month: two months, unsecured (over R8 000).
    const terms = previewTerms({ requestedAmount: 10_000, monthlyRevenue: 20_000, legal: FIRST_LOAN });
    expect(terms.legal).toMatchObject({ costCapped: true, months: 2, agreementClass: 'unsecured' });
    expect(new Decimal(terms.costAmount).lte(terms.legal!.chargeCeiling)).toBe(true);
    expect(terms.estimatedPeriod).toBe(2);
  });
});

describe('the platform fee within the R60 monthly service fee', () => {
  it('lowers the rate on a large instalment, to the hundredth of a percent', () => {
    // 2.5 % of R3 480 = R87: the rate becomes 60 / 3480 = 1.724...% -> 1.72 % (R59.86).
    expect(lawfulFeeRate('2.5', '3480', 'monthly').toFixed(2)).toBe('1.72');
    expect(lawfulFeeRate('2.5', '1000', 'monthly').toFixed(2)).toBe('2.50');
  });

  it('shares the R60 a month over the instalments of a year', () => {
    expect(feeCapPerInstalment('monthly').toFixed(2)).toBe('60.00');
    expect(feeCapPerInstalment('biweekly').toFixed(2)).toBe('27.69');
    expect(feeCapPerInstalment('weekly').toFixed(2)).toBe('13.84');
  });

  it('a quote says the list rate when it was lowered', () => {
    const terms = adminScheduleTerms({ requestedAmount: 50_000, creditScore: 100, legal: FIRST_LOAN });
    const quote = scheduleQuote(
      { ...terms, frequency: 'monthly', estimatedMonthlyWithholding: null },
      50_000,
      DAY,
      '2.5',
    );
    expect(quote.listPlatformFeeRate).toBe('2.50');
    expect(Number(quote.instalmentFee)).toBeLessThanOrEqual(60);
  });
});

describe('no quote costs more than the ceilings allow (property)', () => {
  it('for any amount, score, revenue, term and frequency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2_000, max: 50_000 }),
        fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 1, max: 36 }),
        fc.constantFrom('monthly' as const, 'biweekly' as const, 'weekly' as const, 'creator' as const),
        fc.integer({ min: 1, max: 4 }),
        (amount, score, revenue, months, kind, loanInYear) => {
          const legal = { repoRate: '6.75', loanInYear };
          const quote =
            kind === 'creator'
              ? creatorPlanQuote(
                  previewTerms({
                    requestedAmount: amount,
                    monthlyRevenue: revenue,
                    creditScore: score,
                    legal,
                  }),
                  amount,
                  DAY,
                  '2.5',
                )
              : (() => {
                  const terms = adminScheduleTerms({
                    requestedAmount: amount,
                    monthlyRevenue: revenue,
                    estimatedPeriod: months,
                    frequency: kind,
                    creditScore: score,
                    legal,
                  });
                  return scheduleQuote(
                    { ...terms, frequency: kind, estimatedMonthlyWithholding: null },
                    amount,
                    DAY,
                    '2.5',
                  );
                })();
          expect(quote.legalMaximumCost).not.toBeNull();
          expect(new Decimal(quote.costOfCredit).lte(quote.legalMaximumCost!)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
