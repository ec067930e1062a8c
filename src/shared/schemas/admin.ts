// Admin contracts: application review and servicing, users, platforms and the dashboard mode.
import { z } from 'zod';
import {
  DASHBOARD_MODES,
  MAX_REQUESTED_AMOUNT,
  MIN_REQUESTED_AMOUNT,
  PLATFORM_NAME_MAX,
  PLATFORM_NAME_MIN,
  USER_ROLES,
  USER_STATUSES,
} from '../constants';
import { formatZarWhole } from '../finance/money';
import { clampPeriod, MAX_PERIOD_MONTHS, MIN_PERIOD_MONTHS } from '../finance/repayment-plan';
import { BANK_REFERENCE_MAX, MANUAL_PAYMENT_CHANNELS } from '../payment-channels';
import { ADMIN_SELECTABLE_STATUSES } from '../status-machine';
import { historyPageSchema } from './admin-lists';
import {
  adminApplicationSchema,
  MAX_AMOUNT_MESSAGE,
  MIN_AMOUNT_MESSAGE,
  previewTermsSchema,
  repaymentScheduleViewSchema,
} from './applications';
import { publicUserSchema } from './auth';
import { calendarDayTextSchema, instantSchema, moneyTextSchema, successTrue } from './common';
import { calendarDateSchema, moneyAmountSchema, moneyNumberSchema, recordIdSchema } from './fields';

/** A rejection reason's bounds: written for the creator, who reads it with their application. */
export const REJECTION_REASON_MIN = 10;
export const REJECTION_REASON_MAX = 500;

/**
 * The fields an admin edits on an application under review, with the messages the Edit dialog shows under them:
 * the dialog validates with these, the server with the same (adminApplicationPatchSchema).
 */
export const applicationEditFields = {
  notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters'),
  requestedAmount: z
    .number({ error: 'Enter the requested amount' })
    .int('Enter a whole number of rand')
    .min(MIN_REQUESTED_AMOUNT, MIN_AMOUNT_MESSAGE)
    .max(MAX_REQUESTED_AMOUNT, MAX_AMOUNT_MESSAGE),
  // The spec clamps the period to 1-36 months rather than refusing it.
  estimatedPeriod: z
    .number({ error: 'Enter the period in months' })
    .int('Use whole months')
    .transform(clampPeriod),
  rejectionReason: z
    .string()
    .trim()
    .min(
      REJECTION_REASON_MIN,
      `Write the reason for the creator in at least ${REJECTION_REASON_MIN} characters`,
    )
    .max(REJECTION_REASON_MAX, `The reason must be at most ${REJECTION_REASON_MAX} characters`),
};

export const adminApplicationPatchSchema = z
  .object({
    status: z
      .enum(ADMIN_SELECTABLE_STATUSES, { error: 'Choose pending_review, approved, rejected or active' })
      .optional(),
    notes: applicationEditFields.notes.optional(),
    /** Written for the creator, required with status 'rejected' (the notes stay internal). */
    rejectionReason: applicationEditFields.rejectionReason.optional(),
    creditScore: z.number().int().min(0, 'Score is 0-100').max(100, 'Score is 0-100').optional(),
    requestedAmount: applicationEditFields.requestedAmount.optional(),
    /**
     * With status 'approved': the amount granted, whole rand, up to the requested amount (default: all of it).
     * It is the amount financed: every quote and offer is of it.
     */
    approvedAmount: z
      .number({ error: 'The approved amount is a whole number of rand' })
      .int('The approved amount is a whole number of rand')
      .min(MIN_REQUESTED_AMOUNT, `The approved amount is at least ${formatZarWhole(MIN_REQUESTED_AMOUNT)}`)
      .max(MAX_REQUESTED_AMOUNT, `The approved amount is at most ${formatZarWhole(MAX_REQUESTED_AMOUNT)}`)
      .optional(),
    /** true turns an application under review into a test application (`pending_review_testing`). */
    testing: z.boolean({ error: 'testing is true or false' }).optional(),
    estimatedPeriod: applicationEditFields.estimatedPeriod.optional(),
  })
  .strict();

export const addPaymentSchema = z.object({
  // A number or plain decimal text: '0x10', '0b11', '0o7', '1e3' and ' 12' are refused, not read as numbers.
  amount: moneyAmountSchema({
    sign: 'positive',
    max: 1_000_000,
    messages: {
      required: 'Amount is required',
      invalid: 'Amount must be a number in rand, like 1250.50',
      sign: 'Amount must be a positive number',
      cents: 'Amount must be in steps of 0.01',
      max: 'Amount is too large',
    },
  }),
  notes: z.string().trim().max(1000).optional().nullable(),
  paymentDate: calendarDateSchema('Payment date'),
  /** How the money came in (shared/payment-channels.ts); an EFT unless said. */
  channel: z.enum(MANUAL_PAYMENT_CHANNELS, { message: 'Choose how the money came in' }).default('eft'),
  /** The reference on the bank statement; left out or blank when there is none (cash handed over, a card). */
  bankReference: z
    .string()
    .trim()
    .max(BANK_REFERENCE_MAX, `Bank reference must be at most ${BANK_REFERENCE_MAX} characters`)
    .optional()
    .nullable()
    .transform((value) => value || null),
});

/** The admin records that a quoted early settlement arrived. */
export const settleQuoteSchema = z
  .object({
    paymentDate: calendarDateSchema('Payment date').optional(),
    notes: z.string().trim().max(1000).optional(),
  })
  .strict();

/** A renegotiated loan: the remaining balance over a new period, at no extra cost. */
export const restructureSchema = z
  .object({
    estimatedPeriod: z
      .number({ error: `Choose a new period of ${MIN_PERIOD_MONTHS}-${MAX_PERIOD_MONTHS} months` })
      .int('Choose a whole number of months')
      .min(MIN_PERIOD_MONTHS, 'The period is at least 1 month')
      .max(MAX_PERIOD_MONTHS, `The period is at most ${MAX_PERIOD_MONTHS} months`),
  })
  .strict();

/**
 * POST /api/admin/applications/{id}/preview-terms: the creator's preview inputs, and the schedule the admin's
 * setup would write (frequency, payment method, withholding) so that the quote is of that schedule. Each is
 * optional: without them, the setup's defaults (automatic, platform earnings, 20 %, 12 months).
 */
export const adminPreviewTermsSchema = previewTermsSchema.extend({
  frequency: z.enum(['automatic', 'monthly', 'biweekly']).optional(),
  paymentMethod: z.enum(['platform_earnings', 'bank_debit', 'manual']).optional(),
  withholdingPercentage: z
    .number()
    .min(1, 'Withholding must be 1-100')
    .max(100, 'Withholding must be 1-100')
    .optional(),
});

export const adminScheduleSchema = z.object({
  frequency: z.enum(['automatic', 'monthly', 'biweekly']).default('automatic'),
  paymentMethod: z.enum(['platform_earnings', 'bank_debit', 'manual']).default('platform_earnings'),
  // Unparseable falls back to 20 (spec); a readable number must be 1-100.
  withholdingPercentage: z.preprocess(
    (v) => (v === undefined || v === null || v === '' || Number.isNaN(Number(v)) ? 20 : Number(v)),
    z.number().min(1, 'Withholding must be 1-100').max(100, 'Withholding must be 1-100'),
  ),
  estimatedPeriod: z.preprocess(
    (v) =>
      v === undefined || v === null || v === '' || Number.isNaN(Number(v)) ? 12 : Math.trunc(Number(v)),
    z
      .number()
      .int()
      .min(MIN_PERIOD_MONTHS, 'The period is at least 1 month')
      .max(MAX_PERIOD_MONTHS, `The period is at most ${MAX_PERIOD_MONTHS} months`),
  ),
});

/** A staff action's reason, 5 to 500 characters, with messages that name the action ('the write-off'). */
const reasonFor = (action: string) =>
  z
    .object({
      reason: z
        .string({ error: `Give the reason for ${action}` })
        .trim()
        .min(5, `Give the reason for ${action} in at least 5 characters`)
        .max(500, 'The reason must be at most 500 characters'),
    })
    .strict();

/** Write off a defaulted loan (docs/lending.md, "Write-off and recovery"): why it is no longer expected to be collected. */
export const writeOffSchema = reasonFor('the write-off');

/**
 * Forgive a written-off loan's balance (docs/lending.md, "Forgiving a written-off balance"): why the lender gives up
 * what is still owed.
 */
export const forgiveBalanceSchema = reasonFor('forgiving the balance');

/** POST /api/admin/payments/{id}/reverse: why the payment no longer counts, written for the creator. */
export const reversePaymentSchema = reasonFor('the reversal');

/** POST /api/admin/applications/{id}/payout: the payout of an accepted agreement, as the bank shows it. */
export const payoutSchema = z
  .object({
    paidOn: calendarDateSchema('Payout date'),
    bankReference: z
      .string({ error: 'The bank reference is required' })
      .trim()
      .min(3, 'The bank reference is at least 3 characters')
      .max(60, 'The bank reference is at most 60 characters')
      .regex(/^[\w ./#-]+$/, 'The bank reference takes letters, digits, spaces and . / # - _'),
  })
  .strict();

export const adminUserPatchSchema = z
  .object({
    role: z
      .enum(USER_ROLES, { error: 'Role is user, admin, underwriter, collector, finance or auditor' })
      .optional(),
    status: z.enum(USER_STATUSES, { error: 'Status is active, suspended or deleted' }).optional(),
    reason: z.string().trim().max(1000).optional(),
    adminNotes: z.string().trim().max(4000).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.status && v.status !== 'active' && !v.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'A reason is required to suspend or delete a user',
      });
    }
  });

const optionalUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Must be a valid URL')
  .optional();

export const platformCreateSchema = z.object({
  name: z
    .string({ error: 'Platform name must be at least 2 characters' })
    .trim()
    .min(PLATFORM_NAME_MIN, 'Platform name must be at least 2 characters')
    .max(PLATFORM_NAME_MAX, 'Platform name cannot exceed 50 characters'),
  description: z.string().trim().max(1000).optional(),
  websiteUrl: optionalUrl,
  logoUrl: optionalUrl,
});

export const dashboardModeSchema = z.object({
  mode: z.enum(DASHBOARD_MODES, { error: 'Mode is production, testing or hybrid' }),
});

// The lending filters live with the paged lists' contracts.

export const recordEarningsSchema = z.object({
  applicationId: recordIdSchema('Invalid application id'),
  earningsMonth: z.number().int().min(1, 'Month is 1-12').max(12, 'Month is 1-12'),
  earningsYear: z.number().int().min(2000).max(2100),
  earningsAmount: moneyNumberSchema({
    sign: 'positive',
    max: 100_000_000,
    messages: {
      required: 'Earnings amount is required',
      invalid: 'Earnings amount must be a number in rand, like 1250.50',
      sign: 'Earnings must be greater than zero',
      cents: 'Earnings must be in steps of 0.01',
      max: 'Earnings amount is too large',
    },
  }),
  notes: z.string().trim().max(1000).optional(),
});

export const lendingCancelSchema = z.object({
  applicationId: recordIdSchema('Invalid application id'),
  reason: z.string({ error: 'A reason is required' }).trim().min(1, 'A reason is required').max(1000),
});

/** What an admin made of a creator's proof of earnings (Application Details, Verify / Reject). */
export const PROOF_REVIEW_DECISIONS = ['verified', 'rejected'] as const;
export type ProofReviewDecision = (typeof PROOF_REVIEW_DECISIONS)[number];

export const proofReviewSchema = z
  .object({
    decision: z.enum(PROOF_REVIEW_DECISIONS, { error: 'Choose verified or rejected' }),
    /** Why a proof is rejected: kept with the review and in the audit trail. */
    reason: z
      .string({ error: 'Give the reason for rejecting this proof' })
      .trim()
      .max(500, 'The reason must be at most 500 characters')
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.decision === 'rejected' && (v.reason ?? '').length < 5) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Give the reason for rejecting this proof in at least 5 characters',
      });
    }
  });
export type ProofReviewInput = z.input<typeof proofReviewSchema>;

// ---- answers (the admin routes' response schemas) ----

/** `{ success: true, data: <application with notes>, message }`: decide or edit, schedule set-up, cancel. */
export const adminApplicationAnswerSchema = z.object({
  success: successTrue,
  data: adminApplicationSchema,
  message: z.string(),
});
export type AdminApplicationAnswer = z.infer<typeof adminApplicationAnswerSchema>;

/** A creator's proof of earnings as Application Details lists it. */
export const proofFileSummarySchema = z.object({
  id: z.number().int(),
  originalName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  reviewStatus: z.string(),
  reviewedAt: z.string().nullable(),
  /** Why it was rejected; null unless rejected. */
  reviewReason: z.string().nullable(),
  /** The manual platforms of the application that cite it. */
  platforms: z.array(z.string()),
});
export type ProofFileSummary = z.infer<typeof proofFileSummarySchema>;

/** The applicant as an admin sees them beside an application. */
export const applicantSchema = publicUserSchema
  .omit({ impersonatedBy: true })
  .extend({ role: z.string(), status: z.string() });
export type Applicant = z.infer<typeof applicantSchema>;

/** GET /api/admin/applications/{id}. */
export const adminApplicationDetailsSchema = z.object({
  application: adminApplicationSchema,
  user: applicantSchema,
  proofFiles: z.array(proofFileSummarySchema),
});
export type AdminApplicationDetails = z.infer<typeof adminApplicationDetailsSchema>;

/** POST /api/admin/proof-files/{id}/review. */
export const proofReviewAnswerSchema = z.object({
  success: successTrue,
  data: z.object({
    id: z.number().int(),
    reviewStatus: z.enum(PROOF_REVIEW_DECISIONS),
    reviewedAt: z.string(),
    reviewReason: z.string().nullable(),
    /** Open applications citing the proof that were scored again. */
    rescoredApplications: z.number().int(),
  }),
  message: z.string(),
});
export type ProofReviewAnswer = z.infer<typeof proofReviewAnswerSchema>;

/** GET /api/admin/overview: cards and risk distribution in the dashboard mode. */
export const adminOverviewSchema = z.object({
  totalApplications: z.number().int(),
  approvedCount: z.number().int(),
  pendingCount: z.number().int(),
  /** Mean credit score to 1 decimal, or null when no application has one. */
  averageCreditScore: z.number().nullable(),
  totalUsers: z.number().int(),
  adminCount: z.number().int(),
  otherStaffCount: z.number().int(),
  averageRequestedAmount: moneyTextSchema,
  totalRequestedAmount: moneyTextSchema,
  /** Share of all applications per risk band, percent to 1 decimal. */
  riskDistribution: z.object({ low: z.number(), medium: z.number(), high: z.number() }),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** A payment row as recorded (the answer to recording a payment or a settlement). */
const paymentRecordSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  amount: moneyTextSchema,
  platformFee: moneyTextSchema.nullable(),
  earningsMonth: z.number().int().nullable(),
  earningsYear: z.number().int().nullable(),
  earningsAmount: moneyTextSchema.nullable(),
  kind: z.string(),
  notes: z.string().nullable(),
  channel: z.enum(MANUAL_PAYMENT_CHANNELS).nullable(),
  bankReference: z.string().nullable(),
  paymentDate: calendarDayTextSchema,
  idempotencyKey: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: instantSchema,
});

/** POST /api/admin/applications/{id}/payments (201; replayed as first answered for the same Idempotency-Key). */
export const paymentAnswerSchema = z.object({
  success: successTrue,
  data: z.object({
    payment: paymentRecordSchema,
    remainingAmount: moneyTextSchema,
    completed: z.boolean(),
    application: adminApplicationSchema,
  }),
  message: z.string(),
});
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

/** POST /api/admin/settlement-quotes/{id}/settle (201). */
export const settlementAnswerSchema = z.object({
  success: successTrue,
  data: z.object({ payment: paymentRecordSchema, remainingAmount: moneyTextSchema, completed: z.boolean() }),
  message: z.string(),
});
export type SettlementAnswer = z.infer<typeof settlementAnswerSchema>;

/** POST /api/admin/applications/{id}/restructure. */
export const restructureAnswerSchema = z.object({
  success: successTrue,
  data: z.object({
    installmentAmount: moneyTextSchema,
    /** How many instalments the new plan has. */
    instalments: z.number().int(),
    nextPaymentDate: calendarDayTextSchema.nullable(),
  }),
  message: z.string(),
});
export type RestructureAnswer = z.infer<typeof restructureAnswerSchema>;

/** GET /api/admin/users/{id}: the user with their applications, payments and the admin actions about them. */
export const adminUserDetailsSchema = z.object({
  user: applicantSchema.extend({
    adminNotes: z.string().nullable(),
    lastStatusChange: z.string().nullable(),
    statusChangeReason: z.string().nullable(),
    /** POPIA (docs/privacy.md): asked to be forgotten while money was owed; carried out when the loan closes. */
    deletionRequestedAt: z.string().nullable(),
    /** When the personal data was erased (the account then shows no name or e-mail). */
    anonymisedAt: z.string().nullable(),
  }),
  /**
   * The user's applications, each schedule without its payments: those are paged below (a creator with 1 000
   * payments sent them twice, 0.42 MB).
   */
  applications: z.array(
    adminApplicationSchema.extend({
      repaymentSchedule: repaymentScheduleViewSchema.omit({ payments: true }).nullable(),
    }),
  ),
  /** One page of the user's payments, newest first (USER_HISTORY_PAGE_SIZE; ?paymentsPage=). */
  payments: historyPageSchema(
    z.object({
      id: z.number().int(),
      applicationId: z.number().int(),
      amount: moneyTextSchema,
      platformFee: moneyTextSchema.nullable(),
      notes: z.string().nullable(),
      channel: z.enum(MANUAL_PAYMENT_CHANNELS).nullable(),
      bankReference: z.string().nullable(),
      paymentDate: calendarDayTextSchema,
      /** Reversed (bounced, or recorded in error) on this day: it counts for nothing. */
      reversedOn: calendarDayTextSchema.nullable(),
    }),
  ),
  /** One page of the admin actions about the user, newest first (?actionsPage=). */
  adminActions: historyPageSchema(
    z.object({
      id: z.number().int(),
      userId: z.number().int().nullable(),
      adminId: z.number().int().nullable(),
      action: z.string(),
      notes: z.string().nullable(),
      createdAt: z.string(),
      admin: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
    }),
  ),
});
export type AdminUserDetails = z.infer<typeof adminUserDetailsSchema>;

/** PATCH /api/admin/users/{id}. */
export const adminUserAnswerSchema = z.object({ success: successTrue, user: applicantSchema });
export type AdminUserAnswer = z.infer<typeof adminUserAnswerSchema>;

/** A partner platform (platform management). */
export const platformSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Platform = z.infer<typeof platformSchema>;

export const platformListAnswerSchema = z.object({ success: successTrue, data: z.array(platformSchema) });
export type PlatformListAnswer = z.infer<typeof platformListAnswerSchema>;
export const platformAnswerSchema = z.object({ success: successTrue, data: platformSchema });
export type PlatformAnswer = z.infer<typeof platformAnswerSchema>;

/** GET and POST /api/platform-management/dashboard/mode. */
export const dashboardModeAnswerSchema = z.object({
  success: successTrue,
  data: z.object({ mode: z.enum(DASHBOARD_MODES) }),
});
export type DashboardModeAnswer = z.infer<typeof dashboardModeAnswerSchema>;

/** GET /api/lending-management/summary: SQL aggregates (money as 2-decimal text, rates as numbers). */
export const lendingSummaryAnswerSchema = z.object({
  success: successTrue,
  data: z.object({
    /**
     * With a month or year filter, the money that moved in that period: principal paid out, payments received (by
     * payment date, not reversed) and their fees; without one, all the selected loans ever moved.
     */
    totalCreditDisbursed: moneyTextSchema,
    totalRepayments: moneyTextSchema,
    totalPlatformFees: moneyTextSchema,
    /** With a month or year filter, how many loans were paid out in it; null without one. */
    paidOutInPeriod: z.number().int().nullable(),
    /** The spec's label: the average flat cost (finance charge / amount financed), percent. */
    averageInterestRate: z.number(),
    /** The annualised cost rate of the loans being repaid, weighted by the principal each still owes, percent. */
    averageAnnualCostRate: z.number(),
    /** The finance charge of the loans not in default. */
    expectedReturns: moneyTextSchema,
    totalExpectedReturn: moneyTextSchema,
    returnedSoFar: moneyTextSchema,
    remainingReturns: moneyTextSchema,
    activeApplicationsCount: z.number().int(),
    defaultedCount: z.number().int(),
    /** Financings that were ever in default (cured, restructured or repaid since included). */
    everDefaultedCount: z.number().int(),
    financedCount: z.number().int(),
    /** In default now, percent of the financed. */
    defaultRate: z.number(),
    /** Ever in default, percent of the financed. */
    everDefaultRate: z.number(),
    /** Restructured loans not yet out of probation. */
    forborneInProbationCount: z.number().int(),
    outstandingBalance: moneyTextSchema,
    outstandingOver30: moneyTextSchema,
    outstandingOver90: moneyTextSchema,
    /** The principal still owed on the loans being repaid, and the part at risk (30 / 90 days, or in probation). */
    outstandingPrincipal: moneyTextSchema,
    principalAtRisk30: moneyTextSchema,
    principalAtRisk90: moneyTextSchema,
    /** Portfolio at risk: principal at risk over principal owed, percent. */
    portfolioAtRisk30: z.number(),
    portfolioAtRisk90: z.number(),
  }),
});
export type LendingSummaryAnswer = z.infer<typeof lendingSummaryAnswerSchema>;

/** POST /api/lending-management/record-earnings (201). */
export const recordEarningsAnswerSchema = z.object({
  success: successTrue,
  data: z.object({
    /** The payment withheld from the earnings. */
    payment: moneyTextSchema,
    platformFee: moneyTextSchema,
    remainingAmount: moneyTextSchema,
    completed: z.boolean(),
  }),
  message: z.string(),
});
export type RecordEarningsAnswer = z.infer<typeof recordEarningsAnswerSchema>;
