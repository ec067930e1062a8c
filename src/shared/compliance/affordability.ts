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

type Amount = Decimal | string | number;

/** What a credit bureau enquiry found (the sum of the instalments on record), as the assessment keeps it. */
export interface BureauEnquiry {
  reference: string;
  monthlyRepayments: string;
  accounts: number;
  enquiredOn: string;
}

export interface AffordabilityInput {
  /** The monthly revenue the applicant declared. */
  declaredIncome: Amount;
  /**
   * What the product itself can see of that income a month: connected platforms' earnings and proof an admin
   * reviewed and verified; null when it sees none.
   */
  verifiedIncome: Amount | null;
  /** Tax and other statutory deductions a month, as declared. */
  statutoryDeductions: Amount;
  /** Repayments on other debt a month, as declared. */
  declaredDebtRepayments: Amount;
  /** The credit bureau's enquiry, or null with the reason none was made (bureauNote). */
  bureau: BureauEnquiry | null;
  bureauNote?: string;
  /** The agreement's monthly instalment with its platform fee. */
  instalment: Amount;
}

/** The assessment as stored with the application and shown in Application Details. Money as "0.00" text. */
export interface Affordability {
  /** The income the assessment uses: the lower of the declared and the verified, where something is verified. */
  grossMonthlyIncome: string;
  incomeSource: IncomeSource;
  declaredIncome: string;
  verifiedIncome: string | null;
  statutoryDeductions: string;
  expenseNorm: string;
  expenseNormSource: string;
  /** The debt repayments the assessment uses: the larger of the declared and the bureau's. */
  debtRepayments: string;
  declaredDebtRepayments: string;
  bureauEnquiry: BureauEnquiry | null;
  /** In words, where no enquiry was made: why. */
  bureauNote: string | null;
  discretionaryIncome: string;
  instalment: string;
  passes: boolean;
  /** In words: why it passes or fails. */
  reason: string;
  /** When it fails: the largest whole R1 000 (from R2 000) whose plan fits; null when none does or it passes. */
  largestAffordable: string | null;
}

const d = (value: Amount) => new Decimal(value.toString());

/**
 * The income an assessment may rely on: where the product verified some of it, the lower of what was declared and
 * what was verified (an applicant's word is not evidence beyond what we can see); otherwise what was declared, marked
 * so.
 */
export function incomeForAssessment(
  declared: Amount,
  verified: Amount | null,
): { income: Decimal; source: IncomeSource } {
  const declaredIncome = d(declared);
  if (verified === null || d(verified).lte(0)) return { income: declaredIncome, source: 'declared' };
  return { income: Decimal.min(declaredIncome, d(verified)), source: 'verified' };
}

export function assessAffordability(input: AffordabilityInput): Affordability {
  const { income, source } = incomeForAssessment(input.declaredIncome, input.verifiedIncome);
  const norm = minimumExpenseNorm(income);
  // Other debt: what the applicant declared, or what the bureau has on record if more (an applicant may forget).
  const debt = input.bureau
    ? Decimal.max(d(input.declaredDebtRepayments), d(input.bureau.monthlyRepayments))
    : d(input.declaredDebtRepayments);
  const discretionary = roundToCent(income.minus(d(input.statutoryDeductions)).minus(norm).minus(debt));
  const instalment = roundToCent(d(input.instalment));
  const passes = instalment.lte(discretionary);
  const money = (value: Decimal) => formatZar(toMoneyString(value));
  return {
    grossMonthlyIncome: toMoneyString(income),
    incomeSource: source,
    declaredIncome: toMoneyString(d(input.declaredIncome)),
    verifiedIncome: input.verifiedIncome === null ? null : toMoneyString(d(input.verifiedIncome)),
    statutoryDeductions: toMoneyString(d(input.statutoryDeductions)),
    expenseNorm: toMoneyString(norm),
    expenseNormSource: EXPENSE_NORM_SOURCE,
    debtRepayments: toMoneyString(debt),
    declaredDebtRepayments: toMoneyString(d(input.declaredDebtRepayments)),
    bureauEnquiry: input.bureau,
    bureauNote: input.bureau ? null : (input.bureauNote ?? 'No credit bureau enquiry was made.'),
    discretionaryIncome: toMoneyString(discretionary),
    instalment: toMoneyString(instalment),
    passes,
    reason: passes
      ? `The instalment of ${money(instalment)} fits in the discretionary income of ${money(discretionary)} a month.`
      : `The instalment of ${money(instalment)} is more than the discretionary income of ${money(Decimal.max(discretionary, 0))} a month.`,
    largestAffordable: null,
  };
}
