import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { useToast } from '../hooks/use-toast';
import { queryClient } from './query-client';
import { router } from './router';

// The toast viewport (Radix Toast and its layers) is not needed for the first paint: it is loaded on the
// first interaction (toasts follow actions) or with the first toast, whichever comes first. A failed load
// leaves the page working without toasts rather than taking the whole app down.
const NoToaster = () => null;
const Toaster = lazy(() =>
  import('../components/ui/toaster').then(
    (m): { default: () => ReactNode } => ({ default: m.Toaster }),
    () => ({ default: NoToaster }),
  ),
);
const INTERACTIONS = ['pointerdown', 'keydown'] as const;

function DeferredToaster() {
  const { toasts } = useToast();
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (interacted) return;
    const onInteraction = () => setInteracted(true);
    for (const type of INTERACTIONS)
      window.addEventListener(type, onInteraction, { once: true, passive: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction);
    };
  }, [interacted]);
  if (!interacted && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <DeferredToaster />
    </QueryClientProvider>
  );
}
