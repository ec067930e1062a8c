// Business constants and enumerations of the product: statuses, limits, defaults and lists.
// Everything that both the browser and the server need lives here so the two never drift.

import { STAFF_ROLES } from './staff-roles';

export const PRODUCT_NAME = 'Vuka Capital';
export const BRAND_LINE = 'Empowering Digital Creators';
export const SUPPORT_EMAIL = 'admin@vukacapital.co.za';

/** Said on every control disabled while an admin views as a creator (its title), and in the banner. */
export const READ_ONLY_HINT = 'Read-only: you are viewing as this creator and cannot act for them.';

export const MIN_REQUESTED_AMOUNT = 2_000;
/** The decision time the product promises ('Decisions typically within 48 hours'): an application's review timeline. */
export const DECISION_WITHIN_HOURS = 48;
export const MAX_REQUESTED_AMOUNT = 50_000;
/** The shortest and longest repayment period, in whole months (a plan, an offer, a restructure). */
export const MIN_PERIOD_MONTHS = 1;
export const MAX_PERIOD_MONTHS = 36;
export const PROOF_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const VERIFICATION_CODE_LENGTH = 6;
export const REMEMBER_ME_DAYS = 30;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PLATFORM_NAME_MIN = 2;
export const PLATFORM_NAME_MAX = 50;
export const PAYMENT_HISTORY_PREVIEW = 3;
/** A page of a creator's payments in the plan card's All Payments (GET /api/applications/{id}/payments). */
export const CREATOR_PAYMENTS_PAGE_SIZE = 20;
export const APPLICATIONS_POLL_MS = 1_000;
export const USERS_POLL_MS = 30_000;
export const QUIZ_PASS_RATIO = 0.7;
export const DEFAULT_CURRENCY = 'ZAR';

export const CREATOR_TYPES = ['full-time', 'part-time', 'hobby'] as const;
export type CreatorType = (typeof CREATOR_TYPES)[number];
export const CREATOR_TYPE_LABELS: Record<CreatorType, string> = {
  'full-time': 'Full-time Creator',
  'part-time': 'Part-time Creator',
  hobby: 'Hobby Creator',
};

/** A creator ('user') or one of the staff roles (staff-roles.ts: what each may do). */
export const USER_ROLES = ['user', ...STAFF_ROLES] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** A staff sign-in lasts at most this long, "Remember me" or not. */
export const STAFF_SESSION_MAX_HOURS = 12;
/** A staff sign-in with nothing done for this long is over (background refreshes are not something done). */
export const STAFF_IDLE_MINUTES = 30;
/** Sent by the client on a poll's refresh of data already on screen: not activity for the idle limit above. */
export const BACKGROUND_REQUEST_HEADER = 'x-vuka-background';

export const USER_STATUSES = ['active', 'suspended', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ACCOUNT_TYPES = ['savings', 'current', 'transmission'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const PRODUCTION_STATUSES = [
  'pending_review',
  'approved',
  // An admin's offer (the terms its setup made) waiting for the creator to accept it.
  'offered',
  // The creator accepted a quote or an offer: the contract; waiting for the payout, which starts the loan.
  'accepted',
  'rejected',
  'active',
  'defaulted',
  'cancelled',
  'completed',
] as const;
export const TESTING_STATUSES = PRODUCTION_STATUSES.map((s) => `${s}_testing` as const);
export const APPLICATION_STATUSES = [...PRODUCTION_STATUSES, ...TESTING_STATUSES] as const;
export type ProductionStatus = (typeof PRODUCTION_STATUSES)[number];
export type ApplicationStatus = ProductionStatus | `${ProductionStatus}_testing`;

export const APPLICATION_TYPES = ['personal', 'business', 'individual'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

export const USE_OF_FUNDS = [
  'equipment_purchase',
  'advance',
  'working_capital',
  'living_expenses',
  'other',
] as const;
export type UseOfFunds = (typeof USE_OF_FUNDS)[number];
export const USE_OF_FUNDS_LABELS: Record<UseOfFunds, string> = {
  equipment_purchase: 'Equipment Purchase',
  advance: 'Advance Payment',
  working_capital: 'Working Capital',
  living_expenses: 'Living Expenses',
  other: 'Other',
};

export const SCHEDULE_FREQUENCIES = ['automatic', 'weekly', 'biweekly', 'monthly'] as const;
export const PAYMENT_METHODS = [
  'platform_earnings',
  'credit_card',
  'bank_debit',
  'manual',
  'bank',
  'platform_wallet',
] as const;
export const SCHEDULE_STATUSES = ['pending', 'active', 'completed', 'defaulted', 'cancelled'] as const;

export const QUEST_CATEGORIES = ['creative', 'financial', 'platform'] as const;
export const QUEST_DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export const QUEST_PROGRESS_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export const RECOMMENDATION_STATUSES = ['pending', 'accepted', 'dismissed'] as const;

export const DASHBOARD_MODES = ['production', 'testing', 'hybrid'] as const;
export type DashboardMode = (typeof DASHBOARD_MODES)[number];

export const AI_FOCUS_OPTIONS = ['general', 'risk', 'growth', 'marketing'] as const;

/** Countries of the registration form, as the form lists them; shown sorted by name. */
export const COUNTRIES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'ZA', name: 'South Africa' },
  { code: 'AO', name: 'Angola' },
  { code: 'BW', name: 'Botswana' },
  { code: 'CD', name: 'DR Congo' },
  { code: 'LS', name: 'Lesotho' },
  { code: 'MW', name: 'Malawi' },
  { code: 'MZ', name: 'Mozambique' },
  { code: 'NA', name: 'Namibia' },
  { code: 'SZ', name: 'Eswatini' },
  { code: 'ZM', name: 'Zambia' },
  { code: 'ZW', name: 'Zimbabwe' },
  { code: 'KE', name: 'Kenya' },
  { code: 'TZ', name: 'Tanzania' },
  { code: 'UG', name: 'Uganda' },
  { code: 'RW', name: 'Rwanda' },
  { code: 'ET', name: 'Ethiopia' },
  { code: 'NG', name: 'Nigeria' },
  { code: 'GH', name: 'Ghana' },
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'CA', name: 'Canada' },
  { code: 'AU', name: 'Australia' },
  { code: 'NZ', name: 'New Zealand' },
];

/** An admin's review of a proof of earnings, as admins and creators read it. */
export const PROOF_STATUS_LABELS = {
  pending: 'Proof awaiting review',
  verified: 'Proof verified',
  rejected: 'Proof not accepted',
} as const;
export type ProofStatus = keyof typeof PROOF_STATUS_LABELS;

/**
 * The longest message to the Creative Advisor (its request schema, the chat's text box). It lives here, not
 * beside the schema, so the dashboard's chat card does not load the schema library for one number.
 */
export const ADVISOR_MESSAGE_MAX = 2000;

/** The longest free text a person writes in one box: an admin's notes, a collector's note, a creator's bio. */
export const FREE_TEXT_MAX = 2000;

/** A credit quote (a plan the creator sees, an admin's offer) holds this many South African business days. */
export const QUOTE_VALID_BUSINESS_DAYS = 5;

/** Platforms whose earnings are read by API once a creator connects them for earnings (docs/platform-earnings.md). */
export const EARNINGS_PLATFORMS = ['youtube', 'patreon'] as const;
export type EarningsPlatform = (typeof EARNINGS_PLATFORMS)[number];
/**
 * Where a month's earnings figure came from, strongest first: a payout the platform actually paid, the platform's
 * own report read by API, a proof an admin verified, the admin's typed figure.
 */
export const EARNINGS_SOURCES = ['payout_verified', 'platform_api', 'proof', 'admin'] as const;
export type EarningsSource = (typeof EARNINGS_SOURCES)[number];
/** An earnings proposal's life: waiting for an admin, decided, or waiting for an exchange rate or a platform. */
export const EARNINGS_PROPOSAL_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'needs_rate',
  'failed',
] as const;
export type EarningsProposalStatus = (typeof EARNINGS_PROPOSAL_STATUSES)[number];
