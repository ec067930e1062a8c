// The one answer of every route whose change waits for a second person.
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../lib/deps';
import { type ApprovableChange, requestApproval } from '../approvals/approvals.service';
import type { SessionUser } from '../sessions/sessions.service';
import { APPROVAL_EXECUTORS } from './approvable-changes';

/**
 * A change that waits for a second person is stored as a request and answered 202 with it: nothing has changed yet
 * (docs/decisions/028-dual-control.md).
 */
export async function sendForApproval(
  deps: Deps,
  reply: FastifyReply,
  maker: SessionUser,
  change: ApprovableChange,
) {
  const pendingApproval = await requestApproval(deps, maker, change, APPROVAL_EXECUTORS[change.kind]);
  return reply.status(202).send({
    success: true as const,
    pendingApproval,
    message: `Sent for approval (request #${pendingApproval.id}): a second person with the same rights approves it under Approvals before it happens.`,
  });
}
