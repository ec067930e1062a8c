// Which application status changes are allowed, and by whom
// (docs/decisions/008-application-status-machine.md). Services enforce it; the UI only mirrors it.
import type { ApplicationStatus, ProductionStatus } from './constants';

export type Actor = 'creator' | 'admin' | 'system';
export type Transition = { from: ProductionStatus; to: ProductionStatus; actors: readonly Actor[] };

const TRANSITIONS: readonly Transition[] = [
  // Review decisions.
  { from: 'pending_review', to: 'approved', actors: ['admin'] },
  { from: 'pending_review', to: 'rejected', actors: ['admin'] },
  { from: 'approved', to: 'pending_review', actors: ['admin'] },
  { from: 'approved', to: 'rejected', actors: ['admin'] },
  { from: 'rejected', to: 'pending_review', actors: ['admin'] },
  // The quote is the contract: the admin's setup is an offer; the creator accepts a quote (their
  // own plan's, or the offer); the payout (a step of its own) starts the loan with its schedule.
  { from: 'approved', to: 'offered', actors: ['admin'] },
  { from: 'offered', to: 'offered', actors: ['admin'] },
  { from: 'offered', to: 'approved', actors: ['admin'] },
  // Before the payout the lender may still take the approval back (the creator is told) or decline.
  { from: 'offered', to: 'pending_review', actors: ['admin'] },
  { from: 'offered', to: 'rejected', actors: ['admin'] },
  { from: 'accepted', to: 'pending_review', actors: ['admin'] },
  { from: 'accepted', to: 'rejected', actors: ['admin'] },
  { from: 'approved', to: 'accepted', actors: ['creator'] },
  { from: 'offered', to: 'accepted', actors: ['creator'] },
  { from: 'accepted', to: 'active', actors: ['admin'] },
  // Cancellation: creator or admin while nothing has been paid out. Cancelled is final.
  { from: 'pending_review', to: 'cancelled', actors: ['creator', 'admin'] },
  { from: 'approved', to: 'cancelled', actors: ['creator', 'admin'] },
  { from: 'offered', to: 'cancelled', actors: ['creator', 'admin'] },
  { from: 'accepted', to: 'cancelled', actors: ['creator', 'admin'] },
  // Servicing.
  { from: 'active', to: 'completed', actors: ['system'] },
  // A reversed payment that had closed the loan (bounced, or recorded in error) opens it again.
  { from: 'completed', to: 'active', actors: ['admin'] },
  { from: 'active', to: 'defaulted', actors: ['system'] },
  { from: 'defaulted', to: 'active', actors: ['system'] },
  // Paid in full (the system), or a written-off balance forgiven (staff, under dual control).
  { from: 'defaulted', to: 'completed', actors: ['system', 'admin'] },
];

export const isTestingStatus = (status: string): boolean => status.endsWith('_testing');

/** Loans that were paid out: being repaid, in default, or repaid in full (the Act's record and the bureau are about these). */
export const PAID_OUT_STATUSES = ['active', 'defaulted', 'completed'] as const;

/** The production status behind a status (strips `_testing`). */
export const baseStatus = (status: string): ProductionStatus =>
  status.replace(/_testing$/, '') as ProductionStatus;

/** The same status in the application's own world (testing applications keep the suffix). */
export const sameWorld = (current: string, target: ProductionStatus): ApplicationStatus =>
  (isTestingStatus(current) ? `${target}_testing` : target) as ApplicationStatus;

export function canTransition(from: string, to: string, actor: Actor): boolean {
  if (isTestingStatus(from) !== isTestingStatus(to)) return false;
  const f = baseStatus(from);
  const t = baseStatus(to);
  return TRANSITIONS.some((tr) => tr.from === f && tr.to === t && tr.actors.includes(actor));
}

/** Statuses of a loan being serviced: it takes payments and has a position (a loan in default still pays). */
export const SERVICED_STATUSES: readonly ProductionStatus[] = ['active', 'defaulted'];
export const isServicedStatus = (status: string): boolean => SERVICED_STATUSES.includes(baseStatus(status));

export const isCancellable = (status: string) =>
  ['pending_review', 'approved', 'offered', 'accepted'].includes(baseStatus(status));
export const isFinal = (status: string) => ['cancelled', 'completed'].includes(baseStatus(status));

/** Statuses an admin may pick in the Edit Application dialog. */
export const ADMIN_SELECTABLE_STATUSES = ['pending_review', 'approved', 'rejected', 'active'] as const;
export type AdminSelectableStatus = (typeof ADMIN_SELECTABLE_STATUSES)[number];

/**
 * The statuses the Edit Application dialog offers from `current`, in ADMIN_SELECTABLE_STATUSES order: the
 * current one (when selectable) and each the server's updateApplicationByAdmin accepts from it: an admin
 * transition of the status machine, never Active (only the payout starts a loan).
 */
export function adminStatusChoices(current: string, _hasSchedule: boolean): AdminSelectableStatus[] {
  const base = baseStatus(current);
  return ADMIN_SELECTABLE_STATUSES.filter(
    (status) =>
      status === base || (status !== 'active' && canTransition(current, sameWorld(current, status), 'admin')),
  );
}

/**
 * Repayment terms can be previewed (POST .../preview-terms) under review, approved or offered, without a schedule:
 * an admin changing an offer (offered -> offered) prices the new one first, as the first was.
 */
export const canPreviewTerms = (status: string, hasSchedule: boolean): boolean =>
  !hasSchedule && ['pending_review', 'approved', 'offered'].includes(baseStatus(status));

/** The words a person reads for each status, capitalised as written (no CSS `capitalize` needed). */
export const STATUS_LABELS: Record<ProductionStatus, string> = {
  pending_review: 'Under Review',
  approved: 'Approved',
  offered: 'Offer made',
  accepted: 'Accepted, awaiting payout',
  rejected: 'Rejected',
  active: 'Active',
  defaulted: 'Defaulted',
  cancelled: 'Cancelled',
  completed: 'Repaid',
};

/** A code with no label of its own ('pending', a schedule's) as a word: 'Pending', never the stored code. */
const wordOf = (code: string) => {
  const words = code.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The one word for a status on every screen, toast, statement and CSV (STATUS_LABELS): 'Under Review', 'Approved',
 * 'Repaid' for completed, and so on; a test application says so ('Under Review (test)'), never
 * 'pending_review_testing'. A repayment schedule's status reads the same ('Active', 'Repaid', 'Defaulted').
 */
export function statusLabel(status: string): string {
  const base = baseStatus(status);
  const label = Object.hasOwn(STATUS_LABELS, base) ? STATUS_LABELS[base] : wordOf(base);
  return isTestingStatus(status) ? `${label} (test)` : label;
}
