// Build-time rendering of the landing page (scripts/vite-prerender.ts puts the markup in landing.html, sent for `/`).
// It renders what the app's first render shows for a visitor at `/`: the site layout around the landing page and
// the session still unknown (so the header shows its placeholder). It waits for the tools' chunk (a lazy
// component), so the page arrives whole; the browser then adopts this markup (hydrateRoot in main.tsx), each part
// as its code arrives, and nothing moves.
import { QueryClientProvider } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { Route, Routes, StaticRouter } from 'react-router';
import { LandingPage } from '../features/landing/landing-page';
import { createQueryClient } from '../lib/api';
import { SiteLayout } from './site-layout';

export async function prerender(path: string): Promise<string> {
  if (path !== '/') throw new Error(`Only the landing page is pre-rendered, not ${path}`);
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={createQueryClient()}>
      <StaticRouter location={path}>
        <Routes>
          <Route element={<SiteLayout />}>
            <Route index element={<LandingPage />} />
          </Route>
        </Routes>
      </StaticRouter>
    </QueryClientProvider>,
    // No boundary is moved out to the end and swapped in by an inline script (the CSP allows none): one document.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}
