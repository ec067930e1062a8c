// Earnings read from the platforms (docs/platform-earnings.md): the admins' review queue (list, bulk approval,
// rejection) and the creator's connections for earnings. Request and response contracts of the routes in
// src/server/features/earnings.
import { z } from 'zod';
import { EARNINGS_PLATFORMS, EARNINGS_PROPOSAL_STATUSES, EARNINGS_SOURCES } from '../constants';
import { pageQuerySchema } from './admin-lists';
import { calendarDayTextSchema, moneyTextSchema } from './common';
import { recordIdSchema } from './fields';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const earningsProposalsQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(
    emptyToUndefined,
    z
      .enum(EARNINGS_PROPOSAL_STATUSES, {
        error: `status is one of ${EARNINGS_PROPOSAL_STATUSES.join(', ')}`,
      })
      .optional(),
  ),
  platform: z.preprocess(
    emptyToUndefined,
    z.enum(EARNINGS_PLATFORMS, { error: `platform is one of ${EARNINGS_PLATFORMS.join(', ')}` }).optional(),
  ),
  source: z.preprocess(
    emptyToUndefined,
    z.enum(EARNINGS_SOURCES, { error: `source is one of ${EARNINGS_SOURCES.join(', ')}` }).optional(),
  ),
});
export type EarningsProposalsQuery = z.input<typeof earningsProposalsQuerySchema>;

export const earningsPartSchema = z.object({
  platform: z.string(),
  currency: z.string(),
  amount: z.string(),
  verified: z.boolean(),
  note: z.string().optional(),
});

export const earningsProposalSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  paymentReference: z.string(),
  creatorName: z.string(),
  creatorUsername: z.string(),
  year: z.number().int(),
  month: z.number().int(),
  platform: z.string(),
  source: z.enum(EARNINGS_SOURCES),
  status: z.enum(EARNINGS_PROPOSAL_STATUSES),
  /** The month's earnings in rand; null while waiting for a rate or after a platform failed. */
  earningsAmount: moneyTextSchema.nullable(),
  originalCurrency: z.string().nullable(),
  originalAmount: moneyTextSchema.nullable(),
  /** Rand per US dollar, the day it is for and who published it (dollar figures only). */
  fxRate: z.string().nullable(),
  fxDate: calendarDayTextSchema.nullable(),
  fxSource: z.string().nullable(),
  proposedPayment: moneyTextSchema.nullable(),
  proposedFee: moneyTextSchema.nullable(),
  /** The loan's balance now (approval withholds at most this). */
  remainingAmount: moneyTextSchema.nullable(),
  withholdingPercentage: z.string().nullable(),
  parts: z.array(earningsPartSchema),
  reason: z.string().nullable(),
  paymentId: z.number().int().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type EarningsProposalRow = z.infer<typeof earningsProposalSchema>;

export const earningsProposalsPageSchema = z.object({
  data: z.array(earningsProposalSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How many proposals are in each status, whatever the filters. */
  statusCounts: z.object(
    Object.fromEntries(EARNINGS_PROPOSAL_STATUSES.map((s) => [s, z.number().int()])) as Record<
      (typeof EARNINGS_PROPOSAL_STATUSES)[number],
      z.ZodNumber
    >,
  ),
  /** Payout-verified figures are approved without an admin (EARNINGS_AUTO_APPROVE_VERIFIED). */
  autoApproveVerified: z.boolean(),
});
export type EarningsProposalsPage = z.infer<typeof earningsProposalsPageSchema>;

export const APPROVE_MAX = 200;

export const approveEarningsSchema = z.object({
  ids: z
    .array(recordIdSchema('Each id must be a proposal id'), { error: 'ids must be a list of proposal ids' })
    .min(1, 'Choose at least one proposal')
    .max(APPROVE_MAX, `At most ${APPROVE_MAX} proposals at a time`),
});

export const approveEarningsAnswerSchema = z.object({
  approved: z.array(
    z.object({
      id: z.number().int(),
      applicationId: z.number().int(),
      payment: moneyTextSchema,
      platformFee: moneyTextSchema,
      remainingAmount: moneyTextSchema,
      completed: z.boolean(),
    }),
  ),
  refused: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type ApproveEarningsAnswer = z.infer<typeof approveEarningsAnswerSchema>;

export const rejectEarningsSchema = z.object({
  reason: z
    .string({ error: 'Say why the proposal is rejected' })
    .trim()
    .min(3, 'Say why the proposal is rejected (at least 3 characters)')
    .max(500, 'At most 500 characters'),
});

export const earningsConnectionSchema = z.object({
  platform: z.enum(EARNINGS_PLATFORMS),
  /** The channel or campaign the earnings are read from. */
  accountId: z.string().nullable(),
  connectedAt: z.string(),
  lastReadAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export const earningsConnectionsSchema = z.object({ connections: z.array(earningsConnectionSchema) });
export type EarningsConnections = z.infer<typeof earningsConnectionsSchema>;
