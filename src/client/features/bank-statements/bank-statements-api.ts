// The bank statement import and the suspense worklist (docs/bank-statements.md): one query module. Lists are paged
// and filtered on the server; an import, an allocation or a refund refreshes the imports, the worklist and every
// admin answer about loans (a payment changed a balance).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Bank, LineOutcome, SuspenseStatus } from '../../../shared/bank-statements/constants';
import type {
  ImportSummary,
  StatementDetail,
  StatementList,
  SuspenseItemView,
  SuspenseList,
} from '../../../shared/schemas/bank-statements';
import { invalidateAdminData } from '../../lib/admin-queries';
import { apiRequest, apiUpload } from '../../lib/api';

export type { ImportSummary, StatementDetail, StatementList, SuspenseItemView, SuspenseList };

const STATEMENTS = '/api/admin/bank-statements';
const SUSPENSE = '/api/admin/suspense';

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export function statementsQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: [STATEMENTS, { page, pageSize }] as const,
    queryFn: () => apiRequest<StatementList>('GET', `${STATEMENTS}${query({ page, pageSize })}`),
    placeholderData: keepPreviousData,
  });
}

export function useStatements(page: number, pageSize: number) {
  return useQuery(statementsQueryOptions(page, pageSize));
}

export function useStatementDetail(
  id: number | null,
  filter: { outcome?: LineOutcome; page: number; pageSize: number },
) {
  return useQuery({
    queryKey: [STATEMENTS, id, filter] as const,
    queryFn: () =>
      apiRequest<StatementDetail>(
        'GET',
        `${STATEMENTS}/${id}${query({ outcome: filter.outcome, page: filter.page, pageSize: filter.pageSize })}`,
      ),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useSuspense(filter: {
  status?: SuspenseStatus;
  search?: string;
  page: number;
  pageSize: number;
}) {
  return useQuery({
    queryKey: [SUSPENSE, filter] as const,
    queryFn: () => apiRequest<SuspenseList>('GET', `${SUSPENSE}${query(filter)}`),
    placeholderData: keepPreviousData,
  });
}

export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bank, file }: { bank: Bank; file: File }) => {
      const form = new FormData();
      // The bank first: the server reads the parts in order.
      form.append('bank', bank);
      form.append('file', file);
      return apiUpload<ImportSummary>(STATEMENTS, form);
    },
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

export function useAllocateSuspense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, applicationId, amount }: { id: number; applicationId: number; amount?: number }) =>
      apiRequest<SuspenseItemView>('POST', `${SUSPENSE}/${id}/allocate`, { applicationId, amount }),
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

export function useRefundSuspense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reference, notes }: { id: number; reference: string; notes?: string }) =>
      apiRequest<SuspenseItemView>('POST', `${SUSPENSE}/${id}/refund`, { reference, notes }),
    onSuccess: () => invalidateAdminData(queryClient),
  });
}
