// The onboarding tour's content and memory. Pure, so the
// section and storage rules can be tested without a browser.

export const COMPLETED_TOURS_KEY = 'completed-tours';
const DEFAULT_TOUR_SECTION = 'dashboard';

export interface TourStepDefinition {
  /** CSS selector of the element the step points at. */
  element: string;
  title: string;
  description: string;
}

/** Steps exist for two sections only. Targets carry data-tour attributes (or the advisor card's id). */
export const TOUR_STEPS: Readonly<Record<string, ReadonlyArray<TourStepDefinition>>> = {
  dashboard: [
    {
      element: '[data-tour="credit-score"]',
      title: 'Your creditworthiness score',
      description:
        'This score shows how lenders see your creative business. Higher scores unlock better financing terms.',
    },
    {
      element: '#creative-advisor',
      title: 'Your Creative Advisor',
      description:
        'An AI-powered advisor that gives you personalised advice on growing your audience and income.',
    },
    {
      element: '[data-tour="financing-options"]',
      title: 'Financing options',
      description:
        "See the financing available to you from Vuka Capital's capital arm, and apply when you are ready.",
    },
  ],
  apply: [
    {
      element: '[data-tour="platform-connections"]',
      title: 'Connect your creative platforms',
      description: 'Link the platforms you create on so we can understand your audience and earnings.',
    },
    {
      element: '[data-tour="revenue-details"]',
      title: 'Share your revenue details',
      description: 'Tell us what you earn to unlock financing that matches your income.',
    },
  ],
};

/** The first path segment, or 'dashboard' when there is none. */
export function tourSection(pathname: string): string {
  const first = pathname.split('/').find((segment) => segment !== '');
  return first ?? DEFAULT_TOUR_SECTION;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked outright (privacy settings); the tour then simply never remembers.
    return null;
  }
}

export function readCompletedTours(storage: StorageLike | null = defaultStorage()): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(COMPLETED_TOURS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function isTourCompleted(section: string, storage: StorageLike | null = defaultStorage()): boolean {
  return readCompletedTours(storage).includes(section);
}

export function markTourCompleted(section: string, storage: StorageLike | null = defaultStorage()): void {
  const completed = readCompletedTours(storage);
  if (completed.includes(section)) return;
  try {
    storage?.setItem(COMPLETED_TOURS_KEY, JSON.stringify([...completed, section]));
  } catch {
    // A full or blocked storage only means the tour may show again.
  }
}
