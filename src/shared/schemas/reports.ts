// GET /api/admin/reports/form-39 (and .csv): the NCR's statistical return for a calendar quarter
// (src/shared/compliance/form39.ts; docs/compliance.md, "NCR statistical return (Form 39)").
import { z } from 'zod';
import { AGREEMENT_CLASSES } from '../compliance/nca-rules';
import { DELINQUENCY_BUCKETS } from '../finance/instalments';
import { calendarDayTextSchema, moneyTextSchema } from './common';

const QUARTER_MESSAGE = 'quarter is a calendar quarter like 2026-Q4';

export const form39QuerySchema = z
  .object({
    quarter: z
      .string({ error: 'quarter is required: a calendar quarter like 2026-Q4' })
      // From the year 2000 (the product's calendar, as the lending filters), in the form QUARTER_PATTERN reads.
      .regex(/^2\d{3}-Q[1-4]$/, QUARTER_MESSAGE)
      .optional()
      .describe(
        "A calendar quarter, 'YYYY-Qn' (South African calendar days); the last quarter that has ended when absent",
      ),
  })
  .strict();
export type Form39Query = z.output<typeof form39QuerySchema>;

const countAndValue = {
  count: z.number().int(),
  value: moneyTextSchema.describe('The principal of the agreements, in rand'),
};

export const form39AnswerSchema = z.object({
  quarter: z.string(),
  /** The quarter today falls in (the picker offers it and the ones before). */
  currentQuarter: z.string(),
  /** The quarter's first and last day. */
  from: calendarDayTextSchema,
  to: calendarDayTextSchema,
  bookDate: calendarDayTextSchema.describe(
    "The day the book in arrears is read on: the quarter's last day, or today while the quarter runs",
  ),
  granted: z.object({
    byClass: z.array(z.object({ class: z.enum(AGREEMENT_CLASSES), label: z.string(), ...countAndValue })),
    byIncomeBand: z.array(z.object({ band: z.string(), label: z.string(), ...countAndValue })),
    total: z.object(countAndValue),
  }),
  applications: z.object({
    received: z.number().int(),
    declined: z.number().int(),
    declinedFailingAffordability: z.number().int(),
    declinedByReason: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  }),
  arrears: z.object({
    buckets: z.array(
      z.object({
        bucket: z.enum(DELINQUENCY_BUCKETS),
        label: z.string(),
        count: z.number().int(),
        balance: moneyTextSchema.describe('What is owed on the loans (the remaining balance), in rand'),
      }),
    ),
    total: z.object({ count: z.number().int(), balance: moneyTextSchema }),
  }),
});
export type Form39Answer = z.infer<typeof form39AnswerSchema>;

const PERIOD_MESSAGE = 'period is a closed month written YYYY-MM, like 2026-10';

export const agedArrearsQuerySchema = z
  .object({
    period: z
      .string()
      .regex(/^2\d{3}-(0[1-9]|1[0-2])$/, PERIOD_MESSAGE)
      .optional()
      .describe(
        "A closed month, 'YYYY-MM': the book at its last day as its close kept it; today when absent",
      ),
  })
  .strict();
export type AgedArrearsQuery = z.output<typeof agedArrearsQuerySchema>;

const bucketLineSchema = z.object({
  bucket: z.enum(DELINQUENCY_BUCKETS),
  label: z.string(),
  loans: z.number().int(),
  balance: moneyTextSchema,
});

export const agedArrearsSchema = z.object({
  success: z.literal(true),
  /** The day the book is read on: a closed month's last day, or today. */
  asOf: calendarDayTextSchema,
  period: z.string().nullable(),
  /** When the figures were computed: the month's close, or now. */
  computedAt: z.string(),
  /** The closed months that can be asked for, newest first. */
  closedPeriods: z.array(z.string()),
  buckets: z.array(bucketLineSchema),
  total: z.object({ loans: z.number().int(), balance: moneyTextSchema }),
});
export type AgedArrears = z.output<typeof agedArrearsSchema>;

export const rollRatesQuerySchema = z
  .object({
    period: z
      .string({ error: 'period is required: a closed month written YYYY-MM' })
      .regex(/^2\d{3}-(0[1-9]|1[0-2])$/, PERIOD_MESSAGE)
      .describe(
        "A closed month, 'YYYY-MM', whose month before it is closed too: the loans' moves between them",
      ),
  })
  .strict();
export type RollRatesQuery = z.output<typeof rollRatesQuerySchema>;

export const ROLL_FROM = ['new', ...DELINQUENCY_BUCKETS] as const;
export const ROLL_TO = [...DELINQUENCY_BUCKETS, 'left'] as const;

export const rollRatesSchema = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({
      from: z.enum(ROLL_FROM),
      loans: z.number().int(),
      /** Where this row's loans were at the later close: loans and the share of the row, percent. */
      cells: z.array(
        z.object({
          to: z.enum(ROLL_TO),
          loans: z.number().int(),
          rate: z.number(),
          balance: moneyTextSchema,
        }),
      ),
    }),
  ),
});
export type RollRates = z.output<typeof rollRatesSchema>;

/** How many payout months the vintage curves follow: the last two years, the running month included. */
export const VINTAGE_COHORT_MONTHS = 24;

/**
 * One payout month's loans at a number of months on book (0: the payout month itself), cumulative to the end of that
 * month: the loans that had gone into default and their principal, and what had been collected. The rates are
 * percentages of the cohort's principal (default) and of what it owes (collections), to two decimals.
 */
export const vintagePointSchema = z.object({
  monthsOnBook: z.number().int(),
  defaultedLoans: z.number().int(),
  defaultedPrincipal: moneyTextSchema,
  defaultRate: z.number(),
  collected: moneyTextSchema,
  collectionRate: z.number(),
});

export const vintageCohortSchema = z.object({
  /** The payout month, 'YYYY-MM'. */
  cohort: z.string(),
  loans: z.number().int(),
  /** The amount financed of the cohort's loans. */
  principal: moneyTextSchema,
  /** What the cohort's loans owe in all: their totals less finance charge rebated on early settlement. */
  owed: moneyTextSchema,
  points: z.array(vintagePointSchema),
});
export type VintageCohort = z.output<typeof vintageCohortSchema>;

export const vintagesSchema = z.object({
  success: z.literal(true),
  /** The day the figures are as at. */
  asOf: calendarDayTextSchema,
  /** When they were computed (the daily job, or a member of staff who asked). */
  computedAt: z.string(),
  /** Oldest payout month first; months with no loan paid out are left out. */
  cohorts: z.array(vintageCohortSchema),
});
export type Vintages = z.output<typeof vintagesSchema>;
