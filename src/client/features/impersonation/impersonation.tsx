// Viewing the product as a creator (docs/decisions/011). Start and stop
// switch the session user in the ['/api/user'] query, keep the session-storage flags (isImpersonating, adminReturnUrl),
// and drop every other cached answer: those belonged to the other identity. Which source decides whether
// the banner shows is explained in ./impersonation-state.
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { LogOut, UserRoundCog } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PublicUser, UserAnswer } from '../../../shared/schemas/auth';
import { READ_ONLY_HINT } from '../../components/read-only';
import { Button, type ButtonProps } from '../../components/ui/button';
import { toast } from '../../hooks/use-toast';
import { ApiError, apiRequest, messageOf } from '../../lib/api';
import { USER_QUERY_KEY, useSession } from '../../lib/session';
import {
  bannerLabel,
  browserSessionStorage,
  clearImpersonationFlags,
  impersonationView,
  markImpersonating,
  readFlag,
  takeReturnUrl,
} from './impersonation-state';

const STOP_KEY = ['stop-impersonation'] as const;

/** Whether this session views the product as a creator; clears a session flag the server contradicts. */
export function useImpersonationView() {
  const { user, isSuccess } = useSession();
  const view = impersonationView(user, readFlag(browserSessionStorage()));
  // Only a settled server answer may clear the flag (not the loading or error states).
  const clear = isSuccess && view.staleFlag;
  useEffect(() => {
    if (clear) clearImpersonationFlags(browserSessionStorage());
  }, [clear]);
  return { active: view.active, user };
}

/**
 * Installs the new session user. Order matters: the cache of the other identity goes first, then the user,
 * then the page changes synchronously, so no screen of the old identity renders (or refetches) with the new
 * user in between (an admin screen would otherwise ask /api/admin/... as the creator and get 403).
 */
function useSwitchUser() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (user: PublicUser, to: string) => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
    queryClient.setQueryData(USER_QUERY_KEY, user);
    navigate(to, { flushSync: true });
  };
}

/** POST /api/admin/impersonate/{id}; on success the admin lands on /dashboard as the creator. */
export function useStartImpersonation() {
  const switchUser = useSwitchUser();
  const location = useLocation();
  const returnUrl = `${location.pathname}${location.search}`;
  const mutation = useMutation({
    mutationFn: (target: { id: number }) =>
      apiRequest<UserAnswer>('POST', `/api/admin/impersonate/${target.id}`),
    onSuccess: ({ user }) => {
      markImpersonating(browserSessionStorage(), returnUrl);
      switchUser(user, '/dashboard');
      toast({
        title: 'Impersonation Started',
        description: `Now viewing the platform as ${user.firstName || 'the user'} ${user.lastName}`.trim(),
      });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Impersonation Failed',
        description: messageOf(error, 'Failed to impersonate user'),
      });
    },
  });
  return {
    start: (target: { id: number }) => mutation.mutate(target),
    isPending: mutation.isPending,
    /** The user whose impersonation is being started, to show progress on that row only. */
    pendingId: mutation.isPending ? mutation.variables?.id : undefined,
  };
}

/** POST /api/admin/stop-impersonate; on success the admin is back at adminReturnUrl or /admin. */
function useStopImpersonation() {
  const switchUser = useSwitchUser();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: STOP_KEY,
    mutationFn: () => apiRequest<UserAnswer>('POST', '/api/admin/stop-impersonate'),
    onSuccess: ({ user }) => {
      switchUser(user, takeReturnUrl(browserSessionStorage()));
      toast({ title: 'Impersonation Ended', description: 'Back to your admin account' });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: messageOf(error, 'Failed to stop impersonation'),
      });
      // 409: the server has no impersonation to end (ended elsewhere); 401: the session is gone. Either
      // way the flags are stale and the session user must be read again.
      if (error instanceof ApiError && (error.status === 409 || error.status === 401)) {
        clearImpersonationFlags(browserSessionStorage());
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      }
    },
  });
  // Every End Impersonation button (banner, top bar, menu sheet) shows the one request in flight.
  const pending = useIsMutating({ mutationKey: STOP_KEY }) > 0;
  return { stop: () => mutation.mutate(), isPending: pending };
}

export function EndImpersonationButton({
  className,
  onStart,
  ...props
}: Omit<ButtonProps, 'onClick' | 'loading'> & { onStart?: () => void }) {
  const { stop, isPending } = useStopImpersonation();
  return (
    <Button
      {...props}
      className={className}
      loading={isPending}
      onClick={() => {
        onStart?.();
        stop();
      }}
    >
      {isPending ? null : <LogOut aria-hidden="true" />}
      End Impersonation
    </Button>
  );
}

/** The amber 'Admin Mode' banner at the top of every page while an admin views the product as a creator. */
export function ImpersonationBanner() {
  const { active, user } = useImpersonationView();
  if (!active || !user) return null;
  return (
    <section
      aria-label="Impersonation"
      className="border-b border-amber-300 bg-amber-100 text-amber-950"
      data-testid="impersonation-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="grid min-w-0 gap-0.5">
          <p className="flex min-w-0 items-start gap-2 text-sm font-medium [overflow-wrap:anywhere]">
            <UserRoundCog className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{bannerLabel(user)}</span>
          </p>
          {/* Looking, not acting: the controls that would write for the creator are disabled (read-only.tsx). */}
          <p className="pl-6 text-xs text-amber-900" data-testid="impersonation-read-only">
            {READ_ONLY_HINT}
          </p>
        </div>
        <EndImpersonationButton
          size="sm"
          variant="outline"
          className="self-start border-amber-400 bg-white text-amber-950 hover:bg-amber-50 sm:self-auto"
        />
      </div>
    </section>
  );
}
