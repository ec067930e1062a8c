import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ReadOnlyProvider } from '../components/read-only';
import { SkipLink } from '../components/skip-link';
import { PageSpinner } from '../components/ui/spinner';
import { ImpersonationBanner, useImpersonationView } from '../features/impersonation';
import { useOnboardingTour } from '../features/tour';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, main landmark and footer around every page except /auth. */
export function SiteLayout() {
  useOnboardingTour();
  const impersonating = useImpersonationView().active;
  return (
    <>
      <SkipLink />
      <ImpersonationBanner />
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold, so pages and data arriving after the
          first paint push nothing that is already on screen (no layout shift). */}
      <main id="main" tabIndex={-1} className="flex min-h-[calc(100vh-4rem)] flex-1 flex-col outline-none">
        {/* Viewing as a creator is looking, not acting: the controls that would write are disabled. */}
        <ReadOnlyProvider value={impersonating}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </ReadOnlyProvider>
      </main>
      <SiteFooter />
    </>
  );
}
