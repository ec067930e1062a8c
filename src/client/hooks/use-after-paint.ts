// True once `ready` has been true for one painted frame: for a page drawn in two passes, what a phone shows
// first, then the rest. The second pass starts after the first is on the screen, as a transition (rendered in
// slices, so a tap is not held up). Once true it stays true.
//
// Why not `useDeferredValue(ready)`: when `ready` itself comes from a deferred (non-urgent) render, React hands
// a nested deferred value its new value in that same render, so both passes were rendered and committed as one
// (the dashboard's cards waited for its plans and history, a 450 ms task on a throttled phone).
import { startTransition, useEffect, useState } from 'react';

export function useAfterPaint(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    let timer: number | undefined;
    // A frame callback runs just before that frame is painted; a task queued from it runs after the paint.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setAfter(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ready, after]);
  return after;
}
