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
