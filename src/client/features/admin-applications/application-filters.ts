// Pure rules of the Applications tab: the list's state in the address (page,
// sort, search, status chips; the server pages, sorts and filters), the actions a row offers and the score
// band. Kept out of the components so they can be unit-tested.

import { MIN_REQUESTED_AMOUNT } from '../../../shared/constants';
import {
  ADMIN_APPLICATION_SORTS,
  APPLICATION_STATUS_CHIPS,
  type ApplicationStatusChip,
} from '../../../shared/schemas/admin-lists';
import {
  adminStatusChoices,
  baseStatus,
  canPreviewTerms,
  isServicedStatus,
} from '../../../shared/status-machine';
import { formatZarWhole } from '../../lib/format';
import {
  type ListState,
  listApiParams,
  readListState,
  type SortValue,
  writeListState,
} from '../../lib/list-params';
import type { ListedApplication } from '../applications';

/** The chips, in the order an application moves through them (the server's contract). Testing statuses
 *  count as their base. */
export const STATUS_FILTERS = APPLICATION_STATUS_CHIPS;
export type StatusFilter = ApplicationStatusChip;

export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  pending_review: 'Under Review',
  approved: 'Approved',
  offered: 'Offer made',
  accepted: 'Awaiting payout',
  active: 'Active',
  rejected: 'Rejected',
  defaulted: 'Defaulted',
  completed: 'Repaid',
  cancelled: 'Cancelled',
};

const clean = (value: string | null | undefined) => value?.trim() ?? '';

/** What applicantName reads: a list row and a loaded application with its applicant both have it. */
interface NamedApplication {
  firstName: string | null;
  lastName: string | null;
  user?: { firstName?: string | null; lastName?: string | null; username?: string } | null;
}

/** The applicant's name: the account holder's first and last name, else the names on the application. */
export function applicantName(application: NamedApplication): string {
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

// ---------------------------------------------------------------------------------------------------
// The list's state in the address: page, page size, sort, search and the status chips.

export type ApplicationSortColumn = (typeof ADMIN_APPLICATION_SORTS)[number];
const DEFAULT_APPLICATION_SORT: SortValue<ApplicationSortColumn> = '-createdAt';

export interface ApplicationsListState extends ListState<ApplicationSortColumn> {
  /** The chosen chips in the chips' own order; empty means every status. */
  status: StatusFilter[];
}

/** Which way a header sorts on its first click: newest, largest and best first; statuses A to Z. */
export const APPLICATION_SORT_FIRST_DESCENDING: Record<ApplicationSortColumn, boolean> = {
  createdAt: true,
  requestedAmount: true,
  creditScore: true,
  status: false,
};

/** The phone's Sort by choices (the table sorts by its headers). */
export const APPLICATION_SORT_OPTIONS: ReadonlyArray<{
  value: SortValue<ApplicationSortColumn>;
  label: string;
}> = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: '-requestedAmount', label: 'Amount: high to low' },
  { value: 'requestedAmount', label: 'Amount: low to high' },
  { value: '-creditScore', label: 'Credit score: high to low' },
  { value: 'creditScore', label: 'Credit score: low to high' },
  { value: 'status', label: 'Status: A to Z' },
  { value: '-status', label: 'Status: Z to A' },
];

/** 'approved,pending_review' -> the known chips in the chips' order, once each; unknown ones dropped. */
function readStatusChips(value: string | null): StatusFilter[] {
  const asked = new Set((value ?? '').split(',').map((s) => s.trim()));
  return STATUS_FILTERS.filter((chip) => asked.has(chip));
}

export function applicationsStateFromParams(params: URLSearchParams): ApplicationsListState {
  return {
    ...readListState(params, ADMIN_APPLICATION_SORTS, DEFAULT_APPLICATION_SORT),
    status: readStatusChips(params.get('status')),
  };
}

/** The state written into `params` (other keys, such as ?tab=, are kept); defaults are left out. */
export function applicationsStateToParams(
  state: ApplicationsListState,
  params: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  writeListState(params, state, DEFAULT_APPLICATION_SORT);
  params.delete('status');
  const status = readStatusChips(state.status.join(','));
  if (status.length > 0) params.set('status', status.join(','));
  return params;
}

/** GET /api/admin/applications's query for this state ('page=1&pageSize=50&sort=-createdAt&status=a,b'). */
export function applicationsApiQuery(state: ApplicationsListState): string {
  const params = listApiParams(state);
  if (state.status.length > 0) params.set('status', state.status.join(','));
  return params.toString();
}

export function hasApplicationFilters(state: Pick<ApplicationsListState, 'search' | 'status'>): boolean {
  return state.search !== '' || state.status.length > 0;
}

export function toggled<T>(values: ReadonlyArray<T>, value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

interface AdminRowActions {
  /** Approved and no schedule yet: the setup sends the creator an offer. */
  setupRepayment: boolean;
  /** An offer waits for the creator ('Offer sent'): a new one may replace it. */
  changeOffer: boolean;
  /** The creator accepted (their plan or the offer): the admin records the payout, which starts the loan. */
  recordPayout: boolean;
  /** Active, or any application with a schedule. */
  addPayment: boolean;
  /**
   * No schedule yet: the server deletes only an application without a schedule or payments (money history
   * stays), and payments are recorded only against a schedule.
   */
  remove: boolean;
}

export function adminRowActions(application: {
  status: string;
  repaymentSchedule: unknown;
}): AdminRowActions {
  const base = baseStatus(application.status);
  const hasSchedule = Boolean(application.repaymentSchedule);
  return {
    setupRepayment: base === 'approved' && !hasSchedule,
    changeOffer: base === 'offered' && !hasSchedule,
    recordPayout: base === 'accepted' && !hasSchedule,
    // A payment goes to a loan being repaid or in default (a recovery once written off), never to a repaid one.
    addPayment: hasSchedule && isServicedStatus(base),
    remove: !hasSchedule,
  };
}

/**
 * What picking a status in the Edit dialog does first: a rejection asks for the reason for the creator, an approval
 * for the amount approved (docs/lending.md, "Approval and payout"), and taking an approval back (to Under Review
 * from approved, offered or accepted) asks for confirmation, since the creator is told and every open quote is
 * withdrawn. Anything else is saved at once.
 */
export type StatusChangeStep = 'save' | 'reject' | 'approve' | 'takeBack';

export function statusChangeStep(current: string, chosen: string): StatusChangeStep {
  if (chosen === 'rejected') return 'reject';
  if (chosen === 'approved') return 'approve';
  if (chosen === 'pending_review' && ['approved', 'offered', 'accepted'].includes(baseStatus(current))) {
    return 'takeBack';
  }
  return 'save';
}

/**
 * Why an approved amount cannot be sent, or null when it can: whole rand, at least the smallest financing and at
 * most the amount requested (the server's rule, which answers the same refusal).
 */
export function approvedAmountError(value: number | undefined, requestedAmount: number): string | null {
  if (value === undefined || !Number.isFinite(value)) return 'Enter the approved amount';
  if (!Number.isInteger(value)) return 'The approved amount is a whole number of rand';
  if (value < MIN_REQUESTED_AMOUNT)
    return `The approved amount is at least ${formatZarWhole(MIN_REQUESTED_AMOUNT)}`;
  if (value > requestedAmount) {
    return `The approved amount cannot be more than the ${formatZarWhole(requestedAmount)} requested`;
  }
  return null;
}

export { scoreTone } from '../../lib/badge-tones';

/**
 * The preview applies only while the server prices one (the status machine's canPreviewTerms): without a
 * schedule, while under review or approved.
 */
export function previewApplies(
  application: Pick<ListedApplication, 'status' | 'repaymentSchedule'>,
): boolean {
  return canPreviewTerms(application.status, Boolean(application.repaymentSchedule));
}

/** The Edit dialog's status choices: the current status and those the server accepts from it. */
export function statusChoices(application: Pick<ListedApplication, 'status' | 'repaymentSchedule'>) {
  return adminStatusChoices(application.status, Boolean(application.repaymentSchedule));
}

/** Amount and period can be edited only while the application is under review. */
export function detailsEditable(application: ListedApplication): boolean {
  return baseStatus(application.status) === 'pending_review';
}
