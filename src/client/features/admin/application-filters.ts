// Pure rules of the Applications tab (spec section 2, "Admin panel"): search, status chips, the actions a
// row offers and the score band. Kept out of the components so they can be unit-tested.
import { EXCELLENT_FROM, GOOD_FROM } from '../../../shared/scoring/credit-score';
import { baseStatus } from '../../../shared/status-machine';
import type { Application } from '../applications/types';
import type { AdminApplication } from './admin-types';

/** The chips, in the order an application moves through them. Testing statuses count as their base. */
export const STATUS_FILTERS = [
  'pending_review',
  'approved',
  'active',
  'rejected',
  'defaulted',
  'completed',
  'cancelled',
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  pending_review: 'Under Review',
  approved: 'Approved',
  active: 'Active',
  rejected: 'Rejected',
  defaulted: 'Defaulted',
  completed: 'Repaid',
  cancelled: 'Cancelled',
};

const clean = (value: string | null | undefined) => value?.trim() ?? '';

/** The applicant's name: the account holder's first and last name, else the names on the application. */
export function applicantName(application: AdminApplication): string {
  const fromUser = [clean(application.user?.firstName), clean(application.user?.lastName)]
    .filter(Boolean)
    .join(' ');
  if (fromUser) return fromUser;
  const fromApplication = [clean(application.firstName), clean(application.lastName)]
    .filter(Boolean)
    .join(' ');
  return fromApplication || application.user?.username || '-';
}

/** 'Business' or 'Personal' ('individual' reads as personal). */
export function applicationTypeLabel(type: string | null | undefined): string {
  if (type === 'business') return 'Business';
  if (type === 'personal' || type === 'individual') return 'Personal';
  return type ? type.charAt(0).toUpperCase() + type.slice(1) : '-';
}

function normalise(text: string): string {
  return text.toLocaleLowerCase('en-ZA').normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ');
}

/**
 * Whether the application matches the search box: its id (typed as '12' or '#12', matched exactly), or
 * part of the applicant's name, the names on the application, the business name or the username.
 */
export function matchesSearch(application: AdminApplication, query: string): boolean {
  const q = normalise(query.trim());
  if (q === '') return true;
  const asId = q.replace(/^#/, '');
  if (/^\d+$/.test(asId) && String(application.id) === asId) return true;
  const haystack = [
    applicantName(application),
    [application.firstName, application.lastName].filter(Boolean).join(' '),
    application.businessName,
    application.user?.username,
  ]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map(normalise);
  return haystack.some((text) => text.includes(q));
}

export function matchesStatus(application: Pick<Application, 'status'>, statuses: ReadonlySet<string>) {
  return statuses.size === 0 || statuses.has(baseStatus(application.status));
}

/** The rows the tab shows: newest first, narrowed by the search box and the chosen status chips. */
export function filterApplications(
  applications: ReadonlyArray<AdminApplication>,
  query: string,
  statuses: ReadonlySet<string>,
): AdminApplication[] {
  return applications
    .filter((application) => matchesStatus(application, statuses) && matchesSearch(application, query))
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
}

/** How many applications each chip would show (ignoring the other chips, honouring nothing else). */
export function statusCounts(applications: ReadonlyArray<Application>): Record<StatusFilter, number> {
  const counts = Object.fromEntries(STATUS_FILTERS.map((s) => [s, 0])) as Record<StatusFilter, number>;
  for (const application of applications) {
    const base = baseStatus(application.status) as StatusFilter;
    if (base in counts) counts[base] += 1;
  }
  return counts;
}

export function toggled<T>(set: ReadonlySet<T>, value: T): Set<T> {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
}

export interface AdminRowActions {
  /** Approved and no schedule yet (spec section 2). */
  setupRepayment: boolean;
  /** Active, or any application with a schedule. */
  addPayment: boolean;
}

export function adminRowActions(application: Application): AdminRowActions {
  const base = baseStatus(application.status);
  const hasSchedule = Boolean(application.repaymentSchedule);
  return {
    setupRepayment: base === 'approved' && !hasSchedule,
    addPayment: base === 'active' || hasSchedule,
  };
}

export type ScoreTone = 'excellent' | 'good' | 'fair' | 'none';

/** Score badge bands (spec section 9): 80+ excellent, 60-79 good, below 60 fair. */
export function scoreTone(score: number | null | undefined): ScoreTone {
  if (typeof score !== 'number' || !Number.isFinite(score)) return 'none';
  if (score >= EXCELLENT_FROM) return 'excellent';
  if (score >= GOOD_FROM) return 'good';
  return 'fair';
}

/** The preview and the period editor apply only without a schedule, while under review or approved. */
export function previewApplies(application: Application): boolean {
  return (
    !application.repaymentSchedule && ['pending_review', 'approved'].includes(baseStatus(application.status))
  );
}

/** Amount and period can be edited only while the application is under review. */
export function detailsEditable(application: Application): boolean {
  return baseStatus(application.status) === 'pending_review';
}

/** The Edit dialog's period: whole months held to 1-36 (spec section 5, "Admin edit"). */
export function clampPeriod(value: number): number {
  return Math.min(36, Math.max(1, Math.trunc(value)));
}
