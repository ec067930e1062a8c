import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app';
import './styles.css';

// The server's CSP has no 'unsafe-eval'; without this zod probes `new Function` and the browser logs a
// CSP violation on the first form validation.
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The first render is a transition: React renders it in short slices, yielding to the browser between
// them, rather than in one long task that blocks input (on `/` the pre-rendered page is on screen meanwhile).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
