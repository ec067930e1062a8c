// The Resend Code button's cool-down: the server sends one code a minute and says how long to wait
// (retryAfterSeconds in its answer, Retry-After on a 429); the button counts those seconds down.
import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `until` (epoch ms), rounded up so the button never shows 0 while still waiting. */
export function secondsLeft(until: number | null, now: number): number {
  if (until === null) return 0;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** The label of the button: its name, with the seconds left while it waits. */
export function resendLabel(seconds: number): string {
  return seconds > 0 ? `Resend Code in ${seconds}s` : 'Resend Code';
}

/** Seconds left of the cool-down, and `start(seconds)` to begin one (from what the server said). */
export function useResendCountdown(initialSeconds = 0) {
  const [until, setUntil] = useState<number | null>(() =>
    initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : null,
  );
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(until, now);

  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) setUntil(null);
    }, 250);
    return () => window.clearInterval(timer);
  }, [until]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setUntil(seconds > 0 ? current + seconds * 1000 : null);
  }, []);

  return { secondsLeft: left, start };
}
