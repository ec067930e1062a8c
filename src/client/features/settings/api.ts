// Settings call (PATCH /api/users/{id}): each card sends only its own fields and the
// answer, the updated user, replaces the session's copy so every screen shows the change at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, UserAnswer } from '../../../shared/schemas/auth';
import type { SuccessAnswer } from '../../../shared/schemas/common';
import type {
  EmailChangeRequest,
  EmailChangeRequestAnswer,
  EmailChangeVerify,
  PendingEmailChange,
  UpdateUserInput,
} from '../../../shared/schemas/users';
import { toast } from '../../hooks/use-toast';
import { ApiError, apiRequest, INVALID_JSON_MESSAGE, messageOf } from '../../lib/api';
import { USER_QUERY_KEY } from '../../lib/session';

function isUser(value: unknown): value is PublicUser {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';
}

/** The contract answers with the user; an answer wrapped as { user } is read the same way. */
function readUser(answer: unknown): PublicUser | null {
  if (isUser(answer)) return answer;
  const wrapped = (answer as { user?: unknown } | null)?.user;
  return isUser(wrapped) ? wrapped : null;
}

export function useUpdateUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateUserInput) =>
      readUser(await apiRequest<unknown>('PATCH', `/api/users/${userId}`, input)),
    onSuccess: async (user) => {
      if (user) queryClient.setQueryData(USER_QUERY_KEY, user);
      else await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}

export function toastProfileUpdated() {
  toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.' });
}

/** The server message, 'Failed to update profile', or the unreadable-body text. */
export function toastProfileUpdateFailed(error: unknown) {
  const unreadable =
    error instanceof ApiError && (typeof error.body === 'string' || error.message === INVALID_JSON_MESSAGE);
  toast({
    variant: 'destructive',
    title: 'Update failed',
    description: unreadable
      ? 'Server error occurred. Please try again.'
      : messageOf(error, 'Failed to update profile'),
  });
}

// Changing the sign-in e-mail (server: features/email-change/email-change.service.ts). The pending change is its own
// query: only Settings asks for it.
export const EMAIL_CHANGE_QUERY_KEY = ['/api/users/me/email-change'] as const;

export function usePendingEmailChange() {
  return useQuery({
    queryKey: EMAIL_CHANGE_QUERY_KEY,
    queryFn: () => apiRequest<PendingEmailChange>('GET', EMAIL_CHANGE_QUERY_KEY[0]),
  });
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailChangeRequest) =>
      apiRequest<EmailChangeRequestAnswer>('POST', EMAIL_CHANGE_QUERY_KEY[0], input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EMAIL_CHANGE_QUERY_KEY }),
  });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailChangeVerify) =>
      apiRequest<UserAnswer>('POST', `${EMAIL_CHANGE_QUERY_KEY[0]}/verify`, input),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      queryClient.setQueryData(EMAIL_CHANGE_QUERY_KEY, { pendingEmail: null, resendInSeconds: 0 });
    },
  });
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<SuccessAnswer>('DELETE', EMAIL_CHANGE_QUERY_KEY[0]),
    onSuccess: () =>
      queryClient.setQueryData(EMAIL_CHANGE_QUERY_KEY, { pendingEmail: null, resendInSeconds: 0 }),
  });
}
