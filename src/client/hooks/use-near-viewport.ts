// Whether an element has come near the screen (within `margin` of it), for parts that are costly to load and
// often never seen: the payoff chart (the chart library is a third of the app's JavaScript) waits until the
// creator scrolls towards it. Once true it stays true. Without IntersectionObserver it is true at once.
import { type RefObject, useEffect, useState } from 'react';

export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
