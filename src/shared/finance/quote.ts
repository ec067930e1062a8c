// The pre-agreement quote ("Cost before signing"): every figure a creator needs before signing,
// taken from the very instalments the plan creates, and the annualised cost rate computed from the real cash
// flows (the disbursement out on its day, each instalment and the platform fee charged on it in on its due
// date). The statement repeats it for the loan's actual terms. How the rate is computed, with a worked example: docs/lending.md, "Quote".
import Decimal from 'decimal.js';
import { daysBetween, type IsoDate } from '../business-date';
import { type LegalPrice, lawfulFeeRate } from '../compliance/lawful-pricing';
import { AGREEMENT_CLASS_LABELS, type AgreementClass } from '../compliance/nca-rules';
import { formatCount, formatDateLong, formatPercent, formatZar, plural } from '../format';
import {
  dueOnBusinessDays,
  type PlannedInstalment,
  planInstalments,
  type ScheduleFrequency,
} from './instalments';
import { roundToCent, toDecimal, toMoneyString } from './money';
import { checkedFeeRate, platformFeeOn } from './platform-fee';
import type { PreviewTerms } from './repayment-plan';

/** Days in the year the annual rate is counted in: a calendar day is 1/365 of a year, as in XIRR. */
const DAYS_PER_YEAR = 365;

// Its own Decimal, 40 significant digits: the daily factor is raised to the 365th power, so its last digits
// matter. The global Decimal's settings are left alone.
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** The search stops once a step moves the daily discount factor (close to 1) by less than this. */
const TOLERANCE = new D('1e-24');
/** Above this the cash flows make no sense for a loan (an instalment due on the disbursement day). */
const MAX_RATE = new D('1e15');
const MAX_ITERATIONS = 200;

export interface DatedAmount {
  /** A South African calendar day, 'YYYY-MM-DD'. */
  date: IsoDate;
  amount: Decimal | string | number;
}

export interface CashFlows {
  /** The day the money is paid out and the amount paid out. */
  disbursement: DatedAmount;
  /** What the creator pays back, each on its due date (on or after the disbursement day). */
  repayments: ReadonlyArray<DatedAmount>;
}

interface Flow {
  days: number;
  years: Decimal;
  amount: Decimal;
}

function positive(value: DatedAmount['amount'], what: string): Decimal {
  const amount = toDecimal(value);
  if (!amount || amount.lte(0))
    throw new RangeError(`${what} must be a positive amount, got ${String(value)}`);
  return new D(amount.toString());
}

// A restructured schedule may keep an instalment closed at nothing paid; it moves no money.
function nonNegative(value: DatedAmount['amount'], what: string): Decimal {
  const amount = toDecimal(value);
  if (!amount || amount.lt(0)) throw new RangeError(`${what} must not be negative, got ${String(value)}`);
  return new D(amount.toString());
}

function flowsOf(cashFlows: CashFlows): { principal: Decimal; flows: Flow[] } {
  const principal = positive(cashFlows.disbursement.amount, 'The amount paid out');
  if (cashFlows.repayments.length === 0) throw new RangeError('A quote needs at least one repayment');
  const flows = cashFlows.repayments.map((repayment) => {
    const days = daysBetween(cashFlows.disbursement.date, repayment.date);
    if (days < 0) {
      throw new RangeError(`A repayment on ${repayment.date} falls before the disbursement day`);
    }
    return {
      days,
      years: new D(days).div(DAYS_PER_YEAR),
      amount: nonNegative(repayment.amount, 'A repayment'),
    };
  });
  flows.sort((a, b) => a.days - b.days);
  if (!flows.some((flow) => flow.amount.gt(0) && flow.years.gt(0))) {
    throw new RangeError('At least one repayment must fall after the disbursement day');
  }
  return { principal, flows };
}

/**
 * Net present value in terms of the daily discount factor x = (1 + r)^(-1/365): f(x) = sum of a_k x^(d_k)
 * less what was paid out, with d_k the repayment's days after the disbursement, and its slope f'(x). A
 * polynomial: rising for x > 0 and convex (no repayment is negative, one is positive and later than the
 * disbursement day), so it has exactly one positive root, and only whole-number powers are needed.
 */
/** base^exponent for a whole exponent >= 0 by squaring (Decimal's own pow is far slower at this precision). */
function wholePower(base: Decimal, exponent: number): Decimal {
  let result = new D(1);
  let square = base;
  for (let e = exponent; e > 0; e = Math.floor(e / 2)) {
    if (e % 2 === 1) result = result.times(square);
    if (e > 1) square = square.times(square);
  }
  return result;
}

function valueAndSlope(principal: Decimal, flows: ReadonlyArray<Flow>, x: Decimal): [Decimal, Decimal] {
  let power = new D(1); // x^(days of the previous flow)
  let previousDays = 0;
  let value = new D(0);
  let slope = new D(0);
  for (const flow of flows) {
    // x^(d-1) first, for the slope, then x^d: each from the previous flow's power (no power from scratch).
    const below = flow.days === 0 ? null : power.times(wholePower(x, flow.days - previousDays - 1));
    power = below ? below.times(x) : power;
    previousDays = flow.days;
    value = value.plus(flow.amount.times(power));
    if (below) slope = slope.plus(flow.amount.times(flow.days).times(below));
  }
  return [value.minus(principal), slope];
}

/**
 * The effective annual rate r (a fraction: 0.1 is 10 %) at which the repayments, each discounted by
 * (1 + r)^(days / 365) from its due date to the disbursement day, add up to what was paid out: the internal
 * rate of return of the loan's cash flows, annualised as an effective annual rate. Found on Decimal as the
 * daily discount factor x = (1 + r)^(-1/365), the root of a polynomial, by Newton's method kept inside a
 * bracket that bisection narrows whenever a step would leave it; then r = x^(-365) - 1. 0 exactly when the
 * repayments add up to the amount paid out.
 */
export function annualRate(cashFlows: CashFlows): Decimal {
  const { principal, flows } = flowsOf(cashFlows);
  const repaid = flows.reduce((sum, flow) => sum.plus(flow.amount), new D(0));
  if (repaid.eq(principal)) return new D(0);

  // Bracket the root: f(low) < 0 < f(high). f(1) is what was repaid less what was paid out, so a cost puts the
  // root below 1 (f(0) is at most 0: only repayments on the disbursement day count there) and a loss above.
  let low = new D(0);
  let high = new D(1);
  if (repaid.lt(principal)) {
    low = new D(1);
    high = new D(2);
    while (valueAndSlope(principal, flows, high)[0].lt(0)) {
      low = high;
      high = high.times(2);
    }
  }

  // Newton's steps from the right of the root of a rising convex function stay right of it and converge
  // straight down to it; with a cost, x = 1 is such a start.
  let x = repaid.gt(principal) ? high : low.plus(high).div(2);
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const [value, slope] = valueAndSlope(principal, flows, x);
    if (value.isZero()) break;
    if (value.lt(0)) low = x;
    else high = x;
    const newton = slope.isZero() ? null : x.minus(value.div(slope));
    const next = newton?.gt(low) && newton.lt(high) ? newton : low.plus(high).div(2);
    const step = next.minus(x).abs();
    x = next;
    if (step.lte(TOLERANCE)) break;
  }
  const rate = new D(1).div(wholePower(x, DAYS_PER_YEAR)).minus(1);
  if (!rate.isFinite() || rate.gt(MAX_RATE))
    throw new RangeError('The cash flows give no sensible annual rate');
  return rate;
}

/** The annual rate as a percentage with two decimals, rounded half up: '76.42'. */
export function annualCostRatePercent(cashFlows: CashFlows): string {
  const percent = annualRate(cashFlows).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return percent.isZero() ? '0.00' : percent.toFixed(2);
}

export interface QuoteInstalment {
  number: number;
  dueDate: IsoDate;
  amount: string;
  /** The platform fee charged on this instalment when it is paid: amount × rate / 100, to the cent. */
  fee: string;
}

/** What the creator is told before signing, and what the statement repeats. Money as two-decimal text. */
export interface CreditQuote {
  /** Paid out to the creator on the disbursement day. */
  amountFinanced: string;
  /** The finance charge: what the instalments add up to beyond the amount financed (the schedule's cost). */
  financeCharge: string;
  /** The platform fee rate charged on each repayment, percent with two decimals ('2.50'). */
  platformFeeRate: string;
  /** The platform fees on all the instalments, each charged when it is paid. */
  platformFees: string;
  /** Total cost of credit: the finance charge plus the platform fees, everything paid beyond the amount financed. */
  costOfCredit: string;
  /** What the instalments add up to (= the schedule's total): the amount financed plus the finance charge. */
  totalRepayable: string;
  /** Everything the creator pays: the instalments and the platform fees on them. */
  totalPayable: string;
  /** The regular instalment; the last one may be smaller. */
  instalmentAmount: string;
  /** The platform fee on the regular instalment. */
  instalmentFee: string;
  instalmentCount: number;
  frequency: ScheduleFrequency;
  /** The day the money is paid out ('YYYY-MM-DD', South African calendar day). */
  disbursementDate: IsoDate;
  instalments: QuoteInstalment[];
  /** Withholding % of the monthly revenue, to the cent, where the plan is repaid from earnings; else null. */
  estimatedMonthlyWithholding: string | null;
  /** The annualised cost rate, percent with two decimals ('76.42'): the effective annual IRR of the
   * payout and each instalment with its platform fee. */
  annualCostRate: string;
  /**
   * The National Credit Act (docs/compliance.md): the class of the agreement, the largest cost of credit the
   * ceilings allow for its amount and term, and the list prices where a ceiling lowered them (null when it did not).
   * Null throughout on a quote made before these were kept, or priced without the server's settings.
   */
  agreementClass?: AgreementClass | null;
  legalMaximumCost?: string | null;
  listFinanceCharge?: string | null;
  listPlatformFeeRate?: string | null;
}

export interface CreditQuoteInput {
  amountFinanced: Decimal | string | number;
  frequency: ScheduleFrequency;
  disbursementDate: IsoDate;
  /** The regular instalment of the schedule. */
  instalmentAmount: Decimal | string | number;
  instalments: ReadonlyArray<Pick<PlannedInstalment, 'number' | 'dueDate' | 'amountDue'>>;
  estimatedMonthlyWithholding?: Decimal | string | number | null;
  /** The platform fee rate in percent the schedule charges on each repayment (copied onto it at setup). */
  platformFeeRate: Decimal | string | number;
  /** What the quote says of the National Credit Act's ceilings (docs/compliance.md); absent: nothing. */
  legal?: QuoteLegalFacts;
}

/** The class, the largest cost the ceilings allow, and the list prices where a ceiling lowered them. */
export type QuoteLegalFacts = Pick<
  CreditQuote,
  'agreementClass' | 'legalMaximumCost' | 'listFinanceCharge' | 'listPlatformFeeRate'
>;

/**
 * The quote of a schedule's instalments: the finance charge is what the instalments add up to beyond the amount
 * financed, the cost of credit adds the platform fee each instalment carries, and the annualised rate is taken
 * from what really changes hands (each instalment plus its fee, on its due date).
 */
export function creditQuote(input: CreditQuoteInput): CreditQuote {
  const financed = positive(input.amountFinanced, 'The amount financed');
  const instalments = input.instalments.map((i) => {
    const amount = nonNegative(i.amountDue, 'An instalment');
    return {
      number: i.number,
      dueDate: i.dueDate,
      amount,
      fee: platformFeeOn(amount, input.platformFeeRate),
    };
  });
  const total = instalments.reduce((sum, i) => sum.plus(i.amount), new D(0));
  const fees = instalments.reduce((sum, i) => sum.plus(i.fee), new D(0));
  const withholding =
    input.estimatedMonthlyWithholding === null || input.estimatedMonthlyWithholding === undefined
      ? null
      : toDecimal(input.estimatedMonthlyWithholding);
  const instalmentAmount = positive(input.instalmentAmount, 'The instalment');
  const financeCharge = roundToCent(total.minus(financed));
  return {
    amountFinanced: toMoneyString(financed),
    financeCharge: toMoneyString(financeCharge),
    platformFeeRate: checkedFeeRate(input.platformFeeRate).toFixed(2),
    platformFees: toMoneyString(fees),
    costOfCredit: toMoneyString(financeCharge.plus(fees)),
    totalRepayable: toMoneyString(total),
    totalPayable: toMoneyString(total.plus(fees)),
    instalmentAmount: toMoneyString(instalmentAmount),
    instalmentFee: toMoneyString(platformFeeOn(instalmentAmount, input.platformFeeRate)),
    instalmentCount: instalments.length,
    frequency: input.frequency,
    disbursementDate: input.disbursementDate,
    instalments: instalments.map((i) => ({
      number: i.number,
      dueDate: i.dueDate,
      amount: toMoneyString(i.amount),
      fee: toMoneyString(i.fee),
    })),
    estimatedMonthlyWithholding: withholding ? toMoneyString(withholding) : null,
    annualCostRate: annualCostRatePercent({
      disbursement: { date: input.disbursementDate, amount: financed },
      repayments: instalments.map((i) => ({ date: i.dueDate, amount: i.amount.plus(i.fee) })),
    }),
    agreementClass: input.legal?.agreementClass ?? null,
    legalMaximumCost: input.legal?.legalMaximumCost ?? null,
    listFinanceCharge: input.legal?.listFinanceCharge ?? null,
    listPlatformFeeRate: input.legal?.listPlatformFeeRate ?? null,
  };
}

/** The schedule a plan choice or an admin setup would write: what `activate` (features/loans) plans from. */
export interface ScheduleToQuote {
  frequency: ScheduleFrequency;
  totalAmount: string;
  installmentAmount: string;
  /** How many instalments; without it, as many as the instalment needs to cover the total. */
  instalmentCount?: number;
  /** Null where the schedule is not repaid from platform earnings. */
  estimatedMonthlyWithholding: string | null;
  /** How it is paid: a bank debit falls due on business days only. */
  paymentMethod?: string;
  /** How the Act's ceilings shaped the price (the pricing's `legal`); absent or null when priced without them. */
  legal?: LegalPrice | null;
}

/**
 * The quote of a schedule activated on `disbursementDate`: the very `planInstalments` call that activation makes
 * (from the disbursement day at the schedule's frequency, the last instalment taking the remainder). The platform fee
 * rate is the list rate lowered, where it must be, to the service-fee ceiling (lawfulFeeRate): the quote's rate is
 * the one the schedule then charges.
 */
export function scheduleQuote(
  schedule: ScheduleToQuote,
  amountFinanced: Decimal | string | number,
  disbursementDate: IsoDate,
  platformFeeRate: Decimal | string | number,
): CreditQuote {
  const instalments = planInstalments({
    start: disbursementDate,
    frequency: schedule.frequency,
    total: new Decimal(schedule.totalAmount),
    instalment: new Decimal(schedule.installmentAmount),
    count: schedule.instalmentCount,
    businessDaysOnly: dueOnBusinessDays(schedule.paymentMethod),
  });
  const feeRate = lawfulFeeRate(
    platformFeeRate,
    schedule.installmentAmount,
    schedule.frequency,
    schedule.legal ? { months: schedule.legal.months, instalmentCount: instalments.length } : undefined,
  );
  const listRate = checkedFeeRate(platformFeeRate);
  return creditQuote({
    amountFinanced,
    frequency: schedule.frequency,
    disbursementDate,
    instalmentAmount: schedule.installmentAmount,
    instalments,
    estimatedMonthlyWithholding: schedule.estimatedMonthlyWithholding,
    platformFeeRate: feeRate,
    legal: {
      agreementClass: schedule.legal?.agreementClass ?? null,
      legalMaximumCost: schedule.legal?.legalMaximumCost ?? null,
      listFinanceCharge: schedule.legal?.costCapped ? schedule.legal.listCostAmount : null,
      listPlatformFeeRate: feeRate.lt(listRate) ? listRate.toFixed(2) : null,
    },
  });
}

/**
 * The quote of the creator's platform-earnings plan chosen on `disbursementDate`: automatic (monthly from the
 * disbursement day), `estimatedPeriod` instalments of the instalment, as the plan choice writes them.
 */
export function creatorPlanQuote(
  terms: Pick<
    PreviewTerms,
    'totalAmount' | 'installmentAmount' | 'estimatedPeriod' | 'estimatedMonthlyWithholding' | 'legal'
  >,
  amountFinanced: Decimal | string | number,
  disbursementDate: IsoDate,
  platformFeeRate: Decimal | string | number,
): CreditQuote {
  return scheduleQuote(
    {
      frequency: 'automatic',
      totalAmount: terms.totalAmount,
      installmentAmount: terms.installmentAmount,
      instalmentCount: terms.estimatedPeriod,
      estimatedMonthlyWithholding: terms.estimatedMonthlyWithholding,
      legal: terms.legal,
    },
    amountFinanced,
    disbursementDate,
    platformFeeRate,
  );
}

/** A quote as people read it (en-ZA money, dates in words), for the plan dialog, the agreement and the statement. */
export interface QuoteText {
  amountFinanced: string;
  financeCharge: string;
  /** '2,5%'. */
  platformFeeRate: string;
  platformFees: string;
  costOfCredit: string;
  totalRepayable: string;
  totalPayable: string;
  instalmentAmount: string;
  instalmentFee: string;
  /** '8 monthly instalments'. */
  instalmentCount: string;
  /** '76,42%'. */
  annualCostRate: string;
  disbursementDate: string;
  firstDueDate: string;
  lastDueDate: string;
  /** Null where the plan is not repaid from earnings. */
  estimatedMonthlyWithholding: string | null;
  /** Each instalment, its platform fee and what is handed over for it (amount + fee). */
  instalments: Array<{ number: string; dueDate: string; amount: string; fee: string; total: string }>;
  /** The regular instalment with its fee: what is handed over each time. */
  instalmentTotal: string;
  /** 'Unsecured credit transaction' (National Credit Act); null on quotes from before it was kept. */
  agreementClass: string | null;
  /** The largest cost of credit the Act's ceilings allow for this agreement; null when not kept. */
  legalMaximumCost: string | null;
  /**
   * Said when a ceiling lowered a list price: 'Our list finance charge of R 3 150,00 is reduced to the legal ceiling.
   * The platform fee is 1,72% instead of our list 2,5%, within the R60 monthly service fee.' Null otherwise.
   */
  ceilingNote: string | null;
}

const FREQUENCY_WORDS: Record<ScheduleFrequency, string> = {
  automatic: 'monthly',
  monthly: 'monthly',
  biweekly: 'fortnightly',
  weekly: 'weekly',
};

export function quoteText(quote: CreditQuote, currency?: string | null): QuoteText {
  const money = (value: string) => formatZar(value, { currency });
  const count = quote.instalmentCount;
  return {
    amountFinanced: money(quote.amountFinanced),
    financeCharge: money(quote.financeCharge),
    platformFeeRate: formatPercent(quote.platformFeeRate, {
      decimals: feeRateDecimals(quote.platformFeeRate),
    }),
    platformFees: money(quote.platformFees),
    costOfCredit: money(quote.costOfCredit),
    totalRepayable: money(quote.totalRepayable),
    totalPayable: money(quote.totalPayable),
    instalmentAmount: money(quote.instalmentAmount),
    instalmentFee: money(quote.instalmentFee),
    instalmentCount: `${formatCount(count)} ${FREQUENCY_WORDS[quote.frequency] ?? 'monthly'} ${plural(count, 'instalment')}`,
    annualCostRate: formatPercent(quote.annualCostRate, { decimals: 2 }),
    disbursementDate: formatDateLong(quote.disbursementDate),
    firstDueDate: formatDateLong(quote.instalments[0]?.dueDate),
    lastDueDate: formatDateLong(quote.instalments.at(-1)?.dueDate),
    estimatedMonthlyWithholding:
      quote.estimatedMonthlyWithholding === null ? null : money(quote.estimatedMonthlyWithholding),
    instalments: quote.instalments.map((i) => ({
      number: String(i.number),
      dueDate: formatDateLong(i.dueDate),
      amount: money(i.amount),
      fee: money(i.fee),
      total: money(new Decimal(i.amount).plus(i.fee).toFixed(2)),
    })),
    instalmentTotal: money(new Decimal(quote.instalmentAmount).plus(quote.instalmentFee).toFixed(2)),
    agreementClass: quote.agreementClass ? AGREEMENT_CLASS_LABELS[quote.agreementClass] : null,
    legalMaximumCost: quote.legalMaximumCost ? money(quote.legalMaximumCost) : null,
    ceilingNote: ceilingNote(quote, money),
  };
}

/** What the quote says when the National Credit Act's ceilings lowered a list price (docs/compliance.md). */
function ceilingNote(quote: CreditQuote, money: (value: string) => string): string | null {
  const parts: string[] = [];
  if (quote.listFinanceCharge) {
    parts.push(
      `Our list finance charge of ${money(quote.listFinanceCharge)} is reduced to ${money(quote.financeCharge)}, the most the National Credit Act allows.`,
    );
  }
  if (quote.listPlatformFeeRate) {
    const rate = (value: string) => formatPercent(value, { decimals: feeRateDecimals(value) });
    parts.push(
      `The platform fee is ${rate(quote.platformFeeRate)} instead of our list ${rate(quote.listPlatformFeeRate)}, within the R60 monthly service fee the Act allows.`,
    );
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

/** As few decimals as the rate needs: '2.50' -> 1 ('2,5%'), '3.00' -> 0 ('3%'), '2.75' -> 2. */
function feeRateDecimals(rate: string): number {
  const cents = rate.split('.')[1] ?? '';
  return cents.replace(/0+$/, '').length;
}

/** The quote's figures as label and value, in the order the statement and its PDF print them. */
export function quoteFields(quote: QuoteText): Array<[label: string, value: string]> {
  const fields: Array<[string, string]> = [
    ['Amount financed', quote.amountFinanced],
    ['Finance charge', quote.financeCharge],
    [`Platform fees at ${quote.platformFeeRate}`, quote.platformFees],
    ['Total cost of credit', quote.costOfCredit],
    ['Total repayable', quote.totalRepayable],
    ['Total payable with fees', quote.totalPayable],
    ['Instalment', `${quote.instalmentAmount} + ${quote.instalmentFee} fee`],
    ['Instalment with its fee', quote.instalmentTotal],
    ['Number of instalments', quote.instalmentCount],
    ['Annualised cost rate', quote.annualCostRate],
    ['Disbursed on', quote.disbursementDate],
    ['First instalment due', quote.firstDueDate],
    ['Last instalment due', quote.lastDueDate],
  ];
  if (quote.estimatedMonthlyWithholding) {
    fields.push(['Estimated monthly withholding', quote.estimatedMonthlyWithholding]);
  }
  if (quote.agreementClass) fields.push(['Type of agreement', quote.agreementClass]);
  if (quote.legalMaximumCost) fields.push(['Most the law allows', quote.legalMaximumCost]);
  return fields;
}

/** What the annualised cost rate is, in one sentence for the statement and its PDF. */
export const ANNUAL_RATE_EXPLANATION =
  'The annualised cost rate is the yearly rate at which the instalments and the platform fee on each, paid on their due dates, repay the amount financed on the day it was paid out (an internal rate of return, counted in calendar days). The total cost of credit is the finance charge plus the platform fees. The platform fee applies to every repayment; settling in full early costs only the charge earned to that day, with no fee.';
