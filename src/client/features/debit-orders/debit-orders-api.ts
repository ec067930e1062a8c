// Debit orders (docs/debit-orders.md): the admins' collection runs with their items, file and results, the mandates
// list, and the creator's mandate on a loan. One query per endpoint; each mutation invalidates what it changes.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DebitRun,
  DebitRunDetail,
  DebitRunsPage,
  ImportSummary,
  Mandate,
  MandateForm,
  MandatesPage,
  MandateView,
} from '../../../shared/schemas/debit-orders';
import { apiRequest, apiUpload } from '../../lib/api';
import { downloadFromApi } from '../../lib/download';

export type {
  DebitRun,
  DebitRunDetail,
  DebitRunsPage,
  ImportSummary,
  Mandate,
  MandateForm,
  MandatesPage,
  MandateView,
};

const RUNS_PATH = '/api/admin/debit-orders/runs';
const MANDATES_PATH = '/api/admin/debit-orders/mandates';
const mandatePath = (applicationId: number) => `/api/applications/${applicationId}/debit-mandate`;

const search = (params: Record<string, string | number | undefined>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
};

export function useRuns(page: number, pageSize: number) {
  return useQuery({
    ...queryOptions({
      queryKey: [RUNS_PATH, { page, pageSize }] as const,
      staleTime: 0,
      queryFn: () => apiRequest<DebitRunsPage>('GET', `${RUNS_PATH}${search({ page, pageSize })}`),
    }),
    placeholderData: keepPreviousData,
  });
}

export type ItemFilter = { status?: 'pending' | 'paid' | 'unpaid'; page: number; pageSize: number };

export function useRun(id: number | null, filter: ItemFilter) {
  return useQuery({
    queryKey: [RUNS_PATH, id, filter] as const,
    enabled: id !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
    queryFn: () => apiRequest<DebitRunDetail>('GET', `${RUNS_PATH}/${id}${search(filter)}`),
  });
}

export function useMandates(status: string | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: [MANDATES_PATH, { status, page, pageSize }] as const,
    staleTime: 0,
    placeholderData: keepPreviousData,
    queryFn: () => apiRequest<MandatesPage>('GET', `${MANDATES_PATH}${search({ status, page, pageSize })}`),
  });
}

/** Builds (or completes) the run of a collection date; the runs list is read again. */
export function useBuildRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (collectionDate: string) => apiRequest<DebitRun>('POST', RUNS_PATH, { collectionDate }),
    onSuccess: () => client.invalidateQueries({ queryKey: [RUNS_PATH] }),
  });
}

/** Saves the run's file for the bank (the run becomes submitted); resolves to the file name. */
export function useDownloadRunFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (run: Pick<DebitRun, 'id' | 'collectionDate'>) =>
      downloadFromApi(`${RUNS_PATH}/${run.id}/file`, {
        accept: 'text/csv',
        fallbackName: `vuka-debit-orders-${run.collectionDate}-run-${run.id}.csv`,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [RUNS_PATH] }),
  });
}

/** Uploads the bank's result file; the runs, the run and the mandates (a suspension) are read again. */
export function useImportResults() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, file }: { runId: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return apiUpload<ImportSummary>(`${RUNS_PATH}/${runId}/results`, form);
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [RUNS_PATH] }),
        client.invalidateQueries({ queryKey: [MANDATES_PATH] }),
      ]),
  });
}

/** An admin cancels a mandate with the reason; the mandates list is read again. */
export function useCancelMandateByAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiRequest<Mandate>('POST', `${MANDATES_PATH}/${id}/cancel`, { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: [MANDATES_PATH] }),
  });
}

// ---------------------------------------------------------------------------------------------------------
// The creator's mandate

export function mandateQueryOptions(applicationId: number) {
  return queryOptions({
    queryKey: [mandatePath(applicationId)] as const,
    queryFn: () => apiRequest<MandateView>('GET', mandatePath(applicationId)),
    meta: { errorToast: 'Could not load your debit order' },
  });
}

export const useMandate = (applicationId: number) => useQuery(mandateQueryOptions(applicationId));

export function useAuthoriseMandate(applicationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: MandateForm) => apiRequest<MandateView>('POST', mandatePath(applicationId), form),
    onSuccess: (view) => client.setQueryData(mandateQueryOptions(applicationId).queryKey, view),
  });
}

export function useCancelMandate(applicationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MandateView>('POST', `${mandatePath(applicationId)}/cancel`),
    onSuccess: (view) => client.setQueryData(mandateQueryOptions(applicationId).queryKey, view),
  });
}
