// Back-office contracts for applications: the review and edit (the fields the Edit dialog shares), the terms preview,
// the plan's setup, the payout, proof review, one application's details and the overview.
import { z } from 'zod';
import {
  FREE_TEXT_MAX,
  MAX_PERIOD_MONTHS,
  MAX_REQUESTED_AMOUNT,
  MIN_PERIOD_MONTHS,
  MIN_REQUESTED_AMOUNT,
} from '../constants';
import { formatZarWhole } from '../finance/money';
import { clampPeriod } from '../finance/repayment-plan';
import { ADMIN_SELECTABLE_STATUSES } from '../status-machine';
import { applicantSchema } from './admin-users';
import {
  adminApplicationSchema,
  MAX_AMOUNT_MESSAGE,
  MIN_AMOUNT_MESSAGE,
  previewTermsSchema,
} from './applications';
import { moneyTextSchema, successTrue } from './common';
import { calendarDateSchema } from './fields';

/** A rejection reason's bounds: written for the creator, who reads it with their application. */
export const REJECTION_REASON_MIN = 10;

export const REJECTION_REASON_MAX = 500;

/**
 * The fields an admin edits on an application under review, with the messages the Edit dialog shows under them:
 * the dialog validates with these, the server with the same (adminApplicationPatchSchema).
 */
export const applicationEditFields = {
  notes: z.string().trim().max(FREE_TEXT_MAX, `Notes must be at most ${FREE_TEXT_MAX} characters`),
  requestedAmount: z
    .number({ error: 'Enter the requested amount' })
    .int('Enter a whole number of rand')
    .min(MIN_REQUESTED_AMOUNT, MIN_AMOUNT_MESSAGE)
    .max(MAX_REQUESTED_AMOUNT, MAX_AMOUNT_MESSAGE),
  // The period is clamped to 1-36 months rather than refused.
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
