// Where a loan stands under the National Credit Act (GET /api/admin/applications/{id}/nca) and the admin's records
// about it (POST .../nca/...), as TanStack Query hooks. The key sits under the application's own, so every admin
// change (invalidateAdminData) refreshes it too; each record answers the new position, which is shown at once, and
// the application's details and servicing refetch (a restructuring order rewrites the schedule).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  debtReviewEndSchema,
  debtReviewOrderSchema,
  debtReviewSchema,
  enforcementSchema,
  NcaPosition,
  registeredPostSchema,
} from '../../../shared/schemas/compliance';
import { invalidateAdminData } from '../../lib/admin-queries';
import { apiRequest } from '../../lib/api';

const ncaPath = (id: number) => `/api/admin/applications/${id}/nca`;

const ncaKey = (id: number) => ['/api/admin/applications', id, 'nca'] as const;

function ncaPositionQueryOptions(id: number) {
  return queryOptions({
    queryKey: ncaKey(id),
    queryFn: () => apiRequest<NcaPosition>('GET', ncaPath(id)),
    staleTime: 0,
  });
}

/** Only for a loan that was paid out (`enabled`): the server answers 409 for any other application. */
export function useNcaPosition(id: number, enabled: boolean) {
  return useQuery({ ...ncaPositionQueryOptions(id), enabled });
}

/** Each record's path under .../nca/ and the body it takes. */
export interface NcaRecordInputs {
  'registered-post': z.input<typeof registeredPostSchema>;
  enforcement: z.input<typeof enforcementSchema>;
  'debt-review': z.input<typeof debtReviewSchema>;
  'debt-review/order': z.input<typeof debtReviewOrderSchema>;
  'debt-review/end': z.input<typeof debtReviewEndSchema>;
}
export type NcaRecordPath = keyof NcaRecordInputs;

export function useNcaRecord<P extends NcaRecordPath>(id: number, path: P) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NcaRecordInputs[P]) =>
      apiRequest<NcaPosition>('POST', `${ncaPath(id)}/${path}`, input),
    onSuccess: (position) => {
      queryClient.setQueryData(ncaKey(id), position);
      return invalidateAdminData(queryClient);
    },
  });
}
