// Sign-in and registration.

import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants';
import { BrandLink } from '../../components/brand-logo';
import { SessionError } from '../../components/session-error';
import { SkipLink } from '../../components/skip-link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { isStaffUser, useSession, useSignOut } from '../../lib/session';
import { AuthMarketingPanel } from './auth-marketing-panel';
import { LoginForm } from './login-form';
import { mfaStatusQueryOptions, pendingMfaStep } from './mfa-api';
import { DEFAULT_AFTER_LOGIN, safeRedirect } from './redirect';
import type { VerificationReason } from './verify-email-step';

type AuthTab = 'login' | 'register';

// Most visitors log in: the registration form (with its select and country/city pickers) is fetched when
// its tab is shown, or as soon as the pointer or focus heads for the tab.
const loadRegisterForm = () => import('./register-form');
const RegisterForm = lazy(() => loadRegisterForm().then((m) => ({ default: m.RegisterForm })));
// The code steps come after a sign-in (an admin's second factor) or a registration, never on arrival: fetched
// then, so the page a visitor opens carries only the login form.
const MfaStep = lazy(() => import('./mfa-step').then((m) => ({ default: m.MfaStep })));
const VerifyEmailStep = lazy(() =>
  import('./verify-email-step').then((m) => ({ default: m.VerifyEmailStep })),
);

export function AuthPage() {
  const [params] = useSearchParams();
  const { user } = useSession();
  const [tab, setTab] = useState<AuthTab>(params.get('tab') === 'register' ? 'register' : 'login');
  const [pending, setPending] = useState<{
    email: string;
    reason: VerificationReason;
    resendAfterSeconds?: number;
  } | null>(null);
  // An admin's session passes a second factor before it moves on (decision 017): the sign-in answer seeds
  // this, and an admin sent back here by a 403 reads it.
  const admin = isStaffUser(user);
  // Staff come to work the back office: without a page asked for, they land on the Admin Panel.
  const target = safeRedirect(params.get('redirect'), admin ? '/admin' : DEFAULT_AFTER_LOGIN);
  const mfa = useQuery({ ...mfaStatusQueryOptions, enabled: admin });
  const mfaStep = admin ? pendingMfaStep(mfa.data) : null;
  const { signOut, isPending: signingOut } = useSignOut();
  useDocumentTitle(mfaStep ? 'Two-step sign-in' : 'Login');

  // Signed in (already, or just now by login or verification): go straight to where the visitor was heading.
  if (user && !(admin && (mfa.isPending || mfa.isError || mfaStep))) return <Navigate to={target} replace />;

  return (
    <>
      <SkipLink />
      <header className="border-b border-border bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
          <BrandLink />
        </div>
      </header>
      {/* At least a screen tall, so the footer is below the fold before the form arrives (no layout shift). */}
      <main id="main" tabIndex={-1} className="flex min-h-[calc(100vh-4rem)] flex-1 flex-col outline-none">
        {/* The form does not wait for the session check: most visitors here are signed out, and the rare
            signed-in one is sent on as soon as the check answers (above). */}
        <div className="mx-auto grid w-full max-w-6xl flex-1 items-start gap-10 px-4 py-8 sm:px-6 md:py-12 lg:grid-cols-2">
          <Card className="w-full max-w-xl justify-self-center lg:sticky lg:top-8 lg:justify-self-stretch">
            {user ? (
              <CardContent className="p-6 sm:p-8">
                {mfaStep ? (
                  <Suspense fallback={<PageSpinner />}>
                    <MfaStep
                      key={mfaStep}
                      step={mfaStep}
                      email={user.username}
                      onSignOut={signOut}
                      signingOut={signingOut}
                    />
                  </Suspense>
                ) : mfa.isError ? (
                  <SessionError error={mfa.error} onRetry={() => void mfa.refetch()} />
                ) : (
                  <PageSpinner label="Checking your session…" />
                )}
              </CardContent>
            ) : pending ? (
              <CardContent className="p-6 sm:p-8">
                <Suspense fallback={<PageSpinner />}>
                  <VerifyEmailStep
                    key={pending.email}
                    email={pending.email}
                    reason={pending.reason}
                    resendAfterSeconds={pending.resendAfterSeconds}
                    onCancel={() => setPending(null)}
                  />
                </Suspense>
              </CardContent>
            ) : (
              <>
                <CardHeader className="p-6 pb-4 sm:p-8 sm:pb-4">
                  <CardTitle as="h1" className="text-2xl">
                    Welcome to {PRODUCT_NAME}
                  </CardTitle>
                  <CardDescription>
                    Log in to your account, or register to apply for creator financing.
                  </CardDescription>
                </CardHeader>
                <CardContent className="p-6 pt-0 sm:p-8 sm:pt-0">
                  <Tabs value={tab} onValueChange={(v) => setTab(v as AuthTab)}>
                    <TabsList className="grid w-full grid-cols-2">
                      <TabsTrigger value="login">Login</TabsTrigger>
                      <TabsTrigger
                        value="register"
                        onPointerEnter={() => void loadRegisterForm()}
                        onFocus={() => void loadRegisterForm()}
                      >
                        Register
                      </TabsTrigger>
                    </TabsList>
                    <TabsContent value="login" className="mt-6">
                      <LoginForm
                        onNeedsVerification={(email) => setPending({ email, reason: 'unverified-login' })}
                      />
                    </TabsContent>
                    <TabsContent value="register" className="mt-6">
                      <Suspense fallback={<PageSpinner label="Loading the registration form…" />}>
                        <RegisterForm
                          onRegistered={(email, resendAfterSeconds) =>
                            setPending({ email, reason: 'registered', resendAfterSeconds })
                          }
                        />
                      </Suspense>
                    </TabsContent>
                  </Tabs>
                </CardContent>
              </>
            )}
          </Card>
          <AuthMarketingPanel />
        </div>
      </main>
      <footer className="border-t border-border bg-white">
        <nav
          aria-label="Footer"
          className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-4 text-sm sm:px-6"
        >
          <Link to="/terms" className="text-slate-700 underline-offset-4 hover:text-primary hover:underline">
            Terms & Conditions
          </Link>
          <Link to="/faq" className="text-slate-700 underline-offset-4 hover:text-primary hover:underline">
            FAQ
          </Link>
          <Link
            to="/privacy"
            className="text-slate-700 underline-offset-4 hover:text-primary hover:underline"
          >
            Privacy Policy
          </Link>
        </nav>
      </footer>
    </>
  );
}
