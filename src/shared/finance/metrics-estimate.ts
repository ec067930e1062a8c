// The landing page's metrics demo: invented earnings of one creator
// across three platforms, and the financing such earnings could support.
import Decimal from 'decimal.js';
import { roundToCent, sumDecimal, toDecimal, toMoneyString } from './money';

export interface SamplePlatformEarnings {
  month: string;
  youtube: number;
  instagram: number;
  tiktok: number;
}

/** Rand per month, chosen to show steady growth and a realistic platform mix. */
export const SAMPLE_PLATFORM_EARNINGS: ReadonlyArray<SamplePlatformEarnings> = [
  { month: 'Jan', youtube: 4_200, instagram: 1_800, tiktok: 1_500 },
  { month: 'Feb', youtube: 4_500, instagram: 2_000, tiktok: 1_700 },
  { month: 'Mar', youtube: 4_800, instagram: 2_100, tiktok: 2_000 },
  { month: 'Apr', youtube: 5_100, instagram: 2_300, tiktok: 2_400 },
  { month: 'May', youtube: 5_400, instagram: 2_500, tiktok: 2_700 },
  { month: 'Jun', youtube: 5_750, instagram: 2_650, tiktok: 3_100 },
];

export const ESTIMATE_EARNINGS_MULTIPLE = 3;
export const ESTIMATE_REPAYMENT_MONTHS = 12;
export const ESTIMATE_COST_PERCENTAGE = 8;

export interface EarningsSummary {
  monthlyTotals: Array<{ month: string; total: string }>;
  /** The most recent month's combined earnings: what the demo feeds to estimateFinancing. */
  latestMonthTotal: string;
  averageMonthly: string;
}

export function summarizeEarnings(
  data: ReadonlyArray<SamplePlatformEarnings> = SAMPLE_PLATFORM_EARNINGS,
): EarningsSummary {
  const totals = data.map((row) => sumDecimal([row.youtube, row.instagram, row.tiktok]));
  const latest = totals.at(-1) ?? new Decimal(0);
  const average = totals.length > 0 ? sumDecimal(totals).div(totals.length) : new Decimal(0);
  return {
    monthlyTotals: data.map((row, i) => ({ month: row.month, total: toMoneyString(totals[i]!) })),
    latestMonthTotal: toMoneyString(latest),
    averageMonthly: toMoneyString(average),
  };
}

export interface FinancingEstimate {
  monthlyEarnings: string;
  estimatedAmount: string;
  totalRepayment: string;
  monthlyPayment: string;
  repaymentMonths: number;
  costPercentage: number;
}

/**
 * 3x monthly earnings, repaid over 12 months at 1.08. The demo has no cap, so none is applied even
 * above the R50,000 product limit; the demo's sample data stays below it. Missing, non-numeric or
 * negative earnings estimate nothing rather than throwing inside a render.
 */
export function estimateFinancing(
  monthlyEarnings: Decimal | string | number | null | undefined,
): FinancingEstimate {
  const parsed = toDecimal(monthlyEarnings);
  const earnings = parsed && !parsed.isNegative() ? roundToCent(parsed) : new Decimal(0);
  const estimate = earnings.times(ESTIMATE_EARNINGS_MULTIPLE);
  const total = estimate.times(100 + ESTIMATE_COST_PERCENTAGE).div(100);
  return {
    monthlyEarnings: toMoneyString(earnings),
    estimatedAmount: toMoneyString(estimate),
    totalRepayment: toMoneyString(total),
    // From the exact total, so the instalment carries a single rounding.
    monthlyPayment: toMoneyString(total.div(ESTIMATE_REPAYMENT_MONTHS)),
    repaymentMonths: ESTIMATE_REPAYMENT_MONTHS,
    costPercentage: ESTIMATE_COST_PERCENTAGE,
  };
}
