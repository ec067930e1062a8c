// The product's routes. Pages other than the landing page are split into their own chunks; the guards
// wrap the protected ones.
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import {
  latestApplication,
  planServicingVersion,
  repaymentPlanApplications,
} from '../features/applications/list-order';
import {
  applicationQueryOptions,
  applicationsQueryOptions,
  applicationsVersion,
  applyEligibilityQueryOptions,
} from '../features/applications/queries';
// The landing page is most visitors' first page: it comes with the app, so its hero paints without a
// second round trip. Its heavier tools load on their own (features/landing/tools-tabs.tsx).
import { LandingPage } from '../features/landing/landing-page';
import { questMetricsQueryOptions, questsQueryOptions } from '../features/quests/quests-api';
import { loanServicingQueryOptions } from '../features/servicing';
import { userQueryOptions } from '../lib/session';
import { queryClient } from './query-client';
import { RouteErrorPage } from './route-error-page';
import { RequireAdmin, RequireAuth } from './route-guards';
import { SiteLayout } from './site-layout';

const AuthPage = lazy(() => import('../features/auth/auth-page').then((m) => ({ default: m.AuthPage })));
const ResetPasswordPage = lazy(() =>
  import('../features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const ApplyPage = lazy(() => import('../features/apply/apply-page').then((m) => ({ default: m.ApplyPage })));
const loadDashboardPage = () => import('../pages/dashboard/dashboard-page');
const DashboardPage = lazy(() => loadDashboardPage().then((m) => ({ default: m.DashboardPage })));
const StatementPage = lazy(() =>
  import('../features/statement/statement-page').then((m) => ({ default: m.StatementPage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const LearningQuestsPage = lazy(() =>
  import('../features/quests/learning-quests-page').then((m) => ({ default: m.LearningQuestsPage })),
);
const ApprovalsPage = lazy(() =>
  import('../features/admin-approvals/approvals-page').then((m) => ({ default: m.ApprovalsPage })),
);
const CollectionsPage = lazy(() =>
  import('../features/collections/collections-page').then((m) => ({ default: m.CollectionsPage })),
);
const CollectionCasePage = lazy(() =>
  import('../features/collections/collection-case-page').then((m) => ({ default: m.CollectionCasePage })),
);
const BooksPage = lazy(() => import('../features/books/books-page').then((m) => ({ default: m.BooksPage })));
const AuditPage = lazy(() => import('../features/admin-audit').then((m) => ({ default: m.AuditPage })));
const OperationsPage = lazy(() =>
  import('../pages/operations/operations-page').then((m) => ({ default: m.OperationsPage })),
);
const AdminPage = lazy(() => import('../pages/admin/admin-page').then((m) => ({ default: m.AdminPage })));
const LendingPage = lazy(() => import('../features/lending').then((m) => ({ default: m.LendingPage })));
const AdminUserPage = lazy(() =>
  import('../features/admin-users/admin-user-page').then((m) => ({ default: m.AdminUserPage })),
);
const TermsPage = lazy(() => import('../features/legal/terms-page').then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() =>
  import('../features/legal/privacy-page').then((m) => ({ default: m.PrivacyPage })),
);
const FaqPage = lazy(() => import('../features/legal/faq-page').then((m) => ({ default: m.FaqPage })));
const YoutubeCallbackPage = lazy(() =>
  import('../features/platforms/oauth-callback-page').then((m) => ({ default: m.YoutubeCallbackPage })),
);
const PatreonCallbackPage = lazy(() =>
  import('../features/platforms/oauth-callback-page').then((m) => ({ default: m.PatreonCallbackPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

/**
 * The dashboard's loader starts what its first paint needs instead of leaving it to the components, which
 * would fetch it one step after another: the session (the guard), then the page's code (rendered only for a
 * signed-in user), then its reads (started by its cards), then the reads that depend on the list (the
 * eligibility, the score's breakdown, each plan's instalments). Here the code loads beside the session, and the
 * reads start once the session shows a signed-in user, while the code is still on its way; the page then draws
 * its cards once, with their data, instead of once more for every answer that comes after. Nothing is awaited:
 * the route renders as before and finds in the cache whatever has arrived. (Monthly Earnings is left to its card,
 * which reads it afresh on every visit anyway.)
 */
function preloadDashboard(): null {
  // A failed load is retried, and reported, when the lazy page asks for it.
  loadDashboardPage().catch(() => {});
  queryClient
    .ensureQueryData(userQueryOptions)
    .then((user) => {
      if (!user) return;
      void queryClient.prefetchQuery(questsQueryOptions);
      void queryClient.prefetchQuery(questMetricsQueryOptions);
      return queryClient.ensureQueryData(applicationsQueryOptions).then((list) => {
        void queryClient.prefetchQuery(applyEligibilityQueryOptions(applicationsVersion(list)));
        // The score card shows the breakdown of the latest application once it has a score.
        const latest = latestApplication(list);
        if (latest?.creditScore != null) void queryClient.prefetchQuery(applicationQueryOptions(latest.id));
        for (const plan of repaymentPlanApplications(list)) {
          void queryClient.prefetchQuery(loanServicingQueryOptions(plan.id, planServicingVersion(plan)));
        }
      });
    })
    // The page's own reads show any failure in place.
    .catch(() => {});
  return null;
}

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
        // The Patreon pop-up, the same way.
        path: '/patreon/callback',
        element: (
          <Suspense fallback={<PageSpinner />}>
            <PatreonCallbackPage />
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
              {
                path: 'dashboard',
                loader: preloadDashboard,
                // Shown under the guard while the loader runs on the first visit: a moment, as it awaits nothing.
                hydrateFallbackElement: <PageSpinner />,
                element: <DashboardPage />,
              },
              { path: 'settings', element: <SettingsPage /> },
              { path: 'learning-quests', element: <LearningQuestsPage /> },
            ],
          },
          {
            path: 'admin',
            element: <RequireAdmin />,
            children: [
              {
                // One page for both addresses, so that opening and closing an application's dialog (details, or one
                // of its actions, over the Applications tab) keeps the page and its list mounted, and focus returns
                // to the button that opened it.
                element: <AdminPage />,
                children: [{ index: true }, { path: 'applications/:applicationId/:dialog?' }],
              },
              {
                // The same for the Lending page and its dialogs (/admin/lending/4/record-earnings).
                path: 'lending',
                element: <LendingPage />,
                children: [{ index: true }, { path: ':applicationId/:dialog?' }],
              },
              { path: 'operations', element: <OperationsPage /> },
              { path: 'audit', element: <AuditPage /> },
              { path: 'books', element: <BooksPage /> },
              { path: 'approvals', element: <ApprovalsPage /> },
              { path: 'collections', element: <CollectionsPage /> },
              { path: 'collections/:id', element: <CollectionCasePage /> },
              { path: 'users/:id', element: <AdminUserPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
