// The landing page's three-step eligibility check. Each answer
// earns 1-3 points; the total of 3-9 decides the verdict.

export const PLATFORM_COUNT_OPTIONS = [1, 2, 3, 4, '5+'] as const;
export type PlatformCountOption = (typeof PLATFORM_COUNT_OPTIONS)[number];

export const MONTHS_ACTIVE_MIN = 1;
export const MONTHS_ACTIVE_MAX = 36;

export type EligibilityResult = 'eligible' | 'partial' | 'ineligible';

export interface EligibilityInput {
  platforms: PlatformCountOption | number | string | null | undefined;
  monthsActive: number | null | undefined;
  monthlyRevenue: number | string | null | undefined;
}

export interface EligibilityScore {
  platformPoints: number;
  monthsActivePoints: number;
  revenuePoints: number;
  total: number;
  result: EligibilityResult;
}

// '5+' and form values like '3' arrive as strings; anything unreadable scores as a single platform.
function platformCount(value: EligibilityInput['platforms']): number {
  if (value === '5+') return 5;
  const count = typeof value === 'string' ? Number.parseInt(value, 10) : value;
  return typeof count === 'number' && Number.isFinite(count) ? count : 1;
}

export function platformPoints(platforms: EligibilityInput['platforms']): number {
  const count = platformCount(platforms);
  if (count >= 3) return 3;
  return count === 2 ? 2 : 1;
}

/** The slider runs 1-36, so values outside it are held at its ends. */
export function monthsActivePoints(monthsActive: number | null | undefined): number {
  const months =
    typeof monthsActive === 'number' && Number.isFinite(monthsActive)
      ? Math.min(Math.max(monthsActive, MONTHS_ACTIVE_MIN), MONTHS_ACTIVE_MAX)
      : MONTHS_ACTIVE_MIN;
  if (months >= 18) return 3;
  return months >= 12 ? 2 : 1;
}

export function revenuePoints(monthlyRevenue: number | string | null | undefined): number {
  const revenue =
    typeof monthlyRevenue === 'string' ? Number(monthlyRevenue.trim() || Number.NaN) : monthlyRevenue;
  if (typeof revenue !== 'number' || !Number.isFinite(revenue)) return 1;
  // Comparing against whole-rand thresholds is exact in binary floating point, so no Decimal here.
  if (revenue >= 8_000) return 3;
  return revenue >= 3_000 ? 2 : 1;
}

export function eligibilityResultForTotal(total: number): EligibilityResult {
  if (total >= 7) return 'eligible';
  return total >= 5 ? 'partial' : 'ineligible';
}

export function scoreEligibility(input: EligibilityInput): EligibilityScore {
  const platforms = platformPoints(input.platforms);
  const months = monthsActivePoints(input.monthsActive);
  const revenue = revenuePoints(input.monthlyRevenue);
  const total = platforms + months + revenue;
  return {
    platformPoints: platforms,
    monthsActivePoints: months,
    revenuePoints: revenue,
    total,
    result: eligibilityResultForTotal(total),
  };
}
