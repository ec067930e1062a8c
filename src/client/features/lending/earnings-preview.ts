// The Record Monthly Earnings dialog's Payment Preview. The server's rule
// (lending.service.ts, recordEarnings): payment = earnings × withholding % / 100 rounded half-up to the cent,
// capped at the remaining balance; its fee = payment × fee % / 100, rounded the same way (servicing). Both
// sides use the shared money module, so the preview is the figure the server will record.
import Decimal from 'decimal.js';
import { businessDate, monthLabel, monthNumber } from '../../../shared/business-date';
import { toDecimal, toMoneyString } from '../../../shared/finance/money';
import { earningsWithholding } from '../../../shared/finance/platform-earnings';
import { platformFeeOn } from '../../../shared/finance/platform-fee';

const MAX_EARNINGS = 100_000_000;

const AMOUNT_PATTERN = /^\d+(?:\.\d{1,2})?$/;

type AmountCheck = { ok: true; amount: Decimal } | { ok: false; message: string };

/**
 * The earnings field's text (a number input gives a plain '12345.67' or '') checked as the server checks
 * it: required, at most 2 decimals, more than zero, at most R100 000 000.
 */
export function checkEarningsAmount(text: string | null | undefined): AmountCheck {
  const value = (text ?? '').trim();
  if (value === '') return { ok: false, message: 'Earnings amount is required' };
  if (!AMOUNT_PATTERN.test(value)) {
    return /^-/.test(value)
      ? { ok: false, message: 'Earnings must be greater than zero' }
      : { ok: false, message: 'Enter an amount in rand with at most 2 decimals' };
  }
  const amount = new Decimal(value);
  if (amount.lte(0)) return { ok: false, message: 'Earnings must be greater than zero' };
  if (amount.gt(MAX_EARNINGS)) return { ok: false, message: 'Earnings amount is too large' };
  return { ok: true, amount };
}

interface PreviewInput {
  earnings: string | null | undefined;
  withholdingRate: number | string | null;
  platformFeeRate: number | string | null;
  remainingAmount: string | null;
}

export type EarningsPreview =
  /** No valid amount yet: nothing to preview. */
  | { kind: 'no-amount' }
  /** Without a schedule there is no withholding rate; the server refuses. */
  | { kind: 'no-schedule' }
  /** The loan is repaid: withholding has stopped. */
  | { kind: 'nothing-owed' }
  /** The withholding rounds to R0.00; the server refuses. */
  | { kind: 'too-small'; withholdingRate: string }
  | {
      kind: 'ok';
      withholdingRate: string;
      platformFeeRate: string;
      /** earnings × withholding, before the cap. */
      calculated: string;
      /** What is recorded: the calculated payment, or the remaining balance when that is smaller. */
      payment: string;
      fee: string;
      /** Withheld from the month's earnings in all: the payment and its fee. */
      takenInAll: string;
      /** That as a share of the month's earnings, percent to two decimals. */
      takenShare: string;
      capped: boolean;
      remainingAfter: string;
    };

export function earningsPreview(input: PreviewInput): EarningsPreview {
  const withholding = toDecimal(input.withholdingRate);
  const remaining = toDecimal(input.remainingAmount);
  if (!withholding || withholding.lte(0) || !remaining) return { kind: 'no-schedule' };
  if (remaining.lte(0)) return { kind: 'nothing-owed' };
  const check = checkEarningsAmount(input.earnings);
  if (!check.ok) return { kind: 'no-amount' };
  // The one withholding rule the server records (src/shared/finance/platform-earnings.ts).
  const { calculated, payment, capped } = earningsWithholding(check.amount, withholding, remaining);
  if (calculated.lte(0)) return { kind: 'too-small', withholdingRate: withholding.toString() };
  const feeRate = toDecimal(input.platformFeeRate) ?? new Decimal(0);
  // The one fee rule (src/shared/finance/platform-fee.ts), as the server charges it.
  const fee = platformFeeOn(payment, feeRate);
  return {
    kind: 'ok',
    withholdingRate: withholding.toString(),
    platformFeeRate: feeRate.toString(),
    calculated: toMoneyString(calculated),
    payment: toMoneyString(payment),
    fee: toMoneyString(fee),
    takenInAll: toMoneyString(payment.plus(fee)),
    takenShare: payment.plus(fee).times(100).div(check.amount).toDecimalPlaces(2).toFixed(2),
    capped,
    remainingAfter: toMoneyString(remaining.minus(payment)),
  };
}

/** The current month in South Africa (1-12) and its year: the latest month earnings can be recorded for. */
export function currentMonth(now: Date = new Date()): { month: number; year: number } {
  const today = businessDate(now);
  return { month: Number(today.slice(5, 7)), year: Number(today.slice(0, 4)) };
}

/** The month before `now` in South Africa (earnings are recorded once a month has closed), and its year. */
export function previousMonth(now: Date = new Date()): { month: number; year: number } {
  const { month, year } = currentMonth(now);
  return month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
}

/**
 * The month the dialog offers first: the one before now (earnings are recorded once a month has closed),
 * but never before the month the schedule started in, which the server would refuse.
 */
export function defaultEarningsMonth(
  scheduleStartDate: string | null | undefined,
  now: Date = new Date(),
): { month: number; year: number } {
  const previous = previousMonth(now);
  if (!scheduleStartDate) return previous;
  const start = { month: Number(scheduleStartDate.slice(5, 7)), year: Number(scheduleStartDate.slice(0, 4)) };
  return monthNumber(start.year, start.month) > monthNumber(previous.year, previous.month) ? start : previous;
}

/**
 * The months (1-12) that can be chosen in `year`: all of a past year, up to the current one this year, and none
 * before the month the schedule started (the server refuses those), when it is known.
 */
export function monthsOffered(
  year: number,
  now: Date = new Date(),
  scheduleStartDate?: string | null,
): number[] {
  const current = currentMonth(now);
  const last = year < current.year ? 12 : year === current.year ? current.month : 0;
  const startYear = scheduleStartDate ? Number(scheduleStartDate.slice(0, 4)) : null;
  const first =
    startYear === null || year > startYear
      ? 1
      : year === startYear
        ? Number(scheduleStartDate!.slice(5, 7))
        : 13;
  return Array.from({ length: last }, (_, i) => i + 1).filter((month) => month >= first);
}

/** The years the earnings month can be in: from the current one back to the schedule's first (the last 6 unknown). */
export function earningsYears(
  scheduleStartDate: string | null | undefined,
  now: Date = new Date(),
): number[] {
  const current = currentMonth(now).year;
  const first = scheduleStartDate ? Number(scheduleStartDate.slice(0, 4)) : current - 5;
  return Array.from({ length: Math.max(1, current - first + 1) }, (_, i) => current - i);
}

/** The server's wording for a month after the current one (null when the month is allowed). */
export function futureMonthMessage(month: number, year: number, now: Date = new Date()): string | null {
  const current = currentMonth(now);
  return monthNumber(year, month) > monthNumber(current.year, current.month)
    ? `The earnings month cannot be after the current month, ${monthLabel(monthNumber(current.year, current.month))}.`
    : null;
}
