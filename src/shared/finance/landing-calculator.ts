// The landing page's repayment calculator. It is a marketing
// estimate with a flat 8 % cost, not the credit-score pricing of the real repayment plans.
import Decimal from 'decimal.js';
import { addMonths } from '../business-date';
import { MAX_REQUESTED_AMOUNT, MIN_REQUESTED_AMOUNT } from '../constants';
import { formatPercent, roundToCent, toMoneyString } from './money';
import { annualCostRatePercent } from './quote';

export interface SliderRange {
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly default: number;
}

// The amounts one may apply for.
export const LANDING_AMOUNT: SliderRange = {
  min: MIN_REQUESTED_AMOUNT,
  max: MAX_REQUESTED_AMOUNT,
  step: 1_000,
  default: MIN_REQUESTED_AMOUNT,
};
export const LANDING_DURATION_MONTHS: SliderRange = { min: 1, max: 24, step: 1, default: 12 };
export const LANDING_MONTHLY_REVENUE: SliderRange = {
  min: 1_000,
  max: 100_000,
  step: 1_000,
  default: 10_000,
};
export const LANDING_COST_PERCENTAGE = 8;

/**
 * 'an 8% cost', 'a 12% cost': the article goes by how the number is said (eight, eighty-five, eleven and
 * eighteen begin with a vowel sound; a hundred and eleven does not). en-ZA decimals: 'an 8,5% cost'.
 */
export function costPhrase(percentage: number): string {
  const text = formatPercent(percentage, { decimals: Number.isInteger(percentage) ? 0 : 1 });
  const article = /^(8|1[18](?!\d))/.test(text) ? 'an' : 'a';
  return `${article} ${text} cost`;
}
export const HEALTHY_SHARE_BELOW = 15;
export const HIGH_RISK_SHARE_ABOVE = 30;

export type RiskBand = 'healthy' | 'moderate' | 'high';

export interface LandingCalculatorInput {
  amount?: number | null;
  durationMonths?: number | null;
  monthlyRevenue?: number | null;
}

export interface LandingCalculatorResult {
  /** The inputs after clamping and snapping, so the sliders can show what was actually computed. */
  amount: number;
  durationMonths: number;
  monthlyRevenue: number;
  costAmount: string;
  totalRepayment: string;
  monthlyPayment: string;
  /** Monthly payment as a percentage of monthly revenue, one decimal. */
  revenueSharePercent: number;
  riskBand: RiskBand;
  /**
   * The example's annualised cost rate ('15.41'): the 8 % cost over the chosen months, paid in equal monthly
   * payments. An illustration, never an offer (docs/compliance.md, "Advertising"): a real quote is priced by score
   * and held within the National Credit Act's ceilings.
   */
  illustrativeAnnualRate: string;
}

/** A fixed day for the example's cash flows, so the same inputs always show the same rate. */
const EXAMPLE_PAYOUT_DAY = '2026-01-01';

/**
 * Brings a value onto a slider: missing or non-finite values take the default, others snap to the
 * nearest step counted from the minimum and are held inside the range. Query strings and stale
 * client state both reach this function, so it must never return a value the slider cannot show.
 */
export function clampToSlider(value: number | null | undefined, range: SliderRange): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return range.default;
  const steps = Math.round((value - range.min) / range.step);
  const snapped = range.min + steps * range.step;
  return Math.min(Math.max(snapped, range.min), range.max);
}

/**
 * The band is read from the share as displayed (one decimal). Otherwise a share of 14.95 % would show
 * as '15.0%' next to the label 'healthy', which looks like a bug to the visitor.
 */
export function riskBandForShare(sharePercent: number): RiskBand {
  if (sharePercent > HIGH_RISK_SHARE_ABOVE) return 'high';
  if (sharePercent < HEALTHY_SHARE_BELOW) return 'healthy';
  return 'moderate';
}

export function calculateLandingRepayment(input: LandingCalculatorInput = {}): LandingCalculatorResult {
  const amount = clampToSlider(input.amount, LANDING_AMOUNT);
  const durationMonths = clampToSlider(input.durationMonths, LANDING_DURATION_MONTHS);
  const monthlyRevenue = clampToSlider(input.monthlyRevenue, LANDING_MONTHLY_REVENUE);

  const principal = new Decimal(amount);
  const total = principal.times(100 + LANDING_COST_PERCENTAGE).div(100);
  // The share is worked out from the rounded payment the visitor sees, not from the exact quotient.
  const monthlyPayment = roundToCent(total.div(durationMonths));
  const revenueSharePercent = monthlyPayment
    .div(monthlyRevenue)
    .times(100)
    .toDecimalPlaces(1, Decimal.ROUND_HALF_UP)
    .toNumber();

  return {
    amount,
    durationMonths,
    monthlyRevenue,
    costAmount: toMoneyString(total.minus(principal)),
    totalRepayment: toMoneyString(total),
    monthlyPayment: toMoneyString(monthlyPayment),
    revenueSharePercent,
    riskBand: riskBandForShare(revenueSharePercent),
    illustrativeAnnualRate: annualCostRatePercent({
      disbursement: { date: EXAMPLE_PAYOUT_DAY, amount: principal },
      repayments: Array.from({ length: durationMonths }, (_, i) => ({
        date: addMonths(EXAMPLE_PAYOUT_DAY, i + 1),
        // The last payment takes the rounding, so the example repays exactly the total.
        amount:
          i === durationMonths - 1 ? total.minus(monthlyPayment.times(durationMonths - 1)) : monthlyPayment,
      })),
    }),
  };
}
