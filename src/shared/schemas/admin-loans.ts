// Back-office contracts for a running loan: payments recorded and reversed, settlements, restructure, write-off and
// forgiveness.
import { z } from 'zod';
import { MAX_PERIOD_MONTHS, MIN_PERIOD_MONTHS } from '../constants';
import { BANK_REFERENCE_MAX, MANUAL_PAYMENT_CHANNELS } from '../payment-channels';
import { adminApplicationSchema } from './applications';
import { calendarDayTextSchema, instantSchema, moneyTextSchema, successTrue } from './common';
import { calendarDateSchema, moneyAmountSchema } from './fields';

export const addPaymentSchema = z.object({
  // A number or plain decimal text: '0x10', '0b11', '0o7', '1e3' and ' 12' are refused, not read as numbers.
  amount: moneyAmountSchema({
    sign: 'positive',
    max: 1_000_000,
    messages: {
      required: 'Amount is required',
      invalid: 'Amount must be a number in rand, like 1250.50',
      sign: 'Amount must be a positive number',
      cents: 'Amount must be in steps of 0.01',
      max: 'Amount is too large',
    },
  }),
  notes: z.string().trim().max(1000).optional().nullable(),
  paymentDate: calendarDateSchema('Payment date'),
  /** How the money came in (shared/payment-channels.ts); an EFT unless said. */
  channel: z.enum(MANUAL_PAYMENT_CHANNELS, { message: 'Choose how the money came in' }).default('eft'),
  /** The reference on the bank statement; left out or blank when there is none (cash handed over, a card). */
  bankReference: z
    .string()
    .trim()
    .max(BANK_REFERENCE_MAX, `Bank reference must be at most ${BANK_REFERENCE_MAX} characters`)
    .optional()
    .nullable()
    .transform((value) => value || null),
});

/** The admin records that a quoted early settlement arrived. */
export const settleQuoteSchema = z
  .object({
    paymentDate: calendarDateSchema('Payment date').optional(),
    notes: z.string().trim().max(1000).optional(),
  })
  .strict();

/** A renegotiated loan: the remaining balance over a new period, at no extra cost. */
export const restructureSchema = z
  .object({
    estimatedPeriod: z
      .number({ error: `Choose a new period of ${MIN_PERIOD_MONTHS}-${MAX_PERIOD_MONTHS} months` })
      .int('Choose a whole number of months')
      .min(MIN_PERIOD_MONTHS, 'The period is at least 1 month')
      .max(MAX_PERIOD_MONTHS, `The period is at most ${MAX_PERIOD_MONTHS} months`),
  })
  .strict();

/** A staff action's reason, 5 to 500 characters, with messages that name the action ('the write-off'). */
const reasonFor = (action: string) =>
  z
    .object({
      reason: z
        .string({ error: `Give the reason for ${action}` })
        .trim()
        .min(5, `Give the reason for ${action} in at least 5 characters`)
        .max(500, 'The reason must be at most 500 characters'),
    })
    .strict();

/** Write off a defaulted loan (docs/lending.md, "Write-off and recovery"): why it is no longer expected to be collected. */
export const writeOffSchema = reasonFor('the write-off');

/**
 * Forgive a written-off loan's balance (docs/lending.md, "Forgiving a written-off balance"): why the lender gives up
 * what is still owed.
 */
export const forgiveBalanceSchema = reasonFor('forgiving the balance');

/** POST /api/admin/payments/{id}/reverse: why the payment no longer counts, written for the creator. */
export const reversePaymentSchema = reasonFor('the reversal');

/** A payment row as recorded (the answer to recording a payment or a settlement). */
const paymentRecordSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  amount: moneyTextSchema,
  platformFee: moneyTextSchema.nullable(),
  earningsMonth: z.number().int().nullable(),
  earningsYear: z.number().int().nullable(),
  earningsAmount: moneyTextSchema.nullable(),
  kind: z.string(),
  notes: z.string().nullable(),
  channel: z.enum(MANUAL_PAYMENT_CHANNELS).nullable(),
  bankReference: z.string().nullable(),
  paymentDate: calendarDayTextSchema,
  idempotencyKey: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: instantSchema,
});

/** POST /api/admin/applications/{id}/payments (201; replayed as first answered for the same Idempotency-Key). */
export const paymentAnswerSchema = z.object({
  success: successTrue,
  data: z.object({
    payment: paymentRecordSchema,
    remainingAmount: moneyTextSchema,
    completed: z.boolean(),
    application: adminApplicationSchema,
  }),
  message: z.string(),
});

export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

/** POST /api/admin/settlement-quotes/{id}/settle (201). */
export const settlementAnswerSchema = z.object({
  success: successTrue,
  data: z.object({ payment: paymentRecordSchema, remainingAmount: moneyTextSchema, completed: z.boolean() }),
  message: z.string(),
});

export type SettlementAnswer = z.infer<typeof settlementAnswerSchema>;

/** POST /api/admin/applications/{id}/restructure. */
export const restructureAnswerSchema = z.object({
  success: successTrue,
  data: z.object({
    installmentAmount: moneyTextSchema,
    /** How many instalments the new plan has. */
    instalments: z.number().int(),
    nextPaymentDate: calendarDayTextSchema.nullable(),
  }),
  message: z.string(),
});

export type RestructureAnswer = z.infer<typeof restructureAnswerSchema>;
