// Build-time rendering of the landing page (scripts/vite-prerender.ts puts the markup in landing.html, sent for `/`).
// It renders what the app's first render shows for a visitor at `/`: the site layout around the landing page,
// the session still unknown (so the header shows its placeholder) and the tools' placeholder, so the app
// renders the same markup over it and nothing moves.
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { LandingPage } from '../features/landing/landing-page';
import { createQueryClient } from '../lib/api';
import { SiteLayout } from './site-layout';

export function prerender(path: string): string {
  if (path !== '/') throw new Error(`Only the landing page is pre-rendered, not ${path}`);
  return renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <StaticRouter location={path}>
        <Routes>
          <Route element={<SiteLayout />}>
            <Route index element={<LandingPage />} />
          </Route>
        </Routes>
      </StaticRouter>
    </QueryClientProvider>,
  );
}
