// Account calls as TanStack Query hooks. The session is the ['/api/user'] query.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  LoginAnswer,
  LoginInput,
  RegisterAnswer,
  RegisterInput,
  ResendVerificationAnswer,
  UserAnswer,
} from '../../../shared/schemas/auth';
import type { SuccessMessageAnswer as MessageAnswer } from '../../../shared/schemas/common';
import { ApiError, apiRequest } from '../../lib/api';
import { USER_QUERY_KEY } from '../../lib/session';
import { MFA_QUERY_KEY, statusForStep } from './mfa-api';

// The answers' types are inferred from the routes' response schemas (src/shared/schemas/auth.ts, common.ts).
export type { RegisterAnswer };

/** An unverified account answers 403 with needsVerification; the server has e-mailed a fresh code. */
export function needsVerification(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const body = error.body as { needsVerification?: unknown; email?: unknown } | undefined;
  if (body?.needsVerification !== true) return null;
  return typeof body.email === 'string' ? body.email : '';
}

/** A login answer whose success flag is not true is a failure, whatever its status. */
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
      apiRequest<ResendVerificationAnswer>('POST', '/api/resend-verification', input),
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
