// The pending-approvals queue of dual control (docs/decisions/028-dual-control.md): every staff member reads it;
// a request is approved or rejected by a second person with its duty (checked in the service, per request), and
// withdrawn by its maker.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  approvalDecisionAnswerSchema,
  approvalsListSchema,
  approvalsQuerySchema,
  rejectApprovalSchema,
  withdrawApprovalSchema,
} from '../../../shared/schemas/approvals';
import type { Deps } from '../../lib/deps';
import { errors, idParams } from '../../lib/route-schemas';
import { requireStaff, staffOnly } from '../../plugins/session';
import {
  approveRequest,
  listApprovals,
  rejectRequest,
  withdrawRequest,
} from '../approvals/approvals.service';
import { APPROVAL_EXECUTORS } from './approvable-changes';

export function approvalRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['approvals'];

  r.get(
    '/api/admin/approvals',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'listApprovals',
        summary:
          'The pending-approvals queue, oldest first (or the last 100 decided requests), with what the reader may do with each',
        querystring: approvalsQuerySchema,
        response: { 200: approvalsListSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      return { success: true as const, ...(await listApprovals(deps, user, request.query.status)) };
    },
  );

  // Approving and rejecting need the duty of the change itself (a payout: finance or an admin), which depends on
  // the request: every staff role reaches the route and the service refuses the others with 403.
  r.post(
    '/api/admin/approvals/:id/approve',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'approveApproval',
        summary:
          "Approve a waiting change: it is carried out now, as its maker asked it (a second person with the change's duty; never its maker; audited with both names)",
        params: idParams,
        response: { 200: approvalDecisionAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      const data = await approveRequest(deps, user, request.params.id, APPROVAL_EXECUTORS);
      return { success: true as const, data, message: `Approved: ${data.summary}` };
    },
  );

  r.post(
    '/api/admin/approvals/:id/reject',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'rejectApproval',
        summary:
          "Reject a waiting change with a reason: nothing changes (a second person with the change's duty; audited)",
        params: idParams,
        body: rejectApprovalSchema,
        response: { 200: approvalDecisionAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      const data = await rejectRequest(deps, user, request.params.id, request.body.reason);
      return { success: true as const, data, message: `Rejected: ${data.summary}` };
    },
  );

  r.post(
    '/api/admin/approvals/:id/withdraw',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'withdrawApproval',
        summary: 'Withdraw a change one asked for, while it waits: nothing changes (its maker only; audited)',
        params: idParams,
        body: withdrawApprovalSchema.optional().default({}),
        response: { 200: approvalDecisionAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      const data = await withdrawRequest(deps, user, request.params.id, request.body?.reason);
      return { success: true as const, data, message: `Withdrawn: ${data.summary}` };
    },
  );
}
