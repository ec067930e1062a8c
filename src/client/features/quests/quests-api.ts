// Quest calls (spec section 7 and decision 013) as TanStack Query hooks. After every progress call the
// quest list and the XP metrics are refreshed: a completion can unlock other quests and add XP.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatorMetricsView, QuestView, QuizResult } from '../../../shared/quests';
import { apiRequest } from '../../lib/api';

export const QUESTS_QUERY_KEY = ['/api/quests'] as const;
export const QUEST_METRICS_QUERY_KEY = ['/api/quests/metrics'] as const;

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

/** What POST /api/quests/{questId}/progress answers. */
export type QuestProgressAnswer = {
  quest: QuestView;
  quizResult?: QuizResult;
  /** True only on the request that completed the quest (and granted its XP). */
  questCompleted: boolean;
  metrics: CreatorMetricsView;
};

export type QuestProgressInput = {
  questId: number;
  step: number;
  completed: boolean;
  answers?: number[];
};

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
