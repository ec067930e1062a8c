// Pure rules of the dashboard's application views, kept out
// of the components so they can be unit-tested and read in one place.
import { bankAccountText } from '../../../shared/bank-account';
import { addMonths, businessDate, isIsoDate } from '../../../shared/business-date';
import { planInstalments } from '../../../shared/finance/instalments';
import { toDecimal, toMoneyString } from '../../../shared/finance/money';
import { type CreatorPlanMethod, previewTerms } from '../../../shared/finance/repayment-plan';
import { remainingBalance as statementRemainingBalance } from '../../../shared/finance/statement';
import { baseStatus, isCancellable } from '../../../shared/status-machine';
import { formatDate } from '../../lib/format';
import { timeOf } from './list-order';
import type { ListedApplication, Payment, RepaymentSchedule, StoredQuote } from './types';

export {
  isCancelled,
  latestApplication,
  newestFirst,
  repaymentPlanApplications,
  visibleApplications,
} from './list-order';

/** businessName, else first and last name, else '-'. */
export function applicationDisplayName(
  application: Pick<ListedApplication, 'businessName' | 'firstName' | 'lastName'>,
): string {
  const business = application.businessName?.trim();
  if (business) return business;
  const person = [application.firstName?.trim(), application.lastName?.trim()].filter(Boolean).join(' ');
  return person || '-';
}

export { type StatusTone, statusLabel, statusTone } from '../../lib/badge-tones';

export interface RowActions {
  /** Approved without a schedule: the creator chooses their plan (accepting its quote). */
  setupRepayment: boolean;
  /** An admin's offer waits: the creator reads it and accepts it ('Review Offer'). */
  reviewOffer: boolean;
  viewDetails: boolean;
  /** Until the payout (under review, approved, offered, accepted): nothing has been paid out yet. */
  cancel: boolean;
  /** The 'Payment Schedule Active' marker: only while the loan is being repaid, never beside Repaid or defaulted. */
  scheduleActive: boolean;
}

export function rowActions(application: ListedApplication): RowActions {
  const base = baseStatus(application.status);
  const hasSchedule = application.repaymentSchedule !== null && application.repaymentSchedule !== undefined;
  return {
    setupRepayment: base === 'approved' && !hasSchedule,
    reviewOffer: base === 'offered' && !hasSchedule,
    // Under review too: the details show where the review stands (received, under review, decision due by).
    viewDetails: base === 'active' || base === 'pending_review' || hasSchedule,
    cancel: isCancellable(application.status),
    scheduleActive: hasSchedule && base === 'active',
  };
}

/** The amount financed: what the approval granted (up to the amount requested), else the amount requested. */
export function financedAmount(
  application: Pick<ListedApplication, 'requestedAmount' | 'approvedAmount'>,
): number {
  return application.approvedAmount ?? application.requestedAmount;
}

/**
 * Accepted and waiting for the payout: where it will go (the bank account on file, 'FNB ..7890'), or null when
 * there is none and the creator must add one in Settings before anything can be paid out. Undefined for any other
 * status: there is no payout to wait for.
 */
export function awaitedPayout(
  application: Pick<ListedApplication, 'status'>,
  user: { bankName: string | null; accountNumber: string | null } | null | undefined,
): { account: string | null } | undefined {
  if (baseStatus(application.status) !== 'accepted') return undefined;
  return { account: user ? bankAccountText(user.bankName, user.accountNumber) : null };
}

/**
 * Whether a stored quote can still be accepted: open (not accepted, replaced or withdrawn) and not past its last day
 * on the South African calendar (the server refuses it the day after, docs/lending.md "The quote is the contract").
 */
export function quoteAcceptable(
  quote: Pick<StoredQuote, 'status' | 'validUntil'>,
  now: Date = new Date(),
): boolean {
  return quote.status === 'open' && quote.validUntil >= businessDate(now);
}

/** 'Paid to FNB ..7890 on 28 Nov 2026': the payout that started the loan, as the schedule keeps it; null before. */
export function paidOutText(
  schedule: Pick<RepaymentSchedule, 'paidOutOn' | 'payoutAccount'> | null | undefined,
): string | null {
  if (!schedule?.paidOutOn) return null;
  const day = formatDate(schedule.paidOutOn);
  return schedule.payoutAccount ? `Paid to ${schedule.payoutAccount} on ${day}` : `Paid out on ${day}`;
}

export const isDefaulted = (application: Pick<ListedApplication, 'status'>) =>
  baseStatus(application.status) === 'defaulted';

/** A loan the creator can still pay towards (and settle early): active or defaulted. */
export const isBeingRepaid = (application: Pick<ListedApplication, 'status'>) =>
  ['active', 'defaulted'].includes(baseStatus(application.status));

export const isRepaid = (application: Pick<ListedApplication, 'status'>) =>
  baseStatus(application.status) === 'completed';

/** Latest payment first; undated payments last. */
export function paymentsNewestFirst(payments: ReadonlyArray<Payment> | null | undefined): Payment[] {
  return [...(payments ?? [])].sort(
    (a, b) => timeOf(b.paymentDate) - timeOf(a.paymentDate) || (b.id ?? 0) - (a.id ?? 0),
  );
}

/** The payments that count: a reversed payment (bounced, or recorded in error) stays listed and counts for nothing. */
export function paymentsInForce(payments: ReadonlyArray<Payment> | null | undefined): Payment[] {
  return (payments ?? []).filter((payment) => !payment.reversedOn);
}

/** 'Reversed on 28 Nov 2026: bounced by the bank' for a reversed payment, null for one in force. */
export function reversalNote(
  payment: Pick<Payment, 'reversedOn'> & { reversalReason?: string | null },
): string | null {
  if (!payment.reversedOn) return null;
  const reason = payment.reversalReason?.trim();
  return `Reversed on ${formatDate(payment.reversedOn)}${reason ? `: ${reason}` : ''}`;
}

/** The statement's rule: the stored balance wins; without one (older rows may lack it), total less paid. */
export function remainingBalance(
  schedule: Pick<RepaymentSchedule, 'totalAmount' | 'paidTotal'> & { remainingAmount?: string | null },
): string | null {
  const balance = statementRemainingBalance(schedule, toDecimal(schedule.paidTotal) ?? toDecimal(0)!);
  return balance ? toMoneyString(balance) : null;
}

export interface NextPayment {
  /** The calendar day ('YYYY-MM-DD') shown as the next due date. */
  date: string;
  /**
   * What to pay now, from the server's position: arrears plus what is still open on the instalment
   * falling due next. Null when the server sent no position (nothing to show but the date).
   */
  amountDueNow: string | null;
  /** The part of amountDueNow that is already late ('0.00' when up to date). */
  amountOverdue: string | null;
  /** The platform fee on amountDueNow paid now, and what the creator hands over in all (null without a position). */
  feeDueNow: string | null;
  totalDueNow: string | null;
  /** The next instalment with something open, with its fee and what it takes in all, when nothing is due now. */
  nextInstalment: { outstanding: string; fee: string; total: string } | null;
  daysPastDue: number;
  /** No due date is known, so one month from today is shown (the fallback). */
  assumed: boolean;
  /** Platform-earnings plans are repaid from earnings as they come in, so the amount is an estimate. */
  estimated: boolean;
}

/** A stored due date as a calendar day: 'YYYY-MM-DD' as it is, an instant as its South African day. */
function calendarDay(value: string | null | undefined): string | null {
  if (!value) return null;
  if (isIsoDate(value)) return value;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : businessDate(instant);
}

/**
 * The plan card's "Next Payment": the instalment falling due next and what is due now, as the server
 * counted them from the instalments. Only when the server knows no due date does it fall back to one month
 * from today (South African calendar).
 */
export function nextPayment(schedule: RepaymentSchedule, now: Date = new Date()): NextPayment {
  const servicing = schedule.servicing;
  // The current period's instalment; once that is paid early, the next one with something open.
  const known =
    calendarDay(servicing?.currentInstalment?.dueDate) ??
    calendarDay(servicing?.nextInstalment?.dueDate) ??
    calendarDay(schedule.nextPaymentDate);
  return {
    date: known ?? addMonths(businessDate(now), 1),
    amountDueNow: servicing ? servicing.amountDueNow : null,
    amountOverdue: servicing ? servicing.amountOverdue : null,
    feeDueNow: servicing ? servicing.feeDueNow : null,
    totalDueNow: servicing ? servicing.totalDueNow : null,
    nextInstalment: servicing?.nextInstalment
      ? {
          outstanding: servicing.nextInstalment.outstanding,
          fee: servicing.nextInstalment.fee,
          total: servicing.nextInstalment.total,
        }
      : null,
    daysPastDue: servicing?.daysPastDue ?? 0,
    assumed: known === null,
    estimated: schedule.paymentMethod === 'platform_earnings',
  };
}

/**
 * The body the original client sends to POST /api/applications/{id}/schedule. The server ignores the
 * figures and computes its own (docs/ARCHITECTURE.md, "Conventions"); they are sent because the contract lists them.
 */
export function schedulePayload(
  application: ListedApplication,
  method: CreatorPlanMethod,
  now: Date = new Date(),
) {
  const choice = { applicationId: application.id, paymentMethod: method, termsAccepted: true as const };
  let terms: ReturnType<typeof previewTerms>;
  try {
    terms = previewTerms({
      requestedAmount: application.requestedAmount,
      monthlyRevenue: application.monthlyRevenue,
      creditScore: application.creditScore,
    });
  } catch {
    // Figures the browser cannot price are not worth failing the setup for: the server prices it anyway.
    return choice;
  }
  const start = businessDate(now);
  const instalments = planInstalments({
    start,
    frequency: 'automatic',
    total: toDecimal(terms.totalAmount)!,
    instalment: toDecimal(terms.installmentAmount)!,
    count: terms.estimatedPeriod,
  });
  return {
    ...choice,
    frequency: 'automatic',
    totalAmount: terms.totalAmount,
    remainingAmount: terms.totalAmount,
    installmentAmount: terms.installmentAmount,
    withholdingPercentage: String(terms.withholdingPercentage),
    estimatedPeriod: terms.estimatedPeriod,
    startDate: start,
    endDate: instalments.at(-1)!.dueDate,
    nextPaymentDate: instalments[0]!.dueDate,
  };
}

/** Instalment tables longer than this open on a window of rows, with a button to show them all. */
export const INSTALMENT_WINDOW = 12;

/**
 * The rows a long instalment table opens on: from the last paid instalment before the oldest open one (for
 * context), `size` rows; short tables show everything. `hidden` is how many rows the window leaves out.
 */
export function instalmentWindow<T extends { amountDue: string; amountPaid: string }>(
  instalments: ReadonlyArray<T>,
  size: number = INSTALMENT_WINDOW,
): { rows: T[]; hidden: number } {
  if (instalments.length <= size) return { rows: [...instalments], hidden: 0 };
  const firstOpen = instalments.findIndex((i) => toDecimal(i.amountPaid)!.lt(i.amountDue));
  const from = firstOpen < 0 ? instalments.length - size : Math.max(0, firstOpen - 1);
  const start = Math.min(from, instalments.length - size);
  return { rows: instalments.slice(start, start + size), hidden: instalments.length - size };
}
