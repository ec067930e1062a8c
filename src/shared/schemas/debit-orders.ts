// Debit orders (docs/debit-orders.md): the creator's mandate, the admins' collection runs, their
// items and the import of the bank's results. The request and the response contracts of every route.
import { z } from 'zod';
import {
  DEBIT_ACCOUNT_TYPES,
  FAILURE_OUTCOMES,
  ITEM_STATUSES,
  MANDATE_STATUSES,
  RUN_STATUSES,
  SA_BANK_NAMES,
} from '../debit-orders';
import { pageQuerySchema } from './admin-lists';
import { calendarDayTextSchema, instantSchema, moneyTextSchema } from './common';
import { calendarDateSchema } from './fields';

/** The creator's mandate form (POST /api/applications/:id/debit-mandate). */
export const mandateFormSchema = z.object({
  accountHolder: z
    .string({ error: 'Enter the account holder’s name' })
    .trim()
    .min(2, 'Enter the account holder’s name as the bank has it')
    .max(100, 'The account holder’s name is at most 100 characters'),
  bank: z.enum(SA_BANK_NAMES, { error: 'Choose your bank' }),
  branchCode: z
    .string({ error: 'Enter the branch code' })
    .trim()
    .regex(/^\d{6}$/, 'The branch code is 6 digits'),
  accountType: z.enum(DEBIT_ACCOUNT_TYPES, { error: 'Choose the account type' }),
  accountNumber: z
    .string({ error: 'Enter the account number' })
    .trim()
    .regex(/^\d{6,11}$/, 'The account number is 6 to 11 digits, no spaces'),
  consent: z.literal(true, { error: 'Tick the box to authorise the debit order' }),
});
export type MandateForm = z.input<typeof mandateFormSchema>;

/** A mandate as anyone sees it: the account by its last 4 digits only. */
export const mandateSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  userId: z.number().int(),
  accountHolder: z.string(),
  bank: z.string(),
  branchCode: z.string(),
  accountType: z.enum(DEBIT_ACCOUNT_TYPES),
  accountLast4: z.string(),
  instalmentAmount: moneyTextSchema,
  maximumAmount: moneyTextSchema,
  collectionDay: z.number().int(),
  firstCollectionDate: calendarDayTextSchema,
  lastCollectionDate: calendarDayTextSchema,
  contractReference: z.string(),
  trackingDays: z.number().int(),
  status: z.enum(MANDATE_STATUSES),
  statusReason: z.string().nullable(),
  consentedAt: instantSchema,
  textVersion: z.string(),
  cancelledAt: instantSchema.nullable(),
});
export type Mandate = z.infer<typeof mandateSchema>;

/**
 * What the creator's plan card shows: the terms a mandate would have (the amounts and dates to consent to), and the
 * mandate in force, if any. `eligible` false with `reason` when the loan is not collected by debit order.
 */
export const mandateViewSchema = z.object({
  eligible: z.boolean(),
  reason: z.string().nullable(),
  terms: z
    .object({
      instalmentAmount: moneyTextSchema,
      maximumAmount: moneyTextSchema,
      collectionDay: z.number().int(),
      firstCollectionDate: calendarDayTextSchema,
      lastCollectionDate: calendarDayTextSchema,
      contractReference: z.string(),
      trackingDays: z.number().int(),
      textVersion: z.string(),
      text: z.string(),
    })
    .nullable(),
  mandate: mandateSchema.nullable(),
});
export type MandateView = z.infer<typeof mandateViewSchema>;

/** POST /api/admin/debit-orders/mandates/:id/cancel: why (for the audit log and the mandate). */
export const adminCancelMandateSchema = z.object({
  reason: z
    .string({ error: 'Give the reason in at least 5 characters' })
    .trim()
    .min(5, 'Give the reason in at least 5 characters')
    .max(150, 'The reason is at most 150 characters'),
});

/** POST /api/admin/debit-orders/runs. */
export const buildRunSchema = z.object({ collectionDate: calendarDateSchema('collectionDate') });

export const importSummarySchema = z.object({
  lines: z.number().int(),
  paid: z.number().int(),
  unpaid: z.number().int(),
  represented: z.number().int(),
  duplicates: z.number().int(),
  failed: z.number().int(),
  /** Each line that could not be applied: its number in the file and why. */
  problems: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const runSchema = z.object({
  id: z.number().int(),
  collectionDate: calendarDayTextSchema,
  status: z.enum(RUN_STATUSES),
  items: z.number().int(),
  total: moneyTextSchema,
  paid: z.number().int(),
  unpaid: z.number().int(),
  pending: z.number().int(),
  /** Loans with a mandate left out of the run, and why (debt review, nothing due, an earlier collection open). */
  excluded: z.array(z.object({ applicationId: z.number().int(), reason: z.string() })),
  submittedAt: instantSchema.nullable(),
  resultSummary: importSummarySchema.nullable(),
  createdAt: instantSchema,
});
export type DebitRun = z.infer<typeof runSchema>;

export const runsQuerySchema = pageQuerySchema;
export const runsPageSchema = z.object({
  data: z.array(runSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DebitRunsPage = z.infer<typeof runsPageSchema>;

export const runItemsQuerySchema = pageQuerySchema.extend({
  status: z.enum(ITEM_STATUSES, { error: `status is one of ${ITEM_STATUSES.join(', ')}` }).optional(),
});
export type RunItemsQuery = z.input<typeof runItemsQuerySchema>;

export const runItemSchema = z.object({
  id: z.number().int(),
  mandateId: z.number().int(),
  applicationId: z.number().int(),
  creatorName: z.string(),
  contractReference: z.string(),
  accountText: z.string(),
  attempt: z.number().int(),
  amount: moneyTextSchema,
  fee: moneyTextSchema,
  total: moneyTextSchema,
  status: z.enum(ITEM_STATUSES),
  reasonCode: z.string().nullable(),
  reasonText: z.string().nullable(),
  outcome: z.enum(FAILURE_OUTCOMES).nullable(),
  representOn: calendarDayTextSchema.nullable(),
  paymentId: z.number().int().nullable(),
  resultAt: instantSchema.nullable(),
});
export type DebitRunItem = z.infer<typeof runItemSchema>;

export const runDetailSchema = z.object({
  run: runSchema,
  items: z.object({
    data: z.array(runItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type DebitRunDetail = z.infer<typeof runDetailSchema>;

export const mandatesQuerySchema = pageQuerySchema.extend({
  status: z.enum(MANDATE_STATUSES, { error: `status is one of ${MANDATE_STATUSES.join(', ')}` }).optional(),
});
export type MandatesQuery = z.input<typeof mandatesQuerySchema>;

export const adminMandateSchema = mandateSchema.extend({ creatorName: z.string(), accountText: z.string() });
export const mandatesPageSchema = z.object({
  data: z.array(adminMandateSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MandatesPage = z.infer<typeof mandatesPageSchema>;
