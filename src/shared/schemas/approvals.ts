// Dual control (docs/decisions/028-dual-control.md): the pending-approvals queue, a request's answer (202 from the
// route that asked for a change) and the checker's decisions. Contracts of src/server/features/admin/approvals.routes.ts.
import { z } from 'zod';
import { APPROVAL_KINDS, APPROVAL_STATUSES } from '../approvals';
import { instantSchema, successTrue } from './common';

const personSchema = z.object({ id: z.number().int(), name: z.string() });

export const approvalRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  /** The change in words, naming no person: 'Payout of R 12 000,00 for application #4, paid on 23 Nov 2026 (…)'. */
  summary: z.string(),
  /** The reason the maker gave (a reversal's), shown to the checker. */
  reason: z.string().nullable(),
  applicationId: z.number().int().nullable(),
  subjectUserId: z.number().int().nullable(),
  /** The creator or person it concerns, from their account as it is now. */
  subjectName: z.string().nullable(),
  maker: personSchema,
  checker: personSchema.nullable(),
  decisionNote: z.string().nullable(),
  createdAt: instantSchema,
  decidedAt: instantSchema.nullable(),
  /** Whether the person asking may approve or reject it: not its maker, and with its duty. */
  canDecide: z.boolean(),
  /** Whether the person asking may withdraw it: its maker, while it waits. */
  canWithdraw: z.boolean(),
});
export type ApprovalRequestView = z.infer<typeof approvalRequestSchema>;

/** The answer of a route whose change waits for a second person (HTTP 202): nothing has changed yet. */
export const approvalPendingAnswerSchema = z.object({
  success: successTrue,
  pendingApproval: approvalRequestSchema,
  message: z.string(),
});
export type ApprovalPendingAnswer = z.infer<typeof approvalPendingAnswerSchema>;

export const approvalsQuerySchema = z.object({
  status: z
    .enum(['pending', 'decided'], { error: 'status is pending or decided' })
    .optional()
    .default('pending'),
});

export const approvalsListSchema = z.object({
  success: successTrue,
  data: z.array(approvalRequestSchema),
  /** Requests waiting now, whatever the list shows. */
  pendingCount: z.number().int(),
});
export type ApprovalsList = z.infer<typeof approvalsListSchema>;

export const approvalDecisionAnswerSchema = z.object({
  success: successTrue,
  data: approvalRequestSchema,
  message: z.string(),
});

export const rejectApprovalSchema = z
  .object({
    reason: z
      .string({ error: 'Write the reason for the rejection' })
      .trim()
      .min(5, 'Write the reason in at least 5 characters')
      .max(1000, 'The reason must be at most 1000 characters'),
  })
  .strict();

export const withdrawApprovalSchema = z
  .object({ reason: z.string().trim().max(1000, 'The reason must be at most 1000 characters').optional() })
  .strict();
export type ApprovalDecisionAnswer = z.infer<typeof approvalDecisionAnswerSchema>;
