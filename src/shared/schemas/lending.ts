// Contracts for Lending Management: earnings recorded against a loan, a cancellation, and the book's summary.
import { z } from 'zod';
import { moneyTextSchema, successTrue } from './common';
import { moneyNumberSchema, recordIdSchema } from './fields';

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
    /** The card's label: the average flat cost (finance charge / amount financed), percent. */
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
