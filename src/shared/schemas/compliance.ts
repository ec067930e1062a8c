// GET /api/compliance/ceilings: the National Credit Act's charge ceilings for an amount, term and class
// (src/shared/compliance/ceilings.ts; docs/compliance.md, "Charges within the ceilings").
import { z } from 'zod';
import { NCA_EVENT_KINDS } from '../compliance/nca-events';
import { AGREEMENT_CLASSES, NCA_RULES } from '../compliance/nca-rules';
import { MAX_PERIOD_MONTHS, MIN_PERIOD_MONTHS } from '../constants';
import { calendarDayTextSchema, moneyTextSchema } from './common';
import { calendarDateSchema, intFromText, moneyAmountSchema } from './fields';

export const ceilingsQuerySchema = z
  .object({
    amount: moneyAmountSchema({
      sign: 'positive',
      max: 10_000_000,
      messages: {
        required: 'amount is required: the principal in rand',
        invalid: 'amount must be an amount in rand, like 2000 or 2000.50',
        sign: 'amount must be more than 0',
        cents: 'amount has at most two decimals',
        max: 'amount must be at most R10 000 000',
      },
    }),
    months: intFromText(
      z
        .number({
          error: `months must be a whole number from ${MIN_PERIOD_MONTHS} to ${MAX_PERIOD_MONTHS}`,
        })
        .int(`months must be a whole number from ${MIN_PERIOD_MONTHS} to ${MAX_PERIOD_MONTHS}`)
        .min(
          MIN_PERIOD_MONTHS,
          `months must be a whole number from ${MIN_PERIOD_MONTHS} to ${MAX_PERIOD_MONTHS}`,
        )
        .max(
          MAX_PERIOD_MONTHS,
          `months must be a whole number from ${MIN_PERIOD_MONTHS} to ${MAX_PERIOD_MONTHS}`,
        ),
    ),
    class: z.enum(AGREEMENT_CLASSES, { error: 'class is short_term or unsecured' }).optional(),
    loanInYear: intFromText(
      z
        .number({ error: 'loanInYear is a whole number from 1 (the first loan in the calendar year)' })
        .int('loanInYear is a whole number from 1 (the first loan in the calendar year)')
        .min(1, 'loanInYear is a whole number from 1 (the first loan in the calendar year)')
        .max(1000, 'loanInYear is at most 1000'),
    ).default(1),
  })
  .strict()
  .superRefine((query, ctx) => {
    if (
      query.class === 'short_term' &&
      (query.amount > Number(NCA_RULES.shortTermMaxPrincipal.value) ||
        query.months > NCA_RULES.shortTermMaxMonths.value)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['class'],
        message: 'A short-term credit transaction is at most R8 000, repayable within 6 months.',
      });
    }
  });
export type CeilingsQuery = z.output<typeof ceilingsQuerySchema>;

export const ceilingsAnswerSchema = z.object({
  class: z.enum(AGREEMENT_CLASSES),
  /** The repo rate (percent a year) the ceilings use, and the day it took effect. */
  repoRate: z.number(),
  repoRateEffective: z.string(),
  maxAnnualInterestRate: z.number().describe('Percent a year'),
  maxMonthlyInterestRate: z.number().describe('Percent a month'),
  maxInitiationFee: moneyTextSchema,
  maxMonthlyServiceFee: moneyTextSchema,
  maxCostOfCredit: moneyTextSchema.describe(
    'Interest at the maximum rate on the declining balance of equal monthly instalments, the maximum initiation fee and the maximum service fee for each month',
  ),
});
export type CeilingsAnswer = z.infer<typeof ceilingsAnswerSchema>;

/** Who lends (GET /api/compliance/provider): shown in the site footer, on the statement, the quote and the agreement. */
export const providerAnswerSchema = z.object({
  legalName: z.string(),
  ncrRegistrationNumber: z.string(),
  address: z.string(),
});
export type ProviderAnswer = z.infer<typeof providerAnswerSchema>;

// ---------------------------------------------------------------------------------------------------------
// Default, enforcement and debt review (docs/compliance.md): GET /api/admin/applications/{id}/nca and the admin's
// records about a loan.

const shortText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** POST /api/admin/applications/{id}/nca/registered-post: the section 129 notice sent again by registered post. */
export const registeredPostSchema = z
  .object({
    reference: z
      .string({ error: 'The registered post reference is required' })
      .trim()
      .regex(/^[A-Z]{2}\d{9}[A-Z]{2}$/i, 'A registered post reference looks like RD123456789ZA')
      .transform((v) => v.toUpperCase()),
    postedOn: calendarDateSchema('The posting date'),
  })
  .strict();
export type RegisteredPostInput = z.output<typeof registeredPostSchema>;

/** POST /api/admin/applications/{id}/nca/enforcement: hand the loan over to collections or to legal. */
export const enforcementSchema = z
  .object({
    step: z.enum(['collections', 'legal'], { error: 'Choose collections or legal' }),
    note: z.string().trim().max(500, 'The note must be at most 500 characters').optional(),
  })
  .strict();
export type EnforcementInput = z.output<typeof enforcementSchema>;

/** POST /api/admin/applications/{id}/nca/debt-review: a debt counsellor's notice (Form 17.1). */
export const debtReviewSchema = z
  .object({
    counsellorName: shortText("The debt counsellor's name", 120),
    counsellorNcrNumber: z
      .string({ error: "The debt counsellor's NCR registration number is required" })
      .trim()
      .regex(/^NCRDC\d{1,6}$/i, 'A debt counsellor’s NCR registration number looks like NCRDC1234')
      .transform((v) => v.toUpperCase()),
    reference: shortText("The counsellor's reference", 60),
    noticeDate: calendarDateSchema('The date of the notice'),
  })
  .strict();
export type DebtReviewInput = z.output<typeof debtReviewSchema>;

/** POST /api/admin/applications/{id}/nca/debt-review/end. */
export const debtReviewEndSchema = z.object({ reason: shortText('The reason', 300) }).strict();
export type DebtReviewEndInput = z.output<typeof debtReviewEndSchema>;

/** POST /api/admin/applications/{id}/nca/debt-review/order: the restructuring order's new term. */
export const debtReviewOrderSchema = z
  .object({
    estimatedPeriod: z
      .number({ error: 'Give the number of months the order sets' })
      .int('Choose a whole number of months')
      .min(1, 'The period is at least 1 month')
      .max(120, 'The period is at most 120 months'),
    orderReference: shortText("The order's reference", 60),
    orderDate: calendarDateSchema('The date of the order'),
  })
  .strict();
export type DebtReviewOrderInput = z.output<typeof debtReviewOrderSchema>;

export const ncaTimelineSchema = z.object({
  stage: z.enum([
    'current',
    'in_arrears',
    'notice_sent',
    'enforceable',
    'enforcement_started',
    'debt_review',
  ]),
  summary: z.string(),
  arrearsFrom: calendarDayTextSchema.nullable(),
  noticeDueOn: calendarDayTextSchema.nullable(),
  noticeDeliveredOn: calendarDayTextSchema.nullable(),
  registeredPost: z.object({ reference: z.string(), postedOn: calendarDayTextSchema }).nullable(),
  enforcementAllowedFrom: calendarDayTextSchema.nullable(),
  bureauNoticeOn: calendarDayTextSchema.nullable(),
  adverseListingAllowedFrom: calendarDayTextSchema.nullable(),
  enforcementOn: calendarDayTextSchema.nullable(),
  underDebtReview: z.boolean(),
  canEnforce: z.boolean(),
  enforceRefusal: z.string().nullable(),
});

export const ncaPositionSchema = z.object({
  timeline: ncaTimelineSchema,
  debtReview: z
    .object({
      since: calendarDayTextSchema,
      counsellorName: z.string(),
      counsellorNcrNumber: z.string(),
      reference: z.string(),
    })
    .nullable(),
  events: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(NCA_EVENT_KINDS),
      occurredOn: calendarDayTextSchema,
      /** Recorded by an admin (true) or by the product's own job. */
      byAdmin: z.boolean(),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type NcaPosition = z.infer<typeof ncaPositionSchema>;

/** GET /api/admin/bureau-submissions: the monthly credit bureau files made, newest first. */
export const bureauSubmissionListSchema = z.array(
  z.object({
    period: z.string().describe("The month reported, 'YYYY-MM'"),
    rows: z.number().int(),
    totalBalance: moneyTextSchema,
    createdAt: z.string(),
  }),
);
export type BureauSubmissionList = z.infer<typeof bureauSubmissionListSchema>;

export const bureauPeriodParamsSchema = z.object({
  period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "The month is written 'YYYY-MM'"),
});
