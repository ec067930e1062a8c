// Admin contracts: application review and servicing, users, platforms and the dashboard mode.
import { z } from 'zod';
import { isIsoDate } from '../business-date';
import {
  DASHBOARD_MODES,
  PLATFORM_NAME_MAX,
  PLATFORM_NAME_MIN,
  USER_ROLES,
  USER_STATUSES,
} from '../constants';
import { ADMIN_SELECTABLE_STATUSES } from '../status-machine';

/**
 * A South African calendar day as 'YYYY-MM-DD' that exists: '2024-02-30' and '2024-01-01junk' are refused,
 * not rolled over or cut short. Whether it is in the future or before the loan is the service's rule.
 */
export const calendarDateSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine(isIsoDate, `${label} must be a real calendar date written YYYY-MM-DD`);

export const adminApplicationPatchSchema = z
  .object({
    status: z
      .enum(ADMIN_SELECTABLE_STATUSES, { error: 'Choose pending_review, approved, rejected or active' })
      .optional(),
    notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional(),
    creditScore: z.number().int().min(0, 'Score is 0-100').max(100, 'Score is 0-100').optional(),
    requestedAmount: z
      .number()
      .int()
      .min(2000, 'Minimum amount: R2,000')
      .max(50000, 'Maximum amount: R50,000')
      .optional(),
    /** true turns an application under review into a test application (`pending_review_testing`). */
    testing: z.boolean({ error: 'testing is true or false' }).optional(),
    // The spec clamps the period to 1-36 months rather than refusing it.
    estimatedPeriod: z
      .number()
      .int()
      .transform((v) => Math.min(36, Math.max(1, v)))
      .optional(),
  })
  .strict();

// Only plain decimals: Number() would read '0x10' as 16, '0b11' as 3 and '1e3' as 1000.
const PLAIN_AMOUNT = /^\s*\d+(?:\.\d+)?\s*$/;

export const addPaymentSchema = z.object({
  amount: z.preprocess(
    (v) => (typeof v === 'string' && PLAIN_AMOUNT.test(v) ? Number(v) : v),
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null || issue.input === ''
            ? 'Amount is required'
            : 'Amount must be a number in rand, like 1250.50',
      })
      .positive('Amount must be a positive number')
      .multipleOf(0.01, 'Amount must be in steps of 0.01')
      .max(1_000_000, 'Amount is too large'),
  ),
  notes: z.string().trim().max(1000).optional().nullable(),
  paymentDate: calendarDateSchema('Payment date'),
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
      .number({ error: 'Choose a new period of 1-36 months' })
      .int('Choose a whole number of months')
      .min(1, 'The period is at least 1 month')
      .max(36, 'The period is at most 36 months'),
  })
  .strict();

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
    z.number().int().min(1, 'The period is at least 1 month').max(36, 'The period is at most 36 months'),
  ),
});

export const adminUserPatchSchema = z
  .object({
    role: z.enum(USER_ROLES, { error: 'Role is user or admin' }).optional(),
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
export { lendingFilterSchema } from './admin-lists';

export const recordEarningsSchema = z.object({
  applicationId: z.number().int().positive(),
  earningsMonth: z.number().int().min(1, 'Month is 1-12').max(12, 'Month is 1-12'),
  earningsYear: z.number().int().min(2000).max(2100),
  earningsAmount: z
    .number({ error: 'Earnings amount is required' })
    .positive('Earnings must be greater than zero')
    .multipleOf(0.01)
    .max(100_000_000),
  notes: z.string().trim().max(1000).optional(),
});

export const lendingCancelSchema = z.object({
  applicationId: z.number().int().positive(),
  reason: z.string({ error: 'A reason is required' }).trim().min(1, 'A reason is required').max(1000),
});
