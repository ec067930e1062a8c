// Pure rules of the admin users views, kept out of
// the components so they can be unit-tested.

import Decimal from 'decimal.js';
import { USER_ROLES } from '../../../shared/constants';
import { ADMIN_USER_SORTS } from '../../../shared/schemas/admin-lists';
import { formatDateTimeSast } from '../../lib/format';
import {
  type ListState,
  listApiParams,
  readListState,
  type SortValue,
  writeListState,
} from '../../lib/list-params';

interface NamedUser {
  firstName: string;
  lastName: string;
  username: string;
}

export function fullName(user: Pick<NamedUser, 'firstName' | 'lastName'>): string {
  return [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ') || '-';
}

// ---------------------------------------------------------------------------------------------------
// The Users tab's state in the address: page, size, sort, search, role and status.

export type UserSortColumn = (typeof ADMIN_USER_SORTS)[number];
const DEFAULT_USER_SORT: SortValue<UserSortColumn> = '-createdAt';
export const USER_ROLE_FILTERS = USER_ROLES;
export const USER_STATUS_FILTERS = ['active', 'suspended', 'deleted'] as const;
/** Accounts whose deletion waits for a loan to close (docs/privacy.md). */
export const USER_DELETION_FILTERS = ['requested'] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

export interface UsersListState extends ListState<UserSortColumn> {
  role?: UserRoleFilter;
  status?: UserStatusFilter;
  deletion?: (typeof USER_DELETION_FILTERS)[number];
}

export const USER_SORT_FIRST_DESCENDING: Record<UserSortColumn, boolean> = {
  createdAt: true,
  name: false,
  username: false,
  applicationCount: true,
};

export const USER_SORT_OPTIONS: ReadonlyArray<{ value: SortValue<UserSortColumn>; label: string }> = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: 'name', label: 'Name: A to Z' },
  { value: '-name', label: 'Name: Z to A' },
  { value: 'username', label: 'E-mail: A to Z' },
  { value: '-username', label: 'E-mail: Z to A' },
  { value: '-applicationCount', label: 'Most applications' },
  { value: 'applicationCount', label: 'Fewest applications' },
];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

export function usersStateFromParams(params: URLSearchParams): UsersListState {
  const state: UsersListState = readListState(params, ADMIN_USER_SORTS, DEFAULT_USER_SORT);
  const role = oneOf(USER_ROLE_FILTERS, params.get('role'));
  if (role) state.role = role;
  const status = oneOf(USER_STATUS_FILTERS, params.get('status'));
  if (status) state.status = status;
  const deletion = oneOf(USER_DELETION_FILTERS, params.get('deletion'));
  if (deletion) state.deletion = deletion;
  return state;
}

export function usersStateToParams(
  state: UsersListState,
  params: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  writeListState(params, state, DEFAULT_USER_SORT);
  params.delete('role');
  params.delete('status');
  params.delete('deletion');
  if (state.role) params.set('role', state.role);
  if (state.status) params.set('status', state.status);
  if (state.deletion) params.set('deletion', state.deletion);
  return params;
}

/** GET /api/admin/users's query for this state. */
export function usersApiQuery(state: UsersListState): string {
  const params = listApiParams(state);
  if (state.role) params.set('role', state.role);
  if (state.status) params.set('status', state.status);
  if (state.deletion) params.set('deletion', state.deletion);
  return params.toString();
}

export function hasUserFilters(state: UsersListState): boolean {
  return (
    state.search !== '' ||
    state.role !== undefined ||
    state.status !== undefined ||
    state.deletion !== undefined
  );
}

/** Only active creators can be viewed as: the server refuses admins (403) and inactive accounts (404). */
export function canImpersonate(user: { role: string; status: string }): boolean {
  return user.role === 'user' && user.status === 'active';
}

type UserStatusTone = 'success' | 'warning' | 'destructive' | 'secondary';

export function userStatusTone(status: string): UserStatusTone {
  switch (status) {
    case 'active':
      return 'success';
    case 'suspended':
      return 'warning';
    case 'deleted':
      return 'destructive';
    default:
      return 'secondary';
  }
}

/** 'user_status_changed' -> 'User status changed', 'mfa_enrolled' -> 'MFA enrolled': the audit trail's one wording. */
export { auditActionLabel as actionLabel } from '../../../shared/audit-actions';
export { roleLabel } from '../../../shared/staff-roles';

/** '05 Mar 2026, 14:30' on Johannesburg's clock for the admin-actions log, where the time of day matters. */
export function formatDateTime(value: string | null | undefined, fallback = '-'): string {
  return formatDateTimeSast(value, fallback);
}

/**
 * What a creator still owes on loans being repaid or in default (the server's rule for refusing a deletion): the
 * total and the loans, largest first; null when nothing is owed.
 */
export function balanceOwed(
  applications: ReadonlyArray<{
    id: number;
    repaymentSchedule: { status: string; remainingAmount: string } | null;
  }>,
): { total: string; loans: number[] } | null {
  const owed = applications
    .filter(
      (a) =>
        a.repaymentSchedule &&
        ['active', 'defaulted'].includes(a.repaymentSchedule.status) &&
        new Decimal(a.repaymentSchedule.remainingAmount).gt(0),
    )
    .sort((a, b) =>
      new Decimal(b.repaymentSchedule!.remainingAmount).comparedTo(a.repaymentSchedule!.remainingAmount),
    );
  if (owed.length === 0) return null;
  const total = owed.reduce((sum, a) => sum.plus(a.repaymentSchedule!.remainingAmount), new Decimal(0));
  return { total: total.toFixed(2), loans: owed.map((a) => a.id) };
}
