// The admin AI analysis calls: GET /api/insights/user/{id} (newest first) and
// POST /api/insights/analyze-user/{id}. A new analysis goes to the top of the cached list at once, then
// the list is read again so it matches the server.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyzeUserInput, InsightList, InsightRecord } from '../../../shared/schemas/ai';
import { apiRequest } from '../../lib/api';

function insightsQueryKey(userId: number) {
  return ['/api/insights/user', userId] as const;
}

function insightsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: insightsQueryKey(userId),
    queryFn: () => apiRequest<InsightList>('GET', `/api/insights/user/${userId}`),
  });
}

export function useInsights(userId: number) {
  return useQuery(insightsQueryOptions(userId));
}

export function useAnalyzeUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnalyzeUserInput) =>
      apiRequest<InsightRecord>('POST', `/api/insights/analyze-user/${userId}`, input),
    onSuccess: (record) => {
      queryClient.setQueryData<InsightList>(insightsQueryKey(userId), (previous) =>
        previous
          ? {
              insights: [record, ...previous.insights.filter((i) => i.analysisId !== record.analysisId)],
            }
          : previous,
      );
      return queryClient.invalidateQueries({ queryKey: insightsQueryKey(userId), exact: true });
    },
  });
}
