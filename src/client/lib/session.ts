// The session (the ['/api/user'] query) and signing out: read by the layout, the guards and every feature.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PublicUser } from '../../shared/schemas/auth';
import type { SuccessAnswer } from '../../shared/schemas/common';
import { isStaff } from '../../shared/staff-roles';
import { toast } from '../hooks/use-toast';
import { ApiError, apiRequest, messageOf } from './api';

export const USER_QUERY_KEY = ['/api/user'] as const;

/** The current user, or null when the server answers 401 (logged out is not an error). */
async function fetchUser(): Promise<PublicUser | null> {
  try {
    return await apiRequest<PublicUser>('GET', USER_QUERY_KEY[0]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The session read, shared by the guards and by the router's early reads (app/router.tsx). */
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

/** Staff (any role but a creator's) use the Admin Panel; what each role may change there is the server's to say. */
export function isStaffUser(user: PublicUser | null | undefined): boolean {
  return user ? isStaff(user.role) : false;
}

/**
 * Logs out and goes to '/'. The page changes before the user is cleared: otherwise a protected page
 * would see "no user" first and bounce to /auth?redirect=... instead.
 */
export function useSignOut() {
  const logout = useLogout();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signOut = () => {
    logout.mutate(undefined, {
      onSuccess: () => {
        navigate('/', { flushSync: true });
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
        queryClient.setQueryData(USER_QUERY_KEY, null);
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Logout failed',
          description: messageOf(error, 'Logout failed'),
        });
      },
    });
  };

  return { signOut, isPending: logout.isPending };
}

/** Only the call: use useSignOut, which leaves the page before clearing the user. */
function useLogout() {
  return useMutation({
    mutationFn: () => apiRequest<SuccessAnswer>('POST', '/api/logout'),
  });
}
