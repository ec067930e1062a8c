// The earnings review queue's reads and writes (docs/platform-earnings.md): one page of proposals filtered on the
// server, bulk approval and rejection. Both writes change loans' balances or the queue: they invalidate the queue,
// the admin's application lists and the lending figures.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApproveEarningsAnswer,
  EarningsProposalRow,
  EarningsProposalsPage,
  EarningsProposalsQuery,
} from '../../../shared/schemas/earnings';
import { apiRequest } from '../../lib/api';

export type { ApproveEarningsAnswer, EarningsProposalRow, EarningsProposalsPage };

const PROPOSALS_PATH = '/api/admin/earnings-proposals';
const PROPOSALS_KEY = [PROPOSALS_PATH] as const;

function proposalsQueryOptions(query: EarningsProposalsQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return queryOptions({
    queryKey: [...PROPOSALS_KEY, 'list', query] as const,
    queryFn: () => apiRequest<EarningsProposalsPage>('GET', `${PROPOSALS_PATH}?${params}`),
  });
}

/** One page of the queue; the page on screen stays while the next loads. */
export function useEarningsProposals(query: EarningsProposalsQuery) {
  return useQuery({ ...proposalsQueryOptions(query), placeholderData: keepPreviousData });
}

/** What approving or rejecting changes: the queue, and the loans' balances wherever admins read them. */
function useInvalidateAfterDecision() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PROPOSALS_KEY }),
      queryClient.invalidateQueries({ queryKey: ['/api/admin/applications'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/lending-management'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/admin/overview'] }),
    ]);
}

export function useApproveProposals() {
  const invalidate = useInvalidateAfterDecision();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest<ApproveEarningsAnswer>('POST', `${PROPOSALS_PATH}/approve`, { ids }),
    onSettled: invalidate,
  });
}

export function useRejectProposal() {
  const invalidate = useInvalidateAfterDecision();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiRequest<{ id: number; status: 'rejected'; reason: string }>(
        'POST',
        `${PROPOSALS_PATH}/${id}/reject`,
        { reason },
      ),
    onSuccess: invalidate,
  });
}
