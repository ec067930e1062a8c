// Financing application contracts shared by the /apply form, the dashboard and the routes.
import { z } from 'zod';
import { MAX_REQUESTED_AMOUNT, MIN_REQUESTED_AMOUNT, USE_OF_FUNDS } from '../constants';
import { moneyNumberSchema, recordIdSchema } from './fields';

const name = (label: string) => z.string().trim().max(100, `${label} must be at most 100 characters`);

/** A manual platform on the form: the proof was uploaded first (POST /api/proof-files) and is referenced by id. */
export const manualPlatformInputSchema = z.object({
  platform: z.string().trim().min(1, 'Platform is required').max(50),
  username: z.string().trim().min(1, 'Username is required').max(100),
  estimatedFollowers: z.number().int('Followers must be a whole number').min(0).max(1_000_000_000),
  estimatedRevenue: moneyNumberSchema({
    sign: 'nonNegative',
    max: 100_000_000,
    messages: {
      required: 'Enter the estimated revenue',
      invalid: 'Enter the estimated revenue in rand',
      sign: 'Revenue cannot be negative',
      cents: 'Use at most 2 decimals',
      max: 'Revenue is too large',
    },
  }),
  proofFileId: recordIdSchema('Upload proof of earnings'),
});
export type ManualPlatformInput = z.infer<typeof manualPlatformInputSchema>;

export const applicationFormSchema = z
  .object({
    applicationType: z.enum(['personal', 'business'], { error: 'Choose personal or business' }),
    firstName: name('First name').optional(),
    lastName: name('Last name').optional(),
    businessName: z.string().trim().max(200, 'Business name must be at most 200 characters').optional(),
    // The spec's form turns null into 0, which then fails the minimum: an amount is required.
    requestedAmount: z.preprocess(
      (v) => (v === null ? 0 : v),
      z
        .number({ error: 'Enter the amount you need' })
        .int('Enter a whole number of rand')
        .min(MIN_REQUESTED_AMOUNT, 'Minimum amount: R2,000')
        .max(MAX_REQUESTED_AMOUNT, 'Maximum amount: R50,000'),
    ),
    monthlyRevenue: moneyNumberSchema({
      sign: 'nonNegative',
      max: 10_000_000,
      messages: {
        required: 'Enter your monthly revenue',
        invalid: 'Enter your monthly revenue',
        sign: 'Monthly revenue cannot be negative',
        cents: 'Use at most 2 decimals',
        max: 'Monthly revenue is too large',
      },
    }),
    useOfFunds: z
      .array(z.enum(USE_OF_FUNDS), { error: 'Please select at least one use of funds' })
      .min(1, 'Please select at least one use of funds')
      .max(USE_OF_FUNDS.length),
    otherUseOfFunds: z.string().trim().max(500, 'At most 500 characters').optional(),
    termsAccepted: z.literal(true, { error: 'You must accept the terms and conditions to proceed' }),
    manualPlatforms: z.array(manualPlatformInputSchema).max(10, 'At most 10 manual platforms').default([]),
  })
  .superRefine((v, ctx) => {
    if (v.applicationType === 'personal') {
      if (!v.firstName)
        ctx.addIssue({ code: 'custom', path: ['firstName'], message: 'First name is required' });
      if (!v.lastName) ctx.addIssue({ code: 'custom', path: ['lastName'], message: 'Last name is required' });
    }
    if (v.applicationType === 'business' && !v.businessName) {
      ctx.addIssue({ code: 'custom', path: ['businessName'], message: 'Business name is required' });
    }
    if (v.useOfFunds.includes('other') && !v.otherUseOfFunds) {
      ctx.addIssue({
        code: 'custom',
        path: ['otherUseOfFunds'],
        message: 'Please describe the other use of funds',
      });
    }
  });
export type ApplicationFormInput = z.input<typeof applicationFormSchema>;
export type ApplicationForm = z.output<typeof applicationFormSchema>;

export const cancelApplicationSchema = z.object({
  reason: z
    .string({ error: 'Please give a reason for cancelling' })
    .trim()
    .min(1, 'Please give a reason for cancelling')
    .max(1000, 'At most 1000 characters'),
});

export const previewTermsSchema = z.object({
  requestedAmount: z
    .number()
    .int()
    .min(MIN_REQUESTED_AMOUNT, 'Minimum amount: R2,000')
    .max(MAX_REQUESTED_AMOUNT, 'Maximum amount: R50,000')
    .optional(),
  estimatedPeriod: z.number().int().min(1).max(36).optional(),
});

/**
 * The creator's plan choice. The spec's client also sends amounts and dates; they are accepted and ignored:
 * the server computes every figure itself.
 */
export const creatorScheduleSchema = z
  .object({
    paymentMethod: z.enum(['platform_earnings', 'credit_card'], { error: 'Choose a repayment plan' }),
    termsAccepted: z.literal(true, { error: 'You must accept the terms and conditions to proceed' }),
  })
  .passthrough();
