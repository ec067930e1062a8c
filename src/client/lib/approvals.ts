// Dual control on the client (docs/decisions/028-dual-control.md): a change that waits for a second person answers
// 202 with the waiting request instead of the changed record. Every dialog that asks for such a change tells the
// person so, in the same words, and the Approvals page lists it.
import type { ApprovalPendingAnswer } from '../../shared/schemas/approvals';
import { toast } from '../hooks/use-toast';

export type { ApprovalPendingAnswer };

/** The queue's query key: a request sent from any dialog refreshes it. */
export const APPROVALS_KEY = ['/api/admin/approvals'] as const;

export function isPendingApproval(answer: unknown): answer is ApprovalPendingAnswer {
  return typeof answer === 'object' && answer !== null && 'pendingApproval' in answer;
}

/** The toast after a change was sent for approval: nothing has changed yet. */
export function toastSentForApproval(answer: ApprovalPendingAnswer) {
  toast({
    title: `Sent for approval (request #${answer.pendingApproval.id})`,
    description: 'A second person with the same rights approves it under Approvals before it happens.',
  });
}
