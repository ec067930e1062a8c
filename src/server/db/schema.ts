// The whole data model of the product plus the tables the server needs to run it
// safely (sessions, one-time codes, login attempts, mail outbox, settings, ledger).
// Money is numeric(12,2) and travels as a string; never a JS float.

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { APPROVAL_KINDS, APPROVAL_STATUSES, type ApprovalKind } from '../../shared/approvals';
import {
  BANKS,
  LINE_OUTCOMES,
  STATEMENT_STATUSES,
  SUSPENSE_STATUSES,
} from '../../shared/bank-statements/constants';
import {
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  type ContactChannel,
  type ContactOutcome,
  HARDSHIP_STATUSES,
} from '../../shared/collections';
import type { Affordability } from '../../shared/compliance/affordability';
import type { LegalPrice } from '../../shared/compliance/lawful-pricing';
import { NCA_EVENT_KINDS } from '../../shared/compliance/nca-events';
import {
  ACCOUNT_TYPES,
  APPLICATION_STATUSES,
  APPLICATION_TYPES,
  CREATOR_TYPES,
  DASHBOARD_MODES,
  EARNINGS_PLATFORMS,
  EARNINGS_PROPOSAL_STATUSES,
  EARNINGS_SOURCES,
  PAYMENT_METHODS,
  QUEST_CATEGORIES,
  QUEST_DIFFICULTIES,
  QUEST_PROGRESS_STATUSES,
  RECOMMENDATION_STATUSES,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_STATUSES,
  USER_ROLES,
  USER_STATUSES,
} from '../../shared/constants';
import {
  DEBIT_ACCOUNT_TYPES,
  FAILURE_OUTCOMES,
  ITEM_STATUSES,
  MANDATE_STATUSES,
  RUN_STATUSES,
} from '../../shared/debit-orders';
import { DELINQUENCY_BUCKETS } from '../../shared/finance/instalments';
import { LEDGER_ACCOUNTS } from '../../shared/ledger/chart-of-accounts';
import {
  BANK_REFERENCE_MAX,
  MANUAL_PAYMENT_CHANNELS,
  type ManualPaymentChannel,
} from '../../shared/payment-channels';
import type { QuestStepDefinition } from '../../shared/quests';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

export type SocialMediaEntry = {
  platform?: string;
  status?: string;
  verified?: boolean;
  email?: string;
  followers?: number;
  engagement?: number;
  monthlyEarnings?: number;
  [key: string]: unknown;
};
export type SocialMediaData = Record<string, SocialMediaEntry>;
export type ManualPlatformEntry = {
  platform: string;
  username: string;
  estimatedFollowers: number;
  estimatedRevenue: number;
  proofFile: string;
  proofFileId?: number;
  /** The admin's review of the proof (proof_files.review_status), copied here when it is decided. */
  proofStatus?: ProofReviewStatus;
};

export type ProofReviewStatus = 'pending' | 'verified' | 'rejected';

/** A PDF a mail carries, drawn when it is delivered (mail_outbox.attachment). */
export type MailAttachmentRef = {
  kind: 'pre_agreement_quote' | 'credit_agreement';
  /** The credit quote the document is of. */
  quoteId: number;
  filename: string;
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    country: varchar('country', { length: 100 }).notNull().default('Default'),
    city: varchar('city', { length: 100 }).notNull().default('Default'),
    creatorType: varchar('creator_type', { length: 20 }).notNull().default('full-time'),
    bio: text('bio'),
    role: varchar('role', { length: 20 }).notNull().default('user'),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    adminNotes: text('admin_notes'),
    lastStatusChange: timestamp('last_status_change', { withTimezone: true }),
    statusChangeReason: text('status_change_reason'),
    verified: boolean('verified').notNull().default(false),
    socialMediaData: jsonb('social_media_data').$type<SocialMediaData>().notNull().default({}),
    bankName: varchar('bank_name', { length: 100 }),
    accountNumber: varchar('account_number', { length: 20 }),
    branchCode: varchar('branch_code', { length: 10 }),
    accountType: varchar('account_type', { length: 20 }),
    // Admin MFA (TOTP, RFC 6238): the shared secret encrypted with a key derived from SESSION_SECRET, set at
    // enrolment; enabled once the first code is confirmed; the last 30-second step a code was accepted for, so
    // a code is used once within its window.
    mfaSecret: text('mfa_secret'),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    // Payment reminders (three days before an instalment falls due) are the creator's choice; receipts and
    // legal notices (decisions, overdue notices, the paid-up letter) are always sent. docs/notices.md.
    remindersEnabled: boolean('reminders_enabled').notNull().default(true),
    // Staff: which applications their own dashboards show (production, testing or hybrid; each
    // admin's own view, not a switch for everyone). A creator's is unused.
    dashboardMode: varchar('dashboard_mode', { length: 12 }).notNull().default('production'),
    // POPIA (docs/privacy.md): when the creator asked to be forgotten while money was still owed (carried out
    // when the loan closes), and when their personal data was erased.
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // The admin Users list: its default order and its search (trigram, so '%text%' uses an index).
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_name_idx').on(t.firstName, t.lastName, t.id),
    // The bank import's suggestion: a statement line's words against creators' surnames.
    index('users_last_name_lower_idx').on(sql`lower(${t.lastName})`),
    index('users_search_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.username}) gin_trgm_ops`,
    ),
    check('users_role_check', inList('role', USER_ROLES)),
    check('users_dashboard_mode_check', inList('dashboard_mode', DASHBOARD_MODES)),
    check('users_status_check', inList('status', USER_STATUSES)),
    check('users_creator_type_check', inList('creator_type', CREATOR_TYPES)),
    check('users_account_type_check', sql`account_type is null or ${inList('account_type', ACCOUNT_TYPES)}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    // SHA-256 of the cookie token: a leaked table cannot be replayed as cookies.
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // While an admin views the product as a creator, userId stays the admin and this is the creator.
    impersonatedUserId: integer('impersonated_user_id').references(() => users.id, { onDelete: 'set null' }),
    persistent: boolean('persistent').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 400 }),
    // When this session passed the admin's second factor (null: not yet; admin routes refuse it).
    mfaPassedAt: timestamp('mfa_passed_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const emailVerificationCodes = pgTable(
  'email_verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Purpose lets the same table serve account verification and platform (Visionary) verification.
    purpose: varchar('purpose', { length: 30 }).notNull().default('account'),
    email: varchar('email', { length: 254 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    check('email_codes_failed_attempts_check', sql`failed_attempts >= 0`),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_user_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: varchar('username', { length: 254 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    succeeded: boolean('succeeded').notNull(),
    // Whose sign-in record this is (docs/privacy.md, decision 025): the account whose verified sign-in address
    // was typed, at the moment of the attempt; null while no account had verified it (then the first account to
    // verify that address takes it). Exports and erasures select by this column only, never by address.
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_username_idx').on(sql`lower(${t.username})`, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
    index('login_attempts_user_idx').on(t.userId),
  ],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    // Whose mail this is (docs/privacy.md, decision 025): the person a notice is about, or the account whose
    // verified address it went to when it was written; null while no account had verified the address (the first
    // account to verify it takes it). Exports and erasures select by this column only, never by address.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // A notice that must go once (a reminder for one instalment, an overdue notice at 30 days, ...): the
    // unique index makes a second insert a no-op, whatever the number of instances running the job.
    noticeKey: varchar('notice_key', { length: 160 }),
    subject: varchar('subject', { length: 200 }).notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // A document sent with the message (docs/compliance.md: the pre-agreement quote and the agreement as PDFs),
    // named here and drawn when the message is delivered, from the records it names.
    attachment: jsonb('attachment').$type<MailAttachmentRef>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('mail_outbox_notice_key_idx').on(t.noticeKey),
    index('mail_outbox_user_idx').on(t.userId),
    // Mail nobody owns yet, found by address when an account verifies that address (decision 025).
    index('mail_outbox_unowned_idx').on(sql`lower(${t.toAddress})`).where(sql`user_id is null`),
    check('mail_outbox_status_check', sql`status in ('pending', 'sent', 'failed')`),
  ],
);

export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

export type CreditScoreBreakdown = {
  total: number;
  parts: Array<{ key: string; label: string; weight: number; points: number; max: number; tips: string[] }>;
  /** The repayment-history factor (absent on scores from before it, null without earlier financing). */
  history?: { label: string; points: number; detail: string; tips: string[] } | null;
};

export const financingApplications = pgTable(
  'financing_applications',
  {
    id: serial('id').primaryKey(),
    // Restrict: a user with applications is never hard-deleted (status 'deleted' instead); the loan history stays.
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    monthlyRevenue: money('monthly_revenue').notNull(),
    requestedAmount: money('requested_amount').notNull(),
    /**
     * What the approval granted, up to the requested amount: the amount financed. Null until
     * approved, and again when an approval is taken back.
     */
    approvedAmount: money('approved_amount'),
    socialMediaData: jsonb('social_media_data').$type<SocialMediaData>().notNull().default({}),
    manualPlatforms: jsonb('manual_platforms').$type<ManualPlatformEntry[]>().notNull().default([]),
    creditScore: integer('credit_score'),
    creditScoreBreakdown: jsonb('credit_score_breakdown').$type<CreditScoreBreakdown>(),
    currency: varchar('currency', { length: 3 }).notNull().default('ZAR'),
    applicationType: varchar('application_type', { length: 20 }).notNull().default('personal'),
    businessName: varchar('business_name', { length: 200 }),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    amount: text('amount'),
    status: varchar('status', { length: 30 }).notNull().default('pending_review'),
    useOfFunds: jsonb('use_of_funds').$type<string[]>().notNull().default([]),
    otherUseOfFunds: text('other_use_of_funds'),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    estimatedPeriod: integer('estimated_period'),
    notes: text('notes'),
    cancellationReason: text('cancellation_reason'),
    // Written for the creator when an application is rejected (the admin's notes stay internal).
    rejectionReason: text('rejection_reason'),
    /** When it was rejected (set with the rejection, cleared when taken back): the NCR return counts declines by it. */
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    // A top-up (docs/lending.md): the application whose open balance this one's disbursement settles first,
    // and the balance it settled (written in the disbursement's transaction).
    topUpOfApplicationId: integer('top_up_of_application_id').references(
      (): AnyPgColumn => financingApplications.id,
      { onDelete: 'restrict' },
    ),
    topUpSettledAmount: money('top_up_settled_amount'),
    // Who applies, for the National Credit Act (docs/compliance.md, "Who may apply", "Scope"): a person's SA ID
    // number (or passport number and date of birth), a business's registration number, turnover and assets; whether
    // the Act applies and why; consumer credit (living expenses). Null on applications from before.
    identityType: varchar('identity_type', { length: 10 }),
    idNumber: varchar('id_number', { length: 13 }),
    passportNumber: varchar('passport_number', { length: 20 }),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    registrationNumber: varchar('registration_number', { length: 20 }),
    annualTurnover: money('annual_turnover'),
    assetValue: money('asset_value'),
    ncaApplies: boolean('nca_applies'),
    ncaScope: text('nca_scope'),
    consumerCredit: boolean('consumer_credit').notNull().default(false),
    // The affordability assessment (docs/compliance.md, "Affordability"): what the applicant declared, and the
    // assessment of the amount asked for (at submission) and then of the amount approved.
    monthlyDeductions: money('monthly_deductions'),
    monthlyDebtRepayments: money('monthly_debt_repayments'),
    affordability: jsonb('affordability').$type<Affordability>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('applications_user_idx').on(t.userId, t.createdAt),
    index('applications_status_idx').on(t.status, t.createdAt, t.id),
    // One index per order of the admin lists, and the search over the names on the application.
    index('applications_created_idx').on(t.createdAt, t.id),
    index('applications_rejected_idx').on(t.rejectedAt).where(sql`rejected_at is not null`),
    index('applications_amount_idx').on(t.requestedAmount, t.id),
    index('applications_score_idx').on(t.creditScore, t.id),
    // drizzle/0004, by hand (the builder has no INCLUDE): the three order indexes above also INCLUDE (status),
    // so a deep page's ids come from the index alone; and applications_figures_idx (id) INCLUDE (status,
    // requested_amount, credit_score, user_id, created_at), which the overview and lending figures read instead
    // of the wide rows.
    index('applications_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || ' ' || coalesce(${t.businessName}, '')) gin_trgm_ops`,
    ),
    check('applications_status_check', inList('status', APPLICATION_STATUSES)),
    check('applications_type_check', inList('application_type', APPLICATION_TYPES)),
    check('applications_credit_score_check', sql`credit_score is null or credit_score between 0 and 100`),
    check('applications_monthly_revenue_check', sql`monthly_revenue >= 0`),
    check('applications_requested_amount_check', sql`requested_amount >= 0`),
    check('applications_period_check', sql`estimated_period is null or estimated_period between 1 and 36`),
  ],
);

export const proofFiles = pgTable(
  'proof_files',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storagePath: varchar('storage_path', { length: 500 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    createdAt: createdAt(),
    // An admin's review of the proof of a self-declared platform: until verified it adds little to a score.
    reviewStatus: varchar('review_status', { length: 20 }).notNull().default('pending'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Why the proof was rejected (a rejection gives one); null otherwise. */
    reviewReason: varchar('review_reason', { length: 500 }),
  },
  (t) => [
    index('proof_files_user_idx').on(t.userId),
    check('proof_files_size_check', sql`size_bytes > 0 and size_bytes <= 5242880`),
    check('proof_files_review_status_check', sql`review_status in ('pending', 'verified', 'rejected')`),
  ],
);

export const repaymentSchedules = pgTable(
  'repayment_schedules',
  {
    id: serial('id').primaryKey(),
    // One schedule per application; it goes with the application if an admin deletes one without money moved.
    applicationId: integer('application_id')
      .notNull()
      .unique()
      .references(() => financingApplications.id, { onDelete: 'cascade' }),
    /**
     * The application's creator, copied as the schedule is made (an application never changes hands), so the
     * lending figures can pick a creator's or a platform's loans from the schedules alone.
     */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The moment the money went out (disbursement); the schedule's calendar starts on its SA date. */
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    /** Due date of the last instalment (a South African calendar date, like every due date). */
    endDate: date('end_date', { mode: 'string' }).notNull(),
    totalAmount: money('total_amount').notNull(),
    remainingAmount: money('remaining_amount').notNull(),
    installmentAmount: money('installment_amount').notNull(),
    costAmount: money('cost_amount').notNull().default('0'),
    costPercentage: numeric('cost_percentage', { precision: 5, scale: 2 }).notNull().default('0'),
    frequency: varchar('frequency', { length: 20 }).notNull().default('monthly'),
    /** Due date of the oldest instalment not fully paid; null once everything is paid. */
    nextPaymentDate: date('next_payment_date', { mode: 'string' }),
    /**
     * The due date from which the loan is late (docs/lending.md, "Arrears"): that of the oldest instalment at which
     * what is open, counted from the oldest, reaches the arrears tolerance; null while less is open. Days past due
     * count from it, on any day after it; kept with next_payment_date by every write of the instalments.
     */
    arrearsFrom: date('arrears_from', { mode: 'string' }),
    /** Arrears below this are not overdue (ARREARS_TOLERANCE when the loan started): a term of the loan. */
    arrearsTolerance: money('arrears_tolerance').notNull().default('10.00'),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    paymentMethod: varchar('payment_method', { length: 20 }).notNull().default('bank'),
    withholdingPercentage: numeric('withholding_percentage', { precision: 5, scale: 2 }),
    platformFeeRate: numeric('platform_fee_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    currency: varchar('currency', { length: 3 }).notNull().default('ZAR'),
    estimatedRemainingDuration: integer('estimated_remaining_duration'),
    estimatedPeriod: integer('estimated_period'),
    /** When three consecutive shortfall periods made the loan eligible for renegotiation (agreement term). */
    renegotiationEligibleAt: timestamp('renegotiation_eligible_at', { withTimezone: true }),
    /** The day of the last restructure: shortfall periods are counted again from here. */
    restructuredOn: date('restructured_on', { mode: 'string' }),
    /**
     * Running totals of the schedule's payments and their platform fees, kept by the servicing transaction
     * that already holds this row's lock: the lending figures read them instead of every payment.
     */
    paidAmount: money('paid_amount').notNull().default('0'),
    feesPaid: money('fees_paid').notNull().default('0'),
    /**
     * Forbearance (docs/lending.md "Forbearance"): a restructured loan is `probation` until three
     * instalments of its new plan in a row are paid on time, then `cured` (on `forbearance_cured_on`).
     */
    forbearance: varchar('forbearance', { length: 12 }),
    forbearanceCuredOn: date('forbearance_cured_on', { mode: 'string' }),
    /** The first day the loan went into default (it stays: "ever defaulted", by payout cohort). */
    defaultedOn: date('defaulted_on', { mode: 'string' }),
    /** The quote the creator accepted: the contract this schedule was written from (null before quotes were kept). */
    quoteId: integer('quote_id'),
    /** The payout: the day the money went out, the bank's reference, where it went (masked). */
    paidOutOn: date('paid_out_on', { mode: 'string' }),
    payoutReference: varchar('payout_reference', { length: 60 }),
    payoutAccount: varchar('payout_account', { length: 80 }),
    paidOutBy: integer('paid_out_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The platform fees the quote disclosed for the whole loan (the fee on every instalment): the fees charged never
     * exceed it (src/shared/finance/platform-fee.ts, feeWithinQuote).
     */
    quotedFees: money('quoted_fees'),
    /** The finance charge an early settlement rebated (remaining = total − paid − rebated). */
    rebatedAmount: money('rebated_amount').notNull().default('0'),
    /**
     * The agreement's charge rate: the effective annual rate (a fraction) at which the instalments, without fees,
     * repay the amount financed (src/shared/finance/settlement.ts). The charge accrues at it for early settlement.
     * Null for loans written before it was kept: worked out from their instalments when first needed.
     */
    chargeRate: numeric('charge_rate', { precision: 30, scale: 18 }),
    /**
     * Write-off (docs/lending.md, "Write-off and recovery"): the day a defaulted loan left the books, what the books
     * held for it then (loans receivable) and why. The creator still owes the balance; later payments are recoveries.
     */
    writtenOffOn: date('written_off_on', { mode: 'string' }),
    writtenOffAmount: money('written_off_amount'),
    writeOffReason: varchar('write_off_reason', { length: 500 }),
    /**
     * Forgiveness (docs/lending.md, "Forgiving a written-off balance"): the day the lender gave up its claim on what a
     * written-off loan still owed, how much that was and why. Only a written-off loan can be forgiven; the books hold
     * nothing for it by then, so forgiving changes what the creator owes, not the books.
     */
    forgivenOn: date('forgiven_on', { mode: 'string' }),
    forgivenAmount: money('forgiven_amount'),
    forgiveReason: varchar('forgive_reason', { length: 500 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedules_user_idx').on(t.userId),
    check('schedules_frequency_check', inList('frequency', SCHEDULE_FREQUENCIES)),
    check('schedules_method_check', inList('payment_method', PAYMENT_METHODS)),
    check('schedules_status_check', inList('status', SCHEDULE_STATUSES)),
    check(
      'schedules_amounts_check',
      sql`total_amount >= 0 and remaining_amount >= 0 and installment_amount >= 0`,
    ),
    check('schedules_remaining_le_total_check', sql`remaining_amount <= total_amount`),
    check(
      'schedules_withholding_check',
      sql`withholding_percentage is null or withholding_percentage between 0 and 100`,
    ),
    check('schedules_fee_rate_check', sql`platform_fee_rate between 0 and 100`),
    index('schedules_status_next_idx').on(t.status, t.nextPaymentDate),
    // Delinquency buckets, defaults and cures read loans by the day they became late.
    index('schedules_status_arrears_idx').on(t.status, t.arrearsFrom),
    check('schedules_arrears_tolerance_check', sql`arrears_tolerance >= 0`),
    index('schedules_next_idx').on(t.nextPaymentDate, t.applicationId),
    index('schedules_remaining_idx').on(t.remainingAmount, t.applicationId),
    check('schedules_paid_check', sql`paid_amount >= 0 and fees_paid >= 0 and rebated_amount >= 0`),
    check(
      'schedules_write_off_check',
      sql`(written_off_on is null) = (written_off_amount is null) and (written_off_amount is null or written_off_amount >= 0)`,
    ),
    check(
      'schedules_forgiven_check',
      sql`(forgiven_on is null) = (forgiven_amount is null) and (forgiven_amount is null or forgiven_amount > 0) and (forgiven_on is null or written_off_on is not null)`,
    ),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => financingApplications.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    platformFee: money('platform_fee').notNull().default('0'),
    earningsAmount: money('earnings_amount'),
    earningsMonth: integer('earnings_month'),
    earningsYear: integer('earnings_year'),
    kind: varchar('kind', { length: 20 }).notNull().default('manual'),
    notes: text('notes'),
    /** The South African calendar day the money came in: never in the future, never before the disbursement. */
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /**
     * A reversal (docs/lending.md "Reversal"): the payment bounced or was recorded in error. It stays,
     * marked, with a reversing journal; its allocations are undone and the other payments allocated again.
     */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedBy: integer('reversed_by').references(() => users.id, { onDelete: 'set null' }),
    reversalReason: varchar('reversal_reason', { length: 500 }),
    /** How money recorded by hand came in (shared/payment-channels.ts); null for what the product records itself. */
    channel: varchar('channel', { length: 20 }).$type<ManualPaymentChannel>(),
    /** The reference on the bank statement for a transfer or deposit recorded by hand. */
    bankReference: varchar('bank_reference', { length: BANK_REFERENCE_MAX }),
  },
  (t) => [
    index('payments_application_idx').on(t.applicationId, t.paymentDate),
    // And payments_received_idx (migration 0035): payment_date INCLUDE (application_id, amount, platform_fee) WHERE
    // reversed_at IS NULL, the money received in a period whatever the loan (the Lending page's month and year).
    uniqueIndex('payments_idempotency_idx').on(t.idempotencyKey),
    check('payments_amount_check', sql`amount > 0`),
    check('payments_fee_check', sql`platform_fee >= 0`),
    // bank_transfer: a line of an imported bank statement; debit_order: a collection the bank reported paid.
    check(
      'payments_kind_check',
      sql`kind in ('manual', 'earnings', 'settlement', 'bank_transfer', 'debit_order')`,
    ),
    check('payments_earnings_month_check', sql`earnings_month is null or earnings_month between 1 and 12`),
    check(
      'payments_channel_check',
      sql`channel is null or (kind = 'manual' and ${inList('channel', MANUAL_PAYMENT_CHANNELS)})`,
    ),
  ],
);

/**
 * A schedule's instalments: what falls due when, and what has been paid towards each (the sum of its
 * allocations). Written with the schedule in one transaction; they always add up to its total.
 */
export const repaymentInstalments = pgTable(
  'repayment_instalments',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => repaymentSchedules.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountDue: money('amount_due').notNull(),
    amountPaid: money('amount_paid').notNull().default('0'),
    /** What an early settlement rebated on it: the finance charge not earned (docs/lending.md, "Early settlement"). */
    amountRebated: money('amount_rebated').notNull().default('0'),
    /** What the lender forgave on it: what was still open when a written-off loan's balance was forgiven. */
    amountForgiven: money('amount_forgiven').notNull().default('0'),
    /**
     * A revenue-share plan's shortfall month: the part of this instalment the month's share of earnings did not cover,
     * moved to an instalment at the end of the plan (docs/lending.md, "Revenue-share plans"). `amount_due` is what is
     * left of it; the instalment as planned was `amount_due + amount_deferred`.
     */
    amountDeferred: money('amount_deferred').notNull().default('0'),
    /** An instalment added at the end by a shortfall month: the number of the instalment whose part it carries. */
    deferredFrom: integer('deferred_from'),
    /** ... and the earnings payment whose month it was (a reversal of that payment moves the part back). */
    deferredByPaymentId: integer('deferred_by_payment_id').references((): AnyPgColumn => payments.id, {
      onDelete: 'restrict',
    }),
    /**
     * No longer in force since this day: replaced by a restructure, or a part a reversal moved back. Kept for the
     * history (the statement shows it), never read as an instalment; its number can be used again.
     */
    voidedOn: date('voided_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('instalments_schedule_number_idx').on(t.scheduleId, t.number).where(sql`voided_on is null`),
    index('instalments_schedule_due_idx').on(t.scheduleId, t.dueDate),
    check('instalments_number_check', sql`number >= 1`),
    check(
      'instalments_amounts_check',
      sql`amount_due >= 0 and (amount_due > 0 or amount_deferred > 0 or voided_on is not null) and amount_deferred >= 0 and amount_paid >= 0 and amount_rebated >= 0 and amount_forgiven >= 0 and amount_paid + amount_rebated + amount_forgiven <= amount_due`,
    ),
  ],
);

/**
 * An instalment line in force: not one a restructure replaced or a reversal moved back (`voided_on`). Such lines are
 * kept for the record, never read as instalments.
 */
export const instalmentInForce = sql`${repaymentInstalments.voidedOn} is null`;

/** Each restructure of a schedule, for the statement's history (docs/lending.md, "Forbearance"). */
export const loanRestructures = pgTable(
  'loan_restructures',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => repaymentSchedules.id, { onDelete: 'cascade' }),
    restructuredOn: date('restructured_on', { mode: 'string' }).notNull(),
    /** The balance spread again, over `months`, in instalments of `instalment_amount` numbered from `first_number`. */
    balance: money('balance').notNull(),
    months: integer('months').notNull(),
    instalmentAmount: money('instalment_amount').notNull(),
    firstNumber: integer('first_number').notNull(),
    lastNumber: integer('last_number').notNull(),
    /** The instalment amount and end date before, and how many open instalments it replaced. */
    previousInstalmentAmount: money('previous_instalment_amount').notNull(),
    previousEndDate: date('previous_end_date', { mode: 'string' }).notNull(),
    replacedCount: integer('replaced_count').notNull(),
    /** Whether the loan was in default when it was restructured. */
    wasDefaulted: boolean('was_defaulted').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('loan_restructures_schedule_idx').on(t.scheduleId)],
);

/** How each payment was split over the instalments (oldest due first; prepayments to the last ones). */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    instalmentId: integer('instalment_id')
      .notNull()
      .references(() => repaymentInstalments.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
    /** No longer in force: a reversal undid it and allocated the payments again (the rows in force have none). */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('allocations_payment_instalment_idx')
      .on(t.paymentId, t.instalmentId)
      .where(sql`reversed_at is null`),
    index('allocations_instalment_idx').on(t.instalmentId),
    check('allocations_amount_check', sql`amount > 0`),
  ],
);

export const SETTLEMENT_QUOTE_STATUSES = ['open', 'settled', 'superseded'] as const;

/** The terms a credit quote was made with: what the schedule will be written from at the payout. */
export type QuoteTerms = {
  totalAmount: string;
  costAmount: string;
  costPercentage: number;
  installmentAmount: string;
  instalmentCount?: number;
  withholdingPercentage: number;
  estimatedPeriod: number;
  frequency: 'automatic' | 'monthly' | 'biweekly' | 'weekly';
  paymentMethod: string;
  /** How the National Credit Act's ceilings shaped the price (docs/compliance.md); absent on quotes from before. */
  legal?: LegalPrice | null;
};

/**
 * Credit quotes (docs/lending.md "The quote is the contract"): what the creator was shown, stored
 * with every instalment, fee and rate. A `plan` quote is the creator's own plan as previewed; an `offer` is the
 * terms an admin's setup made. The creator accepts one (consent with time, IP and browser): the contract; the payout
 * writes the schedule from its terms. One accepted quote per application; a quote holds 5 business days.
 */
export const creditQuotes = pgTable(
  'credit_quotes',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => financingApplications.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    madeBy: integer('made_by').references(() => users.id, { onDelete: 'set null' }),
    amountFinanced: money('amount_financed').notNull(),
    platformFeeRate: numeric('platform_fee_rate', { precision: 5, scale: 2 }).notNull(),
    terms: jsonb('terms').$type<QuoteTerms>().notNull(),
    /** The quote as shown (src/shared/finance/quote.ts CreditQuote), dated from the day it was made. */
    quote: jsonb('quote').$type<Record<string, unknown>>().notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('open'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedIp: varchar('accepted_ip', { length: 64 }),
    acceptedUserAgent: varchar('accepted_user_agent', { length: 400 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_quotes_application_idx').on(t.applicationId, t.status),
    uniqueIndex('credit_quotes_one_accepted_idx').on(t.applicationId).where(sql`status = 'accepted'`),
    check('credit_quotes_kind_check', sql`kind in ('plan', 'offer')`),
    check('credit_quotes_status_check', sql`status in ('open', 'accepted', 'superseded', 'withdrawn')`),
  ],
);

/**
 * An early-settlement quote: the amount that settles the loan (the remaining balance, no penalty), a
 * payment reference and a validity date. One open quote per application; it is superseded when the
 * balance changes and settled by the payment that closes the loan.
 */
export const settlementQuotes = pgTable(
  'settlement_quotes',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => financingApplications.id, { onDelete: 'cascade' }),
    reference: varchar('reference', { length: 40 }).notNull().unique(),
    /** What settles the loan (the principal owed and the charge accrued to the day it was made). */
    amount: money('amount').notNull(),
    principal: money('principal'),
    accruedCharge: money('accrued_charge'),
    /** The finance charge not earned, rebated if the settlement is paid (0 on quotes made before it was kept). */
    rebate: money('rebate').notNull().default('0'),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('open'),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('settlement_quotes_one_open_idx').on(t.applicationId).where(sql`status = 'open'`),
    index('settlement_quotes_status_idx').on(t.status, t.validUntil),
    check('settlement_quotes_amount_check', sql`amount > 0`),
    check('settlement_quotes_status_check', inList('status', SETTLEMENT_QUOTE_STATUSES)),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id').references(() => financingApplications.id, {
      onDelete: 'restrict',
    }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 30 }).notNull(),
    description: text('description'),
    /**
     * The South African day the event concerns (a payment's date), and the day it is booked on: the same unless
     * that day's month was closed when it was posted, then the day it was posted (docs/accounting.md).
     */
    concernsOn: date('concerns_on', { mode: 'string' }).notNull(),
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_application_idx').on(t.applicationId),
    index('ledger_entries_booked_idx').on(t.bookedOn),
    check('ledger_entries_booked_check', sql`booked_on >= concerns_on`),
  ],
);

/** A closed accounting month ('YYYY-MM'): nothing is booked into it after this (docs/accounting.md). */
export const ledgerPeriods = pgTable(
  'ledger_periods',
  {
    period: varchar('period', { length: 7 }).primaryKey(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  () => [check('ledger_periods_period_check', sql`period ~ '^2[0-9]{3}-(0[1-9]|1[0-2])$'`)],
);

/**
 * Each loan in the book at a closed month's last day, kept at its close: its delinquency bucket, days past due and
 * balance then (docs/accounting.md, "Aged arrears and roll rates"). Aged arrears at a month end and the roll rates
 * between months are read from here.
 */
export const ledgerPeriodPositions = pgTable(
  'ledger_period_positions',
  {
    period: varchar('period', { length: 7 })
      .notNull()
      .references(() => ledgerPeriods.period, { onDelete: 'cascade' }),
    // No foreign key: checking one would lock every loan's application row while the close holds the books' lock,
    // and a payment holding its application's row while it waits for that lock would deadlock with it. A loan with a
    // ledger is never deleted (ledger_entries restrict it).
    applicationId: integer('application_id').notNull(),
    bucket: varchar('bucket', { length: 10 }).notNull(),
    daysPastDue: integer('days_past_due').notNull(),
    balance: money('balance').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.applicationId] }),
    check('ledger_period_positions_bucket_check', inList('bucket', DELINQUENCY_BUCKETS)),
  ],
);

/** Each account's debits and credits from the start of the books to a closed month's last day, kept at its close. */
export const ledgerPeriodBalances = pgTable(
  'ledger_period_balances',
  {
    period: varchar('period', { length: 7 })
      .notNull()
      .references(() => ledgerPeriods.period, { onDelete: 'cascade' }),
    account: varchar('account', { length: 60 }).notNull(),
    // Totals since the books began: wider than one amount (numeric(12,2) ends below R 10 billion).
    debit: numeric('debit', { precision: 16, scale: 2 }).notNull(),
    credit: numeric('credit', { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.account] }),
    check('ledger_period_balances_account_check', inList('account', LEDGER_ACCOUNTS)),
  ],
);

/**
 * Each day's debits and credits per account in a closed month, kept at its close (docs/accounting.md, "Journal
 * export"): a closed month's lines never change (a posting dated in it later is booked in the open month), so its
 * daily journals are read from here instead of summing every line it booked again.
 */
export const ledgerPeriodDailyTotals = pgTable(
  'ledger_period_daily_totals',
  {
    period: varchar('period', { length: 7 })
      .notNull()
      .references(() => ledgerPeriods.period, { onDelete: 'cascade' }),
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    account: varchar('account', { length: 60 }).notNull(),
    // A day's total of many amounts: wider than one amount, as the closing balances are.
    debit: numeric('debit', { precision: 16, scale: 2 }).notNull(),
    credit: numeric('credit', { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookedOn, t.account] }),
    check('ledger_period_daily_totals_account_check', inList('account', LEDGER_ACCOUNTS)),
  ],
);

/**
 * A provisioning run (docs/accounting.md, "Provisions"): the expected credit loss of the book on a day by stage, the
 * allowance before and after, and the journal that moved it by the difference.
 */
export const provisionRuns = pgTable(
  'provision_runs',
  {
    id: serial('id').primaryKey(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    runBy: integer('run_by').references(() => users.id, { onDelete: 'set null' }),
    allowanceBefore: money('allowance_before').notNull(),
    allowanceAfter: money('allowance_after').notNull(),
    /** The stages' PD and LGD the run used (src/shared/ledger/provisioning.ts). */
    parameters: jsonb('parameters').notNull(),
  },
  (t) => [index('provision_runs_as_of_idx').on(t.asOf, t.id)],
);

/** Each loan on the books in a run: its stage, exposure (the principal still owed) and expected credit loss. */
export const provisionLoans = pgTable(
  'provision_loans',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => provisionRuns.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => financingApplications.id, { onDelete: 'restrict' }),
    stage: integer('stage').notNull(),
    exposure: money('exposure').notNull(),
    ecl: money('ecl').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.applicationId] }),
    index('provision_loans_application_idx').on(t.applicationId, t.runId),
    check('provision_loans_stage_check', sql`stage in (1, 2, 3)`),
    check('provision_loans_amounts_check', sql`exposure >= 0 and ecl >= 0 and ecl <= exposure`),
  ],
);

/**
 * Vintage curves (docs/accounting.md, "Vintage curves"): the book's payout cohorts month by month on book, computed
 * once a day by a job (reading every payment costs too much for each view) and read back as the job kept them. The
 * cohorts are the report's own figures (src/shared/schemas/reports.ts, vintageCohortSchema), checked when read.
 */
export const vintageSnapshots = pgTable(
  'vintage_snapshots',
  {
    id: serial('id').primaryKey(),
    /** The South African day the figures are as at (payments and defaults up to its end). */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    /** The member of staff who asked for it; null when the daily job made it. */
    computedBy: integer('computed_by').references(() => users.id, { onDelete: 'set null' }),
    cohorts: jsonb('cohorts').notNull(),
  },
  (t) => [index('vintage_snapshots_computed_idx').on(t.computedAt)],
);

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'cascade' }),
    account: varchar('account', { length: 60 }).notNull(),
    debit: money('debit').notNull().default('0'),
    credit: money('credit').notNull().default('0'),
    /**
     * Its entry's booked_on, kept on the line too (entries never move) so a trial balance reads a month's lines from
     * one index without touching the entries (docs/accounting.md).
     */
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('ledger_lines_entry_idx').on(t.entryId),
    // And ledger_lines_booked_idx (migration 0034): booked_on INCLUDE (account, debit, credit), for the trial balance.
    // And ledger_lines_deferred_cost_idx (migration 0026): entry_id INCLUDE (debit, credit) for the deferred cost lines.
    index('ledger_lines_account_idx').on(t.account),
    check('ledger_lines_one_side_check', sql`debit >= 0 and credit >= 0 and (debit = 0) <> (credit = 0)`),
    check('ledger_lines_account_check', inList('account', LEDGER_ACCOUNTS)),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: varchar('key', { length: 100 }).primaryKey(),
    /** Who sent the request (an admin recording a payment). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Whom the stored answer is about (the creator whose loan was paid): an erasure scrubs their answers only. */
    subjectUserId: integer('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    route: varchar('route', { length: 200 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    statusCode: integer('status_code').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('idempotency_keys_subject_idx').on(t.subjectUserId),
    // The hourly purge of answers older than IDEMPOTENCY_ANSWER_TTL_MS.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export const creatorMetrics = pgTable(
  'creator_metrics',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    totalXp: integer('total_xp').notNull().default(0),
    currentLevel: integer('current_level').notNull().default(1),
    questsCompleted: integer('quests_completed').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check(
      'creator_metrics_nonnegative_check',
      sql`total_xp >= 0 and current_level >= 1 and quests_completed >= 0`,
    ),
  ],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull(),
    city: varchar('city', { length: 100 }).notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    location: varchar('location', { length: 200 }).notNull(),
    type: varchar('type', { length: 50 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('events_city_date_idx').on(t.city, t.date)],
);

/** Steps as the catalog writes them (src/shared/quests.ts). */
export type QuestStep = QuestStepDefinition;

export const learningQuests = pgTable(
  'learning_quests',
  {
    id: serial('id').primaryKey(),
    /** Stable identity in the catalog: updates match on it, so progress (by id) survives them. */
    slug: varchar('slug', { length: 80 }).notNull().unique(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull(),
    category: varchar('category', { length: 20 }).notNull(),
    difficulty: varchar('difficulty', { length: 20 }).notNull().default('beginner'),
    steps: jsonb('steps').$type<QuestStep[]>().notNull().default([]),
    xpReward: integer('xp_reward').notNull().default(0),
    prerequisites: jsonb('prerequisites').$type<number[]>().notNull().default([]),
    /** Display order within the catalog. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('quests_category_check', inList('category', QUEST_CATEGORIES)),
    check('quests_difficulty_check', inList('difficulty', QUEST_DIFFICULTIES)),
    check('quests_xp_check', sql`xp_reward >= 0`),
  ],
);

export const userQuestProgress = pgTable(
  'user_quest_progress',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questId: integer('quest_id')
      .notNull()
      .references(() => learningQuests.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull().default('not_started'),
    currentStep: integer('current_step').notNull().default(0),
    completedSteps: jsonb('completed_steps').$type<number[]>().notNull().default([]),
    /** The answers of each passed quiz step, keyed by step index, so the locked results can be shown again. */
    quizAnswers: jsonb('quiz_answers').$type<Record<string, number[]>>().notNull().default({}),
    xpEarned: integer('xp_earned').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('quest_progress_user_quest_idx').on(t.userId, t.questId),
    check('quest_progress_status_check', inList('status', QUEST_PROGRESS_STATUSES)),
    check('quest_progress_step_check', sql`current_step >= 0 and xp_earned >= 0`),
  ],
);

export const userQuestPreferences = pgTable(
  'user_quest_preferences',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    preferredCategories: jsonb('preferred_categories').$type<string[]>().notNull().default([]),
    difficulty: varchar('difficulty', { length: 20 }).notNull().default('beginner'),
    learningGoals: jsonb('learning_goals').$type<string[]>().notNull().default([]),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('quest_preferences_difficulty_check', inList('difficulty', QUEST_DIFFICULTIES))],
);

/**
 * Kept without a caller: part of the product's data model for quest recommendations
 * that the Learning Quests screen does not show yet. The table stays so the model stays whole and a later
 * recommender has its place; nothing reads or writes it today.
 */
export const questRecommendations = pgTable(
  'quest_recommendations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questId: integer('quest_id')
      .notNull()
      .references(() => learningQuests.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    score: numeric('score', { precision: 5, scale: 2 }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('quest_recommendations_user_idx').on(t.userId),
    check('quest_recommendations_status_check', inList('status', RECOMMENDATION_STATUSES)),
  ],
);

/**
 * Kept without a caller: the model's cached articles for the learning content; no screen lists
 * articles yet. Nothing reads or writes it today.
 */
export const cachedArticles = pgTable(
  'cached_articles',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 300 }).notNull(),
    content: text('content').notNull(),
    category: varchar('category', { length: 50 }).notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cached_articles_category_idx').on(t.category)],
);

export const userInsights = pgTable(
  'user_insights',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    analysisId: varchar('analysis_id', { length: 64 }).notNull().unique(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    analysis: jsonb('analysis').notNull(),
    insight: text('insight'),
    industryFocus: varchar('industry_focus', { length: 20 }).notNull().default('general'),
    context: text('context'),
    /** 'ai' when a model wrote the analysis, 'rules' when it was computed from the user's data. */
    source: varchar('source', { length: 10 }).notNull().default('rules'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('user_insights_user_idx').on(t.userId, t.timestamp),
    check('user_insights_focus_check', sql`industry_focus in ('general', 'risk', 'growth', 'marketing')`),
    check('user_insights_source_check', sql`source in ('ai', 'rules')`),
  ],
);

export const userAdminActions = pgTable(
  'user_admin_actions',
  {
    id: serial('id').primaryKey(),
    // The subject of the action. Kept when the admin account goes away: the audit trail must survive.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 60 }).notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_actions_user_idx').on(t.userId, t.createdAt),
    index('admin_actions_admin_idx').on(t.adminId),
    // The audit trail: newest first, and by the start of an action ('mfa' for every MFA event).
    index('admin_actions_created_idx').on(t.createdAt, t.id),
    index('admin_actions_action_idx').on(t.action.op('varchar_pattern_ops'), t.createdAt),
  ],
);

export const creatorPlatforms = pgTable(
  'creator_platforms',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    description: text('description'),
    websiteUrl: varchar('website_url', { length: 500 }),
    logoUrl: varchar('logo_url', { length: 500 }),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('creator_platforms_name_lower_idx').on(sql`lower(${t.name})`),
    check('creator_platforms_name_length_check', sql`char_length(name) between 2 and 50`),
  ],
);

/**
 * Which partner platforms (creator_platforms) a creator earns through. Read by the lending page's platform
 * filter (lending.repository.ts, raw SQL); written by nothing yet, since no screen yet links a
 * creator to a partner platform. Kept so the filter has its join.
 */
export const userPlatforms = pgTable(
  'user_platforms',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformId: integer('platform_id')
      .notNull()
      .references(() => creatorPlatforms.id, { onDelete: 'restrict' }),
    username: varchar('username', { length: 200 }),
    profileUrl: varchar('profile_url', { length: 500 }),
    metrics: jsonb('metrics').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    isVerified: boolean('is_verified').notNull().default(false),
  },
  (t) => [uniqueIndex('user_platforms_user_platform_idx').on(t.userId, t.platformId)],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type FinancingApplication = typeof financingApplications.$inferSelect;
export type RepaymentSchedule = typeof repaymentSchedules.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type BankStatement = typeof bankStatements.$inferSelect;
export type BankStatementLine = typeof bankStatementLines.$inferSelect;
export type SuspenseItem = typeof suspenseItems.$inferSelect;
export type RepaymentInstalment = typeof repaymentInstalments.$inferSelect;
export type SettlementQuote = typeof settlementQuotes.$inferSelect;
export type CreditQuoteRow = typeof creditQuotes.$inferSelect;

/**
 * Versions of what a reader sees, bumped by database triggers in every transaction that changes it
 * (drizzle/0003): 'creator:<user id>' for a creator's applications, schedules, payments, instalments and
 * quotes; 'users' for the admin Users list. A poll compares its ETag with one indexed read of this table.
 */
export const dataVersions = pgTable('data_versions', {
  key: varchar('key', { length: 40 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** One-time recovery codes for an admin's second factor (SHA-256 of each; shown once at enrolment). */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Events counted by the rate limits every instance shares (the advisor, e-mailed codes, second-factor failures):
 * a limit takes a transaction-scoped advisory lock on its key, counts the key's events in its window and inserts
 * one, so a burst cannot slip past it (src/server/lib/rate-limits.ts).
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: varchar('key', { length: 200 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_events_key_idx').on(t.key, t.createdAt)],
);

/**
 * The National Credit Act's record of each loan (docs/compliance.md, "Default and enforcement", "Debt review",
 * "Credit bureau"): a section 129 notice and how it was delivered, enforcement steps, a debt counsellor's notice and
 * the restructuring order, the notice before adverse information is reported. An event that must happen once (a
 * notice for one spell of arrears) carries a key the unique index holds, so a job on any number of instances
 * records it once.
 */
export const ncaEvents = pgTable(
  'nca_events',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => financingApplications.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 30 }).notNull(),
    /** The South African day it happened (a notice delivered, an order made). */
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    /** The admin who recorded it; null for the product's own jobs. */
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    onceKey: varchar('once_key', { length: 120 }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('nca_events_application_idx').on(t.applicationId, t.kind),
    uniqueIndex('nca_events_once_key_idx').on(t.onceKey),
    check('nca_events_kind_check', inList('kind', NCA_EVENT_KINDS)),
  ],
);

/**
 * The monthly credit bureau submission (docs/compliance.md, "Credit bureau"): every agreement with a balance at the
 * month's end, in the documented layout, generated once per month by the job and downloaded by admins.
 */
export const bureauSubmissions = pgTable(
  'bureau_submissions',
  {
    id: serial('id').primaryKey(),
    /** The month reported, 'YYYY-MM'. */
    period: varchar('period', { length: 7 }).notNull(),
    rows: integer('rows').notNull(),
    totalBalance: money('total_balance').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bureau_submissions_period_idx').on(t.period)],
);

/**
 * A creator's debit order mandate (docs/debit-orders.md): DebiCheck-style terms the creator consented
 * to in the app, recorded like the agreement (time, IP address, browser, the text's version). The account number is
 * kept sealed (AES-256-GCM); only its last 4 digits are readable. One active or suspended mandate per loan.
 */
export const debitMandates = pgTable(
  'debit_mandates',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => financingApplications.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    accountHolder: varchar('account_holder', { length: 100 }).notNull(),
    bank: varchar('bank', { length: 40 }).notNull(),
    branchCode: varchar('branch_code', { length: 6 }).notNull(),
    accountType: varchar('account_type', { length: 12 }).notNull(),
    /** The account number sealed under a key from SESSION_SECRET ("v1.<iv>.<tag>.<data>"), never the number. */
    accountNumberSealed: text('account_number_sealed').notNull(),
    accountLast4: varchar('account_last4', { length: 4 }).notNull(),
    instalmentAmount: money('instalment_amount').notNull(),
    maximumAmount: money('maximum_amount').notNull(),
    collectionDay: integer('collection_day').notNull(),
    firstCollectionDate: date('first_collection_date', { mode: 'string' }).notNull(),
    lastCollectionDate: date('last_collection_date', { mode: 'string' }).notNull(),
    contractReference: varchar('contract_reference', { length: 30 }).notNull(),
    trackingDays: integer('tracking_days').notNull(),
    status: varchar('status', { length: 12 }).notNull().default('active'),
    /** Why it is suspended or cancelled, in words (a bank's reason code, the creator's cancellation). */
    statusReason: varchar('status_reason', { length: 200 }),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    consentIp: varchar('consent_ip', { length: 64 }).notNull(),
    consentUserAgent: varchar('consent_user_agent', { length: 400 }),
    textVersion: varchar('text_version', { length: 40 }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('debit_mandates_status_idx').on(t.status, t.id),
    index('debit_mandates_application_idx').on(t.applicationId),
    // One active mandate per loan: a second authorisation (20 at once) finds this one.
    uniqueIndex('debit_mandates_one_active_idx').on(t.applicationId).where(sql`status = 'active'`),
    check('debit_mandates_status_check', inList('status', MANDATE_STATUSES)),
    check('debit_mandates_account_type_check', inList('account_type', DEBIT_ACCOUNT_TYPES)),
    check('debit_mandates_collection_day_check', sql`collection_day between 1 and 31`),
    check('debit_mandates_tracking_check', sql`tracking_days between 0 and 10`),
    check('debit_mandates_amounts_check', sql`instalment_amount > 0 and maximum_amount >= instalment_amount`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Bank statements and the suspense account (docs/bank-statements.md)

/** One upload of a bank statement file; its summary counts are written when the import completes. */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: serial('id').primaryKey(),
    bank: varchar('bank', { length: 20 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** The file's SHA-256 (hex): the same file loaded again after a crash resumes the import it began. */
    fileSha256: varchar('file_sha256', { length: 64 }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 20 }).notNull().default('importing'),
    lines: integer('lines').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    suggested: integer('suggested').notNull().default(0),
    suspense: integer('suspense').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    outgoing: integer('outgoing').notNull().default(0),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('bank_statements_created_idx').on(t.createdAt, t.id),
    index('bank_statements_file_idx').on(t.bank, t.fileSha256),
    check('bank_statements_bank_check', inList('bank', BANKS)),
    check('bank_statements_status_check', inList('status', STATEMENT_STATUSES)),
  ],
);

/**
 * A collection run (docs/debit-orders.md): the instalments due by one collection date, one item per mandate, written
 * to the file admins submit to the bank; the summary of the last result import is kept with it. One run per date.
 */
export const debitOrderRuns = pgTable(
  'debit_order_runs',
  {
    id: serial('id').primaryKey(),
    collectionDate: date('collection_date', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('built'),
    /** Mandates left out and why: [{ applicationId, reason }]. */
    excluded: jsonb('excluded')
      .$type<Array<{ applicationId: number; reason: string }>>()
      .notNull()
      .default([]),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    resultSummary: jsonb('result_summary').$type<Record<string, unknown>>(),
    /**
     * The bank statement line that is this run's credit (its paid collections in one sum): reconciled to the run,
     * never held in suspense, and only once (docs/debit-orders.md, "The run's credit on the statement").
     */
    settledByLineId: integer('settled_by_line_id').references(() => bankStatementLines.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('debit_order_runs_date_idx').on(t.collectionDate),
    uniqueIndex('debit_order_runs_settled_line_idx').on(t.settledByLineId),
    check('debit_order_runs_status_check', inList('status', RUN_STATUSES)),
  ],
);

/**
 * One collection of one mandate in a run, and its result: paid (with the payment it became), or unpaid with the
 * bank's reason code and what followed (re-presented on a later day, the mandate suspended, or attempts exhausted).
 * An unpaid item is the failed-collection record.
 */
export const debitOrderItems = pgTable(
  'debit_order_items',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => debitOrderRuns.id, { onDelete: 'restrict' }),
    mandateId: integer('mandate_id')
      .notNull()
      .references(() => debitMandates.id, { onDelete: 'restrict' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => financingApplications.id, { onDelete: 'restrict' }),
    collectionDate: date('collection_date', { mode: 'string' }).notNull(),
    /** 1 for a first collection, 2 for its first re-presentment, … */
    attempt: integer('attempt').notNull().default(1),
    /** To the loan; the platform fee on it; what the bank collects (amount + fee, never above the maximum). */
    amount: money('amount').notNull(),
    fee: money('fee').notNull().default('0'),
    total: money('total').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    reasonCode: varchar('reason_code', { length: 2 }),
    outcome: varchar('outcome', { length: 10 }),
    representOn: date('represent_on', { mode: 'string' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    resultAt: timestamp('result_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One collection per mandate and day, whatever the number of builds at once.
    uniqueIndex('debit_order_items_mandate_date_idx').on(t.mandateId, t.collectionDate),
    index('debit_order_items_run_idx').on(t.runId, t.status, t.id),
    index('debit_order_items_mandate_idx').on(t.mandateId, t.id),
    check('debit_order_items_status_check', inList('status', ITEM_STATUSES)),
    check('debit_order_items_outcome_check', sql`outcome is null or ${inList('outcome', FAILURE_OUTCOMES)}`),
    check('debit_order_items_amounts_check', sql`amount > 0 and fee >= 0 and total = amount + fee`),
    check('debit_order_items_attempt_check', sql`attempt >= 1`),
  ],
);

export type DebitMandate = typeof debitMandates.$inferSelect;
export type DebitOrderRun = typeof debitOrderRuns.$inferSelect;
export type DebitOrderItem = typeof debitOrderItems.$inferSelect;

/**
 * Each line of a statement and what became of it. `line_key` identifies the bank's line for good (its FITID, or a
 * hash of its day, amount and words with its ordinal among identical lines of that day): unique per bank, so a line
 * is imported once however many files carry it. A duplicate's row has no key and points at the line it repeats.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: serial('id').primaryKey(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'restrict' }),
    /** The line's place in its file (1 = the first transaction). */
    position: integer('position').notNull(),
    bank: varchar('bank', { length: 20 }).notNull(),
    lineKey: varchar('line_key', { length: 100 }),
    /** The bank's own id for the line (OFX FITID) when the file gives one. */
    bankLineId: varchar('bank_line_id', { length: 255 }),
    postedOn: date('posted_on', { mode: 'string' }),
    /** Signed: money in is positive, money out negative. Null when the line could not be read. */
    amount: money('amount'),
    description: text('description').notNull().default(''),
    outcome: varchar('outcome', { length: 20 }).notNull(),
    applicationId: integer('application_id').references(() => financingApplications.id, {
      onDelete: 'set null',
    }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    duplicateOfId: integer('duplicate_of_id').references((): AnyPgColumn => bankStatementLines.id, {
      onDelete: 'set null',
    }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_key_idx').on(t.bank, t.lineKey),
    uniqueIndex('bank_statement_lines_position_idx').on(t.statementId, t.position),
    index('bank_statement_lines_outcome_idx').on(t.statementId, t.outcome, t.position),
    index('bank_statement_lines_application_idx').on(t.applicationId),
    check('bank_statement_lines_bank_check', inList('bank', BANKS)),
    check('bank_statement_lines_outcome_check', inList('outcome', LINE_OUTCOMES)),
    check('bank_statement_lines_key_check', sql`(line_key is null) = (outcome in ('duplicate', 'failed'))`),
  ],
);

/** Money received that is not (yet) a loan's: the suspense account's items, each from one statement line. */
export const suspenseItems = pgTable(
  'suspense_items',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => bankStatementLines.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    amountLeft: money('amount_left').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('open'),
    /** The loan the amount and the name point at (a suggestion), or the loan whose balance the money exceeded. */
    suggestedApplicationId: integer('suggested_application_id').references(() => financingApplications.id, {
      onDelete: 'set null',
    }),
    /** Why the money is here, in words an operator reads. */
    reason: text('reason').notNull(),
    refundReference: varchar('refund_reference', { length: 100 }),
    refundNotes: text('refund_notes'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suspense_items_line_idx').on(t.lineId),
    index('suspense_items_status_idx').on(t.status, t.createdAt, t.id),
    // The worklist's newest-first page over every status (the default view).
    index('suspense_items_created_idx').on(t.createdAt, t.id),
    check('suspense_items_status_check', inList('status', SUSPENSE_STATUSES)),
    check('suspense_items_amounts_check', sql`amount > 0 and amount_left >= 0 and amount_left <= amount`),
    check('suspense_items_open_check', sql`(status = 'open') = (amount_left > 0)`),
    check('suspense_items_refund_check', sql`(status = 'refunded') = (refund_reference is not null)`),
  ],
);

/**
 * The suspense worklist's totals per status (how many items, the amount left in them), kept by a statement-level
 * trigger on suspense_items (migration 0028) so the worklist's header reads one row instead of counting every open
 * item while a statement's import adds thousands. Never written by the app; tested against a count of the items.
 */
export const suspenseTotals = pgTable(
  'suspense_totals',
  {
    status: varchar('status', { length: 20 }).primaryKey(),
    items: integer('items').notNull().default(0),
    amountLeft: numeric('amount_left', { precision: 14, scale: 2 }).notNull().default('0'),
  },
  () => [
    check('suspense_totals_status_check', inList('status', SUSPENSE_STATUSES)),
    check('suspense_totals_figures_check', sql`items >= 0 and amount_left >= 0`),
  ],
);

/** Each payment made to a loan out of a suspense item (an item may be split over several). */
export const suspenseAllocations = pgTable(
  'suspense_allocations',
  {
    id: serial('id').primaryKey(),
    suspenseItemId: integer('suspense_item_id')
      .notNull()
      .references(() => suspenseItems.id, { onDelete: 'restrict' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => financingApplications.id, { onDelete: 'restrict' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** The cash taken out of suspense: the payment and its platform fee. */
    amount: money('amount').notNull(),
    allocatedBy: integer('allocated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('suspense_allocations_item_idx').on(t.suspenseItemId),
    check('suspense_allocations_amount_check', sql`amount > 0`),
  ],
);

/**
 * A creator's OAuth tokens for reading earnings from a platform (docs/platform-earnings.md): sealed with AES-256-GCM
 * under a key derived from SESSION_SECRET (lib/secret-box.ts), bound to the user and platform, so a copied column
 * or a dump alone reads nothing. Never answered or logged. One row per creator and platform; connecting again
 * replaces it, disconnecting deletes it.
 */
export const platformTokens = pgTable(
  'platform_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: varchar('platform', { length: 20 }).notNull(),
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed'),
    /** When the access token stops working (by the injected clock); refreshed a minute before. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    scopes: varchar('scopes', { length: 500 }).notNull().default(''),
    /** The platform's account the earnings are read from: the YouTube channel, the Patreon campaign. */
    accountId: varchar('account_id', { length: 100 }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /** The last failure to read or refresh, in words (never a token); null after a good read. */
    lastError: varchar('last_error', { length: 500 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('platform_tokens_user_platform_idx').on(t.userId, t.platform),
    check('platform_tokens_platform_check', inList('platform', EARNINGS_PLATFORMS)),
  ],
);

/** One platform's part of a month's earnings, as read (kept on the proposal for the reviewer). */
export type EarningsPart = {
  platform: string;
  currency: string;
  amount: string;
  /** The figure is a payout the platform paid (AdSense payments), not an estimate. */
  verified: boolean;
  note?: string;
};

/**
 * The earnings review queue (docs/platform-earnings.md): one proposal per loan and month, written by the monthly job
 * from the platforms' figures (or by the admin's typed earnings, source 'admin'), approved into an earnings payment
 * by an admin or automatically for payout-verified figures. The unique index makes any number of job runs write one.
 */
export const earningsProposals = pgTable(
  'earnings_proposals',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => financingApplications.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    /** The platforms read, joined with '+' ('youtube', 'patreon', 'youtube+patreon'); 'admin' for typed ones. */
    platform: varchar('platform', { length: 40 }).notNull(),
    source: varchar('source', { length: 20 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    /** The month's earnings in rand (null until they can be had: needs_rate, failed). */
    earningsAmount: money('earnings_amount'),
    /** What the platforms reported, before conversion: USD when any part was in dollars, else ZAR. */
    originalCurrency: varchar('original_currency', { length: 3 }),
    originalAmount: money('original_amount'),
    /** Rand per US dollar, with the day it is for and who published it; null for rand figures. */
    fxRate: numeric('fx_rate', { precision: 14, scale: 6 }),
    fxDate: date('fx_date', { mode: 'string' }),
    fxSource: varchar('fx_source', { length: 100 }),
    /** earnings × the schedule's withholding, capped at the balance, and its fee: what approval will record. */
    proposedPayment: money('proposed_payment'),
    proposedFee: money('proposed_fee'),
    parts: jsonb('parts').$type<EarningsPart[]>().notNull().default([]),
    /** Why it waits, failed or was rejected (in words an admin can act on). */
    reason: varchar('reason', { length: 500 }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('earnings_proposals_month_idx').on(t.applicationId, t.year, t.month),
    // The queue reads by status, newest month first; the score reads a creator's approved months.
    index('earnings_proposals_status_idx').on(t.status, t.year, t.month, t.id),
    index('earnings_proposals_user_idx').on(t.userId, t.status),
    check('earnings_proposals_month_check', sql`month between 1 and 12`),
    check('earnings_proposals_source_check', inList('source', EARNINGS_SOURCES)),
    check('earnings_proposals_status_check', inList('status', EARNINGS_PROPOSAL_STATUSES)),
    check(
      'earnings_proposals_amounts_check',
      sql`(earnings_amount is null or earnings_amount >= 0) and (proposed_payment is null or proposed_payment >= 0) and (proposed_fee is null or proposed_fee >= 0)`,
    ),
  ],
);

export type PlatformToken = typeof platformTokens.$inferSelect;
export type EarningsProposal = typeof earningsProposals.$inferSelect;

/**
 * Dual control (docs/decisions/028-dual-control.md): a change one staff member asked for, held until a second,
 * different staff member with the same duty approves it (then it is carried out in the approval's transaction),
 * rejects it, or its maker withdraws it. The maker's request was tried when it was made, so only changes that could
 * be made then wait here.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 30 }).$type<ApprovalKind>().notNull(),
    /** What it changes, as 'application:12', 'user:5' or 'payment:40': one pending request per kind and subject. */
    subjectKey: varchar('subject_key', { length: 60 }).notNull(),
    /** The application or person it concerns, for the queue's links and the audit rows. */
    applicationId: integer('application_id').references(() => financingApplications.id, {
      onDelete: 'set null',
    }),
    subjectUserId: integer('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The request body of the change, as the route validated it. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** What the change is, in words (shown in the queue and audited). */
    summary: varchar('summary', { length: 500 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    makerId: integer('maker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    checkerId: integer('checker_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The checker's reason for a rejection, or the maker's for a withdrawal. */
    decisionNote: varchar('decision_note', { length: 1000 }),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // A change waits once: a second request for the same change is refused by the database, whatever the timing.
    uniqueIndex('approval_requests_pending_idx').on(t.kind, t.subjectKey).where(sql`status = 'pending'`),
    index('approval_requests_status_idx').on(t.status, t.id),
    check('approval_requests_kind_check', inList('kind', APPROVAL_KINDS)),
    check('approval_requests_status_check', inList('status', APPROVAL_STATUSES)),
    // The maker never approves or rejects their own request (withdrawing it is theirs, and names no checker).
    check('approval_requests_two_people_check', sql`checker_id is null or checker_id <> maker_id`),
    check(
      'approval_requests_decided_check',
      sql`(status = 'pending') = (decided_at is null) and (status in ('approved', 'rejected')) = (checker_id is not null)`,
    ),
  ],
);
export type ApprovalRequest = typeof approvalRequests.$inferSelect;

/**
 * Collections (docs/collections.md): who works a loan in arrears and when it is next to be acted on. A row exists
 * once a loan has been assigned or given a next action; the worklist itself is the loans in arrears.
 */
export const collectionAccounts = pgTable(
  'collection_accounts',
  {
    applicationId: integer('application_id')
      .primaryKey()
      .references(() => financingApplications.id, { onDelete: 'cascade' }),
    collectorId: integer('collector_id').references(() => users.id, { onDelete: 'set null' }),
    nextActionOn: date('next_action_on', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collection_accounts_collector_idx').on(t.collectorId)],
);

/** Every contact with a creator about a loan in collections: how, what came of it, the collector's note. */
export const collectionContacts = pgTable(
  'collection_contacts',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => financingApplications.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    channel: varchar('channel', { length: 20 }).$type<ContactChannel>().notNull(),
    outcome: varchar('outcome', { length: 20 }).$type<ContactOutcome>().notNull(),
    note: varchar('note', { length: 2000 }).notNull(),
    contactedAt: timestamp('contacted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('collection_contacts_application_idx').on(t.applicationId, t.id),
    check('collection_contacts_channel_check', inList('channel', CONTACT_CHANNELS)),
    check('collection_contacts_outcome_check', inList('outcome', CONTACT_OUTCOMES)),
  ],
);

/**
 * A promise to pay `amount` by `promised_for`, made on `made_on`. Kept or broken is not stored: it is what the
 * payments received between the two days say (src/shared/collections.ts), so a late, backdated or reversed
 * payment is always counted as it stands.
 */
export const paymentPromises = pgTable(
  'payment_promises',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => financingApplications.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    madeOn: date('made_on', { mode: 'string' }).notNull(),
    promisedFor: date('promised_for', { mode: 'string' }).notNull(),
    madeBy: integer('made_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The loan's latest payment when the promise was made (0 for none): a payment of its first day counts towards
     * it only if recorded after it, as the promise is for money still to come.
     */
    afterPaymentId: integer('after_payment_id').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_promises_application_idx').on(t.applicationId, t.promisedFor),
    check('payment_promises_amount_check', sql`amount > 0`),
    check('payment_promises_dates_check', sql`promised_for >= made_on`),
  ],
);

/**
 * The creator's "I can't pay this month": a case in the collections worklist until a collector closes it with
 * what was agreed. One open request per loan (the partial unique index), however often the button is pressed.
 */
export const hardshipRequests = pgTable(
  'hardship_requests',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => financingApplications.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: 1000 }).notNull(),
    /** What the creator says they can pay this month, if anything. */
    canPay: money('can_pay'),
    status: varchar('status', { length: 10 }).notNull().default('open'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    /** What was agreed, in the collector's words (shown to the creator). */
    outcome: varchar('outcome', { length: 1000 }),
  },
  (t) => [
    uniqueIndex('hardship_requests_open_idx').on(t.applicationId).where(sql`status = 'open'`),
    index('hardship_requests_status_idx').on(t.status, t.applicationId),
    check('hardship_requests_status_check', inList('status', HARDSHIP_STATUSES)),
    check('hardship_requests_can_pay_check', sql`can_pay is null or can_pay >= 0`),
    check('hardship_requests_closed_check', sql`(status = 'open') = (closed_at is null)`),
  ],
);
