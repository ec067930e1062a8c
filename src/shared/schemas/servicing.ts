// Servicing contracts: the loan's instalments and position, and early-settlement quotes. Used as the
// routes' response schemas (serialisation and OpenAPI) and inferred by the client.
import { z } from 'zod';
import { DELINQUENCY_BUCKETS, INSTALMENT_STATUSES } from '../finance/instalments';

const money = z.string().regex(/^-?\d+\.\d{2}$/);
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const instalmentViewSchema = z.object({
  number: z.number().int(),
  dueDate: calendarDate,
  amountDue: money,
  amountPaid: money,
  outstanding: money,
  /** The platform fee an instalment of `amountDue` carries when it is paid (the quote's fee). */
  fee: money,
  /** What the creator hands over for it: `amountDue` + `fee`. */
  total: money,
  status: z.enum(INSTALMENT_STATUSES),
  /** A revenue-share shortfall month moved this much of it to the end of the plan (0.00 when none). */
  amountDeferred: money,
  /** An instalment added at the end by a shortfall month: the instalment whose part it carries (else null). */
  deferredFrom: z.number().int().nullable(),
});

const loanPositionSchema = z.object({
  nextPaymentDate: calendarDate.nullable(),
  amountOverdue: money,
  daysPastDue: z.number().int(),
  bucket: z.enum(DELINQUENCY_BUCKETS),
  currentInstalment: z
    .object({ number: z.number().int(), dueDate: calendarDate, outstanding: money })
    .nullable(),
  nextInstalment: z
    .object({ number: z.number().int(), dueDate: calendarDate, outstanding: money })
    .nullable(),
  amountDueNow: money,
  instalmentsRemaining: z.number().int(),
  instalmentsTotal: z.number().int(),
});

export const settlementQuoteSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  reference: z.string(),
  /** What settles the loan: `principal` + `accruedCharge`; no fee of any kind. */
  amount: money,
  /** The principal still owed. */
  principal: money,
  /** The finance charge earned to the day the quote was made and not yet paid. */
  accruedCharge: money,
  /** The finance charge not earned, which the settlement saves: the remaining balance less `amount`. */
  rebate: money,
  validUntil: calendarDate,
  createdAt: z.string(),
  bank: z.object({
    bankName: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
    branchCode: z.string(),
  }),
});

/** GET /api/applications/{id}/servicing. */
export const loanServicingSchema = z.object({
  applicationId: z.number().int(),
  /** Today's date in South Africa, as the server counted days past due. */
  today: calendarDate,
  instalments: z.array(instalmentViewSchema),
  position: loanPositionSchema,
  /** What falls due on each due date (the last instalment may be smaller). */
  installmentAmount: money,
  /** The platform fee rate charged on each repayment, percent ('2.50'). */
  platformFeeRate: z.string(),
  /** The platform fee on `position.amountDueNow` paid now in one payment, and what the creator hands over in all. */
  feeDueNow: money,
  totalDueNow: money,
  consecutiveShortfalls: z.number().int(),
  longestShortfallRun: z.number().int(),
  renegotiationEligible: z.boolean(),
  renegotiationEligibleAt: z.string().nullable(),
  restructuredOn: calendarDate.nullable(),
  /** The day a defaulted loan was written off the books (the balance stays owed), or null. */
  writtenOffOn: calendarDate.nullable(),
  /** A written-off loan whose balance the lender forgave: the day and the amount (nothing is owed since), or null. */
  forgiven: z.object({ on: calendarDate, amount: money }).nullable(),
  settlementQuote: settlementQuoteSchema.nullable(),
  /** How to pay this loan: our account, the loan's reference, and the amount due now with its fee. */
  howToPay: z.object({
    reference: z.string(),
    amount: money,
    bank: z.object({
      bankName: z.string(),
      accountName: z.string(),
      accountNumber: z.string(),
      branchCode: z.string(),
    }),
  }),
});

/** POST /api/applications/{id}/settlement-quote. */
export const settlementQuoteAnswerSchema = z.object({
  success: z.literal(true),
  quote: settlementQuoteSchema,
});

/** GET /api/admin/settlement-quotes. */
export const openSettlementQuotesSchema = z.object({
  success: z.literal(true),
  data: z.array(
    settlementQuoteSchema.extend({
      applicationStatus: z.string(),
      clientName: z.string(),
      clientEmail: z.string(),
    }),
  ),
});

export type InstalmentView = z.infer<typeof instalmentViewSchema>;
export type SettlementQuoteView = z.infer<typeof settlementQuoteSchema>;
export type SettlementQuoteAnswer = z.infer<typeof settlementQuoteAnswerSchema>;
export type LoanServicing = z.infer<typeof loanServicingSchema>;
export type OpenSettlementQuotesAnswer = z.infer<typeof openSettlementQuotesSchema>;
export type OpenSettlementQuote = z.infer<typeof openSettlementQuotesSchema>['data'][number];
