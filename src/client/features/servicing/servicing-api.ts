// The servicing calls shared by the creator's plan cards and the admin's application views: one query
// module for GET /api/applications/{id}/servicing (the instalments and position of a loan), the
// creator's "Settle early" request and the admin's Restructure request. Keys live under the applications
// list's key, so the same invalidation that refreshes the list after a payment refreshes these too.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { restructureSchema } from '../../../shared/schemas/admin-loans';
import type { LoanServicing, SettlementQuoteAnswer } from '../../../shared/schemas/servicing';
import { invalidateAdminData } from '../../lib/admin-queries';
import { apiRequest } from '../../lib/api';
import type { ApprovalPendingAnswer } from '../../lib/approvals';
import { APPLICATIONS_QUERY_KEY } from '../../lib/query-keys';

const loanServicingQueryKey = (applicationId: number) =>
  [...APPLICATIONS_QUERY_KEY, applicationId, 'servicing'] as const;

/**
 * A loan's instalments and position. `version` is anything that changes when the loan does (the schedule's
 * remaining balance and next due date, say): a new version is a new query, so the table follows the
 * polled applications list without polling itself.
 */
export function loanServicingQueryOptions(applicationId: number, version = '') {
  return queryOptions({
    queryKey: [...loanServicingQueryKey(applicationId), version] as const,
    queryFn: () => apiRequest<LoanServicing>('GET', `/api/applications/${applicationId}/servicing`),
    placeholderData: (previous) => previous,
  });
}

export function useLoanServicing(applicationId: number, version = '', enabled = true) {
  return useQuery({ ...loanServicingQueryOptions(applicationId, version), enabled });
}

export function useRequestSettlementQuote(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<SettlementQuoteAnswer>('POST', `/api/applications/${applicationId}/settlement-quote`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loanServicingQueryKey(applicationId) }),
  });
}

/** Asks for a renegotiation (the remaining balance over 1-36 months, no extra cost); a second person approves it. */
export function useRestructureLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, estimatedPeriod }: { id: number } & z.input<typeof restructureSchema>) =>
      apiRequest<ApprovalPendingAnswer>('POST', `/api/admin/applications/${id}/restructure`, {
        estimatedPeriod,
      }),
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
