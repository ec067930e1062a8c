// E-mail notices (server: features/notices; docs/notices.md): the creator's reminder choice. Only Settings
// reads it, so it is its own query; the write answers the stored choice, which replaces the cached one.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NoticePreferences } from '../../../shared/schemas/notices';
import { apiRequest } from '../../lib/api';

const NOTICES_PATH = '/api/users/me/notices';

export const noticePreferencesQuery = queryOptions({
  queryKey: [NOTICES_PATH] as const,
  queryFn: () => apiRequest<NoticePreferences>('GET', NOTICES_PATH),
});

export function useSetNoticePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NoticePreferences) => apiRequest<NoticePreferences>('PUT', NOTICES_PATH, input),
    onSuccess: (answer) => queryClient.setQueryData(noticePreferencesQuery.queryKey, answer),
  });
}
