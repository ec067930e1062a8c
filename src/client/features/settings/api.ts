// Settings call (spec section 7, PATCH /api/users/{id}): each card sends only its own fields and the
// answer, the updated user, replaces the session's copy so every screen shows the change at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { UpdateUserInput } from '../../../shared/schemas/users';
import { toast } from '../../hooks/use-toast';
import { ApiError, apiRequest, INVALID_JSON_MESSAGE, messageOf } from '../../lib/api';
import { USER_QUERY_KEY } from '../auth/api';

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

/** Spec section 8, "Profile": the server message, 'Failed to update profile', or the unreadable-body text. */
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
