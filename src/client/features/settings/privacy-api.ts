// The "Your data" card's calls (server: features/privacy, docs/privacy.md): where a deletion stands, the ZIP of
// everything stored about the creator, deleting the account and withdrawing a waiting request.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountAnswer, DeleteAccountInput, PrivacyStatus } from '../../../shared/schemas/privacy';
import { apiRequest } from '../../lib/api';
import { downloadFromApi } from '../../lib/download';

export const PRIVACY_QUERY_KEY = ['/api/privacy'] as const;

export const privacyStatusQueryOptions = queryOptions({
  queryKey: PRIVACY_QUERY_KEY,
  queryFn: () => apiRequest<PrivacyStatus>('GET', PRIVACY_QUERY_KEY[0]),
});

/** Fetches the ZIP with the session cookie and hands it to the browser; resolves to the file name. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: () =>
      downloadFromApi('/api/privacy/export', {
        accept: 'application/zip',
        fallbackName: 'vuka-capital-my-data.zip',
      }),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      apiRequest<DeleteAccountAnswer>('POST', '/api/privacy/delete-account', input),
    onSuccess: (answer) => {
      if (answer.outcome === 'scheduled') void queryClient.invalidateQueries({ queryKey: PRIVACY_QUERY_KEY });
    },
  });
}

export function useWithdrawDeletionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<PrivacyStatus>('DELETE', '/api/privacy/deletion-request'),
    onSuccess: (status) => queryClient.setQueryData(PRIVACY_QUERY_KEY, status),
  });
}
