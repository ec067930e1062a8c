// The admin second factor (decision 017) as TanStack Query hooks: the status of this session, and the enrol,
// confirm and verify calls. An admin route answering 403 with `mfaRequired` sends the admin back to /auth,
// which shows the code step (useMfaRequiredRedirect).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type {
  MfaConfirmAnswer,
  MfaEnrolAnswer,
  MfaStatus,
  MfaStep,
  MfaVerifyAnswer,
} from '../../../shared/schemas/mfa';
import { ApiError, apiRequest } from '../../lib/api';
import { authPathFor } from './redirect';

export const MFA_QUERY_KEY = ['/api/mfa'] as const;

export const mfaStatusQueryOptions = queryOptions({
  queryKey: MFA_QUERY_KEY,
  queryFn: () => apiRequest<MfaStatus>('GET', MFA_QUERY_KEY[0]),
});

/** What the status says is still to do, or null when this session has passed. */
export function pendingMfaStep(status: MfaStatus | undefined): MfaStep | null {
  if (!status || status.passed) return null;
  return status.enrolled ? 'verify' : 'enrol';
}

/** The step the sign-in answer or a 403 named, before the status is read again. */
export const statusForStep = (step: MfaStep): MfaStatus => ({
  enrolled: step === 'verify',
  passed: false,
  recoveryCodesLeft: 0,
});

/** The step an admin route's 403 asks for, or null when the error is anything else. */
export function mfaRequiredStep(error: unknown): MfaStep | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const body = error.body as { mfaRequired?: unknown; mfa?: unknown } | undefined;
  if (body?.mfaRequired !== true) return null;
  return body.mfa === 'enrol' ? 'enrol' : 'verify';
}

export function useMfaEnrol() {
  return useMutation({ mutationFn: () => apiRequest<MfaEnrolAnswer>('POST', '/api/mfa/enrol') });
}

/** Confirms the enrolment. The status is not updated here: the recovery codes are shown first. */
export function useMfaConfirm() {
  return useMutation({
    mutationFn: (input: { code: string }) => apiRequest<MfaConfirmAnswer>('POST', '/api/mfa/confirm', input),
  });
}

export function useMfaVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string } | { recoveryCode: string }) =>
      apiRequest<MfaVerifyAnswer>('POST', '/api/mfa/verify', input),
    onSuccess: (answer) => markMfaPassed(queryClient, answer.recoveryCodesLeft),
  });
}

export function markMfaPassed(queryClient: ReturnType<typeof useQueryClient>, recoveryCodesLeft: number) {
  queryClient.setQueryData<MfaStatus>(MFA_QUERY_KEY, { enrolled: true, passed: true, recoveryCodesLeft });
}

/**
 * Listens for an admin route refusing this session for want of the second factor (403, mfaRequired), from any
 * query or mutation, and sends the admin to the code step on /auth, to come back here afterwards.
 */
export function useMfaRequiredRedirect() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  useEffect(() => {
    const onError = (error: unknown) => {
      const step = mfaRequiredStep(error);
      if (!step) return;
      queryClient.setQueryData(MFA_QUERY_KEY, statusForStep(step));
      navigate(authPathFor(here), { replace: true });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, navigate, here]);
}
