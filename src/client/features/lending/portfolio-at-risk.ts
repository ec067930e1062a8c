// The Portfolio at risk card's wording (docs/lending.md, "Figures"): PAR30 and PAR90 are the principal still owed on
// loans more than 30 (90) days past due, and on forborne loans in probation, as a share of the principal owed on every
// loan being repaid. The server computes the figures; this only words them, so the card and its tests read the same
// sentences.
import { formatPercent, formatZar } from '../../lib/format';
import type { LendingSummary } from './types';

export const PAR_THRESHOLDS = [30, 90] as const;
type ParThreshold = (typeof PAR_THRESHOLDS)[number];

interface ParFigure {
  threshold: ParThreshold;
  /** 'PAR30' */
  name: string;
  /** '86,3%' */
  percentText: string;
  /** The bar's fill, 0-100 whatever the figure says. */
  bar: number;
  /** 'R 29 061,00 of R 33 681,00 principal owed is more than 30 days past due or in probation' */
  amountsText: string;
}

/** One line that says what the two figures are. */
export const PAR_DEFINITION =
  'PAR30 and PAR90: the share of the principal still owed on loans more than 30 or 90 days past due, restructured loans in probation included.';

export function parBar(percent: number | null | undefined): number {
  if (typeof percent !== 'number' || !Number.isFinite(percent)) return 0;
  return Math.min(Math.max(percent, 0), 100);
}

export function parFigure(summary: LendingSummary, threshold: ParThreshold): ParFigure {
  const percent = threshold === 30 ? summary.portfolioAtRisk30 : summary.portfolioAtRisk90;
  const atRisk = threshold === 30 ? summary.principalAtRisk30 : summary.principalAtRisk90;
  return {
    threshold,
    name: `PAR${threshold}`,
    percentText: formatPercent(percent),
    bar: parBar(percent),
    amountsText: `${formatZar(atRisk)} of ${formatZar(summary.outstandingPrincipal)} principal owed is more than ${threshold} days past due or in probation`,
  };
}
