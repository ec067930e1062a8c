// The pending-approvals queue's reads and decisions (docs/decisions/028-dual-control.md). An approval carries the
// change out (a payout, a restructure, a reversal, a role), so every decision refreshes the admin data.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApprovalDecisionAnswer,
  ApprovalRequestView,
  ApprovalsList,
} from '../../../shared/schemas/approvals';
import { invalidateAdminData } from '../../lib/admin-queries';
import { apiRequest } from '../../lib/api';
import { APPROVALS_KEY } from '../../lib/approvals';

export type { ApprovalRequestView };
export type ApprovalsView = 'pending' | 'decided';

export function approvalsQueryOptions(view: ApprovalsView) {
  return queryOptions({
    queryKey: [...APPROVALS_KEY, view] as const,
    queryFn: () => apiRequest<ApprovalsList>('GET', `${APPROVALS_KEY[0]}?status=${view}`),
    // A colleague's request arrives without this screen doing anything: read again every half minute.
    refetchInterval: 30_000,
  });
}

export function useApprovals(view: ApprovalsView) {
  return useQuery(approvalsQueryOptions(view));
}

type Decision =
  | { id: number; action: 'approve' }
  | { id: number; action: 'reject' | 'withdraw'; reason?: string };

export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      apiRequest<ApprovalDecisionAnswer>(
        'POST',
        `${APPROVALS_KEY[0]}/${decision.id}/${decision.action}`,
        decision.action === 'approve'
          ? undefined
          : { ...(decision.reason ? { reason: decision.reason } : {}) },
      ),
    // Settled either way: a refusal (already decided, no longer possible) also means the queue moved on.
    onSettled: () => invalidateAdminData(queryClient),
  });
}
