// Revenue-share plans keep their deal (docs/lending.md, "Revenue-share plans"). A plan repaid
// from platform earnings takes the agreed share of each month's earnings. A month whose earnings were reported and
// whose share was received is a *shortfall month* when the share is less than the month's instalment, not a missed
// payment: the part of the instalment the share did not cover moves to the end of the plan instead of ageing. Only a
// month with nothing received and no earnings reported ages, and can end in default. Pure: the lifecycle stores what
// this decides, in the earnings payment's transaction.
import Decimal from 'decimal.js';
import { addDays, addMonths, type IsoDate } from '../business-date';
import {
  type InstalmentBalance,
  outstandingOf,
  type ScheduleFrequency,
  SHORTFALLS_FOR_RENEGOTIATION,
} from './instalments';
import { toMoneyString } from './money';

/** An instalment as a revenue-share plan keeps it: what was moved off it, and where a moved amount came from. */
export interface DeferrableInstalment extends InstalmentBalance {
  /** The part of this instalment moved to the end of the plan by shortfall months. */
  amountDeferred?: string;
  /** For an instalment added at the end: the number of the instalment whose shortfall it carries. */
  deferredFrom?: number | null;
}

export interface EarningsMonth {
  /** 1-12. */
  month: number;
  year: number;
}

export interface ShortfallDeferral<T extends DeferrableInstalment> {
  /** The instalments after the move: the month's instalments reduced, the parts added at the end. */
  instalments: T[];
  /** What moved to the end of the plan. */
  moved: string;
  /** What moved off each of the month's instalments, by number. */
  deferred: Map<number, Decimal>;
  /** The instalments added at the end: one for each instalment reduced, carrying what moved off it. */
  added: Array<{ number: number; dueDate: IsoDate; amountDue: string; deferredFrom: number }>;
}

const lastDayOfMonth = ({ month, year }: EarningsMonth): IsoDate => {
  const next = month === 12 ? { month: 1, year: year + 1 } : { month: month + 1, year };
  return addDays(`${next.year}-${String(next.month).padStart(2, '0')}-01`, -1);
};

/**
 * The instalments a month's earnings pay: those falling due in the calendar month after it (earnings are reported
 * when the month has ended, and pay the instalment that falls due next). One for a monthly plan, two or three for a
 * fortnightly one.
 */
export function instalmentsOfEarningsMonth<T extends DeferrableInstalment>(
  instalments: ReadonlyArray<T>,
  earnings: EarningsMonth,
): T[] {
  const monthEnd = lastDayOfMonth(earnings);
  const following =
    earnings.month === 12
      ? { month: 1, year: earnings.year + 1 }
      : { month: earnings.month + 1, year: earnings.year };
  const nextMonthEnd = lastDayOfMonth(following);
  return instalments.filter((i) => i.dueDate > monthEnd && i.dueDate <= nextMonthEnd);
}

/** The due date one period after `last`: a month for monthly and automatic plans, 14 or 7 days otherwise. */
function nextDueDate(last: IsoDate, frequency: ScheduleFrequency): IsoDate {
  if (frequency === 'biweekly') return addDays(last, 14);
  if (frequency === 'weekly') return addDays(last, 7);
  return addMonths(last, 1);
}

/**
 * After a month's share (`share`) was received and allocated (oldest instalment first), the part of the month's
 * instalments it did not cover (what fell due in them less the share, no more than is still open on them) moves to a
 * new instalment at the end of the plan, due one period after the last. Null when the share covered the month, or
 * the month's instalments were already paid (ahead), or the month has no instalment.
 */
export function deferEarningsShortfall<T extends DeferrableInstalment>(
  instalments: ReadonlyArray<T>,
  input: {
    earnings: EarningsMonth;
    share: Decimal;
    frequency: ScheduleFrequency;
    /** The highest number any line of the schedule has had (lines a reversal emptied included). */
    lastNumber?: number;
  },
): ShortfallDeferral<T> | null {
  const ofMonth = instalmentsOfEarningsMonth(instalments, input.earnings);
  if (ofMonth.length === 0) return null;
  const due = ofMonth.reduce((sum, i) => sum.plus(i.amountDue), new Decimal(0));
  const open = ofMonth.reduce((sum, i) => sum.plus(outstandingOf(i)), new Decimal(0));
  const move = Decimal.min(Decimal.max(due.minus(input.share), 0), open);
  if (move.lte(0)) return null;
  // Off the month's latest instalment first, so an earlier one keeps what the share paid on it.
  let left = move;
  const reduced = new Map<number, Decimal>();
  for (const i of [...ofMonth].sort((a, b) =>
    a.dueDate < b.dueDate ? 1 : a.dueDate > b.dueDate ? -1 : b.number - a.number,
  )) {
    if (left.lte(0)) break;
    const take = Decimal.min(outstandingOf(i), left);
    if (take.gt(0)) reduced.set(i.number, take);
    left = left.minus(take);
  }
  const last = [...instalments]
    .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.number - b.number))
    .at(-1)!;
  const after = instalments.map((i) => {
    const take = reduced.get(i.number);
    if (!take) return i;
    return {
      ...i,
      amountDue: toMoneyString(new Decimal(i.amountDue).minus(take)),
      amountDeferred: toMoneyString(new Decimal(i.amountDeferred ?? 0).plus(take)),
    };
  });
  // One new instalment for each one reduced (in due order), each a period after the one before, so a reversal of the
  // month's earnings can move each part back where it came from.
  let number = Math.max(input.lastNumber ?? 0, ...instalments.map((i) => i.number));
  let dueDate = last.dueDate;
  const added = [...reduced.keys()]
    .sort((a, b) => a - b)
    .map((from) => {
      number += 1;
      dueDate = nextDueDate(dueDate, input.frequency);
      return { number, dueDate, amountDue: toMoneyString(reduced.get(from)!), deferredFrom: from };
    });
  const appended = added.map(
    (a) => ({ ...last, ...a, amountPaid: '0.00', amountRebated: '0.00', amountDeferred: '0.00' }) as T,
  );
  return { instalments: [...after, ...appended], moved: toMoneyString(move), deferred: reduced, added };
}

/**
 * The run of consecutive shortfall months ending with the month's instalments (the planned instalments, in due-date
 * order, whose share fell short and moved part of them to the end). Three in a row make the loan eligible for
 * renegotiation, as the agreement says.
 */
export function shortfallMonthsInARow(
  instalments: ReadonlyArray<DeferrableInstalment>,
  earnings: EarningsMonth,
): number {
  const ofMonth = instalmentsOfEarningsMonth(instalments, earnings);
  if (ofMonth.length === 0) return 0;
  const lastOfMonth = ofMonth
    .map((i) => i.dueDate)
    .sort()
    .at(-1)!;
  // Planned instalments up to the month's, by month: a month counts as short when one of its instalments moved part.
  const planned = instalments.filter((i) => !i.deferredFrom && i.dueDate <= lastOfMonth);
  const months = new Map<string, boolean>();
  for (const i of [...planned].sort((a, b) => (a.dueDate < b.dueDate ? -1 : 1))) {
    const key = i.dueDate.slice(0, 7);
    months.set(key, (months.get(key) ?? false) || new Decimal(i.amountDeferred ?? 0).gt(0));
  }
  let run = 0;
  for (const short of [...months.values()].reverse()) {
    if (!short) break;
    run += 1;
  }
  return run;
}

export const makesRenegotiable = (run: number) => run >= SHORTFALLS_FOR_RENEGOTIATION;
