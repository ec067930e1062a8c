// Routes of spec section 2. Pages other than the landing page are split into their own chunks; the guards
// wrap the protected ones.
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
// The landing page is most visitors' first page: it comes with the app, so its hero paints without a
// second round trip. Its heavier tools load on their own (features/landing/tools-tabs.tsx).
import { LandingPage } from '../features/landing/landing-page';
import { RouteErrorPage } from './route-error-page';
import { RequireAdmin, RequireAuth } from './route-guards';
import { SiteLayout } from './site-layout';

const AuthPage = lazy(() => import('../features/auth/auth-page').then((m) => ({ default: m.AuthPage })));
const ResetPasswordPage = lazy(() =>
  import('../features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const ApplyPage = lazy(() => import('../features/apply/apply-page').then((m) => ({ default: m.ApplyPage })));
const DashboardPage = lazy(() =>
  import('../pages/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const StatementPage = lazy(() =>
  import('../features/statement/statement-page').then((m) => ({ default: m.StatementPage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const LearningQuestsPage = lazy(() =>
  import('../features/quests/learning-quests-page').then((m) => ({ default: m.LearningQuestsPage })),
);
const AdminPage = lazy(() => import('../features/admin/admin-page').then((m) => ({ default: m.AdminPage })));
const LendingPage = lazy(() =>
  import('../features/lending/lending-page').then((m) => ({ default: m.LendingPage })),
);
const AdminUserPage = lazy(() =>
  import('../features/admin-users/admin-user-page').then((m) => ({ default: m.AdminUserPage })),
);
const TermsPage = lazy(() => import('../features/legal/terms-page').then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() =>
  import('../features/legal/privacy-page').then((m) => ({ default: m.PrivacyPage })),
);
const FaqPage = lazy(() => import('../features/legal/faq-page').then((m) => ({ default: m.FaqPage })));
const YoutubeCallbackPage = lazy(() =>
  import('../features/platforms/youtube-callback-page').then((m) => ({ default: m.YoutubeCallbackPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: '/auth',
        element: (
          <Suspense fallback={<PageSpinner />}>
            <AuthPage />
          </Suspense>
        ),
      },
      {
        // The YouTube pop-up lands here: public and without the site layout, it only hands back the code.
        path: '/youtube/callback',
        element: (
          <Suspense fallback={<PageSpinner />}>
            <YoutubeCallbackPage />
          </Suspense>
        ),
      },
      {
        // Printable statement: opened in its own tab, without the site header and footer.
        path: '/statement/:id',
        element: (
          <RequireAuth>
            <Suspense fallback={<PageSpinner />}>
              <StatementPage />
            </Suspense>
          </RequireAuth>
        ),
      },
      {
        element: <SiteLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'apply', element: <ApplyPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'faq', element: <FaqPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'settings', element: <SettingsPage /> },
              { path: 'learning-quests', element: <LearningQuestsPage /> },
            ],
          },
          {
            path: 'admin',
            element: <RequireAdmin />,
            children: [
              { index: true, element: <AdminPage /> },
              { path: 'lending', element: <LendingPage /> },
              { path: 'users/:id', element: <AdminUserPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
