import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { USER_QUERY_KEY, useLogout } from './api';

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
