// Dual control (maker-checker): the changes one staff member asks for and a second, different one approves before
// they happen (docs/decisions/028-dual-control.md). Each kind needs the duty of the change itself from both people.
import type { StaffDuty } from './staff-roles';

export const APPROVAL_KINDS = [
  'application_change',
  'payout',
  'restructure',
  'payment_reversal',
  'role_grant',
  'write_off',
  'balance_forgiveness',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/** pending until a second person approves or rejects it, or its maker withdraws it. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** The duty the maker and the checker both need: the duty of the route that asks for the change. */
export const APPROVAL_DUTY: Record<ApprovalKind, StaffDuty> = {
  application_change: 'underwrite',
  payout: 'finance',
  restructure: 'collect',
  payment_reversal: 'finance',
  role_grant: 'administer',
  write_off: 'finance',
  balance_forgiveness: 'finance',
};

export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  application_change: 'Application decision',
  payout: 'Payout',
  restructure: 'Restructure',
  payment_reversal: 'Payment reversal',
  role_grant: 'Role change',
  write_off: 'Write-off',
  balance_forgiveness: 'Balance forgiveness',
};

export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};
