// Starts the onboarding tour on the first visit to a section. The layout calls it once.
// A section whose tour is listed under localStorage 'completed-tours' never shows it again, which is
// also how end-to-end tests skip it.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isTourCompleted, markTourCompleted, TOUR_STEPS, tourSection } from './tour-steps';

const POLL_MS = 250;
// Targets appear once their page's data has loaded; a section that never shows them is left for later.
const GIVE_UP_MS = 15_000;

export function useOnboardingTour(): void {
  const { pathname } = useLocation();
  const section = tourSection(pathname);

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname restarts the wait, as '/' and '/dashboard' share the default section but only one has the targets
  useEffect(() => {
    const steps = TOUR_STEPS[section];
    if (!steps || steps.length === 0 || isTourCompleted(section)) return;

    let cancelled = false;
    let running: { destroy: () => void } | null = null;
    const startedAt = Date.now();

    const timer = window.setInterval(() => {
      if (Date.now() - startedAt > GIVE_UP_MS) {
        window.clearInterval(timer);
        return;
      }
      // The first step anchors the tour; later steps whose element is absent are skipped.
      if (!document.querySelector(steps[0]!.element)) return;
      window.clearInterval(timer);
      const present = steps.filter((step) => document.querySelector(step.element));
      void import('./start-tour').then(({ startTour }) => {
        if (cancelled || isTourCompleted(section)) return;
        // Shown once means done: recorded as it starts, so a reload, a navigation or a lost close event
        // mid-tour never brings it back.
        markTourCompleted(section);
        running = startTour(present, () => markTourCompleted(section));
      });
    }, POLL_MS);

    return () => {
      cancelled = true;
      window.clearInterval(timer);
      running?.destroy();
    };
  }, [section, pathname]);
}
