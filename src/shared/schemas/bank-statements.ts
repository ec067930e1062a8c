// Contracts of the bank statement import and the suspense worklist (docs/bank-statements.md).
// Admin only. Lists are paged on the server like the other admin lists (admin-lists.ts).
import { z } from 'zod';
import { BANKS, LINE_OUTCOMES, SUSPENSE_STATUSES } from '../bank-statements/constants';
import { pageQuerySchema, searchSchema } from './admin-lists';
import { calendarDayTextSchema, instantSchema, moneyTextSchema } from './common';
import { moneyAmountSchema, recordIdSchema } from './fields';

export const bankSchema = z.enum(BANKS, { error: `bank is one of ${BANKS.join(', ')}` });

/** What an import did: every line of the file counted once under what became of it. */
export const importSummarySchema = z.object({
  id: z.number().int(),
  lines: z.number().int(),
  matched: z.number().int(),
  suggested: z.number().int(),
  suspense: z.number().int(),
  duplicates: z.number().int(),
  failed: z.number().int(),
  outgoing: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const statementSchema = importSummarySchema.extend({
  bank: bankSchema,
  fileName: z.string(),
  status: z.enum(['importing', 'complete']),
  uploadedBy: z.string().nullable(),
  createdAt: instantSchema,
  completedAt: instantSchema.nullable(),
});
export type BankStatementView = z.infer<typeof statementSchema>;

export const statementsQuerySchema = pageQuerySchema;
export type StatementsQuery = z.infer<typeof statementsQuerySchema>;

export const statementListSchema = z.object({
  data: z.array(statementSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StatementList = z.infer<typeof statementListSchema>;

export const lineOutcomeSchema = z.enum(LINE_OUTCOMES, {
  error: `outcome is one of ${LINE_OUTCOMES.join(', ')}`,
});

export const statementLinesQuerySchema = pageQuerySchema.extend({ outcome: lineOutcomeSchema.optional() });
export type StatementLinesQuery = z.infer<typeof statementLinesQuerySchema>;

export const statementLineSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  postedOn: calendarDayTextSchema.nullable(),
  /** Signed: money out is negative. Null when the line could not be read. */
  amount: moneyTextSchema.nullable(),
  description: z.string(),
  outcome: lineOutcomeSchema,
  /** The loan paid (matched) or suggested. */
  applicationId: z.number().int().nullable(),
  paymentReference: z.string().nullable(),
  paymentId: z.number().int().nullable(),
  reason: z.string().nullable(),
  suspenseItemId: z.number().int().nullable(),
  duplicateOfStatementId: z.number().int().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementDetailSchema = z.object({
  statement: statementSchema,
  lines: z.object({
    data: z.array(statementLineSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type StatementDetail = z.infer<typeof statementDetailSchema>;

export const suspenseStatusSchema = z.enum(SUSPENSE_STATUSES, {
  error: `status is one of ${SUSPENSE_STATUSES.join(', ')}`,
});

export const suspenseQuerySchema = pageQuerySchema.extend({
  status: suspenseStatusSchema.optional(),
  /** Words of the bank line, the reason or the refund reference; '#12' for item 12. */
  search: searchSchema,
});
export type SuspenseQuery = z.infer<typeof suspenseQuerySchema>;

const loanBriefSchema = z.object({
  applicationId: z.number().int(),
  paymentReference: z.string(),
  creatorName: z.string().nullable(),
});

export const suspenseItemSchema = z.object({
  id: z.number().int(),
  amount: moneyTextSchema,
  amountLeft: moneyTextSchema,
  status: suspenseStatusSchema,
  reason: z.string(),
  suggested: loanBriefSchema.nullable(),
  line: z.object({
    statementId: z.number().int(),
    bank: bankSchema,
    postedOn: calendarDayTextSchema,
    description: z.string(),
  }),
  allocations: z.array(
    z.object({
      applicationId: z.number().int(),
      paymentReference: z.string(),
      paymentId: z.number().int(),
      amount: moneyTextSchema,
      allocatedBy: z.string().nullable(),
      createdAt: instantSchema,
    }),
  ),
  refundReference: z.string().nullable(),
  refundNotes: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: instantSchema.nullable(),
  createdAt: instantSchema,
});
export type SuspenseItemView = z.infer<typeof suspenseItemSchema>;

export const suspenseListSchema = z.object({
  data: z.array(suspenseItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** What is left to place in the items the filter finds. */
  amountLeft: moneyTextSchema,
});
export type SuspenseList = z.infer<typeof suspenseListSchema>;

export const suspenseAllocateSchema = z.object({
  applicationId: recordIdSchema('Choose the loan to allocate to'),
  /** Cash out of suspense (the payment and its fee); all that is left when omitted. */
  amount: moneyAmountSchema({
    sign: 'positive',
    max: 10_000_000,
    messages: {
      required: 'Enter the amount',
      invalid: 'Enter the amount in rand, e.g. 1500.00',
      sign: 'The amount must be more than R 0',
      cents: 'The amount has at most two decimals',
      max: 'The amount is too large',
    },
  }).optional(),
});
export type SuspenseAllocateInput = z.infer<typeof suspenseAllocateSchema>;

export const suspenseRefundSchema = z.object({
  reference: z
    .string({ error: 'Enter the refund reference' })
    .trim()
    .min(1, 'Enter the refund reference')
    .max(100, 'The reference is at most 100 characters'),
  notes: z.string().trim().max(500, 'Notes are at most 500 characters').optional(),
});
export type SuspenseRefundInput = z.infer<typeof suspenseRefundSchema>;
