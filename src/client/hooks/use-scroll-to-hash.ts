// A link to a part of a page (/dashboard#application-history, /settings#bank-details) lands on that part once the
// page has drawn it: the router does not scroll to a #hash whose element renders after the first paint.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the element the address's #hash names once `ready` (the page has drawn it). */
export function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
}
