// The sentences of the plan card's servicing parts (overdue notice, payoff projection), kept pure so the
// wording, plurals and money formats are unit-tested and read in one place.
import Decimal from 'decimal.js';
import { daysBetween, type IsoDate, monthLabel, monthOf } from '../../../shared/business-date';
import { PROJECTION_HORIZON_MONTHS, type Projection } from '../../../shared/finance/instalments';
import { formatZar } from '../../../shared/finance/money';
import { formatPercent } from '../../lib/format';

/** Percentages as en-ZA text with a decimal only when the figure has one: '28%', '31,3%'. */
export function percentText(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const number = Number(value);
  if (!Number.isFinite(number)) return '-';
  return formatPercent(value, { decimals: Number.isInteger(number) ? 0 : 1 });
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** 'March 2027' for a calendar day. */
export const monthYear = (date: IsoDate): string => monthLabel(monthOf(date));

/** 'R 4 500,00 is 45 days late.' (the amount overdue and the days since the oldest unpaid due date). */
export function overdueText(
  servicing: { amountOverdue: string; daysPastDue: number },
  currency?: string | null,
): string {
  return `${formatZar(servicing.amountOverdue, { currency })} is ${plural(servicing.daysPastDue, 'day', 'days')} late.`;
}

/**
 * The Remaining Balance tile's time left, from the instalments themselves so it agrees with the payoff
 * projection's month: '6 instalments left, the last due in August 2027'; once the last due date has passed,
 * '2 instalments unpaid, the last fell due in March 2026'. Null when nothing is left or the instalments are
 * not read yet.
 */
export function instalmentsLeftText(input: {
  today: IsoDate;
  instalmentsRemaining: number;
  lastDueDate: IsoDate | null | undefined;
}): string | null {
  const { today, instalmentsRemaining, lastDueDate } = input;
  if (instalmentsRemaining <= 0 || !lastDueDate) return null;
  const month = monthYear(lastDueDate);
  if (lastDueDate < today) {
    return `${plural(instalmentsRemaining, 'instalment', 'instalments')} unpaid, the last fell due in ${month}`;
  }
  return instalmentsRemaining === 1
    ? `1 instalment left, due in ${month}`
    : `${instalmentsRemaining} instalments left, the last due in ${month}`;
}

/**
 * The instalment table's count: '5 of 12 paid' while it is being repaid; once a settlement or a forgiveness closed
 * some, each named for what closed it ('7 paid, 5 settled'), never all of them 'paid'.
 */
export function instalmentCountText(instalments: ReadonlyArray<{ status: string }>): string {
  const count = (status: string) => instalments.filter((i) => i.status === status).length;
  const [paid, settled, forgiven] = [count('paid'), count('settled'), count('forgiven')];
  if (settled === 0 && forgiven === 0) return `${paid} of ${instalments.length} paid`;
  return [
    `${paid} paid`,
    settled > 0 ? `${settled} settled` : null,
    forgiven > 0 ? `${forgiven} forgiven` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** '5 years' for the projection horizon, so the sentence follows the constant. */
function horizonText(): string {
  const years = PROJECTION_HORIZON_MONTHS / 12;
  return Number.isInteger(years)
    ? plural(years, 'year', 'years')
    : plural(PROJECTION_HORIZON_MONTHS, 'month', 'months');
}

export interface PayoffSummary {
  /** The answer to "when will I be paid off?". */
  headline: string;
  /** What is withheld each month at these earnings. */
  detail: string;
  /** The projection would leave the loan behind its instalments at some point. */
  behindWarning: string | null;
}

/**
 * The projection in words: 'Paid off by March 2027, in 5 months', or that it would not be paid off within
 * the horizon (earnings of 0, or too low), plus the monthly withholding and a warning when behind. A loan
 * already in arrears is behind from the start whatever the earnings, so its warning says when the
 * withholding would catch up with the instalments instead of blaming the withholding.
 */
export function payoffSummary(
  projection: Projection,
  input: {
    today: IsoDate;
    monthlyEarnings: string;
    withholdingPercentage: string;
    currency?: string | null;
    /** Instalments are overdue today. */
    inArrears?: boolean;
  },
): PayoffSummary {
  const money = (value: string) => formatZar(value, { currency: input.currency });
  const withheld = money(projection.monthlyWithholding);
  const detail = `${withheld} withheld a month (${percentText(input.withholdingPercentage)} of ${money(input.monthlyEarnings)}).`;
  let headline: string;
  if (projection.payoffDate === null || projection.months === null) {
    headline = `Not paid off within ${horizonText()} at this level`;
  } else if (projection.months === 0 || daysBetween(input.today, projection.payoffDate) <= 0) {
    headline = 'Already paid off';
  } else {
    headline = `Paid off by ${monthYear(projection.payoffDate)}, in ${plural(projection.months, 'month', 'months')}`;
  }
  return { headline, detail, behindWarning: behindWarning(projection, input.inArrears ?? false) };
}

function behindWarning(projection: Projection, inArrears: boolean): string | null {
  if (!projection.behindSchedule) return null;
  if (!inArrears) return 'At this level your withholding is below your instalments: you would fall behind.';
  // Past the last due date the schedule has nothing left to catch up with.
  if (new Decimal(projection.points[1]?.scheduled ?? 0).isZero()) {
    return 'All your instalments have fallen due: the whole balance is overdue now.';
  }
  // Caught up: on or below the scheduled balance while instalments are still to come.
  const caughtUp = projection.points
    .slice(1)
    .find((p) => new Decimal(p.projected).lte(p.scheduled) && new Decimal(p.scheduled).gt(0));
  return caughtUp
    ? `You are behind on your instalments. At this level you would catch up by ${monthYear(caughtUp.date)}.`
    : 'You are behind on your instalments, and at this level you would not catch up before the last one falls due.';
}
