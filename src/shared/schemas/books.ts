// The books (docs/accounting.md): the trial balance on a day, the accounting months and their close, capital paid in,
// and the journal export for an accounting package.
import { z } from 'zod';
import { LEDGER_ACCOUNTS, PERIOD_PATTERN } from '../ledger/chart-of-accounts';
import { calendarDayTextSchema, instantSchema, moneyTextSchema, successTrue } from './common';
import { calendarDateSchema, moneyAmountSchema } from './fields';

export const trialBalanceQuerySchema = z
  .object({
    asOf: calendarDateSchema('asOf')
      .optional()
      .describe("The day to read the books on, 'YYYY-MM-DD' (South African); today when absent"),
  })
  .strict();
export type TrialBalanceQuery = z.output<typeof trialBalanceQuerySchema>;

const accountBalanceSchema = z.object({
  account: z.enum(LEDGER_ACCOUNTS),
  code: z.string(),
  name: z.string(),
  /** The account's balance on the side it stands on (the other side is 0.00). */
  debit: moneyTextSchema,
  credit: moneyTextSchema,
});

export const trialBalanceSchema = z.object({
  success: successTrue,
  asOf: calendarDayTextSchema,
  /** The closed month whose closing balances the figures start from (null: from the first journal). */
  fromClose: z.string().nullable(),
  accounts: z.array(accountBalanceSchema),
  totals: z.object({ debit: moneyTextSchema, credit: moneyTextSchema }),
  balanced: z.boolean(),
});
export type TrialBalance = z.output<typeof trialBalanceSchema>;

export const PERIOD_STATUSES = ['closed', 'open'] as const;

export const periodsSchema = z.object({
  success: successTrue,
  today: calendarDayTextSchema,
  lastClosed: z.string().nullable(),
  /** The month to close next (months close in order), and whether it has ended so it can be. */
  nextToClose: z.string().nullable(),
  periods: z.array(
    z.object({
      period: z.string(),
      label: z.string(),
      status: z.enum(PERIOD_STATUSES),
      closedAt: instantSchema.nullable(),
      closedBy: z.string().nullable(),
      closable: z.boolean(),
    }),
  ),
});
export type PeriodsAnswer = z.output<typeof periodsSchema>;

export const periodParamsSchema = z.object({
  period: z
    .string()
    .regex(PERIOD_PATTERN, 'period is a month written YYYY-MM, like 2026-10')
    .describe("An accounting month, 'YYYY-MM'"),
});

export const periodCloseAnswerSchema = z.object({ success: successTrue, message: z.string() });

export const capitalInputSchema = z
  .object({
    amount: moneyAmountSchema({
      sign: 'positive',
      max: 100_000_000,
      messages: {
        required: 'Amount is required',
        invalid: 'Amount must be a number in rand, like 250000.00',
        sign: 'Amount must be a positive number',
        cents: 'Amount must be in steps of 0.01',
        max: 'Amount is too large: record it in parts of at most R 100 000 000',
      },
    }),
    receivedOn: calendarDateSchema('Received on'),
    reference: z
      .string({ error: 'Reference is required' })
      .trim()
      .min(3, 'Reference is required: the bank reference or the funding agreement, at least 3 characters')
      .max(120, 'Reference is at most 120 characters'),
  })
  .strict();
export type CapitalInput = z.output<typeof capitalInputSchema>;

export const JOURNAL_EXPORT_LAYOUTS = ['xero', 'sage'] as const;
/** One journal a day (each account's net movement), or one per ledger entry. */
export const JOURNAL_EXPORT_DETAILS = ['daily', 'entries'] as const;
export type JournalExportLayout = (typeof JOURNAL_EXPORT_LAYOUTS)[number];

/** At most a year in one file. */
export const JOURNAL_EXPORT_MAX_DAYS = 366;

export const journalExportQuerySchema = z
  .object({
    from: calendarDateSchema('from').describe("The first booking day, 'YYYY-MM-DD'"),
    to: calendarDateSchema('to').describe("The last booking day, 'YYYY-MM-DD'"),
    layout: z
      .enum(JOURNAL_EXPORT_LAYOUTS, { error: 'layout is xero or sage' })
      .default('xero')
      .describe("'xero' (manual journal import) or 'sage' (Sage Accounting journal import)"),
    detail: z
      .enum(JOURNAL_EXPORT_DETAILS, { error: 'detail is daily or entries' })
      .default('daily')
      .describe(
        "'daily': one journal a day, each account's net movement; 'entries': one journal per ledger entry",
      ),
  })
  .strict();
export type JournalExportQuery = z.output<typeof journalExportQuerySchema>;

const provisionStageSchema = z.object({
  stage: z.number().int(),
  label: z.string(),
  loans: z.number().int(),
  exposure: moneyTextSchema,
  /** The stage's probability of default and loss given default, as fractions ('0.05'). */
  pd: z.string(),
  lgd: z.string(),
  ecl: moneyTextSchema,
});

export const provisionsSchema = z.object({
  success: successTrue,
  /** The latest run with its stages and the allowance's movement since the run before it; null before the first. */
  latest: z
    .object({
      id: z.number().int(),
      asOf: calendarDayTextSchema,
      runAt: instantSchema,
      runBy: z.string().nullable(),
      stages: z.array(provisionStageSchema),
      totals: z.object({ loans: z.number().int(), exposure: moneyTextSchema, ecl: moneyTextSchema }),
      movement: z.object({
        opening: moneyTextSchema,
        usedByWriteOffs: moneyTextSchema,
        charge: moneyTextSchema.describe('Charged to impairment expense (negative: released)'),
        closing: moneyTextSchema,
      }),
    })
    .nullable(),
  /** The loss allowance in the books now (write-offs since the latest run use it). */
  allowanceNow: moneyTextSchema,
  runs: z.array(
    z.object({
      id: z.number().int(),
      asOf: calendarDayTextSchema,
      runAt: instantSchema,
      runBy: z.string().nullable(),
      allowanceBefore: moneyTextSchema,
      allowanceAfter: moneyTextSchema,
    }),
  ),
});
export type ProvisionsAnswer = z.output<typeof provisionsSchema>;
