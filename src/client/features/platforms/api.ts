// Platform connection calls: YouTube OAuth, Visionary e-mail codes, proof-of-earnings
// uploads and disconnecting. Connected platforms live on the user, so a success refreshes ['/api/user'].
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { EarningsConnections } from '../../../shared/schemas/earnings';
import type {
  ConnectablePlatforms,
  PlatformConnectedAnswer,
  ProofFileAnswer,
} from '../../../shared/schemas/platforms';
import { apiRequest, apiUpload } from '../../lib/api';
import { USER_QUERY_KEY } from '../../lib/session';

/** What a connect flow answers, and a stored proof of earnings: the server's contracts. */
export type PlatformAnswer = PlatformConnectedAnswer;
export type ProofFile = ProofFileAnswer;

/** The message an OAuth pop-up posts to its opener (see oauth-callback-page.tsx). */
export interface OAuthMessage {
  type: string;
  code?: string | null;
  state?: string | null;
  error?: string | null;
}

/** The platforms connected by OAuth in a pop-up, and what a YouTube connection is for. */
export type OAuthPlatform = 'youtube' | 'patreon';
export type OAuthPurpose = 'audience' | 'earnings';

/** The pop-up's message type for a platform: 'youtube-auth', 'patreon-auth'. */
export const oauthMessageType = (platform: OAuthPlatform) => `${platform}-auth`;
/** Fallback channel for when the pop-up has lost window.opener (a cross-origin hop can sever it). */
export const oauthChannel = (platform: OAuthPlatform) => `vuka-${platform}-auth`;

export function isOAuthMessage(data: unknown, platform: OAuthPlatform): data is OAuthMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === oauthMessageType(platform)
  );
}

export function useStartOAuth(platform: OAuthPlatform, purpose: OAuthPurpose) {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ authUrl: string }>(
        'GET',
        platform === 'patreon' ? '/api/patreon/auth' : `/api/youtube/auth?purpose=${purpose}`,
      ),
  });
}

export function useCompleteOAuth(platform: OAuthPlatform) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, state }: { code: string; state?: string }) =>
      apiRequest<PlatformAnswer>(
        'GET',
        `/api/${platform}/callback?${new URLSearchParams(state === undefined ? { code } : { code, state })}`,
      ),
    // Returning the refetch keeps the mutation pending until the new platform is on screen.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: EARNINGS_CONNECTIONS_KEY }),
      ]),
  });
}

/**
 * Which platforms can be connected on this server now (GET /api/platforms/connectable): a connection that cannot work
 * is not offered, and manual entry is offered instead. Read once per visit; it changes only with the server's settings.
 */
export function useConnectablePlatforms(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: ['/api/platforms/connectable'] as const,
      queryFn: () => apiRequest<ConnectablePlatforms>('GET', '/api/platforms/connectable'),
      staleTime: Number.POSITIVE_INFINITY,
      enabled,
    }),
  );
}

const EARNINGS_CONNECTIONS_KEY = ['/api/earnings-connections'] as const;

/** The creator's platforms connected for earnings, with when each was last read (never a token). */
export function useEarningsConnections() {
  return useQuery(
    queryOptions({
      queryKey: EARNINGS_CONNECTIONS_KEY,
      queryFn: () => apiRequest<EarningsConnections>('GET', '/api/earnings-connections'),
    }),
  );
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
