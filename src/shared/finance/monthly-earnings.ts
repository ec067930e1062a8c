// The dashboard's Monthly Earnings: every
// platform the creator earns from, once, labelled by how we know the figure. Verified: a connection the server
// made (YouTube OAuth, a Visionary code). Self-declared: a platform the creator typed in, in Settings or as a
// manual platform on an application (with proof of earnings that an admin has not rejected).
// Computed on the server (GET /api/dashboard/earnings); docs/dashboard.md explains the rules.
import type Decimal from 'decimal.js';
import { platformName } from '../platform-names';
import { sumDecimal, toDecimal, toMoneyString } from './money';

export type EarningsSource = 'verified' | 'self_declared';

export interface EarningsPlatform {
  name: string;
  source: EarningsSource;
  /** Where the figure comes from: a connection, the profile (Settings) or an application's manual entry. */
  from: 'connection' | 'profile' | 'application';
  /** Rand a month, two decimals; null when the platform reports no earnings. */
  monthlyEarnings: string | null;
}

export interface MonthlyEarningsSummary {
  total: string;
  verifiedTotal: string;
  selfDeclaredTotal: string;
  platforms: EarningsPlatform[];
}

/** A manual platform as an application stores it (only the fields this rule reads). */
export interface DeclaredManualPlatform {
  platform?: unknown;
  estimatedRevenue?: unknown;
  proofStatus?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const nameOf = (key: string, raw: Record<string, unknown>): string => platformName(key, raw.platform);

/** A non-negative figure as money, or null (missing, negative or not a number). */
function earningsOf(value: unknown): Decimal | null {
  const decimal = toDecimal(value);
  return decimal?.isFinite() && !decimal.isNegative() ? decimal : null;
}

/**
 * Combines the profile's platforms (`socialMediaData`) with the manual platforms of the creator's
 * applications, newest application first. A platform is counted once (names compared trimmed and
 * case-insensitively): a verified connection wins over anything typed in, the profile over an application,
 * and a newer application over an older one. Manual entries whose proof an admin rejected are left out.
 */
export function combineMonthlyEarnings(input: {
  socialMediaData: unknown;
  applicationsNewestFirst: ReadonlyArray<{ manualPlatforms: ReadonlyArray<DeclaredManualPlatform> }>;
}): MonthlyEarningsSummary {
  const byName = new Map<string, EarningsPlatform & { rank: number }>();
  const offer = (candidate: EarningsPlatform, rank: number) => {
    const key = candidate.name.toLowerCase();
    const existing = byName.get(key);
    if (!existing || rank < existing.rank) byName.set(key, { ...candidate, rank });
  };

  const profile = isRecord(input.socialMediaData) ? input.socialMediaData : {};
  for (const [key, raw] of Object.entries(profile)) {
    if (!isRecord(raw)) continue;
    const verified = raw.verified === true;
    const earnings = earningsOf(raw.monthlyEarnings);
    offer(
      {
        name: nameOf(key, raw),
        source: verified ? 'verified' : 'self_declared',
        from: verified ? 'connection' : 'profile',
        monthlyEarnings: earnings ? toMoneyString(earnings) : null,
      },
      verified ? 0 : 1,
    );
  }
  input.applicationsNewestFirst.forEach((application, index) => {
    for (const manual of application.manualPlatforms) {
      if (typeof manual.platform !== 'string' || manual.platform.trim() === '') continue;
      if (manual.proofStatus === 'rejected') continue;
      const earnings = earningsOf(manual.estimatedRevenue);
      offer(
        {
          name: manual.platform.trim(),
          source: 'self_declared',
          from: 'application',
          monthlyEarnings: earnings ? toMoneyString(earnings) : null,
        },
        2 + index,
      );
    }
  });

  const platforms = [...byName.values()]
    .map(({ rank: _rank, ...platform }) => platform)
    .sort(
      (a, b) =>
        (a.source === b.source ? 0 : a.source === 'verified' ? -1 : 1) || a.name.localeCompare(b.name, 'en'),
    );
  const totalOf = (source?: EarningsSource) =>
    toMoneyString(
      sumDecimal(
        platforms.filter((p) => source === undefined || p.source === source).map((p) => p.monthlyEarnings),
      ),
    );
  return {
    total: totalOf(),
    verifiedTotal: totalOf('verified'),
    selfDeclaredTotal: totalOf('self_declared'),
    platforms,
  };
}
