// The audit trail's actions (user_admin_actions.action) in words, the one place they are worded: the audit trail,
// a user's activity and the audit CSV all read `auditActionLabel`. The database keeps the machine names (the
// trail's filter matches their start, 'mfa' for every second-factor event); a person reads these words.
import { NCA_EVENT_KINDS } from './compliance/nca-events';

const NCA_EVENT_WORDS = {
  s129_notice: 'NCA section 129 notice sent',
  s129_registered_post: 'NCA section 129 notice sent by registered post',
  enforcement: 'NCA enforcement step taken',
  debt_review: 'NCA debt review started',
  debt_review_order: 'NCA debt review order recorded',
  debt_review_ended: 'NCA debt review ended',
  bureau_adverse_notice: 'NCA credit bureau adverse notice sent',
} as const satisfies Record<(typeof NCA_EVENT_KINDS)[number], string>;

/** Every action the server records, in words (a new action gets its words here). */
export const AUDIT_ACTION_LABELS = {
  account_erased: 'Account erased',
  admin_created: 'Admin created',
  ai_analysis: 'AI analysis',
  application_cancelled: 'Application cancelled',
  application_defaulted: 'Application defaulted',
  application_deleted: 'Application deleted',
  application_submitted: 'Application submitted',
  application_updated: 'Application updated',
  approval_approved: 'Approval given',
  approval_rejected: 'Approval refused',
  approval_requested: 'Approval requested',
  approval_withdrawn: 'Approval request withdrawn',
  authenticator_reset: 'Authenticator reset',
  books_period_closed: 'Books period closed',
  bureau_submission_downloaded: 'Credit bureau submission downloaded',
  capital_received: 'Capital received',
  collections_assigned: 'Collections assigned',
  collections_contact: 'Collections contact logged',
  dashboard_mode_changed: 'Dashboard mode changed',
  data_exported: 'Data exported',
  debit_mandate_authorised: 'Debit order authorised',
  debit_mandate_cancelled: 'Debit order cancelled',
  debit_order_unpaid: 'Debit order unpaid',
  debit_run_built: 'Debit-order run built',
  debit_run_credit_reconciled: 'Debit-order run credit reconciled',
  debit_run_file_downloaded: 'Debit-order run file downloaded',
  debit_run_results_imported: 'Debit-order run results imported',
  deletion_request_withdrawn: 'Deletion request withdrawn',
  deletion_requested: 'Deletion requested',
  earnings_proposal_rejected: 'Earnings proposal rejected',
  earnings_recorded: 'Earnings recorded',
  email_change_cancelled: 'E-mail change cancelled',
  email_change_requested: 'E-mail change requested',
  email_changed: 'E-mail changed',
  forbearance_cured: 'Forbearance cured',
  help_request_closed: 'Help request closed',
  help_requested: 'Help requested',
  impersonation_ended: 'Impersonation ended',
  impersonation_started: 'Impersonation started',
  loan_balance_forgiven: 'Loan balance forgiven',
  loan_cured: 'Loan cured',
  loan_restructured: 'Loan restructured',
  loan_settled: 'Loan settled',
  loan_written_off: 'Loan written off',
  mfa_code_refused: 'MFA code refused',
  mfa_enrolled: 'MFA enrolled',
  mfa_enrolment_started: 'MFA enrolment started',
  mfa_locked: 'MFA locked',
  mfa_recovery_code_used: 'MFA recovery code used',
  mfa_verified: 'MFA verified',
  ...Object.fromEntries(NCA_EVENT_KINDS.map((kind) => [`nca_${kind}`, NCA_EVENT_WORDS[kind]])),
  offer_made: 'Offer made',
  payment_added: 'Payment recorded',
  payment_reminders_off: 'Payment reminders turned off',
  payment_reminders_on: 'Payment reminders turned on',
  payment_reversed: 'Payment reversed',
  payout_recorded: 'Payout recorded',
  platform_connected: 'Platform connected',
  platform_created: 'Platform created',
  platform_disconnected: 'Platform disconnected',
  profile_updated: 'Profile updated',
  promise_to_pay: 'Promise to pay recorded',
  promoted_to_admin: 'Promoted to admin',
  proof_rejected: 'Proof of earnings rejected',
  proof_verified: 'Proof of earnings verified',
  provisions_run: 'Provisions run',
  quote_accepted: 'Quote accepted',
  renegotiation_eligible: 'Eligible for renegotiation',
  settlement_quote_requested: 'Settlement quote requested',
  shortfall_deferred: 'Shortfall deferred',
  sign_in_refused: 'Sign-in refused',
  signed_in: 'Signed in',
  suspense_allocated: 'Suspense payment allocated',
  suspense_received: 'Suspense payment received',
  suspense_refunded: 'Suspense payment refunded',
  top_up_settled: 'Top-up settled',
  user_role_changed: 'User role changed',
  user_status_changed: 'User status changed',
  user_updated: 'User updated',
} as Readonly<Record<string, string>>;

/** The short forms written in capitals wherever they fall in an action's words. */
const ACRONYMS: Readonly<Record<string, string>> = {
  ai: 'AI',
  api: 'API',
  csv: 'CSV',
  id: 'ID',
  mfa: 'MFA',
  nca: 'NCA',
  otp: 'OTP',
  sms: 'SMS',
  vat: 'VAT',
};

/**
 * An audit action in words: 'ai_analysis' -> 'AI analysis', 'payment_added' -> 'Payment recorded'. An action not
 * listed (an old row, a newer server) is still read as words: 'mfa_device_added' -> 'MFA device added'; '-' for none.
 */
export function auditActionLabel(action: string | null | undefined): string {
  const code = (action ?? '').trim();
  const known = Object.hasOwn(AUDIT_ACTION_LABELS, code) ? AUDIT_ACTION_LABELS[code] : undefined;
  if (known) return known;
  const words = code
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => (Object.hasOwn(ACRONYMS, word) ? ACRONYMS[word]! : word));
  if (words.length === 0) return '-';
  const [first, ...rest] = words;
  return [first!.charAt(0).toUpperCase() + first!.slice(1), ...rest].join(' ');
}
