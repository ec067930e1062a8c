// The servicing model: instalments as data, payments allocated to them, arrears, delinquency buckets,
// shortfall periods and the payoff projection. Pure functions over calendar dates ('YYYY-MM-DD') and
// decimal money, shared by the server (which stores what they decide) and the browser (which only
// previews). The rules are written down in docs/lending.md; Apache Fineract's repayment schedule and
// delinquency buckets are the model.
import Decimal from 'decimal.js';
import { addDays, addMonths, daysBetween, type IsoDate } from '../business-date';
import { nextBusinessDay } from '../sa-business-days';
import { ceilToCent, centsToMoneyString, roundToCent, toCents, toMoneyString } from './money';

export type ScheduleFrequency = 'automatic' | 'monthly' | 'biweekly' | 'weekly';

/** Days between two instalments of the periodic frequencies; the others fall due monthly. */
const PERIOD_DAYS: Partial<Record<ScheduleFrequency, number>> = { biweekly: 14, weekly: 7 };
/** How many of a frequency's periods make a year: 26 fortnights, 52 weeks, 12 months. */
const PERIODS_PER_YEAR: Record<ScheduleFrequency, number> = {
  automatic: 12,
  monthly: 12,
  biweekly: 26,
  weekly: 52,
};

/**
 * A schedule's frequency in a creator's words, for a label or the start of a sentence ('automatic' is the
 * platform-earnings plan: monthly instalments, withheld from the earnings). Never the stored code.
 */
export const FREQUENCY_WORDS: Record<ScheduleFrequency, string> = {
  automatic: 'Monthly, withheld from your platform earnings',
  monthly: 'Monthly',
  biweekly: 'Every two weeks',
  weekly: 'Weekly',
};

const FREQUENCIES: ReadonlyArray<ScheduleFrequency> = ['automatic', 'monthly', 'biweekly', 'weekly'];

/** A stored frequency as the rules know it; anything else falls due monthly. */
export function asScheduleFrequency(value: string | null | undefined): ScheduleFrequency {
  return FREQUENCIES.includes(value as ScheduleFrequency) ? (value as ScheduleFrequency) : 'monthly';
}

/**
 * Estimated remaining duration in months for `openInstalments` not yet fully paid: one a month for monthly
 * plans; fortnights and weeks are converted to months and rounded up.
 */
export function remainingMonthsFor(openInstalments: number, frequency: ScheduleFrequency): number {
  return new Decimal(openInstalments).times(12).div(PERIODS_PER_YEAR[frequency]).ceil().toNumber();
}

/**
 * Instalments for a period of `months`: one a month for monthly and automatic plans; for biweekly (and
 * weekly) plans, the periods that fit the months, rounded half up and at least one (12 months = 26
 * fortnights, 1 month = 2, 3 months = 7).
 */
export function instalmentCountFor(frequency: ScheduleFrequency, months: number): number {
  if (!Number.isInteger(months) || months < 1)
    throw new RangeError(`Months must be 1 or more, got ${months}`);
  const perYear = PERIODS_PER_YEAR[frequency];
  if (perYear === 12) return months;
  return Math.max(
    1,
    new Decimal(months).times(perYear).div(12).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber(),
  );
}

/**
 * The due date of instalment `number` (1-based) of a schedule starting on `start`. Monthly dates are each
 * counted from the start, so a schedule started on 31 January falls due on 28/29 February and 31 March.
 */
export function dueDateOf(start: IsoDate, frequency: ScheduleFrequency, number: number): IsoDate {
  const days = PERIOD_DAYS[frequency];
  return days ? addDays(start, days * number) : addMonths(start, number);
}

export interface PlannedInstalment {
  number: number;
  dueDate: IsoDate;
  amountDue: string;
}

export interface PlanInstalmentsInput {
  /** The day the schedule starts (the disbursement); the first instalment falls due one period later. */
  start: IsoDate;
  frequency: ScheduleFrequency;
  total: Decimal;
  /** The regular instalment; the last one takes the rounding remainder. */
  instalment: Decimal;
  /** How many instalments; without it, as many as the instalment needs to cover the total. */
  count?: number;
  /** The first instalment's number (a restructured schedule continues after its closed instalments). */
  firstNumber?: number;
  /**
   * Bank debits run on business days only: a due date on a weekend or a South African public holiday moves to the
   * next business day (docs/lending.md, "Business days").
   */
  businessDaysOnly?: boolean;
}

/** Whether a schedule paid by `paymentMethod` has its due dates on business days (a bank debit order). */
export const dueOnBusinessDays = (paymentMethod: string | null | undefined) => paymentMethod === 'bank_debit';

/**
 * The instalments of a schedule: `count` instalments of `instalment`, the last taking whatever remains,
 * so they add up to `total` exactly. The regular instalment must leave the last one positive.
 */
export function planInstalments(input: PlanInstalmentsInput): PlannedInstalment[] {
  const total = roundToCent(input.total);
  const instalment = roundToCent(input.instalment);
  if (total.lte(0)) throw new RangeError(`The total must be positive, got ${total}`);
  if (instalment.lte(0)) throw new RangeError(`The instalment must be positive, got ${instalment}`);
  const count = input.count ?? total.div(instalment).ceil().toNumber();
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`Instalment count must be 1 or more, got ${count}`);
  const last = total.minus(instalment.times(count - 1));
  if (last.lte(0)) {
    throw new RangeError(`${count} instalments of ${instalment} overshoot the total of ${total}`);
  }
  const first = input.firstNumber ?? 1;
  return Array.from({ length: count }, (_, i) => {
    const dueDate = dueDateOf(input.start, input.frequency, i + 1);
    return {
      number: first + i,
      dueDate: input.businessDaysOnly ? nextBusinessDay(dueDate) : dueDate,
      amountDue: toMoneyString(i === count - 1 ? last : instalment),
    };
  });
}

/**
 * Whether `total` can be spread over `count` instalments of whole cents with the last one still positive
 * (R3.00 cannot over 36: 35 instalments of R0.09 already make R3.15).
 */
export function fitsInstalments(total: Decimal, count: number): boolean {
  const instalment = ceilToCent(total.div(count));
  return instalment.gt(0) && instalment.times(count - 1).lt(total);
}

/**
 * A restructure's new instalments: `remaining` over `months` of the schedule's frequency from `start`, each
 * rounded up to the cent, the last taking the rest; numbered from `firstNumber`. Null when the balance is too
 * small for that many whole-cent instalments.
 */
export function planRestructure(input: {
  remaining: Decimal;
  frequency: ScheduleFrequency;
  months: number;
  start: IsoDate;
  firstNumber?: number;
  businessDaysOnly?: boolean;
}): { instalment: Decimal; planned: PlannedInstalment[] } | null {
  const count = instalmentCountFor(input.frequency, input.months);
  if (!fitsInstalments(input.remaining, count)) return null;
  const instalment = ceilToCent(input.remaining.div(count));
  const planned = planInstalments({
    start: input.start,
    frequency: input.frequency,
    total: input.remaining,
    instalment,
    count,
    firstNumber: input.firstNumber,
    businessDaysOnly: input.businessDaysOnly,
  });
  return { instalment, planned };
}

/**
 * An instalment with what has been paid towards it (and rebated on it, by an early settlement, or forgiven on it, when
 * the lender gave up a written-off balance).
 */
export interface InstalmentBalance {
  number: number;
  dueDate: IsoDate;
  amountDue: string;
  amountPaid: string;
  /** The unearned finance charge an early settlement rebated; none unless the loan was settled. */
  amountRebated?: string;
  /** What the lender forgave on it (docs/lending.md, "Forgiving a written-off balance"); none unless forgiven. */
  amountForgiven?: string;
}

type OpenParts = Pick<InstalmentBalance, 'amountDue' | 'amountPaid' | 'amountRebated' | 'amountForgiven'>;

export const outstandingOf = (i: OpenParts): Decimal =>
  new Decimal(i.amountDue)
    .minus(i.amountPaid)
    .minus(i.amountRebated ?? 0)
    .minus(i.amountForgiven ?? 0);

/** What is still open on an instalment, in whole cents. */
const openCents = (i: OpenParts): bigint =>
  toCents(i.amountDue) -
  toCents(i.amountPaid) -
  (i.amountRebated ? toCents(i.amountRebated) : 0n) -
  (i.amountForgiven ? toCents(i.amountForgiven) : 0n);

/** What is still open on a loan's instalments together, in whole cents (a book of loans adds up without a Decimal each). */
export const totalOutstandingCents = (instalments: ReadonlyArray<OpenParts>): bigint =>
  instalments.reduce((sum, i) => sum + openCents(i), 0n);

const byNumber = <T extends { number: number }>(list: ReadonlyArray<T>): T[] =>
  [...list].sort((a, b) => a.number - b.number);

export interface Allocation {
  number: number;
  amount: string;
}

/**
 * Splits a payment over the instalments in due-date order: the oldest unpaid instalment first, then the next
 * ones (docs/lending.md, "Allocation"). Whatever the payment's date, so a payment received before two
 * instalments fell due covers both, and paying ahead covers the coming instalments (the next due date moves on;
 * the loan ends sooner if the creator keeps paying). Arrears are then cumulative: everything fallen due less
 * everything paid. A payment larger than everything outstanding is a bug upstream (the balance check refuses it)
 * and throws.
 */
export function allocatePayment(
  instalments: ReadonlyArray<InstalmentBalance>,
  amount: Decimal,
): Allocation[] {
  let left = roundToCent(amount);
  if (left.lte(0)) throw new RangeError(`A payment must be positive, got ${amount}`);
  const allocations: Allocation[] = [];
  for (const instalment of byNumber(instalments)) {
    if (left.isZero()) break;
    const open = outstandingOf(instalment);
    if (open.lte(0)) continue;
    const share = Decimal.min(open, left);
    allocations.push({ number: instalment.number, amount: toMoneyString(share) });
    left = left.minus(share);
  }
  if (left.gt(0)) throw new RangeError(`The payment exceeds what is outstanding by ${toMoneyString(left)}`);
  return allocations;
}

/** The instalments after a payment's allocations are applied. */
export function applyAllocations<T extends InstalmentBalance>(
  instalments: ReadonlyArray<T>,
  allocations: ReadonlyArray<Allocation>,
): T[] {
  const share = new Map(allocations.map((a) => [a.number, new Decimal(a.amount)]));
  return instalments.map((i) => {
    const more = share.get(i.number);
    return more ? { ...i, amountPaid: toMoneyString(new Decimal(i.amountPaid).plus(more)) } : i;
  });
}

export const INSTALMENT_STATUSES = [
  'upcoming',
  'due',
  'partly_paid',
  'paid',
  'overdue',
  'settled',
  'forgiven',
] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

export const INSTALMENT_STATUS_LABELS: Record<InstalmentStatus, string> = {
  upcoming: 'Upcoming',
  due: 'Due',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  overdue: 'Overdue',
  settled: 'Settled',
  forgiven: 'Forgiven',
};

/**
 * paid: nothing outstanding; settled: closed by an early settlement before it fell due (its charge rebated, or paid
 * by the settlement: the numbers in `settledEarly`); forgiven: closed when
 * the lender forgave a written-off balance (the rest of it forgiven); overdue: its due
 * date has passed with something outstanding (even if part was paid); partly paid: not yet late, part paid;
 * due: the instalment of the current period (the first whose due date is today or later), nothing paid yet;
 * upcoming: the ones after it. Once the current period's instalment is paid early, nothing is "due" until its
 * date has passed.
 */
export function instalmentStatuses<T extends InstalmentBalance>(
  instalments: ReadonlyArray<T>,
  today: IsoDate,
  settledEarly: ReadonlySet<number> = new Set(),
): Array<T & { status: InstalmentStatus }> {
  const ordered = byNumber(instalments);
  const current = ordered.find((i) => i.dueDate >= today);
  return ordered.map((i) => {
    const open = outstandingOf(i);
    let status: InstalmentStatus;
    // Closed by an early settlement (part of it rebated): settled, not paid; by forgiveness: forgiven.
    if (open.lte(0)) {
      if (new Decimal(i.amountForgiven ?? 0).gt(0)) status = 'forgiven';
      else
        status = new Decimal(i.amountRebated ?? 0).gt(0) || settledEarly.has(i.number) ? 'settled' : 'paid';
    } else if (i.dueDate < today) status = 'overdue';
    else if (new Decimal(i.amountPaid).gt(0)) status = 'partly_paid';
    else status = i.number === current?.number ? 'due' : 'upcoming';
    return { ...i, status };
  });
}

export const DELINQUENCY_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type DelinquencyBucket = (typeof DELINQUENCY_BUCKETS)[number];

export const DELINQUENCY_BUCKET_LABELS: Record<DelinquencyBucket, string> = {
  current: 'Current',
  '1-30': '1-30 days',
  '31-60': '31-60 days',
  '61-90': '61-90 days',
  '90+': 'Over 90 days',
};

/** The day ranges of each bucket, inclusive; '90+' has no upper end. */
export const BUCKET_DAYS: Record<DelinquencyBucket, { min: number; max: number | null }> = {
  current: { min: 0, max: 0 },
  '1-30': { min: 1, max: 30 },
  '31-60': { min: 31, max: 60 },
  '61-90': { min: 61, max: 90 },
  '90+': { min: 91, max: null },
};

/** A loan is marked defaulted when its oldest unpaid instalment is more than this many days overdue. */
export const DEFAULT_AFTER_DAYS = 90;
/** Consecutive shortfall months that make a loan eligible for renegotiation (the agreement's term). */
export const SHORTFALLS_FOR_RENEGOTIATION = 3;

export function bucketFor(daysPastDue: number): DelinquencyBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return '1-30';
  if (daysPastDue <= 60) return '31-60';
  if (daysPastDue <= 90) return '61-90';
  return '90+';
}

/** Arrears below this are not overdue unless the loan's terms say otherwise (configuration: ARREARS_TOLERANCE). */
export const DEFAULT_ARREARS_TOLERANCE = '10.00';

/**
 * The due date from which a loan counts as late: that of the oldest instalment whose open amount, added to what is
 * open on the instalments before it, reaches the arrears tolerance (docs/lending.md, "Arrears"). Null when less
 * than the tolerance is open in all. It does not depend on today: the loan is late on any day after it, and days
 * past due count from it. With a tolerance of 0.01 it is the oldest unpaid due date.
 */
export function arrearsFrom(
  instalments: ReadonlyArray<InstalmentBalance>,
  tolerance: Decimal | string = DEFAULT_ARREARS_TOLERANCE,
): IsoDate | null {
  const threshold = toleranceCents(tolerance);
  let open = 0n;
  for (const i of byNumber(instalments)) {
    open += openCents(i);
    if (open > 0n && open >= threshold) return i.dueDate;
  }
  return null;
}

/** The tolerance in whole cents, at least one (a tolerance of 0 means any cent open counts). */
const toleranceCents = (tolerance: Decimal | string) => {
  const cents = toCents(typeof tolerance === 'string' ? tolerance : toMoneyString(tolerance));
  return cents > 0n ? cents : 1n;
};

export interface LoanPosition {
  /** Due date of the oldest instalment not fully paid; null once everything is paid. */
  nextPaymentDate: IsoDate | null;
  /**
   * Everything fallen due (due dates before today) less everything paid, never below zero; 0.00 while it is
   * below the arrears tolerance (nothing counts as overdue then).
   */
  amountOverdue: string;
  /** Days since the loan became late (see arrearsFrom), 0 when nothing is overdue. */
  daysPastDue: number;
  bucket: DelinquencyBucket;
  /** The current period's instalment (the first due today or later) and what is still open on it; null
   * when it is already paid. */
  currentInstalment: { number: number; dueDate: IsoDate; outstanding: string } | null;
  /** The next instalment with something open that is not yet late: what the creator pays next. */
  nextInstalment: { number: number; dueDate: IsoDate; outstanding: string } | null;
  /**
   * What the creator should pay now: everything open on instalments fallen due (a remainder below the tolerance
   * too: it is owed, only not late) plus what is open on the instalment falling due next.
   */
  amountDueNow: string;
  instalmentsRemaining: number;
  instalmentsTotal: number;
}

export function loanPosition(
  instalments: ReadonlyArray<InstalmentBalance>,
  today: IsoDate,
  tolerance: Decimal | string = DEFAULT_ARREARS_TOLERANCE,
): LoanPosition {
  // In whole cents (bigint), each instalment's outstanding worked out once: the creator's poll asks for every
  // loan's position on every changed answer, and a Decimal per amount was most of its cost. A
  // property test holds it to the same rules in Decimal.
  const ordered = byNumber(instalments).map((instalment) => ({
    instalment,
    outstanding: openCents(instalment),
  }));
  const open = ordered.filter((i) => i.outstanding > 0n);
  const oldest = open[0]?.instalment;
  const fallenDue = open.filter((i) => i.instalment.dueDate < today);
  const openFallenDue = fallenDue.reduce((sum, i) => sum + i.outstanding, 0n);
  const lateSince = arrearsFrom(instalments, tolerance);
  const late = lateSince !== null && lateSince < today;
  const daysPastDue = late ? daysBetween(lateSince, today) : 0;
  const brief = ({ instalment, outstanding }: (typeof ordered)[number]) => ({
    number: instalment.number,
    dueDate: instalment.dueDate,
    outstanding: centsToMoneyString(outstanding),
  });
  const upcoming = ordered.find((i) => i.instalment.dueDate >= today);
  const dueNext = upcoming && upcoming.outstanding > 0n ? upcoming : undefined;
  const current = dueNext ? brief(dueNext) : null;
  const next = open.find((i) => i.instalment.dueDate >= today);
  return {
    nextPaymentDate: oldest?.dueDate ?? null,
    amountOverdue: centsToMoneyString(late ? openFallenDue : 0n),
    daysPastDue,
    bucket: bucketFor(daysPastDue),
    currentInstalment: current,
    nextInstalment: next ? brief(next) : null,
    amountDueNow: centsToMoneyString(openFallenDue + (dueNext?.outstanding ?? 0n)),
    instalmentsRemaining: open.length,
    instalmentsTotal: ordered.length,
  };
}

export interface DatedPayment {
  paymentDate: IsoDate;
  amount: string;
}

export interface ShortfallPeriod {
  /** 1 for the first month after `since`. */
  number: number;
  from: IsoDate;
  to: IsoDate;
  /** What fell due in the month (the instalments with a due date in it). */
  amountDue: string;
  paid: string;
  short: boolean;
}

/**
 * The months that have ended since `since` (the schedule's start or its last restructure): the payments made
 * within each against the instalments that fell due in it. A month whose payments fall short of what fell due
 * is a shortfall (the agreement's "shortfall month"). Month k runs from the day after `since` + (k - 1)
 * months (from `since` itself for the first) to `since` + k months, both included, so for a monthly plan a
 * month is exactly one instalment's period; a biweekly plan has two or three instalments in a month.
 */
export function shortfallPeriods(
  instalments: ReadonlyArray<InstalmentBalance>,
  payments: ReadonlyArray<DatedPayment>,
  since: IsoDate,
  today: IsoDate,
): ShortfallPeriod[] {
  const periods: ShortfallPeriod[] = [];
  const sum = (amounts: string[]) => amounts.reduce((total, a) => total.plus(a), new Decimal(0));
  for (let k = 1; ; k++) {
    const from = k === 1 ? since : addDays(addMonths(since, k - 1), 1);
    const to = addMonths(since, k);
    if (to >= today) break;
    const due = sum(instalments.filter((i) => i.dueDate >= from && i.dueDate <= to).map((i) => i.amountDue));
    const paid = sum(
      payments.filter((p) => p.paymentDate >= from && p.paymentDate <= to).map((p) => p.amount),
    );
    periods.push({
      number: k,
      from,
      to,
      amountDue: toMoneyString(due),
      paid: toMoneyString(paid),
      short: paid.lt(due),
    });
  }
  return periods;
}

/** The longest run of consecutive shortfall periods, and the run that is still going at the end. */
export function shortfallRuns(periods: ReadonlyArray<ShortfallPeriod>): { longest: number; current: number } {
  let longest = 0;
  let current = 0;
  for (const period of periods) {
    current = period.short ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  return { longest, current };
}

export interface ProjectionInput {
  instalments: ReadonlyArray<InstalmentBalance>;
  today: IsoDate;
  /** What the creator expects to earn on their platforms each month. */
  monthlyEarnings: Decimal;
  withholdingPercentage: Decimal;
  /** Months to project at most (a payoff further out is reported as not reached). */
  horizonMonths?: number;
}

export interface ProjectionPoint {
  date: IsoDate;
  /** The balance if the given earnings are withheld each month. */
  projected: string;
  /** The balance if every instalment is paid on its due date. */
  scheduled: string;
}

export interface Projection {
  monthlyWithholding: string;
  /** The date the projected balance reaches zero, or null when it does not within the horizon. */
  payoffDate: IsoDate | null;
  months: number | null;
  /** At some point the projected balance is above the scheduled one: the loan would fall behind. */
  behindSchedule: boolean;
  points: ProjectionPoint[];
}

export const PROJECTION_HORIZON_MONTHS = 60;

/**
 * "If my platform earnings are R X a month, when am I paid off?" Withholding (earnings × withholding %,
 * to the cent) comes off the balance once a month, from the next due date on, beside the balance the
 * instalment schedule itself would leave.
 */
export function projectPayoff(input: ProjectionInput): Projection {
  const horizon = input.horizonMonths ?? PROJECTION_HORIZON_MONTHS;
  const ordered = byNumber(input.instalments);
  const open = ordered.filter((i) => outstandingOf(i).gt(0));
  const remaining = open.reduce((sum, i) => sum.plus(outstandingOf(i)), new Decimal(0));
  const withheld = roundToCent(
    Decimal.max(0, input.monthlyEarnings).times(input.withholdingPercentage).div(100),
  );
  const firstDate = open.find((i) => i.dueDate >= input.today)?.dueDate ?? addMonths(input.today, 1);
  const points: ProjectionPoint[] = [
    { date: input.today, projected: toMoneyString(remaining), scheduled: toMoneyString(remaining) },
  ];
  let projected = remaining;
  let scheduled = remaining;
  let payoffDate: IsoDate | null = remaining.isZero() ? input.today : null;
  let months: number | null = remaining.isZero() ? 0 : null;
  let behindSchedule = false;
  for (let m = 0; m < horizon && (projected.gt(0) || scheduled.gt(0)); m++) {
    const date = addMonths(firstDate, m);
    projected = Decimal.max(0, projected.minus(withheld));
    // What is still open once every instalment due by this date has been paid as scheduled.
    scheduled = open
      .filter((i) => i.dueDate > date)
      .reduce((sum, i) => sum.plus(outstandingOf(i)), new Decimal(0));
    if (projected.gt(scheduled)) behindSchedule = true;
    points.push({ date, projected: toMoneyString(projected), scheduled: toMoneyString(scheduled) });
    if (payoffDate === null && projected.isZero()) {
      payoffDate = date;
      months = m + 1;
    }
  }
  return {
    monthlyWithholding: toMoneyString(withheld),
    payoffDate,
    months,
    behindSchedule,
    points,
  };
}
