import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assessAffordability, incomeForAssessment } from './affordability';

const nbsp = '\u00a0';
const base = {
  verifiedIncome: null,
  statutoryDeductions: 0,
  declaredDebtRepayments: 0,
  bureau: null,
};

describe('assessAffordability (s81, regulation 23A)', () => {
  it('R500 a month of income leaves nothing after the expense norm: any instalment fails', () => {
    const result = assessAffordability({ ...base, declaredIncome: '500', instalment: '2217.00' });
    expect(result).toMatchObject({
      incomeSource: 'declared',
      expenseNorm: '500.00',
      discretionaryIncome: '0.00',
      passes: false,
      bureauNote: 'No credit bureau enquiry was made.',
      reason: `The instalment of R${nbsp}2${nbsp}217,00 is more than the discretionary income of R${nbsp}0,00 a month.`,
    });
  });

  it('R20 000 income, R3 000 deductions, R1 500 other debt: R13 094,62 discretionary; an instalment of R2 000 fits', () => {
    // Norm: R1 167.88 + 9 % of (20 000 - 6 250) = R2 405.38; 20 000 - 3 000 - 2 405.38 - 1 500 = 13 094.62.
    const result = assessAffordability({
      ...base,
      declaredIncome: '20000',
      statutoryDeductions: '3000',
      declaredDebtRepayments: '1500',
      instalment: '2000',
    });
    expect(result).toMatchObject({ expenseNorm: '2405.38', discretionaryIncome: '13094.62', passes: true });
  });

  it('relies on the verified income where it is lower than the declared, and marks it verified', () => {
    const result = assessAffordability({
      ...base,
      declaredIncome: '20000',
      verifiedIncome: '6250',
      instalment: '2000',
    });
    // Norm for R6 250: R800 + 6.75 % of R5 450 = R1 167.88; 6 250 - 1 167.88 = 5 082.12.
    expect(result).toMatchObject({
      grossMonthlyIncome: '6250.00',
      incomeSource: 'verified',
      declaredIncome: '20000.00',
      verifiedIncome: '6250.00',
      discretionaryIncome: '5082.12',
      passes: true,
    });
  });

  it("counts the bureau's instalments on record where they are more than the applicant declared", () => {
    const bureau = {
      reference: 'ENQ-1',
      monthlyRepayments: '4000.00',
      accounts: 2,
      enquiredOn: '2026-11-23',
    };
    const result = assessAffordability({
      ...base,
      declaredIncome: '20000',
      declaredDebtRepayments: '1500',
      bureau,
      instalment: '2000',
    });
    expect(result).toMatchObject({
      debtRepayments: '4000.00',
      declaredDebtRepayments: '1500.00',
      bureauEnquiry: bureau,
      bureauNote: null,
      discretionaryIncome: '13594.62',
    });
  });

  it('never relies on more income than was declared, nor on less than was verified and declared', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.option(fc.integer({ min: 0, max: 10_000_000 })),
        (declared, verified) => {
          const { income, source } = incomeForAssessment(
            declared / 100,
            verified === null ? null : verified / 100,
          );
          expect(income.lte(declared / 100)).toBe(true);
          if (source === 'verified') expect(income.eq(Math.min(declared, verified ?? 0) / 100)).toBe(true);
          else expect(income.eq(declared / 100)).toBe(true);
        },
      ),
    );
  });
});
