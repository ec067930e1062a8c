// Platform connection calls (spec section 7): YouTube OAuth, Visionary e-mail codes, proof-of-earnings
// uploads and disconnecting. Connected platforms live on the user, so a success refreshes ['/api/user'].
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { PlatformConnectedAnswer, ProofFileAnswer } from '../../../shared/schemas/platforms';
import { apiRequest, apiUpload } from '../../lib/api';
import { USER_QUERY_KEY } from '../../lib/session';

/** What a connect flow answers, and a stored proof of earnings: the server's contracts. */
export type PlatformAnswer = PlatformConnectedAnswer;
export type ProofFile = ProofFileAnswer;

/** The message the YouTube pop-up posts to its opener (see youtube-callback-page.tsx). */
export interface YoutubeAuthMessage {
  type: 'youtube-auth';
  code?: string | null;
  state?: string | null;
  error?: string | null;
}

export const YOUTUBE_AUTH_MESSAGE_TYPE = 'youtube-auth';
/** Fallback channel for when the pop-up has lost window.opener (a cross-origin hop can sever it). */
export const YOUTUBE_AUTH_CHANNEL = 'vuka-youtube-auth';

export function isYoutubeAuthMessage(data: unknown): data is YoutubeAuthMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === YOUTUBE_AUTH_MESSAGE_TYPE
  );
}

export function useStartYoutubeAuth() {
  return useMutation({
    mutationFn: () => apiRequest<{ authUrl: string }>('GET', '/api/youtube/auth'),
  });
}

export function useCompleteYoutubeAuth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, state }: { code: string; state?: string }) =>
      apiRequest<PlatformAnswer>(
        'GET',
        `/api/youtube/callback?${new URLSearchParams(state === undefined ? { code } : { code, state })}`,
      ),
    // Returning the refetch keeps the mutation pending until the new platform is on screen.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}

export function useSendVisionaryCode() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      apiRequest<{ success: boolean; message?: string }>('POST', '/api/visionary-writings/verify', input),
  });
}

export function useVerifyVisionaryCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; code: string }) =>
      apiRequest<PlatformAnswer>('POST', '/api/visionary-writings/verify-code', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}

export function useUploadProofFile() {
  return useMutation({
    mutationFn: (file: File) => {
      const formData = new FormData();
      formData.append('file', file, file.name);
      return apiUpload<ProofFile>('/api/proof-files', formData);
    },
  });
}

export function useDisconnectPlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      apiRequest<{ success: true; user: PublicUser }>('DELETE', `/api/platforms/${encodeURIComponent(key)}`),
    onSuccess: (answer) => queryClient.setQueryData(USER_QUERY_KEY, answer.user),
  });
}
