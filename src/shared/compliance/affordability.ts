// The affordability assessment before credit is granted (National Credit Act s81(2), regulation 23A; docs/compliance.md,
// "Affordability"): gross monthly income less statutory deductions, the regulation's minimum expense norm for that
// income, and existing debt repayments leaves the discretionary income; the agreement's instalment (with its fee)
// must fit in it. Credit granted without it is reckless (s80) and can be set aside (s83).
import Decimal from 'decimal.js';
import { roundToCent, toMoneyString } from '../finance/money';
import { formatZar } from '../format';
import { minimumExpenseNorm } from './ceilings';
import { EXPENSE_NORM_SOURCE } from './nca-rules';

export type IncomeSource = 'declared' | 'verified';

export interface AffordabilityInput {
  grossMonthlyIncome: Decimal | string | number;
  /** Declared by the applicant, or verified from platform earnings or reviewed proof. */
  incomeSource: IncomeSource;
  /** Tax and other statutory deductions a month, as declared. */
  statutoryDeductions: Decimal | string | number;
  /** Repayments on other debt a month, as declared (a bureau enquiry adds to it where one is made). */
  debtRepayments: Decimal | string | number;
  /** The agreement's monthly instalment with its platform fee. */
  instalment: Decimal | string | number;
}

/** The assessment as stored with the application and shown in Application Details. Money as "0.00" text. */
export interface Affordability {
  grossMonthlyIncome: string;
  incomeSource: IncomeSource;
  statutoryDeductions: string;
  expenseNorm: string;
  expenseNormSource: string;
  debtRepayments: string;
  discretionaryIncome: string;
  instalment: string;
  passes: boolean;
  /** In words: why it passes or fails. */
  reason: string;
}

const d = (value: Decimal | string | number) => new Decimal(value.toString());

export function assessAffordability(input: AffordabilityInput): Affordability {
  const income = d(input.grossMonthlyIncome);
  const norm = minimumExpenseNorm(income);
  const discretionary = roundToCent(
    income.minus(input.statutoryDeductions.toString()).minus(norm).minus(input.debtRepayments.toString()),
  );
  const instalment = roundToCent(d(input.instalment));
  const passes = instalment.lte(discretionary);
  const money = (value: Decimal) => formatZar(toMoneyString(value));
  return {
    grossMonthlyIncome: toMoneyString(income),
    incomeSource: input.incomeSource,
    statutoryDeductions: toMoneyString(d(input.statutoryDeductions)),
    expenseNorm: toMoneyString(norm),
    expenseNormSource: EXPENSE_NORM_SOURCE,
    debtRepayments: toMoneyString(d(input.debtRepayments)),
    discretionaryIncome: toMoneyString(discretionary),
    instalment: toMoneyString(instalment),
    passes,
    reason: passes
      ? `The instalment of ${money(instalment)} fits in the discretionary income of ${money(discretionary)} a month.`
      : `The instalment of ${money(instalment)} is more than the discretionary income of ${money(Decimal.max(discretionary, 0))} a month.`,
  };
}
