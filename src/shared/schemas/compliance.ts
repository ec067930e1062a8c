// GET /api/compliance/ceilings: the National Credit Act's charge ceilings for an amount, term and class
// (src/shared/compliance/ceilings.ts; docs/compliance.md, "Charges within the ceilings").
import { z } from 'zod';
import { AGREEMENT_CLASSES, NCA_RULES } from '../compliance/nca-rules';
import { MAX_PERIOD_MONTHS, MIN_PERIOD_MONTHS } from '../finance/repayment-plan';
import { moneyTextSchema } from './common';
import { intFromText, moneyAmountSchema } from './fields';

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
