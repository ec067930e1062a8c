// Which of the creator's applications the dashboard's cards and plans describe, and what a plan's instalments are
// keyed by: order and status only, no money arithmetic, so the router can work out the dashboard's reads from
// the list before the page's code (and its finance modules) arrive (app/router.tsx). selectors.ts re-exports them.
import { baseStatus } from '../../../shared/status-machine';
import type { ListedApplication, RepaymentSchedule } from './types';

/** An ISO instant in milliseconds; missing or unreadable ones sort last. */
export function timeOf(value: string | null | undefined): number {
  if (!value) return Number.NEGATIVE_INFINITY;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Newest first by createdAt, then by id; the server already sends this order, this only guarantees it. */
export function newestFirst<T extends Pick<ListedApplication, 'createdAt' | 'id'>>(
  applications: ReadonlyArray<T>,
): T[] {
  return [...applications].sort((a, b) => timeOf(b.createdAt) - timeOf(a.createdAt) || b.id - a.id);
}

export const isCancelled = (application: Pick<ListedApplication, 'status'>) =>
  baseStatus(application.status) === 'cancelled';

/** The Application History rows: cancelled applications are hidden. */
export function visibleApplications(applications: ReadonlyArray<ListedApplication>): ListedApplication[] {
  return newestFirst(applications).filter((application) => !isCancelled(application));
}

/**
 * The application the score and financing cards describe. A cancelled one is skipped: it is hidden
 * everywhere else on the dashboard, and its score or amount no longer says anything about the creator.
 */
export function latestApplication(applications: ReadonlyArray<ListedApplication>): ListedApplication | null {
  return visibleApplications(applications)[0] ?? null;
}

/** Statuses whose plan card shows on the dashboard: being repaid, in default (the creator still owes it and must
 * see what is late), or repaid. */
const PLAN_STATUSES = ['active', 'defaulted', 'completed'];

/** Applications with a plan card on the dashboard: active, defaulted or repaid, with a schedule. */
export function repaymentPlanApplications(
  applications: ReadonlyArray<ListedApplication>,
): Array<ListedApplication & { repaymentSchedule: RepaymentSchedule }> {
  return newestFirst(applications).filter(
    (application): application is ListedApplication & { repaymentSchedule: RepaymentSchedule } =>
      PLAN_STATUSES.includes(baseStatus(application.status)) && !!application.repaymentSchedule,
  );
}

/**
 * What a plan's instalments (GET /api/applications/{id}/servicing) are keyed by: anything that changes when the
 * loan does, as the polled list shows it, so they are read again then and not every second with the list.
 */
export function planServicingVersion(
  application: ListedApplication & { repaymentSchedule: RepaymentSchedule },
) {
  const schedule = application.repaymentSchedule;
  return `${schedule.remainingAmount}:${schedule.nextPaymentDate}:${application.status}`;
}

export type PlanGroupKey = 'active' | 'defaulted' | 'repaid';

/**
 * The plan cards by where the loan stands, each group under its own heading: only loans being repaid are
 * "Active Repayment Plans"; a loan in default and a repaid one are not active and say so. Empty groups are
 * left out.
 */
export function repaymentPlanGroups(applications: ReadonlyArray<ListedApplication>) {
  const plans = repaymentPlanApplications(applications);
  const groups: Array<{ key: PlanGroupKey; title: string; plans: typeof plans }> = [
    { key: 'active', title: 'Active Repayment Plans', plans: [] },
    { key: 'defaulted', title: 'Financing in Default', plans: [] },
    { key: 'repaid', title: 'Repaid Financing', plans: [] },
  ];
  for (const plan of plans) {
    const status = baseStatus(plan.status);
    groups[status === 'active' ? 0 : status === 'defaulted' ? 1 : 2]!.plans.push(plan);
  }
  return groups.filter((group) => group.plans.length > 0);
}
