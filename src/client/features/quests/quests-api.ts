// Quest calls as TanStack Query hooks. After every progress call the
// quest list and the XP metrics are refreshed: a completion can unlock other quests and add XP.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { questProgressSchema } from '../../../shared/quests';
import type { CreatorMetricsView, QuestProgressAnswer, QuestView } from '../../../shared/schemas/quests';
import { apiRequest } from '../../lib/api';

export type { QuestProgressAnswer };

const QUESTS_QUERY_KEY = ['/api/quests'] as const;
const QUEST_METRICS_QUERY_KEY = ['/api/quests/metrics'] as const;

// Exported for the router, which starts these reads with the dashboard's code (app/router.tsx).
export const questsQueryOptions = queryOptions({
  queryKey: QUESTS_QUERY_KEY,
  queryFn: () => apiRequest<QuestView[]>('GET', QUESTS_QUERY_KEY[0]),
});

export const questMetricsQueryOptions = queryOptions({
  queryKey: QUEST_METRICS_QUERY_KEY,
  queryFn: () => apiRequest<CreatorMetricsView>('GET', QUEST_METRICS_QUERY_KEY[0]),
});

export function useQuests() {
  return useQuery(questsQueryOptions);
}

export function useQuestMetrics() {
  return useQuery(questMetricsQueryOptions);
}

/** POST /api/quests/{questId}/progress: the quest's id in the path, the rest in the body. */
type QuestProgressInput = { questId: number } & z.input<typeof questProgressSchema>;

export function useQuestProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questId, ...body }: QuestProgressInput) =>
      apiRequest<QuestProgressAnswer>('POST', `/api/quests/${questId}/progress`, body),
    onSuccess: (answer) => {
      // Show the answer at once; the refresh below then brings the other quests (newly unlocked ones).
      queryClient.setQueryData<QuestView[]>(QUESTS_QUERY_KEY, (quests) =>
        quests?.map((q) => (q.id === answer.quest.id ? answer.quest : q)),
      );
      queryClient.setQueryData<CreatorMetricsView>(QUEST_METRICS_QUERY_KEY, answer.metrics);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: QUESTS_QUERY_KEY, exact: true }),
        queryClient.invalidateQueries({ queryKey: QUEST_METRICS_QUERY_KEY, exact: true }),
      ]),
  });
}
