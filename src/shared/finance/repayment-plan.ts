// Pricing of real financing: the creator's own plan and the admin's setup with its defaults. The
// server computes every amount a schedule stores with these functions; the browser uses the same ones
// only to preview, and what it sends is never trusted (docs/ARCHITECTURE.md, "Conventions").
import Decimal from 'decimal.js';
import { type LegalPrice, type LegalPricing, lawfulCharge } from '../compliance/lawful-pricing';
import { MAX_PERIOD_MONTHS, MIN_PERIOD_MONTHS } from '../constants';
import { instalmentCountFor, type ScheduleFrequency } from './instalments';
import { ceilToCent, ceilToRand, roundToCent, toDecimal, toMoneyString } from './money';

export const CREATOR_PLAN_MONTHS = 12;
export const MAX_COST_PERCENTAGE = 35;
export const MIN_COST_PERCENTAGE = 25;
export const NO_SCORE_WITHHOLDING_PERCENTAGE = 40;
export const CREDIT_CARD_COST_PERCENTAGE = 35;
export const ADMIN_DEFAULT_WITHHOLDING_PERCENTAGE = 20;
export const ADMIN_DEFAULT_PERIOD_MONTHS = 12;

/** A period in whole months held to 1-36 (clamped rather than refused). */
export function clampPeriod(value: number): number {
  return Math.min(MAX_PERIOD_MONTHS, Math.max(MIN_PERIOD_MONTHS, Math.trunc(value)));
}
export const MIN_CREDIT_SCORE = 0;
export const MAX_CREDIT_SCORE = 100;

export type CreatorPlanMethod = 'platform_earnings' | 'credit_card';

export interface RepaymentPlanOption {
  method: CreatorPlanMethod;
  label: string;
  disabled: boolean;
  disabledReason?: string;
}

export const REPAYMENT_PLAN_OPTIONS: ReadonlyArray<RepaymentPlanOption> = [
  { method: 'platform_earnings', label: 'Platform Earnings', disabled: false },
  { method: 'credit_card', label: 'Credit Card', disabled: true, disabledReason: 'Coming Soon' },
];

export type CreditScore = number | null | undefined;

// A score outside 0-100 means a bug upstream; pricing it by clamping would hide that and misprice a loan.
function checkedScore(score: CreditScore): number | null {
  if (score === null || score === undefined) return null;
  if (
    typeof score !== 'number' ||
    !Number.isFinite(score) ||
    score < MIN_CREDIT_SCORE ||
    score > MAX_CREDIT_SCORE
  ) {
    throw new RangeError(
      `Credit score must be between ${MIN_CREDIT_SCORE} and ${MAX_CREDIT_SCORE}, got ${score}`,
    );
  }
  return score;
}

/** 35 minus 10 % of the score, held to 25-35; 35 without a score. May carry a decimal (score 37 -> 31.3). */
export function costPercentageForScore(score: CreditScore): number {
  const checked = checkedScore(score);
  if (checked === null) return MAX_COST_PERCENTAGE;
  const percentage = new Decimal(MAX_COST_PERCENTAGE).minus(new Decimal(checked).div(10));
  return Decimal.min(Decimal.max(percentage, MIN_COST_PERCENTAGE), MAX_COST_PERCENTAGE).toNumber();
}

/** round(40 - 15 % of the score) with Math.round's halves-up (score 50 -> 32.5 -> 33); 40 without a score. */
export function withholdingPercentageForScore(score: CreditScore): number {
  const checked = checkedScore(score);
  if (checked === null) return NO_SCORE_WITHHOLDING_PERCENTAGE;
  return new Decimal(NO_SCORE_WITHHOLDING_PERCENTAGE)
    .minus(new Decimal(checked).times(15).div(100))
    .toDecimalPlaces(0, Decimal.ROUND_HALF_CEIL)
    .toNumber();
}

function requiredPositive(value: unknown, name: string): Decimal {
  const amount = toDecimal(value);
  if (!amount || amount.lte(0))
    throw new RangeError(`${name} must be a positive amount, got ${String(value)}`);
  return amount;
}

// Revenue not yet known is 0, so the withholding term simply drops out; garbage or a negative is a bug.
function optionalRevenue(value: unknown): Decimal {
  if (value === null || value === undefined || value === '') return new Decimal(0);
  const revenue = toDecimal(value);
  if (!revenue || revenue.isNegative()) {
    throw new RangeError(`Monthly revenue must be a non-negative amount, got ${String(value)}`);
  }
  return revenue;
}

function checkedPercentage(value: number, name: string): Decimal {
  if (!Number.isFinite(value) || value < 0 || value > 100) {
    throw new RangeError(`${name} must be between 0 and 100, got ${value}`);
  }
  return new Decimal(value);
}

/** Whole rand, rounded up: the lender never rounds its cost down. */
export function costAmountFor(requestedAmount: Decimal, costPercentage: number): Decimal {
  return ceilToRand(requestedAmount.times(checkedPercentage(costPercentage, 'Cost percentage')).div(100));
}

/**
 * Estimated period for an admin edit or setup: a whole number of months, 12 when unreadable, held to
 * 1-36. Fractions are cut, not rounded, as a month count typed as '6.9' still means six full months.
 */
export function normalizeEstimatedPeriod(value: unknown): number {
  const parsed = toDecimal(value);
  if (!parsed) return ADMIN_DEFAULT_PERIOD_MONTHS;
  const months = parsed.trunc().toNumber();
  return Math.min(Math.max(months, MIN_PERIOD_MONTHS), MAX_PERIOD_MONTHS);
}

/**
 * Admin withholding: 20 when missing or unreadable (strictly: '25%' is unreadable), otherwise it must
 * lie in 1-100. A readable figure outside that range is refused instead of silently replaced, because
 * the admin typed a number and would not notice it being swapped for 20.
 */
export function normalizeWithholdingPercentage(value: unknown): number {
  const parsed = toDecimal(value);
  if (!parsed) return ADMIN_DEFAULT_WITHHOLDING_PERCENTAGE;
  if (parsed.lt(1) || parsed.gt(100)) {
    throw new RangeError(`Withholding percentage must be between 1 and 100, got ${String(value)}`);
  }
  return parsed.toNumber();
}

export interface PreviewTermsInput {
  requestedAmount: number | string;
  monthlyRevenue?: number | string | null;
  creditScore?: number | null;
  /** Months to spread the total over; absent means the creator plan's 12. Held to 1-36 like an admin edit. */
  estimatedPeriod?: number | string | null;
  /** The National Credit Act's ceilings apply (the server's pricing): the list charge is lowered to them. */
  legal?: LegalPricing;
}

/** The cost percentage a charge is of the amount, two decimals, when the ceiling lowered it below the list price. */
function effectivePercentage(charge: Decimal, requested: Decimal): number {
  return charge.div(requested).times(100).toDecimalPlaces(2, Decimal.ROUND_FLOOR).toNumber();
}

/**
 * Estimated monthly withholding: the withholding percentage of the monthly revenue, to the cent (the
 * statement's rule). An estimate of what platform earnings will repay each month; what
 * falls due is the instalment.
 */
export function estimatedMonthlyWithholding(
  monthlyRevenue: unknown,
  withholdingPercentage: unknown,
): Decimal {
  const revenue = optionalRevenue(monthlyRevenue);
  const percentage = toDecimal(withholdingPercentage) ?? new Decimal(0);
  return roundToCent(revenue.times(percentage).div(100));
}

/** The preview of a plan's terms (POST /api/applications/{id}/preview-terms), with the two monthly figures named apart. */
export interface PreviewTerms {
  costAmount: string;
  costPercentage: number;
  totalAmount: string;
  /** The original name for the instalment (the platform-earnings "monthly payment"); same value. */
  monthlyWithholding: string;
  /** What falls due each month: the larger of one twelfth of the total and the withholding, in whole rand. */
  installmentAmount: string;
  /** Withholding % of the monthly revenue, to the cent: what earnings are expected to repay a month. */
  estimatedMonthlyWithholding: string;
  withholdingPercentage: number;
  /** The number of monthly instalments: ceil(total / instalment). */
  estimatedPeriod: number;
  /** How the National Credit Act's ceilings shaped the price (null when priced without them: a browser preview). */
  legal: LegalPrice | null;
}

/** Terms of the platform-earnings plan, priced from the credit score, within the Act's ceilings when `legal` is given. */
export function previewTerms(input: PreviewTermsInput): PreviewTerms {
  const requested = requiredPositive(input.requestedAmount, 'Requested amount');
  const revenue = optionalRevenue(input.monthlyRevenue);
  const listPercentage = costPercentageForScore(input.creditScore);
  const withholdingPercentage = withholdingPercentageForScore(input.creditScore);
  const months =
    input.estimatedPeriod === null || input.estimatedPeriod === undefined
      ? CREATOR_PLAN_MONTHS
      : normalizeEstimatedPeriod(input.estimatedPeriod);
  const withheld = ceilToRand(revenue.times(withholdingPercentage).div(100));

  const planFor = (costAmount: Decimal) => {
    const total = requested.plus(costAmount);
    const evenInstalment = ceilToRand(total.div(months));
    // requested > 0 makes the even instalment at least R1, so the division below is always defined.
    const monthly = Decimal.max(evenInstalment, withheld);
    return { total, monthly, count: total.div(monthly).toDecimalPlaces(0, Decimal.ROUND_CEIL).toNumber() };
  };
  const listCharge = costAmountFor(requested, listPercentage);
  const lawful = input.legal
    ? lawfulCharge(requested, listCharge, (charge) => planFor(charge).count, input.legal)
    : null;
  const costAmount = lawful ? lawful.charge : listCharge;
  const { total, monthly, count } = planFor(costAmount);

  return {
    costAmount: toMoneyString(costAmount),
    costPercentage: lawful?.price.costCapped ? effectivePercentage(costAmount, requested) : listPercentage,
    totalAmount: toMoneyString(total),
    monthlyWithholding: toMoneyString(monthly),
    installmentAmount: toMoneyString(monthly),
    estimatedMonthlyWithholding: toMoneyString(estimatedMonthlyWithholding(revenue, withholdingPercentage)),
    withholdingPercentage,
    estimatedPeriod: count,
    legal: lawful?.price ?? null,
  };
}

export interface CreditCardPlanTerms {
  costAmount: string;
  costPercentage: number;
  totalAmount: string;
  monthlyPayment: string;
  months: number;
  disabled: true;
  disabledReason: 'Coming Soon';
}

/** Fixed 35 % whatever the score, twelve equal payments; offered but not yet selectable. */
export function creditCardPlanTerms(input: { requestedAmount: number | string }): CreditCardPlanTerms {
  const requested = requiredPositive(input.requestedAmount, 'Requested amount');
  const costAmount = costAmountFor(requested, CREDIT_CARD_COST_PERCENTAGE);
  const total = requested.plus(costAmount);
  return {
    costAmount: toMoneyString(costAmount),
    costPercentage: CREDIT_CARD_COST_PERCENTAGE,
    totalAmount: toMoneyString(total),
    monthlyPayment: toMoneyString(ceilToRand(total.div(CREATOR_PLAN_MONTHS))),
    months: CREATOR_PLAN_MONTHS,
    disabled: true,
    disabledReason: 'Coming Soon',
  };
}

export interface AdminScheduleInput {
  requestedAmount: number | string;
  monthlyRevenue?: number | string | null;
  /** Anything unreadable becomes 20; a readable figure must be 1-100. */
  withholdingPercentage?: unknown;
  /** Anything unreadable becomes 12; otherwise cut to whole months and held to 1-36. */
  estimatedPeriod?: unknown;
  /** How often instalments fall due; monthly when absent. */
  frequency?: ScheduleFrequency;
  /** The application's credit score; the cost follows it exactly as in the creator plan. */
  creditScore?: number | null;
  /** An explicit cost (0-100) instead of the score-derived one. */
  costPercentage?: number;
  /** The National Credit Act's ceilings apply (the server's pricing): the list charge is lowered to them. */
  legal?: LegalPricing;
}

export interface AdminScheduleTerms {
  costPercentage: number;
  costAmount: string;
  totalAmount: string;
  remainingAmount: string;
  /** What falls due on each due date; the last instalment takes the rounding remainder. */
  installmentAmount: string;
  instalmentCount: number;
  withholdingPercentage: number;
  /** Withholding % of the monthly revenue, to the cent. */
  estimatedMonthlyWithholding: string;
  estimatedPeriod: number;
  /** How the National Credit Act's ceilings shaped the price (null when priced without them: a browser preview). */
  legal: LegalPrice | null;
}

/**
 * The admin "Setup Repayment Schedule". The admin defaults are fixed (12 months, 20 % withholding)
 * but not the cost; we charge the same credit-score cost percentage as the creator plan, because the
 * price of a loan must not depend on who clicked the setup button. Unlike the creator plan, the
 * instalment is the total spread evenly over the period's instalments (one a month, or one every 14 days
 * for biweekly plans), rounded up to the cent.
 */
export function adminScheduleTerms(input: AdminScheduleInput): AdminScheduleTerms {
  const requested = requiredPositive(input.requestedAmount, 'Requested amount');
  const revenue = optionalRevenue(input.monthlyRevenue);
  const withholdingPercentage = normalizeWithholdingPercentage(input.withholdingPercentage);
  const estimatedPeriod = normalizeEstimatedPeriod(input.estimatedPeriod);
  const listPercentage =
    input.costPercentage === undefined
      ? costPercentageForScore(input.creditScore)
      : checkedPercentage(input.costPercentage, 'Cost percentage').toNumber();

  const listCharge = costAmountFor(requested, listPercentage);
  // The admin's period is the term: the charge does not change it.
  const lawful = input.legal ? lawfulCharge(requested, listCharge, () => estimatedPeriod, input.legal) : null;
  const costAmount = lawful ? lawful.charge : listCharge;
  const costPercentage = lawful?.price.costCapped
    ? effectivePercentage(costAmount, requested)
    : listPercentage;
  const total = requested.plus(costAmount);
  const instalmentCount = instalmentCountFor(input.frequency ?? 'monthly', estimatedPeriod);

  return {
    costPercentage,
    costAmount: toMoneyString(costAmount),
    totalAmount: toMoneyString(total),
    remainingAmount: toMoneyString(total),
    installmentAmount: toMoneyString(ceilToCent(total.div(instalmentCount))),
    instalmentCount,
    withholdingPercentage,
    estimatedMonthlyWithholding: toMoneyString(estimatedMonthlyWithholding(revenue, withholdingPercentage)),
    estimatedPeriod,
    legal: lawful?.price ?? null,
  };
}
