// Which application the Available Financing card describes, and whether it offers anything.
import { baseStatus } from '../../../shared/status-machine';
import { type ListedApplication, newestFirst } from '../../features/applications';

/**
 * Statuses with money on offer or owed: the card stays on such an application while it lasts. An offer waiting for
 * the creator and an accepted agreement waiting for its payout are money on its way.
 */
const OPEN = new Set(['pending_review', 'approved', 'offered', 'accepted', 'active', 'defaulted']);

/**
 * The newest open application, else the newest of all, cancelled ones included: after a cancellation or a
 * rejection the card says there is nothing to borrow instead of showing an older or an unawarded amount.
 */
export function financingCardApplication(
  applications: ReadonlyArray<ListedApplication>,
): ListedApplication | null {
  const sorted = newestFirst(applications);
  return sorted.find((a) => OPEN.has(baseStatus(a.status))) ?? sorted[0] ?? null;
}

/** A rejected or cancelled application offers nothing to borrow. */
export function offersNothing(application: Pick<ListedApplication, 'status'>): boolean {
  const status = baseStatus(application.status);
  return status === 'rejected' || status === 'cancelled';
}

/** A loan repaid in full (or closed by forgiving what was left): the card offers new financing, not its amount. */
export function isClosedLoan(application: Pick<ListedApplication, 'status'>): boolean {
  return baseStatus(application.status) === 'completed';
}
