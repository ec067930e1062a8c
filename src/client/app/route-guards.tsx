// Route guards: who may open which page (visitors, creators, admins). The server enforces every rule; these only choose what to show.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { SessionError } from '../components/session-error';
import { PageSpinner } from '../components/ui/spinner';
import { authPathFor, mfaStatusQueryOptions, pendingMfaStep, useMfaRequiredRedirect } from '../features/auth';
import { isStaffUser, useSession } from '../lib/session';

function Guard({ adminOnly, children }: { adminOnly: boolean; children?: ReactNode }) {
  const { user, isPending, isError, error, refetch } = useSession();
  const location = useLocation();
  // Admin pages need a session that passed the second factor (decision 017); an admin route refusing one
  // later (403, mfaRequired) sends the admin back to the code step as well.
  const checkMfa = adminOnly && isStaffUser(user);
  const mfa = useQuery({ ...mfaStatusQueryOptions, enabled: checkMfa });
  useMfaRequiredRedirect();
  const here = authPathFor(`${location.pathname}${location.search}`);

  if (isPending) return <PageSpinner label="Checking your session…" />;
  if (isError) return <SessionError error={error} onRetry={() => void refetch()} />;
  if (!user) return <Navigate to={here} replace />;
  if (adminOnly && !isStaffUser(user)) return <Navigate to="/dashboard" replace />;
  if (checkMfa) {
    if (mfa.isPending) return <PageSpinner label="Checking your session…" />;
    if (mfa.isError) return <SessionError error={mfa.error} onRetry={() => void mfa.refetch()} />;
    if (pendingMfaStep(mfa.data)) return <Navigate to={here} replace />;
  }
  return children ?? <Outlet />;
}

/** Signed-in users only; others go to /auth?redirect=<this path>. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  return <Guard adminOnly={false}>{children}</Guard>;
}

/** Admins only; other signed-in users go to /dashboard. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  return <Guard adminOnly>{children}</Guard>;
}
