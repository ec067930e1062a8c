// Collections on the client (docs/collections.md): the worklist and a loan's case, the changes a collector makes, and
// the creator's own request for help. Every change refreshes the worklist and the case it touched.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CollectionView } from '../../../shared/collections';
import type { DelinquencyBucket } from '../../../shared/finance/instalments';
import type {
  CollectionCase,
  MyHelpRequest,
  Worklist,
  WorklistRow,
} from '../../../shared/schemas/collections';
import { apiRequest } from '../../lib/api';

export type { CollectionCase, MyHelpRequest, Worklist, WorklistRow };

const WORKLIST_KEY = ['/api/admin/collections'] as const;
const caseKey = (id: number) => [...WORKLIST_KEY, id] as const;
const helpRequestKey = (id: number) => [`/api/applications/${id}/help-request`] as const;

export type WorklistFilter = {
  view: CollectionView;
  bucket: DelinquencyBucket | null;
  page: number;
  pageSize: number;
};

export function useWorklist(filter: WorklistFilter) {
  const params = new URLSearchParams({
    view: filter.view,
    page: String(filter.page),
    pageSize: String(filter.pageSize),
  });
  if (filter.bucket) params.set('bucket', filter.bucket);
  return useQuery({
    queryKey: [...WORKLIST_KEY, 'list', params.toString()] as const,
    queryFn: () => apiRequest<Worklist>('GET', `${WORKLIST_KEY[0]}?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function collectionCaseQueryOptions(id: number) {
  return queryOptions({
    queryKey: caseKey(id),
    queryFn: () => apiRequest<CollectionCase>('GET', `${WORKLIST_KEY[0]}/${id}`),
  });
}

/** A loan's case; nothing is asked for an id that cannot be one (an address like /admin/collections/abc). */
export function useCollectionCase(id: number) {
  return useQuery({ ...collectionCaseQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

type Answer = { success: true; message: string };

/** A change to loan `id`'s case: the worklist and the case are read again whether it worked or not. */
function useCaseChange<Body>(id: number, path: (body: Body) => string, method: 'POST' | 'PUT' = 'POST') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiRequest<Answer>(method, `${WORKLIST_KEY[0]}/${id}${path(body)}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WORKLIST_KEY }),
  });
}

export const useAssign = (id: number) =>
  useCaseChange<{ collectorId: number | null; nextActionOn: string | null }>(id, () => '/assignment', 'PUT');

export const useLogContact = (id: number) =>
  useCaseChange<{ channel: string; outcome: string; note: string }>(id, () => '/contacts');

export const useMakePromise = (id: number) =>
  useCaseChange<{ amount: number; promisedFor: string }>(id, () => '/promises');

export function useCloseHelpRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, outcome }: { requestId: number; outcome: string }) =>
      apiRequest<Answer>('POST', `${WORKLIST_KEY[0]}/${id}/help-requests/${requestId}/close`, { outcome }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WORKLIST_KEY }),
  });
}

/** The creator's latest request for help on their loan. */
export function useMyHelpRequest(applicationId: number) {
  return useQuery({
    queryKey: helpRequestKey(applicationId),
    queryFn: () => apiRequest<MyHelpRequest>('GET', helpRequestKey(applicationId)[0]),
  });
}

export function useAskForHelp(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string; canPay?: number | null }) =>
      apiRequest<MyHelpRequest & { message: string }>('POST', helpRequestKey(applicationId)[0], body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: helpRequestKey(applicationId) }),
  });
}
