import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app';
import './styles.css';

// The server's CSP has no 'unsafe-eval'; without this zod probes `new Function` and the browser logs a
// CSP violation on the first form validation.
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// `/` arrives pre-rendered (landing.html, scripts/vite-prerender.ts): React adopts that markup (hydration)
// instead of building the page again, so a phone's main thread is not blocked re-creating what it already shows.
// Elsewhere the root is empty. Either way the first render is a transition: React renders in short slices,
// yielding to the browser between them, rather than in one long task that blocks input.
startTransition(() => {
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
