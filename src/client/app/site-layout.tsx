import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SkipLink } from '../components/skip-link';
import { PageSpinner } from '../components/ui/spinner';
import { ImpersonationBanner } from '../features/impersonation';
import { useOnboardingTour } from '../features/tour';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, main landmark and footer around every page except /auth. */
export function SiteLayout() {
  useOnboardingTour();
  return (
    <>
      <SkipLink />
      <ImpersonationBanner />
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold, so pages and data arriving after the
          first paint push nothing that is already on screen (no layout shift). */}
      <main id="main" tabIndex={-1} className="flex min-h-[calc(100vh-4rem)] flex-1 flex-col outline-none">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}
