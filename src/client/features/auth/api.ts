// Account calls (spec section 7) as TanStack Query hooks. The session is the ['/api/user'] query.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, PublicUser, RegisterInput } from '../../../shared/schemas/auth';
import type { MfaStep } from '../../../shared/schemas/mfa';
import { ApiError, apiRequest } from '../../lib/api';
import { MFA_QUERY_KEY, statusForStep } from './mfa-api';

export const USER_QUERY_KEY = ['/api/user'] as const;

/** The current user, or null when the server answers 401 (logged out is not an error). */
export async function fetchUser(): Promise<PublicUser | null> {
  try {
    return await apiRequest<PublicUser>('GET', USER_QUERY_KEY[0]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const userQueryOptions = queryOptions({ queryKey: USER_QUERY_KEY, queryFn: fetchUser });

/** The session query: use it where the loading and error states matter (guards, headers). */
export function useSession() {
  const query = useQuery(userQueryOptions);
  return { ...query, user: query.data ?? null };
}

/** The signed-in user, or null while loading and when logged out. */
export function useUser(): PublicUser | null {
  return useQuery(userQueryOptions).data ?? null;
}

export function isAdmin(user: PublicUser | null | undefined): boolean {
  return user?.role === 'admin';
}

interface UserAnswer {
  success: true;
  user: PublicUser;
}
interface MessageAnswer {
  success: true;
  message: string;
}
export interface RegisterAnswer extends MessageAnswer {
  email: string;
}

/** An unverified account answers 403 with needsVerification; the server has e-mailed a fresh code. */
export function needsVerification(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const body = error.body as { needsVerification?: unknown; email?: unknown } | undefined;
  if (body?.needsVerification !== true) return null;
  return typeof body.email === 'string' ? body.email : '';
}

/** An admin's sign-in also says what the second factor still needs (decision 017). */
interface LoginAnswer extends UserAnswer {
  mfa?: MfaStep;
}

/** Spec section 5: a login answer whose success flag is not true is a failure, whatever its status. */
async function login(input: LoginInput): Promise<LoginAnswer> {
  const answer = await apiRequest<Partial<LoginAnswer> & { error?: string; message?: string }>(
    'POST',
    '/api/login',
    input,
  );
  if (answer?.success !== true || !answer.user) {
    throw new ApiError(200, answer?.error || answer?.message || 'Invalid username or password', answer);
  }
  return answer as LoginAnswer;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      // Set before the user, so the sign-in page shows the code step instead of moving on.
      if (answer.mfa) queryClient.setQueryData(MFA_QUERY_KEY, statusForStep(answer.mfa));
      queryClient.setQueryData(USER_QUERY_KEY, answer.user);
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest<RegisterAnswer>('POST', '/api/register', input),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; code: string }) =>
      apiRequest<UserAnswer>('POST', '/api/verify-email', input),
    onSuccess: (answer) => queryClient.setQueryData(USER_QUERY_KEY, answer.user),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      apiRequest<MessageAnswer>('POST', '/api/resend-verification', input),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: { username: string }) =>
      apiRequest<MessageAnswer>('POST', '/api/request-password-reset', input),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      apiRequest<MessageAnswer>('POST', '/api/reset-password', input),
  });
}

/** Only the call: use useSignOut, which leaves the page before clearing the user. */
export function useLogout() {
  return useMutation({
    mutationFn: () => apiRequest<{ success: boolean }>('POST', '/api/logout'),
  });
}
