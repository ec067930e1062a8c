// The credit score 0-100 the server computes when an application is submitted (every rule and number is explained in docs/credit-scoring.md). Four weighted parts, as the admin
// panel's Credit Assessment Methodology card lists them: Platform Revenue & Integration 50, Creative
// Portfolio 25, Community Impact 15, Growth Assessment 10.
//
// Pure and deterministic: no I/O, no clock, no randomness, the input is never mutated, and the same input
// always gives the same result (tips included). Revenue figures are decimal.js; points are integers.

import Decimal from 'decimal.js';
import {
  CREATOR_TYPE_LABELS,
  type CreatorType,
  MIN_REQUESTED_AMOUNT,
  USE_OF_FUNDS_LABELS,
  type UseOfFunds,
} from '../constants';
import { ceilToRand, formatPercent, formatZar, formatZarWhole, toDecimal } from '../finance/money';
import { formatCount } from '../format';
import { type NamedPlatform, PLATFORM_NAMES } from '../platform-names';
import {
  type RepaymentHistoryFactor,
  type RepaymentRecord,
  repaymentHistoryFactor,
  totalWithHistory,
} from './repayment-history';

export type ScoringInput = {
  /** Stated on the application, rand. */
  monthlyRevenue: string | number;
  /** Whole rand. */
  requestedAmount: number;
  /** equipment_purchase | advance | working_capital | living_expenses | other */
  useOfFunds: string[];
  /** full-time | part-time | hobby */
  creatorType: string;
  bio: string | null;
  /** 'Default' means not given. */
  country: string;
  /** 'Default' means not given. */
  city: string;
  /** Bank name, account number, branch code and account type all present. */
  hasBankDetails: boolean;
  /** Server-verified connections (YouTube OAuth, Visionary code); self-reported entries have verified false. */
  connectedPlatforms: Array<{
    platform: string;
    verified: boolean;
    followers?: number;
    engagement?: number;
    monthlyEarnings?: number;
  }>;
  /**
   * Monthly earnings verified from the platforms (the earnings record: read by API, payout-verified, or an
   * admin-verified proof; docs/platform-earnings.md). Where present, the earnings parts use it instead of the stated
   * revenue, and say so (verifiedEarningsOf builds it).
   */
  verifiedEarnings?: VerifiedEarnings | null;
  manualPlatforms: Array<{
    platform: string;
    estimatedFollowers: number;
    estimatedRevenue: number;
    hasProof: boolean;
    /**
     * An admin looked at the proof and found it genuine. Until then the entry is a claim: it counts as a
     * platform and, whatever the number of such claims, for at most PENDING_PROOF_POINTS integration points;
     * its followers and earnings are not evidence (docs/credit-scoring.md, 3.1).
     */
    proofVerified?: boolean;
  }>;
  /**
   * The verifiable platforms this server can connect now ('youtube' only while its OAuth is configured, 'visionary'
   * always): the tips never suggest connecting one that cannot be connected. Both when not given.
   */
  connectable?: ReadonlyArray<string>;
  /** The creator's loans with Vuka as they stand today (the application scored is not one of them). */
  repaymentHistory?: ReadonlyArray<RepaymentRecord>;
};

export type VerifiedEarnings = {
  /** Rand a month: the average of the latest verified months. */
  amount: string;
  /** Where it came from, for the explanation: 'verified from YouTube Analytics, Oct 2026'. */
  description: string;
};

/** One approved month of the earnings record. */
export type VerifiedMonth = {
  year: number;
  month: number;
  earningsAmount: string | null;
  source: string;
  platform: string;
};

/** How many of the latest verified months the score averages. */
export const VERIFIED_MONTHS_AVERAGED = 3;

const PLATFORM_SOURCE_WORDS: Record<string, { api: string; payout: string }> = {
  youtube: { api: 'YouTube Analytics', payout: 'AdSense payouts' },
  patreon: { api: 'Patreon pledges', payout: 'Patreon payouts' },
};

function sourceWords(row: VerifiedMonth): string {
  if (row.source === 'proof') return 'your proof of earnings';
  const kind = row.source === 'payout_verified' ? 'payout' : 'api';
  return row.platform
    .split('+')
    .map((p) => PLATFORM_SOURCE_WORDS[p]?.[kind] ?? p)
    .join(' and ');
}

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The verified monthly earnings the score uses: the average (to the cent) of the latest VERIFIED_MONTHS_AVERAGED
 * months of the earnings record with a figure (one per month: the largest where loans overlap), described by the
 * latest month's source; null without any. Typed figures (source 'admin') are not evidence and are ignored.
 */
export function verifiedEarningsOf(months: readonly VerifiedMonth[]): VerifiedEarnings | null {
  const byMonth = new Map<number, VerifiedMonth>();
  for (const row of months) {
    if (row.source === 'admin' || row.earningsAmount === null || !toDecimal(row.earningsAmount)) continue;
    const key = row.year * 12 + row.month - 1;
    const seen = byMonth.get(key);
    if (!seen || new Decimal(row.earningsAmount).gt(seen.earningsAmount!)) byMonth.set(key, row);
  }
  const latest = [...byMonth.entries()].sort((a, b) => b[0] - a[0]).slice(0, VERIFIED_MONTHS_AVERAGED);
  if (latest.length === 0) return null;
  const total = latest.reduce((sum, [, row]) => sum.plus(row.earningsAmount!), new Decimal(0));
  const amount = total.div(latest.length).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const newest = latest[0]![1];
  const when = `${MONTHS_SHORT[newest.month - 1]} ${newest.year}`;
  return {
    amount: amount.toFixed(2),
    description: `verified from ${sourceWords(newest)}, ${latest.length === 1 ? when : `average of ${latest.length} months to ${when}`}`,
  };
}

/** The monthly figure the earnings parts use, and how they name it. */
type EarningsBasis = { amount: Decimal; verified: boolean; description: string };

export type ScorePartKey = 'platform_revenue' | 'creative_portfolio' | 'community_impact' | 'growth';
export type ScoreFactor = { label: string; points: number; max: number; detail: string };
export type ScorePart = {
  key: ScorePartKey;
  label: string;
  weight: number;
  points: number;
  max: number;
  factors: ScoreFactor[];
  tips: string[];
};
export type ScoreBand = 'Excellent' | 'Good' | 'Fair';
export type CreditScoreResult = {
  total: number;
  band: ScoreBand;
  parts: ScorePart[];
  /** The creator's own repayment history with Vuka, added to the parts' total; absent without earlier financing. */
  history?: RepaymentHistoryFactor | null;
};
export type RiskLevel = 'Low' | 'Medium' | 'High';

/** The methodology card's weights; each is also the most points its part can give. They add up to 100. */
export const SCORE_PART_WEIGHTS = {
  platform_revenue: 50,
  creative_portfolio: 25,
  community_impact: 15,
  growth: 10,
} as const satisfies Record<ScorePartKey, number>;

export const SCORE_PART_LABELS = {
  platform_revenue: 'Platform Revenue & Integration',
  creative_portfolio: 'Creative Portfolio',
  community_impact: 'Community Impact',
  growth: 'Growth Assessment',
} as const satisfies Record<ScorePartKey, string>;

/** Score bands of the dashboard and the admin panel. */
export const EXCELLENT_FROM = 80;
export const GOOD_FROM = 60;

// ---------------------------------------------------------------------------------------------------
// Rules. Every number here is listed, with its reason, in docs/credit-scoring.md.

/** A ladder pays the points of the highest tier whose minimum the value reaches (minimum inclusive); a
 *  value below every tier but above zero earns `positive`; zero or nothing earns 0. Tiers run high to low. */
type Ladder = {
  readonly tiers: ReadonlyArray<{ readonly min: number; readonly points: number }>;
  readonly positive: number;
};

const REVENUE_LEVEL: Ladder = {
  tiers: [
    { min: 20_000, points: 25 },
    { min: 10_000, points: 20 },
    { min: 5_000, points: 15 },
    { min: 2_000, points: 10 },
  ],
  positive: 5,
};
const REVENUE_LEVEL_MAX = 25;

/** Requested amount as a share of a year of stated revenue: at most 3, 6 and 12 months of revenue. */
const CAPACITY: ReadonlyArray<{
  readonly maxShare: number;
  readonly points: number;
  readonly months: number;
}> = [
  { maxShare: 0.25, points: 10, months: 3 },
  { maxShare: 0.5, points: 7, months: 6 },
  { maxShare: 1, points: 4, months: 12 },
];
const CAPACITY_MAX = 10;

const VERIFIED_CONNECTION_POINTS = 8;
const PROVEN_MANUAL_POINTS = 4;
/** All manual platforms whose proof awaits an admin's review, together. */
const PENDING_PROOF_POINTS = 1;
const INTEGRATIONS_MAX = 15;
/** The connections the server itself can verify (YouTube OAuth, Visionary e-mail code). */
const VERIFIABLE_PLATFORMS: ReadonlyArray<NamedPlatform> = ['youtube', 'visionary'];

/**
 * The verifiable platforms the creator could still connect to raise the score: connectable on this server and not
 * yet verified.
 */
function stillConnectable(platforms: PlatformEvidence[], connectable?: ReadonlyArray<string>): string[] {
  return VERIFIABLE_PLATFORMS.filter(
    (key) =>
      (connectable === undefined || connectable.includes(key)) &&
      !platforms.some((p) => p.key === key && p.verified),
  ).map((key) => PLATFORM_NAMES[key]);
}

/** Points by number of distinct platforms: 0, 1, 2, 3 or more. */
const PLATFORM_COUNT_POINTS = [0, 4, 7, 10] as const;
const PLATFORM_COUNT_MAX = 10;

const AUDIENCE: Ladder = {
  tiers: [
    { min: 100_000, points: 10 },
    { min: 25_000, points: 8 },
    { min: 10_000, points: 6 },
    { min: 1_000, points: 4 },
  ],
  positive: 2,
};
const AUDIENCE_MAX = 10;

const PART_TIME_POINTS = 3;
const CREATOR_TYPE_POINTS: ReadonlyMap<string, number> = new Map<CreatorType, number>([
  ['full-time', 5],
  ['part-time', PART_TIME_POINTS],
  ['hobby', 1],
]);
const CREATOR_TYPE_MAX = 5;

/** Engagement in percent (4.5 means 4.5 % of the audience interacts). */
const ENGAGEMENT: Ladder = {
  tiers: [
    { min: 6, points: 10 },
    { min: 3, points: 7 },
    { min: 1, points: 4 },
  ],
  positive: 2,
};
const ENGAGEMENT_MAX = 10;

const BIO_POINTS = 2;
const LOCATION_POINTS = 1;
const BANK_POINTS = 2;
const PROFILE_MAX = BIO_POINTS + LOCATION_POINTS + BANK_POINTS;

const USE_OF_FUNDS_POINTS: ReadonlyMap<string, number> = new Map<UseOfFunds, number>([
  ['equipment_purchase', 5],
  ['working_capital', 5],
  ['advance', 3],
  ['other', 2],
  ['living_expenses', 1],
]);
const USE_OF_FUNDS_MAX = 5;

/** Evidenced monthly earnings as a share of the stated monthly revenue. */
const CORROBORATION: ReadonlyArray<{ readonly minShare: number; readonly points: number }> = [
  { minShare: 0.8, points: 5 },
  { minShare: 0.5, points: 3 },
];
const CORROBORATION_POSITIVE = 1;
const CORROBORATION_MAX = 5;

// ---------------------------------------------------------------------------------------------------
// Small helpers.

function ladderPoints(value: Decimal, ladder: Ladder): number {
  for (const tier of ladder.tiers) if (value.gte(tier.min)) return tier.points;
  return value.gt(0) ? ladder.positive : 0;
}

/** The lowest tier that pays more than the value earns now, or null at the top. */
function nextTier(value: Decimal, ladder: Ladder): { min: number; points: number } | null {
  const current = ladderPoints(value, ladder);
  for (let i = ladder.tiers.length - 1; i >= 0; i--) {
    const tier = ladder.tiers[i]!;
    if (tier.points > current) return tier;
  }
  return null;
}

function plural(points: number): string {
  return points === 1 ? '+1 point' : `+${points} points`;
}

/** A count such as followers: a finite number above zero, otherwise 0. */
function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Money reported by a platform or a manual entry: unreadable or negative counts as 0. */
function earnings(value: unknown): Decimal {
  const amount = toDecimal(value);
  return amount?.gt(0) ? amount : new Decimal(0);
}

function given(text: string | null | undefined): boolean {
  if (typeof text !== 'string') return false;
  const trimmed = text.trim();
  return trimmed !== '' && trimmed.toLowerCase() !== 'default';
}

function percentText(value: number): string {
  const decimals = Math.min(new Decimal(value).decimalPlaces(), 2);
  return formatPercent(value, { decimals });
}

function joinOr(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

// ---------------------------------------------------------------------------------------------------
// One record per distinct platform (names compared trimmed and case-insensitively), so a platform listed
// twice, or both connected and entered by hand, is counted once.

type PlatformEvidence = {
  key: string;
  name: string;
  /** Any server-verified connection of this platform. */
  verified: boolean;
  /** Any manual entry of this platform with proof of earnings an admin verified. */
  proven: boolean;
  /** Any manual entry of this platform with proof that awaits an admin's review. */
  awaitingReview: boolean;
  /**
   * Known only from manual entries whose proof awaits review: a claim, which counts for the capped
   * PENDING_PROOF_POINTS and nothing else (not even breadth) until an admin verifies it.
   */
  claimOnly: boolean;
  /** Any manual entry of this platform without proof. */
  unproven: boolean;
  /** Highest follower count from evidence (a verified connection or a proven manual entry). */
  followers: number;
  /** Highest monthly earnings from evidence. */
  earnings: Decimal;
  /** Best engagement percent of a verified connection; undefined when none is reported. */
  engagement: number | undefined;
};

function collectPlatforms(input: ScoringInput): PlatformEvidence[] {
  const byKey = new Map<string, PlatformEvidence>();
  const entry = (rawName: unknown): PlatformEvidence | null => {
    if (typeof rawName !== 'string' || rawName.trim() === '') return null;
    const name = rawName.trim();
    const key = name.toLowerCase();
    let found = byKey.get(key);
    if (!found) {
      found = {
        key,
        name,
        verified: false,
        proven: false,
        awaitingReview: false,
        claimOnly: true,
        unproven: false,
        followers: 0,
        earnings: new Decimal(0),
        engagement: undefined,
      };
      byKey.set(key, found);
    }
    return found;
  };

  for (const connection of input.connectedPlatforms ?? []) {
    const platform = entry(connection?.platform);
    if (!platform) continue;
    platform.claimOnly = false;
    if (connection.verified !== true) continue;
    platform.verified = true;
    platform.followers = Math.max(platform.followers, count(connection.followers));
    platform.earnings = Decimal.max(platform.earnings, earnings(connection.monthlyEarnings));
    const engagement = connection.engagement;
    if (typeof engagement === 'number' && Number.isFinite(engagement) && engagement >= 0) {
      platform.engagement = Math.max(platform.engagement ?? 0, engagement);
    }
  }
  for (const manual of input.manualPlatforms ?? []) {
    const platform = entry(manual?.platform);
    if (!platform) continue;
    if (manual.proofVerified === true && manual.hasProof === true) {
      platform.claimOnly = false;
      platform.proven = true;
    } else if (manual.hasProof === true) {
      platform.awaitingReview = true;
      continue;
    } else {
      platform.claimOnly = false;
      platform.unproven = true;
      continue;
    }
    platform.followers = Math.max(platform.followers, count(manual.estimatedFollowers));
    platform.earnings = Decimal.max(platform.earnings, earnings(manual.estimatedRevenue));
  }
  return [...byKey.values()];
}

function integrationRaw(verified: number, proven: number): number {
  return verified * VERIFIED_CONNECTION_POINTS + proven * PROVEN_MANUAL_POINTS;
}

function integrationPoints(verified: number, proven: number, awaitingReview = 0): number {
  const claims = awaitingReview > 0 ? PENDING_PROOF_POINTS : 0;
  return Math.min(integrationRaw(verified, proven) + claims, INTEGRATIONS_MAX);
}

// ---------------------------------------------------------------------------------------------------
// The parts.

function makePart(key: ScorePartKey, factors: ScoreFactor[], tips: string[]): ScorePart {
  const max = SCORE_PART_WEIGHTS[key];
  const points = Math.min(
    factors.reduce((sum, factor) => sum + factor.points, 0),
    max,
  );
  return {
    key,
    label: SCORE_PART_LABELS[key],
    weight: max,
    points,
    max,
    factors,
    tips: points >= max ? [] : tips,
  };
}

function platformRevenuePart(
  basis: EarningsBasis,
  requested: Decimal,
  platforms: PlatformEvidence[],
  connectable: ReadonlyArray<string> | undefined,
): ScorePart {
  const tips: string[] = [];
  const revenue = basis.amount;
  const kind = basis.verified ? 'verified earnings' : 'stated revenue';

  // Revenue level.
  const levelPoints = ladderPoints(revenue, REVENUE_LEVEL);
  const levelNext = nextTier(revenue, REVENUE_LEVEL);
  if (levelNext) {
    tips.push(
      `Grow your monthly platform revenue to ${formatZarWhole(levelNext.min)} (${plural(levelNext.points - levelPoints)})`,
    );
  }

  // Repayment capacity: requested / (12 x revenue), compared by multiplication so no division rounds.
  const yearly = revenue.times(12);
  let capacityPoints = 0;
  let capacityDetail = `No ${kind} to repay from`;
  if (revenue.gt(0)) {
    capacityPoints = CAPACITY.find((tier) => requested.lte(yearly.times(tier.maxShare)))?.points ?? 0;
    const share = requested.div(yearly).times(100).toDecimalPlaces(1, Decimal.ROUND_HALF_UP);
    capacityDetail = `Requesting ${formatZarWhole(requested)}, ${formatPercent(share)} of a year of ${kind}`;
    for (const tier of CAPACITY) {
      if (tier.points <= capacityPoints) break;
      const largest = yearly.times(tier.maxShare).toDecimalPlaces(0, Decimal.ROUND_FLOOR);
      if (largest.gte(MIN_REQUESTED_AMOUNT)) {
        tips.push(
          `Request ${formatZarWhole(largest)} or less, at most ${tier.months} months of your revenue (${plural(tier.points - capacityPoints)})`,
        );
        break;
      }
    }
  }

  // Verified integrations.
  const verified = platforms.filter((p) => p.verified).length;
  const proven = platforms.filter((p) => !p.verified && p.proven).length;
  const awaiting = platforms.filter((p) => !p.verified && !p.proven && p.awaitingReview);
  const integrations = integrationPoints(verified, proven, awaiting.length);
  const unverifiedConnectable = stillConnectable(platforms, connectable);
  const connectGain = integrationPoints(verified + 1, proven, awaiting.length) - integrations;
  if (unverifiedConnectable.length > 0 && connectGain > 0) {
    tips.push(
      `Connect ${joinOr(unverifiedConnectable)} to verify your platform income (${plural(connectGain)})`,
    );
  }
  if (awaiting.length > 0) {
    const reviewGain = integrationPoints(verified, proven + awaiting.length) - integrations;
    if (reviewGain > 0) {
      tips.push(
        `Our team is reviewing your proof for ${awaiting.map((p) => p.name).join(', ')}: once verified it counts in full (${plural(reviewGain)})`,
      );
    }
  }
  const unprovenNames = platforms
    .filter((p) => p.unproven && !p.verified && !p.proven && !p.awaitingReview)
    .map((p) => p.name);
  const proofGain =
    integrationPoints(verified, proven + unprovenNames.length, awaiting.length) - integrations;
  if (unprovenNames.length > 0 && proofGain > 0) {
    tips.push(`Upload proof of earnings for ${unprovenNames.join(', ')} (${plural(proofGain)})`);
  }
  const manualGain = integrationPoints(verified, proven + 1, awaiting.length) - integrations;
  if (manualGain > 0) {
    const which = verified + proven === 0 ? 'a platform' : 'another platform';
    tips.push(`Add ${which} you earn on, with proof of earnings (${plural(manualGain)})`);
  }

  return makePart(
    'platform_revenue',
    [
      {
        label: 'Revenue level',
        points: levelPoints,
        max: REVENUE_LEVEL_MAX,
        detail: basis.verified
          ? `Monthly earnings ${formatZar(revenue)}, ${basis.description}`
          : `Stated monthly revenue ${formatZar(revenue)}, ${basis.description}`,
      },
      { label: 'Repayment capacity', points: capacityPoints, max: CAPACITY_MAX, detail: capacityDetail },
      {
        label: 'Verified integrations',
        points: integrations,
        max: INTEGRATIONS_MAX,
        detail: `${verified} verified connection${verified === 1 ? '' : 's'}, ${proven} manual platform${proven === 1 ? '' : 's'} with verified proof of earnings${awaiting.length > 0 ? `, ${awaiting.length} awaiting review` : ''}`,
      },
    ],
    tips,
  );
}

function creativePortfolioPart(creatorType: string, platforms: PlatformEvidence[]): ScorePart {
  const tips: string[] = [];

  // A platform known only from proof awaiting review is not counted here (its cap is in Verified integrations).
  const platformCount = platforms.filter((p) => !p.claimOnly).length;
  const countPoints = PLATFORM_COUNT_POINTS[Math.min(platformCount, PLATFORM_COUNT_POINTS.length - 1)]!;
  if (countPoints < PLATFORM_COUNT_MAX) {
    const gain = PLATFORM_COUNT_POINTS[platformCount + 1]! - countPoints;
    tips.push(
      `Add ${platformCount === 0 ? 'a platform' : 'another platform'} you create on (${plural(gain)})`,
    );
  }

  const followers = platforms.reduce((sum, p) => sum + p.followers, 0);
  const followerValue = new Decimal(followers);
  const audiencePoints = ladderPoints(followerValue, AUDIENCE);
  const audienceNext = nextTier(followerValue, AUDIENCE);
  if (audienceNext) {
    tips.push(
      `Grow your audience to ${formatCount(audienceNext.min)} followers across your verified or proven platforms (${plural(audienceNext.points - audiencePoints)})`,
    );
  }

  const typePoints = CREATOR_TYPE_POINTS.get(creatorType) ?? 0;
  if (typePoints < PART_TIME_POINTS) {
    tips.push(
      `If you now create part-time, update your creator type in Settings (${plural(PART_TIME_POINTS - typePoints)}; full-time ${plural(CREATOR_TYPE_MAX - typePoints)})`,
    );
  } else if (typePoints < CREATOR_TYPE_MAX) {
    tips.push(
      `If creating is now your full-time work, update your creator type in Settings (${plural(CREATOR_TYPE_MAX - typePoints)})`,
    );
  }

  return makePart(
    'creative_portfolio',
    [
      {
        label: 'Platforms',
        points: countPoints,
        max: PLATFORM_COUNT_MAX,
        detail: `${platformCount} distinct platform${platformCount === 1 ? '' : 's'}`,
      },
      {
        label: 'Audience size',
        points: audiencePoints,
        max: AUDIENCE_MAX,
        detail: `${formatCount(followers)} followers on verified connections and proven manual platforms`,
      },
      {
        label: 'Creator type',
        points: typePoints,
        max: CREATOR_TYPE_MAX,
        detail: typePoints > 0 ? CREATOR_TYPE_LABELS[creatorType as CreatorType] : 'Creator type not given',
      },
    ],
    tips,
  );
}

function communityImpactPart(input: ScoringInput, platforms: PlatformEvidence[]): ScorePart {
  const tips: string[] = [];

  const known = platforms.map((p) => p.engagement).filter((e): e is number => e !== undefined);
  let engagementPoints = 0;
  let engagementDetail = 'No engagement reported by a verified connection';
  if (known.length > 0) {
    const best = Math.max(...known);
    const value = new Decimal(best);
    engagementPoints = ladderPoints(value, ENGAGEMENT);
    engagementDetail = `Best verified engagement ${percentText(best)}`;
    const next = nextTier(value, ENGAGEMENT);
    if (next) {
      tips.push(
        `Raise your engagement rate to ${percentText(next.min)} (${plural(next.points - engagementPoints)})`,
      );
    }
  } else {
    const connectable = stillConnectable(platforms, input.connectable);
    if (connectable.length > 0) {
      tips.push(
        `Connect ${joinOr(connectable)} so your engagement can be measured (+${ENGAGEMENT.positive} to +${ENGAGEMENT_MAX} points, depending on your engagement)`,
      );
    }
  }

  const hasBio = given(input.bio);
  const hasLocation = given(input.city) || given(input.country);
  const hasBank = input.hasBankDetails === true;
  const profilePoints =
    (hasBio ? BIO_POINTS : 0) + (hasLocation ? LOCATION_POINTS : 0) + (hasBank ? BANK_POINTS : 0);
  if (!hasBio) tips.push(`Add a short bio about your work in Settings (${plural(BIO_POINTS)})`);
  if (!hasLocation) tips.push(`Add your city or country in Settings (${plural(LOCATION_POINTS)})`);
  if (!hasBank) tips.push(`Add your bank details in Settings (${plural(BANK_POINTS)})`);
  const missing = [!hasBio && 'bio', !hasLocation && 'city or country', !hasBank && 'bank details'].filter(
    (m): m is string => typeof m === 'string',
  );

  return makePart(
    'community_impact',
    [
      { label: 'Engagement', points: engagementPoints, max: ENGAGEMENT_MAX, detail: engagementDetail },
      {
        label: 'Profile completeness',
        points: profilePoints,
        max: PROFILE_MAX,
        detail:
          missing.length === 0 ? 'Bio, location and bank details complete' : `Missing: ${missing.join(', ')}`,
      },
    ],
    tips,
  );
}

function growthPart(
  input: ScoringInput,
  revenue: Decimal,
  platforms: PlatformEvidence[],
  verified: Decimal | null,
): ScorePart {
  const tips: string[] = [];

  const uses = Array.isArray(input.useOfFunds) ? input.useOfFunds : [];
  const fundsPoints = uses.reduce((best, use) => Math.max(best, USE_OF_FUNDS_POINTS.get(use) ?? 0), 0);
  if (fundsPoints < USE_OF_FUNDS_MAX) {
    tips.push(
      `Financing equipment or working capital for your creative business scores highest (${plural(USE_OF_FUNDS_MAX - fundsPoints)})`,
    );
  }

  // Earnings verified from the platforms are evidence too, as much as the connections and proofs together.
  const evidence = Decimal.max(
    platforms.reduce((sum, p) => sum.plus(p.earnings), new Decimal(0)),
    verified ?? 0,
  );
  let corroborationPoints = 0;
  let corroborationDetail = 'No stated revenue to corroborate';
  if (revenue.gt(0)) {
    corroborationPoints =
      CORROBORATION.find((tier) => evidence.gte(revenue.times(tier.minShare)))?.points ??
      (evidence.gt(0) ? CORROBORATION_POSITIVE : 0);
    const share = evidence.div(revenue).times(100).toDecimalPlaces(1, Decimal.ROUND_HALF_UP);
    corroborationDetail = `${formatZar(evidence)} a month verified or proven, ${formatPercent(share)} of stated revenue`;
    if (corroborationPoints < CORROBORATION_MAX) {
      const shortfall = ceilToRand(revenue.times(CORROBORATION[0]!.minShare).minus(evidence));
      tips.push(
        `Show at least ${formatZarWhole(shortfall)} more of your monthly income with a verified connection or proof of earnings (${plural(CORROBORATION_MAX - corroborationPoints)})`,
      );
    }
  }

  const selected = [...new Set(uses.filter((use) => USE_OF_FUNDS_POINTS.has(use)))];
  return makePart(
    'growth',
    [
      {
        label: 'Use of funds',
        points: fundsPoints,
        max: USE_OF_FUNDS_MAX,
        detail:
          selected.length > 0
            ? `Selected: ${selected.map((use) => USE_OF_FUNDS_LABELS[use as UseOfFunds]).join(', ')}`
            : 'No use of funds selected',
      },
      {
        label: 'Revenue corroboration',
        points: corroborationPoints,
        max: CORROBORATION_MAX,
        detail: corroborationDetail,
      },
    ],
    tips,
  );
}

// ---------------------------------------------------------------------------------------------------
// Public API.

/**
 * The credit score of an application. Throws RangeError for negative or unreadable stated revenue and for
 * a requested amount that is not a positive number: callers validate the form first, so reaching either is
 * a bug, not user input (decision 007). Figures reported by platforms that are unreadable count as 0.
 */
export function computeCreditScore(input: ScoringInput): CreditScoreResult {
  const revenue = toDecimal(input.monthlyRevenue);
  if (!revenue || revenue.isNegative()) {
    throw new RangeError(
      `Monthly revenue must be a non-negative amount, got ${String(input.monthlyRevenue)}`,
    );
  }
  const requested = toDecimal(input.requestedAmount);
  if (!requested || requested.lte(0)) {
    throw new RangeError(`Requested amount must be a positive amount, got ${String(input.requestedAmount)}`);
  }

  const platforms = collectPlatforms(input);
  const verified = input.verifiedEarnings ? toDecimal(input.verifiedEarnings.amount) : null;
  const basis: EarningsBasis =
    verified && input.verifiedEarnings
      ? { amount: verified, verified: true, description: input.verifiedEarnings.description }
      : { amount: revenue, verified: false, description: 'as you declared' };
  const parts = [
    platformRevenuePart(basis, requested, platforms, input.connectable),
    creativePortfolioPart(input.creatorType, platforms),
    communityImpactPart(input, platforms),
    growthPart(input, revenue, platforms, verified),
  ];
  const history = repaymentHistoryFactor(input.repaymentHistory ?? []);
  const total = totalWithHistory(
    parts.reduce((sum, part) => sum + part.points, 0),
    history,
  );
  return { total, band: bandFor(total), parts, history };
}

function knownScore(score: number | null | undefined): score is number {
  return typeof score === 'number' && !Number.isNaN(score);
}

function bandFor(score: number): ScoreBand {
  if (score >= EXCELLENT_FROM) return 'Excellent';
  if (score >= GOOD_FROM) return 'Good';
  return 'Fair';
}

/** Dashboard band: Excellent at 80 and above, Good at 60 and above, otherwise Fair; N/A without a score. */
export function scoreBand(score: number | null | undefined): ScoreBand | 'N/A' {
  return knownScore(score) ? bandFor(score) : 'N/A';
}

/** Admin risk distribution: Low at 80 and above, Medium 60-79, High below 60; null without a score. */
export function riskLevel(score: number | null | undefined): RiskLevel | null {
  if (!knownScore(score)) return null;
  if (score >= EXCELLENT_FROM) return 'Low';
  if (score >= GOOD_FROM) return 'Medium';
  return 'High';
}
