import { describe, expect, it } from 'vitest';
import { assessAffordability } from './affordability';

const nbsp = '\u00a0';

describe('assessAffordability (s81, regulation 23A)', () => {
  it('R500 a month of income leaves nothing after the expense norm: any instalment fails', () => {
    const result = assessAffordability({
      grossMonthlyIncome: '500',
      incomeSource: 'declared',
      statutoryDeductions: 0,
      debtRepayments: 0,
      instalment: '2217.00',
    });
    expect(result).toMatchObject({
      expenseNorm: '500.00',
      discretionaryIncome: '0.00',
      passes: false,
      reason: `The instalment of R${nbsp}2${nbsp}217,00 is more than the discretionary income of R${nbsp}0,00 a month.`,
    });
  });

  it('R20 000 income, R3 000 deductions, R1 500 other debt: R13 094,62 discretionary; an instalment of R2 000 fits', () => {
    // Norm: R1 167.88 + 9 % of (20 000 - 6 250) = R2 405.38; 20 000 - 3 000 - 2 405.38 - 1 500 = 13 094.62.
    const result = assessAffordability({
      grossMonthlyIncome: '20000',
      incomeSource: 'declared',
      statutoryDeductions: '3000',
      debtRepayments: '1500',
      instalment: '2000',
    });
    expect(result).toMatchObject({ expenseNorm: '2405.38', discretionaryIncome: '13094.62', passes: true });
  });
});
