// Pure rules of the dashboard's application views (spec section 2, "/dashboard"; section 4), kept out
// of the components so they can be unit-tested and read in one place.
import { businessDate } from '../../../shared/business-date';
import { planInstalments } from '../../../shared/finance/instalments';
import { sumDecimal, toDecimal, toMoneyString } from '../../../shared/finance/money';
import { type CreatorPlanMethod, previewTerms } from '../../../shared/finance/repayment-plan';
import { remainingBalance as statementRemainingBalance } from '../../../shared/finance/statement';
import { baseStatus, isCancellable, isTestingStatus, STATUS_LABELS } from '../../../shared/status-machine';
import type { Application, Payment, RepaymentSchedule } from './types';

function time(value: string | null | undefined): number {
  if (!value) return Number.NEGATIVE_INFINITY;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Newest first by createdAt, then by id; the server already sends this order, this only guarantees it. */
export function newestFirst(applications: ReadonlyArray<Application>): Application[] {
  return [...applications].sort((a, b) => time(b.createdAt) - time(a.createdAt) || b.id - a.id);
}

export const isCancelled = (application: Pick<Application, 'status'>) =>
  baseStatus(application.status) === 'cancelled';

/** The Application History rows: cancelled applications are hidden. */
export function visibleApplications(applications: ReadonlyArray<Application>): Application[] {
  return newestFirst(applications).filter((application) => !isCancelled(application));
}

/**
 * The application the score and financing cards describe. A cancelled one is skipped: it is hidden
 * everywhere else on the dashboard, and its score or amount no longer says anything about the creator.
 */
export function latestApplication(applications: ReadonlyArray<Application>): Application | null {
  return visibleApplications(applications)[0] ?? null;
}

/** businessName, else first and last name, else '-'. */
export function applicationDisplayName(application: Application): string {
  const business = application.businessName?.trim();
  if (business) return business;
  const person = [application.firstName?.trim(), application.lastName?.trim()].filter(Boolean).join(' ');
  return person || '-';
}

/** 'Under Review' for pending_review, 'Repaid' for completed, the raw value otherwise (testing ones too). */
export function statusLabel(status: string): string {
  if (isTestingStatus(status)) return status;
  if (status === 'completed') return 'Repaid';
  return STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status;
}

export type StatusTone = 'success' | 'warning' | 'destructive' | 'info' | 'secondary';

export function statusTone(status: string): StatusTone {
  switch (baseStatus(status)) {
    case 'approved':
    case 'completed':
      return 'success';
    case 'pending_review':
      return 'warning';
    case 'rejected':
    case 'defaulted':
      return 'destructive';
    case 'active':
      return 'info';
    default:
      return 'secondary';
  }
}

export interface RowActions {
  setupRepayment: boolean;
  viewDetails: boolean;
  cancel: boolean;
  /** The 'Payment Schedule Active' marker. */
  scheduleActive: boolean;
}

export function rowActions(application: Application): RowActions {
  const base = baseStatus(application.status);
  const hasSchedule = application.repaymentSchedule !== null && application.repaymentSchedule !== undefined;
  return {
    setupRepayment: base === 'approved' && !hasSchedule,
    viewDetails: base === 'active' || hasSchedule,
    cancel: isCancellable(application.status),
    scheduleActive: hasSchedule,
  };
}

/** Applications shown under Active Repayment Plans: active or repaid, with a schedule. */
export function repaymentPlanApplications(
  applications: ReadonlyArray<Application>,
): Array<Application & { repaymentSchedule: RepaymentSchedule }> {
  return newestFirst(applications).filter(
    (application): application is Application & { repaymentSchedule: RepaymentSchedule } =>
      ['active', 'completed'].includes(baseStatus(application.status)) && !!application.repaymentSchedule,
  );
}

export const isRepaid = (application: Pick<Application, 'status'>) =>
  baseStatus(application.status) === 'completed';

/** Latest payment first; undated payments last. */
export function paymentsNewestFirst(payments: ReadonlyArray<Payment> | null | undefined): Payment[] {
  return [...(payments ?? [])].sort(
    (a, b) => time(b.paymentDate) - time(a.paymentDate) || (b.id ?? 0) - (a.id ?? 0),
  );
}

/** Sum of the payment amounts; a non-numeric amount counts as 0 (section 9, statement rules). */
export function totalPaid(payments: ReadonlyArray<Payment> | null | undefined): string {
  return toMoneyString(sumDecimal((payments ?? []).map((payment) => payment.amount)));
}

/** The statement's rule: the stored balance wins; without one, total less paid, never below zero. */
export function remainingBalance(schedule: RepaymentSchedule): string | null {
  const paid = sumDecimal((schedule.payments ?? []).map((payment) => payment.amount));
  const balance = statementRemainingBalance(schedule, paid);
  return balance ? toMoneyString(balance) : null;
}

export interface NextPayment {
  date: Date;
  /** No due date is stored, so one month from today is shown. */
  assumed: boolean;
  /** Platform-earnings plans are repaid from earnings as they come in, so the date is an estimate. */
  estimated: boolean;
}

function addOneMonth(date: Date): Date {
  const next = new Date(date.getTime());
  const day = next.getDate();
  next.setDate(1);
  next.setMonth(next.getMonth() + 1);
  const lastDay = new Date(next.getFullYear(), next.getMonth() + 1, 0).getDate();
  next.setDate(Math.min(day, lastDay));
  return next;
}

export function nextPayment(schedule: RepaymentSchedule, now: Date = new Date()): NextPayment {
  const stored = schedule.nextPaymentDate ? new Date(schedule.nextPaymentDate) : null;
  const valid = stored && !Number.isNaN(stored.getTime()) ? stored : null;
  return {
    date: valid ?? addOneMonth(now),
    assumed: valid === null,
    estimated: schedule.paymentMethod === 'platform_earnings',
  };
}

/** Combined monthlyEarnings of every platform in the user's socialMediaData, as a money string. */
export function combinedMonthlyEarnings(socialMediaData: unknown): { total: string; platforms: number } {
  if (typeof socialMediaData !== 'object' || socialMediaData === null) return { total: '0.00', platforms: 0 };
  const entries = Object.values(socialMediaData as Record<string, unknown>).filter(
    (entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null,
  );
  return {
    total: toMoneyString(sumDecimal(entries.map((entry) => entry.monthlyEarnings))),
    platforms: entries.length,
  };
}

/**
 * The body the spec's client sends to POST /api/applications/{id}/schedule. The server ignores the
 * figures and computes its own (ARCHITECTURE section 4); they are sent because the contract lists them.
 */
export function schedulePayload(application: Application, method: CreatorPlanMethod, now: Date = new Date()) {
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
