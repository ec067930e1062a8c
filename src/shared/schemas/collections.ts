// Collections (docs/collections.md): the worklist, a loan's case (contacts, promises, requests for help) and the
// changes a collector makes; the creator's "I can't pay this month". Contracts of
// src/server/features/collections/collections.routes.ts.
import { z } from 'zod';
import {
  COLLECTION_VIEWS,
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  HARDSHIP_STATUSES,
  PROMISE_STATUSES,
} from '../collections';
import { FREE_TEXT_MAX } from '../constants';
import { DELINQUENCY_BUCKETS } from '../finance/instalments';
import { pageQuerySchema } from './admin-lists';
import { calendarDayTextSchema, instantSchema, moneyTextSchema, successTrue } from './common';
import { calendarDateSchema, moneyAmountSchema, recordIdSchema } from './fields';

const text = (label: string, max: number, required = `${label} is required`) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`);

export const worklistQuerySchema = pageQuerySchema.extend({
  view: z
    .enum(COLLECTION_VIEWS, { error: `view is one of ${COLLECTION_VIEWS.join(', ')}` })
    .optional()
    .default('all'),
  bucket: z
    .enum(DELINQUENCY_BUCKETS, { error: `bucket is one of ${DELINQUENCY_BUCKETS.join(', ')}` })
    .optional(),
});
export type WorklistQuery = z.infer<typeof worklistQuerySchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() });

const openPromiseSchema = z.object({
  id: z.number().int(),
  amount: moneyTextSchema,
  promisedFor: calendarDayTextSchema,
  /** What the payments since the promise was made have brought in towards it. */
  paid: moneyTextSchema,
});

export const worklistRowSchema = z.object({
  applicationId: z.number().int(),
  creatorId: z.number().int(),
  creatorName: z.string(),
  creatorEmail: z.string(),
  status: z.string(),
  bucket: z.enum(DELINQUENCY_BUCKETS),
  daysPastDue: z.number().int(),
  amountOverdue: moneyTextSchema,
  balance: moneyTextSchema,
  brokenPromises: z.number().int(),
  openPromise: openPromiseSchema.nullable(),
  collector: personSchema.nullable(),
  nextActionOn: calendarDayTextSchema.nullable(),
  /** The creator asked for help ("I can't pay this month") and no collector has closed it yet. */
  askedForHelpAt: instantSchema.nullable(),
});
export type WorklistRow = z.infer<typeof worklistRowSchema>;

export const worklistSchema = z.object({
  success: successTrue,
  data: z.array(worklistRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The day the list was worked out for (days past due and promises are as at this day). */
  today: calendarDayTextSchema,
  /** Who may be assigned a loan: staff who collect. */
  collectors: z.array(personSchema),
});
export type Worklist = z.infer<typeof worklistSchema>;

export const contactSchema = z.object({
  id: z.number().int(),
  channel: z.enum(CONTACT_CHANNELS),
  outcome: z.enum(CONTACT_OUTCOMES),
  note: z.string(),
  contactedAt: instantSchema,
  staff: personSchema.nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

export const promiseSchema = z.object({
  id: z.number().int(),
  amount: moneyTextSchema,
  madeOn: calendarDayTextSchema,
  promisedFor: calendarDayTextSchema,
  paid: moneyTextSchema,
  status: z.enum(PROMISE_STATUSES),
  madeBy: personSchema.nullable(),
});
export type PaymentPromise = z.infer<typeof promiseSchema>;

export const helpRequestSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  canPay: moneyTextSchema.nullable(),
  status: z.enum(HARDSHIP_STATUSES),
  createdAt: instantSchema,
  closedAt: instantSchema.nullable(),
  outcome: z.string().nullable(),
});
export type HelpRequest = z.infer<typeof helpRequestSchema>;

export const collectionCaseSchema = z.object({
  success: successTrue,
  data: worklistRowSchema.extend({
    contacts: z.array(contactSchema),
    promises: z.array(promiseSchema),
    helpRequests: z.array(helpRequestSchema),
  }),
  today: calendarDayTextSchema,
  collectors: z.array(personSchema),
});
export type CollectionCase = z.infer<typeof collectionCaseSchema>;

export const assignSchema = z
  .object({
    collectorId: recordIdSchema('collectorId must be the id of a member of staff who collects').nullable(),
    nextActionOn: calendarDateSchema('Next action date').nullable(),
  })
  .strict();

export const contactInputSchema = z
  .object({
    channel: z.enum(CONTACT_CHANNELS, { error: `Channel is one of ${CONTACT_CHANNELS.join(', ')}` }),
    outcome: z.enum(CONTACT_OUTCOMES, { error: `Outcome is one of ${CONTACT_OUTCOMES.join(', ')}` }),
    note: text('Note', FREE_TEXT_MAX),
  })
  .strict();

const promiseAmountMessages = {
  required: 'Amount is required',
  invalid: 'Amount must be a number in rand, like 1250.50',
  sign: 'Amount must be more than R 0',
  cents: 'Amount must be in steps of 0.01',
  max: 'Amount is too large',
};

export const promiseInputSchema = z
  .object({
    amount: moneyAmountSchema({ sign: 'positive', max: 1_000_000, messages: promiseAmountMessages }),
    promisedFor: calendarDateSchema('Promised date'),
  })
  .strict();

export const closeHelpRequestSchema = z.object({ outcome: text('What was agreed', 1000) }).strict();

/** The creator's "I can't pay this month". */
export const helpRequestInputSchema = z
  .object({
    reason: text('What has happened', 1000, 'Tell us what has happened'),
    canPay: moneyAmountSchema({
      sign: 'nonNegative',
      max: 1_000_000,
      messages: { ...promiseAmountMessages, sign: 'What you can pay cannot be negative' },
    })
      .nullable()
      .optional(),
  })
  .strict();

/** The creator's latest request for help on a loan (open, or the last one closed), or none. */
export const myHelpRequestSchema = z.object({
  success: successTrue,
  data: helpRequestSchema.nullable(),
  /** The day by which a collector answers an open request (business days). */
  answerBy: calendarDayTextSchema.nullable(),
});
export type MyHelpRequest = z.infer<typeof myHelpRequestSchema>;

export const collectionChangeAnswerSchema = z.object({ success: successTrue, message: z.string() });
