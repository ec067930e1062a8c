// The printable statement.
// Every rule lives here so the page that prints it only places strings.

import Decimal from 'decimal.js';
import { BRAND_LINE, DEFAULT_CURRENCY } from '../constants';
import { DATE_LONG, formatDateLong, toInstant } from '../format';
import { statusLabel } from '../status-machine';
import { asScheduleFrequency, FREQUENCY_WORDS } from './instalments';
import { formatZar, roundToCent, sumDecimal, toDecimal } from './money';
import { paymentReferenceFor } from './payment-reference';
import { type CreditQuote, type QuoteText, quoteText } from './quote';

// Loose on purpose: the statement is built from API JSON (strings for decimals, ISO dates) as well as
// from rows, and an odd field must degrade to '-' rather than break a document a creator needs.
type Amount = string | number | null | undefined;
type DateLike = string | number | Date | null | undefined;

export interface StatementApplication {
  id?: number | string | null;
  status?: string | null;
  requestedAmount?: Amount;
  /** What the approval granted: the amount financed (the requested amount before it was kept). */
  approvedAmount?: Amount;
  monthlyRevenue?: Amount;
  currency?: string | null;
  createdAt?: DateLike;
}

export interface StatementSchedule {
  totalAmount?: Amount;
  remainingAmount?: Amount;
  /** What falls due on each due date. */
  installmentAmount?: Amount;
  /** Due date of the oldest instalment not fully paid ('YYYY-MM-DD'); null once repaid. */
  nextPaymentDate?: DateLike;
  frequency?: string | null;
  paymentMethod?: string | null;
  withholdingPercentage?: Amount;
  /** The platform fee on the regular instalment (the schedule answer's `installmentFee`). */
  installmentFee?: Amount;
  currency?: string | null;
  /** The server's position of the loan today; only the arrears are printed. */
  servicing?: { amountOverdue?: Amount; daysPastDue?: number } | null;
  /** The payout that started the loan (docs/lending.md, "Approval and payout"); absent for loans from before. */
  paidOutOn?: DateLike;
  payoutAccount?: string | null;
  payoutReference?: string | null;
  /** A written-off balance the lender forgave (docs/lending.md, "Forgiving a written-off balance"). */
  forgiven?: { on: string; amount: Amount } | null;
}

export interface StatementPayment {
  amount?: Amount;
  /** The platform fee the payment carried. */
  platformFee?: Amount;
  paymentDate?: DateLike;
  notes?: string | null;
  /** A reversed payment (bounced, or recorded in error): shown, counted for nothing. */
  reversedOn?: DateLike;
  reversalReason?: string | null;
}

/** A restructure, as the statement answer carries it (docs/lending.md, "Forbearance"). */
export interface StatementRestructure {
  restructuredOn: string;
  balance: Amount;
  months: number;
  instalmentAmount: Amount;
  firstNumber: number;
  lastNumber: number;
  previousInstalmentAmount: Amount;
  previousEndDate: string;
  replacedCount: number;
  wasDefaulted: boolean;
}

/** The loan's history beside its figures: restructures, and the probation that follows one. */
export interface StatementHistory {
  restructures?: ReadonlyArray<StatementRestructure>;
  forbearance?: { status: 'probation' | 'cured'; curedOn: string | null } | null;
}

export interface StatementUser {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  country?: string | null;
  city?: string | null;
  creatorType?: string | null;
}

export interface StatementPaymentRow {
  date: string;
  /** To the loan. */
  amount: string;
  fee: string;
  /** What the creator handed over: amount + fee. */
  total: string;
  notes: string;
  /** 'Reversed on 25 November 2026: bounced' for a reversed payment (it counts for nothing), else null. */
  reversed: string | null;
}

export interface StatementView {
  title: string;
  brandLine: string;
  generatedOn: string;
  footer: string;
  currency: string;
  financing: {
    accountNumber: string;
    /** What a payment to this loan carries as its reference ('VUKA-000123-0'); 'N/A' without a loan number. */
    paymentReference: string;
    status: string;
    financedAmount: string;
    initiationDate: string;
    /** The payout: the day, where it went ('FNB ..7890') and the bank's reference; null when not kept (older loans). */
    paidOutOn: string | null;
    paidTo: string | null;
    payoutReference: string | null;
  };
  accountHolder: {
    name: string;
    email: string;
    country: string;
    city: string;
    creatorType: string;
  };
  summary: {
    totalAmount: string;
    /** Paid to the loan. */
    totalPaid: string;
    /** The platform fees the payments carried. */
    feesPaid: string;
    /** Everything handed over: paid to the loan and the fees. */
    totalPaidWithFees: string;
    remainingBalance: string;
    paymentSchedule: string;
    /** What falls due on each due date and its platform fee: '... + ... fee'. */
    instalment: string;
    /** What is handed over for it: the instalment and its fee ('-' when either is unknown). */
    instalmentWithFee: string;
    /**
     * 'Next due date', or 'Oldest unpaid due date' when something is late: the date is then in the past and
     * is not what comes next.
     */
    dueDateLabel: string;
    /** The date, and how many days late when overdue: 'March 15, 2025 (45 days late)'. */
    nextDueDate: string;
    /** Printed only when something is late. */
    showAmountOverdue: boolean;
    amountOverdue: string;
    /**
     * Only platform-earnings plans are repaid by withholding, so other plans show none. The
     * "monthly withholding", labelled "Estimated monthly withholding" like on every other screen.
     */
    showMonthlyWithholding: boolean;
    monthlyWithholding: string;
  };
  showPaymentHistory: boolean;
  payments: StatementPaymentRow[];
  /** The restructures, one sentence each, oldest first; and where probation stands (null when not forborne). */
  history: string[];
  forbearance: string | null;
  /** The cost of credit as quoted before signing, for the loan's actual instalments; null when unknown. */
  quote: QuoteText | null;
}

export const STATEMENT_DATE_FORMAT = DATE_LONG;
export const STATEMENT_FOOTER = 'This statement is system-generated and does not require a signature.';

const MISSING = '-';

/** 'MMMM dd, yyyy' in Africa/Johannesburg, '-' when missing or unreadable (src/shared/format.ts). */
export function formatStatementDate(value: DateLike): string {
  return formatDateLong(value, MISSING);
}

function text(value: string | null | undefined): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : MISSING;
}

function upperOr(value: string | null | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed.toUpperCase() : fallback;
}

/** 'full-time' -> 'FULL TIME'. */
export function creatorTypeLabel(creatorType: string | null | undefined): string {
  const trimmed = creatorType?.trim();
  return trimmed ? trimmed.replaceAll('-', ' ').toUpperCase() : MISSING;
}

function isPresent(value: Amount): boolean {
  return value !== null && value !== undefined && value !== '';
}

/**
 * A stored remainingAmount wins even when it is '0.00': the schedule's balance is the ledger's truth,
 * and recomputing it from the payments would resurrect a balance an admin settled or wrote off.
 */
export function remainingBalance(schedule: StatementSchedule, totalPaid: Decimal): Decimal | null {
  if (isPresent(schedule.remainingAmount)) return toDecimal(schedule.remainingAmount);
  const total = toDecimal(schedule.totalAmount);
  return total ? Decimal.max(0, total.minus(totalPaid)) : null;
}

/** monthlyRevenue x withholding % / 100 to the cent; a missing withholding counts as 0 %. */
export function monthlyWithholdingAmount(
  monthlyRevenue: Amount,
  withholdingPercentage: Amount,
): Decimal | null {
  const revenue = toDecimal(monthlyRevenue);
  if (!revenue) return null;
  const percentage = toDecimal(withholdingPercentage) ?? new Decimal(0);
  return roundToCent(revenue.times(percentage).div(100));
}

// Chronological, with undated payments last; sort is stable so equal dates keep the server's order.
function chronological(payments: ReadonlyArray<StatementPayment>): StatementPayment[] {
  const time = (payment: StatementPayment) =>
    // A calendar day counts from its start in South Africa, whatever zone the statement is made in.
    toInstant(payment.paymentDate)?.getTime() ?? Number.POSITIVE_INFINITY;
  return [...payments].sort((a, b) => {
    const [ta, tb] = [time(a), time(b)];
    return ta === tb ? 0 : ta < tb ? -1 : 1;
  });
}

/**
 * The statement's view model, or null when the application or its schedule is missing: nothing is
 * generated then, and the caller only logs it.
 */
export function buildStatement(
  application: StatementApplication | null | undefined,
  schedule: StatementSchedule | null | undefined,
  payments: ReadonlyArray<StatementPayment> | null | undefined,
  user: StatementUser | null | undefined,
  now: Date = new Date(),
  quote: CreditQuote | null = null,
  loanHistory: StatementHistory = {},
): StatementView | null {
  if (!application || !schedule) return null;

  const currency = application.currency?.trim() || schedule.currency?.trim() || DEFAULT_CURRENCY;
  const money = (value: Decimal | Amount) => formatZar(value, { currency });
  const paymentList = payments ?? [];
  // A reversed payment is listed, and counts for nothing.
  const inForce = paymentList.filter((payment) => !payment.reversedOn);
  const totalPaid = sumDecimal(inForce.map((payment) => payment.amount));
  const feesPaid = sumDecimal(inForce.map((payment) => payment.platformFee ?? 0));
  const instalmentFee = toDecimal(schedule.installmentFee);
  const instalment = toDecimal(schedule.installmentAmount);
  const hasId =
    application.id !== null && application.id !== undefined && String(application.id).trim() !== '';
  const name = [user?.firstName?.trim(), user?.lastName?.trim()].filter(Boolean).join(' ');
  const overdue = toDecimal(schedule.servicing?.amountOverdue)?.gt(0) ?? false;
  const daysLate = schedule.servicing?.daysPastDue ?? 0;

  return {
    title: 'Statement',
    brandLine: BRAND_LINE,
    generatedOn: formatStatementDate(now),
    footer: STATEMENT_FOOTER,
    currency,
    financing: {
      accountNumber: hasId ? String(application.id) : 'N/A',
      paymentReference:
        hasId && Number.isSafeInteger(Number(application.id)) && Number(application.id) > 0
          ? paymentReferenceFor(Number(application.id))
          : 'N/A',
      // Upper-cased as the statement prints it, in words: 'UNDER REVIEW', 'REPAID', never a stored code.
      status: schedule.forgiven
        ? 'BALANCE FORGIVEN'
        : upperOr(application.status ? statusLabel(application.status) : null, 'UNKNOWN'),
      financedAmount: money(
        isPresent(application.approvedAmount) ? application.approvedAmount : application.requestedAmount,
      ),
      initiationDate: formatStatementDate(toInstant(application.createdAt) ?? now),
      paidOutOn: schedule.paidOutOn ? formatStatementDate(schedule.paidOutOn) : null,
      paidTo: schedule.payoutAccount?.trim() || null,
      payoutReference: schedule.payoutReference?.trim() || null,
    },
    accountHolder: {
      name: name || MISSING,
      email: text(user?.username),
      country: text(user?.country),
      city: text(user?.city),
      creatorType: creatorTypeLabel(user?.creatorType),
    },
    summary: {
      totalAmount: money(schedule.totalAmount),
      totalPaid: money(totalPaid),
      feesPaid: money(feesPaid),
      totalPaidWithFees: money(totalPaid.plus(feesPaid)),
      remainingBalance: money(remainingBalance(schedule, totalPaid)),
      paymentSchedule: upperOr(
        schedule.frequency ? FREQUENCY_WORDS[asScheduleFrequency(schedule.frequency)] : null,
        'Not Set',
      ),
      instalment:
        instalment && instalmentFee
          ? `${money(instalment)} + ${money(instalmentFee)} fee`
          : money(schedule.installmentAmount),
      instalmentWithFee: money(instalment && instalmentFee ? instalment.plus(instalmentFee) : null),
      dueDateLabel: overdue ? 'Oldest unpaid due date' : 'Next due date',
      nextDueDate:
        overdue && daysLate > 0
          ? `${formatStatementDate(schedule.nextPaymentDate)} (${daysLate} ${daysLate === 1 ? 'day' : 'days'} late)`
          : formatStatementDate(schedule.nextPaymentDate),
      showAmountOverdue: overdue,
      amountOverdue: money(schedule.servicing?.amountOverdue),
      showMonthlyWithholding: schedule.paymentMethod === 'platform_earnings',
      monthlyWithholding: money(
        monthlyWithholdingAmount(application.monthlyRevenue, schedule.withholdingPercentage),
      ),
    },
    showPaymentHistory: paymentList.length > 0,
    payments: chronological(paymentList).map((payment) => {
      const amount = toDecimal(payment.amount);
      const fee = toDecimal(payment.platformFee) ?? new Decimal(0);
      return {
        date: formatStatementDate(payment.paymentDate),
        amount: money(payment.amount),
        fee: money(fee),
        total: money(amount ? amount.plus(fee) : null),
        notes: text(payment.notes),
        reversed: payment.reversedOn
          ? `Reversed on ${formatStatementDate(payment.reversedOn)}${payment.reversalReason?.trim() ? `: ${payment.reversalReason.trim()}` : ''}`
          : null,
      };
    }),
    quote: quote ? quoteText(quote, currency) : null,
    history: [
      ...(loanHistory.restructures ?? []).map(
        (r) =>
          `${formatStatementDate(r.restructuredOn)}: ${money(r.balance)} spread over ${r.months} ${r.months === 1 ? 'month' : 'months'}, instalments #${r.firstNumber}-#${r.lastNumber} of ${money(r.instalmentAmount)} (before: ${money(r.previousInstalmentAmount)}, ending ${formatStatementDate(r.previousEndDate)}; ${r.replacedCount} open ${r.replacedCount === 1 ? 'instalment' : 'instalments'} replaced${r.wasDefaulted ? '; the loan was in default' : ''}). No extra cost.`,
      ),
      ...(schedule.forgiven
        ? [
            `${formatStatementDate(schedule.forgiven.on)}: the balance of ${money(schedule.forgiven.amount)} was forgiven after the loan was in default. Nothing more is owed.`,
          ]
        : []),
    ],
    forbearance: !loanHistory.forbearance
      ? null
      : loanHistory.forbearance.status === 'probation'
        ? 'Restructured: in probation until three instalments in a row are paid on time.'
        : `Restructured: out of probation since ${formatStatementDate(loanHistory.forbearance.curedOn)}, three instalments in a row paid on time.`,
  };
}
