import { describe, expect, it } from 'vitest';
import { previewTerms } from '../finance/repayment-plan';
import {
  type CreditScoreResult,
  computeCreditScore,
  riskLevel,
  SCORE_PART_LABELS,
  SCORE_PART_WEIGHTS,
  type ScorePartKey,
  type ScoringInput,
  scoreBand,
  verifiedEarningsOf,
} from './credit-score';

// The minimal creator: no revenue, nothing connected, hobby, empty profile, the smallest request.
function creator(overrides: Partial<ScoringInput> = {}): ScoringInput {
  return {
    monthlyRevenue: 0,
    requestedAmount: 2_000,
    useOfFunds: ['other'],
    creatorType: 'hobby',
    bio: null,
    country: 'Default',
    city: 'Default',
    hasBankDetails: false,
    connectedPlatforms: [],
    manualPlatforms: [],
    ...overrides,
  };
}

function strongCreator(): ScoringInput {
  return {
    monthlyRevenue: '25000.00',
    requestedAmount: 50_000,
    useOfFunds: ['equipment_purchase'],
    creatorType: 'full-time',
    bio: 'Gqom producer and video editor from Soweto.',
    country: 'South Africa',
    city: 'Johannesburg',
    hasBankDetails: true,
    connectedPlatforms: [
      { platform: 'youtube', verified: true, followers: 80_000, engagement: 7, monthlyEarnings: 15_000 },
      { platform: 'visionary', verified: true, followers: 30_000, engagement: 4, monthlyEarnings: 6_000 },
    ],
    manualPlatforms: [
      {
        platform: 'TikTok',
        estimatedFollowers: 5_000,
        estimatedRevenue: 4_000,
        hasProof: true,
        proofVerified: true,
      },
    ],
  };
}

function part(result: CreditScoreResult, key: ScorePartKey) {
  const found = result.parts.find((p) => p.key === key);
  if (!found) throw new Error(`no part ${key}`);
  return found;
}

function factor(result: CreditScoreResult, key: ScorePartKey, label: string): number {
  const found = part(result, key).factors.find((f) => f.label === label);
  if (!found) throw new Error(`no factor ${label}`);
  return found.points;
}

/** Intl puts no-break spaces in 'R 2 000'; the expectations are written with plain ones. */
function tips(result: CreditScoreResult, key: ScorePartKey): string[] {
  return part(result, key).tips.map((tip) => tip.replace(/\u00a0/g, ' '));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe('weights and labels', () => {
  it('follows the methodology card: 50 / 25 / 15 / 10, adding up to 100', () => {
    expect(SCORE_PART_WEIGHTS).toEqual({
      platform_revenue: 50,
      creative_portfolio: 25,
      community_impact: 15,
      growth: 10,
    });
    expect(Object.values(SCORE_PART_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
    const result = computeCreditScore(creator());
    expect(result.parts.map((p) => [p.key, p.label, p.weight, p.max])).toEqual([
      ['platform_revenue', 'Platform Revenue & Integration', 50, 50],
      ['creative_portfolio', 'Creative Portfolio', 25, 25],
      ['community_impact', 'Community Impact', 15, 15],
      ['growth', 'Growth Assessment', 10, 10],
    ]);
    expect(SCORE_PART_LABELS.growth).toBe('Growth Assessment');
  });

  it('gives each part factors whose maxima add up to the weight', () => {
    for (const p of computeCreditScore(creator()).parts) {
      expect(p.factors.reduce((sum, f) => sum + f.max, 0)).toBe(p.weight);
    }
  });
});

describe('the minimal creator', () => {
  // By hand:
  //   Platform Revenue & Integration: revenue 0 -> 0; capacity with no revenue -> 0; integrations 0 -> 0 = 0
  //   Creative Portfolio: 0 platforms -> 0; 0 followers -> 0; hobby -> 1 = 1
  //   Community Impact: engagement unknown -> 0; no bio, 'Default' location, no bank -> 0 = 0
  //   Growth Assessment: use of funds 'other' -> 2; stated revenue 0 -> corroboration 0 = 2
  //   Total 0 + 1 + 0 + 2 = 3, band Fair.
  const result = computeCreditScore(creator());

  it('scores 3', () => {
    expect(result.total).toBe(3);
    expect(result.band).toBe('Fair');
    expect(result.parts.map((p) => p.points)).toEqual([0, 1, 0, 2]);
    expect(result.parts.map((p) => p.factors.map((f) => f.points))).toEqual([
      [0, 0, 0],
      [0, 0, 1],
      [0, 0],
      [2, 0],
    ]);
  });

  it('suggests connecting only what this server can connect: without YouTube, Visionary alone', () => {
    const withoutYoutube = computeCreditScore(creator({ connectable: ['visionary'] }));
    expect(tips(withoutYoutube, 'platform_revenue')).toContain(
      'Connect Visionary to verify your platform income (+8 points)',
    );
    expect(tips(withoutYoutube, 'community_impact')[0]).toBe(
      'Connect Visionary so your engagement can be measured (+2 to +10 points, depending on your engagement)',
    );
    const all = withoutYoutube.parts.flatMap((part) => part.tips).join(' ');
    expect(all).not.toContain('YouTube');
    // Nothing connectable: no tip to connect at all; the score itself is the same.
    const none = computeCreditScore(creator({ connectable: [] }));
    expect(none.parts.flatMap((part) => part.tips).join(' ')).not.toMatch(/Connect /);
    expect(none.total).toBe(result.total);
  });

  it('lists every tip that would add points, with the exact gain', () => {
    expect(tips(result, 'platform_revenue')).toEqual([
      'Grow your monthly platform revenue to R 2 000 (+10 points)',
      'Connect YouTube or Visionary to verify your platform income (+8 points)',
      'Add a platform you earn on, with proof of earnings (+4 points)',
    ]);
    expect(tips(result, 'creative_portfolio')).toEqual([
      'Add a platform you create on (+4 points)',
      'Grow your audience to 1 000 followers across your verified or proven platforms (+4 points)',
      'If you now create part-time, update your creator type in Settings (+2 points; full-time +4 points)',
    ]);
    expect(tips(result, 'community_impact')).toEqual([
      'Connect YouTube or Visionary so your engagement can be measured (+2 to +10 points, depending on your engagement)',
      'Add a short bio about your work in Settings (+2 points)',
      'Add your city or country in Settings (+1 point)',
      'Add your bank details in Settings (+2 points)',
    ]);
    // No corroboration tip: with no stated revenue there is nothing to corroborate.
    expect(tips(result, 'growth')).toEqual([
      'Financing equipment or working capital for your creative business scores highest (+3 points)',
    ]);
  });

  it('rises by exactly what a tip promises when the creator follows it', () => {
    // Bank details: Community Impact 0 -> 2.
    expect(part(computeCreditScore(creator({ hasBankDetails: true })), 'community_impact').points).toBe(2);
    // A verified YouTube connection with no figures: integrations 0 -> 8.
    const connected = computeCreditScore(
      creator({ connectedPlatforms: [{ platform: 'youtube', verified: true }] }),
    );
    expect(part(connected, 'platform_revenue').points).toBe(8);
    // A proven manual platform: integrations 0 -> 4.
    const manual = computeCreditScore(
      creator({
        manualPlatforms: [
          {
            platform: 'TikTok',
            estimatedFollowers: 0,
            estimatedRevenue: 0,
            hasProof: true,
            proofVerified: true,
          },
        ],
      }),
    );
    expect(part(manual, 'platform_revenue').points).toBe(4);
    // Part-time: Creative Portfolio 1 -> 3; equipment: Growth 2 -> 5.
    expect(part(computeCreditScore(creator({ creatorType: 'part-time' })), 'creative_portfolio').points).toBe(
      3,
    );
    expect(part(computeCreditScore(creator({ useOfFunds: ['equipment_purchase'] })), 'growth').points).toBe(
      5,
    );
  });
});

describe('the strong creator', () => {
  // By hand:
  //   Platform: revenue 25,000 >= 20,000 -> 25; 50,000 <= 0.25 x 12 x 25,000 = 75,000 -> 10;
  //             2 verified x 8 + 1 proven x 4 = 20, capped -> 15. = 50
  //   Portfolio: 3 platforms -> 10; 80,000 + 30,000 + 5,000 = 115,000 followers -> 10; full-time -> 5. = 25
  //   Community: best verified engagement 7 % -> 10; bio 2 + location 1 + bank 2 -> 5. = 15
  //   Growth: equipment -> 5; evidence 15,000 + 6,000 + 4,000 = 25,000 >= 80 % of 25,000 -> 5. = 10
  //   Total 100.
  it('reaches 100 with no tips', () => {
    const result = computeCreditScore(strongCreator());
    expect(result.total).toBe(100);
    expect(result.band).toBe('Excellent');
    expect(result.parts.map((p) => p.points)).toEqual([50, 25, 15, 10]);
    for (const p of result.parts) expect(p.tips).toEqual([]);
  });
});

describe('threshold boundaries', () => {
  it('revenue level: 1,999.99 -> 5, 2,000 -> 10, 19,999.99 -> 20, 20,000 -> 25', () => {
    const level = (monthlyRevenue: string | number) =>
      factor(computeCreditScore(creator({ monthlyRevenue })), 'platform_revenue', 'Revenue level');
    expect(level('1999.99')).toBe(5);
    expect(level(2_000)).toBe(10);
    expect(level('4999.99')).toBe(10);
    expect(level('5000.00')).toBe(15);
    expect(level(9_999.99)).toBe(15);
    expect(level(10_000)).toBe(20);
    expect(level('19999.99')).toBe(20);
    expect(level('20000')).toBe(25);
    expect(level('0.01')).toBe(5);
    expect(level(0)).toBe(0);
  });

  it('revenue boundary moves the total by the level difference only', () => {
    // 1,999.99: level 5 + capacity 10 (2,000 <= 0.25 x 12 x 1,999.99 = 5,999.97) + the minimal 3 = 18.
    expect(computeCreditScore(creator({ monthlyRevenue: '1999.99' })).total).toBe(18);
    // 2,000: level 10 + capacity 10 + 3 = 23.
    expect(computeCreditScore(creator({ monthlyRevenue: '2000.00' })).total).toBe(23);
  });

  it('repayment capacity: ratio exactly 0.25 -> 10, just above -> 7, and so on down', () => {
    // Revenue 1,000 a month: a year is 12,000, so 0.25 is R3,000, 0.5 is R6,000, 1 is R12,000.
    const capacity = (requestedAmount: number) =>
      factor(
        computeCreditScore(creator({ monthlyRevenue: '1000.00', requestedAmount })),
        'platform_revenue',
        'Repayment capacity',
      );
    expect(capacity(3_000)).toBe(10);
    expect(capacity(3_001)).toBe(7);
    expect(capacity(6_000)).toBe(7);
    expect(capacity(6_001)).toBe(4);
    expect(capacity(12_000)).toBe(4);
    expect(capacity(12_001)).toBe(0);
  });

  it('repayment capacity is 0 without stated revenue, however small the request', () => {
    const result = computeCreditScore(creator({ monthlyRevenue: '0.00', requestedAmount: 2_000 }));
    expect(factor(result, 'platform_revenue', 'Repayment capacity')).toBe(0);
  });

  it('audience: 999 followers -> 2, 1,000 -> 4 (verified connection or proven manual platform)', () => {
    const viaConnection = (followers: number) =>
      factor(
        computeCreditScore(
          creator({ connectedPlatforms: [{ platform: 'youtube', verified: true, followers }] }),
        ),
        'creative_portfolio',
        'Audience size',
      );
    expect(viaConnection(999)).toBe(2);
    expect(viaConnection(1_000)).toBe(4);
    expect(viaConnection(9_999)).toBe(4);
    expect(viaConnection(10_000)).toBe(6);
    expect(viaConnection(24_999)).toBe(6);
    expect(viaConnection(25_000)).toBe(8);
    expect(viaConnection(99_999)).toBe(8);
    expect(viaConnection(100_000)).toBe(10);
    const viaManual = (estimatedFollowers: number) =>
      factor(
        computeCreditScore(
          creator({
            manualPlatforms: [
              {
                platform: 'Instagram',
                estimatedFollowers,
                estimatedRevenue: 0,
                hasProof: true,
                proofVerified: true,
              },
            ],
          }),
        ),
        'creative_portfolio',
        'Audience size',
      );
    expect(viaManual(999)).toBe(2);
    expect(viaManual(1_000)).toBe(4);
  });

  it('engagement: 2.99 % -> 4, 3 % -> 7', () => {
    const engagementPoints = (engagement: number) =>
      factor(
        computeCreditScore(
          creator({ connectedPlatforms: [{ platform: 'visionary', verified: true, engagement }] }),
        ),
        'community_impact',
        'Engagement',
      );
    expect(engagementPoints(0)).toBe(0);
    expect(engagementPoints(0.5)).toBe(2);
    expect(engagementPoints(0.99)).toBe(2);
    expect(engagementPoints(1)).toBe(4);
    expect(engagementPoints(2.99)).toBe(4);
    expect(engagementPoints(3)).toBe(7);
    expect(engagementPoints(5.99)).toBe(7);
    expect(engagementPoints(6)).toBe(10);
  });

  it('engagement takes the best verified connection', () => {
    const result = computeCreditScore(
      creator({
        connectedPlatforms: [
          { platform: 'youtube', verified: true, engagement: 1.5 },
          { platform: 'visionary', verified: true, engagement: 6.5 },
        ],
      }),
    );
    expect(factor(result, 'community_impact', 'Engagement')).toBe(10);
  });

  it('revenue corroboration: 80 % -> 5, just under -> 3, 50 % -> 3, just under -> 1, none -> 0', () => {
    // Stated R10,000; evidence from one proven manual platform.
    const corroboration = (estimatedRevenue: number) =>
      factor(
        computeCreditScore(
          creator({
            monthlyRevenue: '10000.00',
            manualPlatforms: [
              {
                platform: 'Patreon',
                estimatedFollowers: 0,
                estimatedRevenue,
                hasProof: true,
                proofVerified: true,
              },
            ],
          }),
        ),
        'growth',
        'Revenue corroboration',
      );
    expect(corroboration(8_000)).toBe(5);
    expect(corroboration(7_999.99)).toBe(3);
    expect(corroboration(5_000)).toBe(3);
    expect(corroboration(4_999.99)).toBe(1);
    expect(corroboration(0.01)).toBe(1);
    expect(corroboration(0)).toBe(0);
    expect(corroboration(30_000)).toBe(5);
  });

  it('platform count: 0 -> 0, 1 -> 4, 2 -> 7, 3 or more -> 10', () => {
    const names = ['a1', 'b2', 'c3', 'd4'];
    const counted = (n: number) =>
      factor(
        computeCreditScore(
          creator({
            manualPlatforms: names.slice(0, n).map((platform) => ({
              platform,
              estimatedFollowers: 0,
              estimatedRevenue: 0,
              hasProof: true,
              proofVerified: true,
            })),
          }),
        ),
        'creative_portfolio',
        'Platforms',
      );
    expect([0, 1, 2, 3, 4].map(counted)).toEqual([0, 4, 7, 10, 10]);
  });

  it('use of funds takes the best selected purpose', () => {
    const funds = (useOfFunds: string[]) =>
      factor(computeCreditScore(creator({ useOfFunds })), 'growth', 'Use of funds');
    expect(funds(['living_expenses'])).toBe(1);
    expect(funds(['other'])).toBe(2);
    expect(funds(['advance', 'living_expenses'])).toBe(3);
    expect(funds(['living_expenses', 'working_capital'])).toBe(5);
    expect(funds(['equipment_purchase'])).toBe(5);
    expect(funds([])).toBe(0);
    expect(funds(['crypto', 'toString'])).toBe(0);
  });

  it('profile completeness: bio 2, a real city or country 1, bank details 2', () => {
    const profile = (overrides: Partial<ScoringInput>) =>
      factor(computeCreditScore(creator(overrides)), 'community_impact', 'Profile completeness');
    expect(profile({ bio: '   ' })).toBe(0);
    expect(profile({ bio: 'Dancer' })).toBe(2);
    expect(profile({ city: 'Durban' })).toBe(1);
    expect(profile({ country: 'Lesotho' })).toBe(1);
    expect(profile({ city: 'Durban', country: 'South Africa' })).toBe(1);
    expect(profile({ city: 'default', country: '' })).toBe(0);
    expect(profile({ hasBankDetails: true })).toBe(2);
    expect(profile({ bio: 'Dancer', city: 'Durban', hasBankDetails: true })).toBe(5);
  });

  it('creator type: full-time 5, part-time 3, hobby 1, anything else 0', () => {
    const type = (creatorType: string) =>
      factor(computeCreditScore(creator({ creatorType })), 'creative_portfolio', 'Creator type');
    expect(['full-time', 'part-time', 'hobby', 'influencer', 'constructor'].map(type)).toEqual([
      5, 3, 1, 0, 0,
    ]);
  });
});

describe('caps', () => {
  it('three verified connections still give 15 integration points', () => {
    // 3 x 8 = 24, capped at 15.
    const result = computeCreditScore(
      creator({
        connectedPlatforms: [
          { platform: 'youtube', verified: true },
          { platform: 'visionary', verified: true },
          { platform: 'twitch', verified: true },
        ],
      }),
    );
    expect(factor(result, 'platform_revenue', 'Verified integrations')).toBe(15);
    expect(part(result, 'platform_revenue').points).toBe(15);
  });

  it('two verified and one proven platform give 15, not 20', () => {
    expect(factor(computeCreditScore(strongCreator()), 'platform_revenue', 'Verified integrations')).toBe(15);
  });

  it('one verified connection and one proven platform give 12', () => {
    const result = computeCreditScore(
      creator({
        connectedPlatforms: [{ platform: 'youtube', verified: true }],
        manualPlatforms: [
          {
            platform: 'TikTok',
            estimatedFollowers: 0,
            estimatedRevenue: 0,
            hasProof: true,
            proofVerified: true,
          },
        ],
      }),
    );
    expect(factor(result, 'platform_revenue', 'Verified integrations')).toBe(12);
  });

  it('never lets a total leave 0-100 or a part pass its weight', () => {
    const revenues = [0, '0.01', '1999.99', 2_000, 5_000, 10_000, '20000.00', 10_000_000];
    const requests = [2_000, 3_000, 50_000];
    const types = ['full-time', 'part-time', 'hobby', ''];
    const platformSets: ScoringInput['connectedPlatforms'][] = [
      [],
      strongCreator().connectedPlatforms,
      [
        ...strongCreator().connectedPlatforms,
        { platform: 'twitch', verified: true, followers: 1e9, engagement: 99, monthlyEarnings: 1e8 },
      ],
    ];
    for (const monthlyRevenue of revenues)
      for (const requestedAmount of requests)
        for (const creatorType of types)
          for (const connectedPlatforms of platformSets) {
            const result = computeCreditScore(
              creator({ monthlyRevenue, requestedAmount, creatorType, connectedPlatforms }),
            );
            expect(Number.isInteger(result.total)).toBe(true);
            expect(result.total).toBeGreaterThanOrEqual(0);
            expect(result.total).toBeLessThanOrEqual(100);
            expect(result.total).toBe(result.parts.reduce((sum, p) => sum + p.points, 0));
            for (const p of result.parts) {
              expect(p.points).toBeLessThanOrEqual(p.max);
              if (p.points === p.max) expect(p.tips).toEqual([]);
            }
          }
  });
});

describe('what counts as evidence', () => {
  it('counts an unverified connection as a platform but not its followers, engagement or earnings', () => {
    const result = computeCreditScore(
      creator({
        monthlyRevenue: '5000.00',
        connectedPlatforms: [
          { platform: 'youtube', verified: false, followers: 50_000, engagement: 9, monthlyEarnings: 5_000 },
        ],
      }),
    );
    expect(factor(result, 'creative_portfolio', 'Platforms')).toBe(4);
    expect(factor(result, 'creative_portfolio', 'Audience size')).toBe(0);
    expect(factor(result, 'community_impact', 'Engagement')).toBe(0);
    expect(factor(result, 'platform_revenue', 'Verified integrations')).toBe(0);
    expect(factor(result, 'growth', 'Revenue corroboration')).toBe(0);
    expect(tips(result, 'platform_revenue')).toContain(
      'Connect YouTube or Visionary to verify your platform income (+8 points)',
    );
  });

  it('counts a manual platform without proof as a platform only, and suggests uploading proof', () => {
    const result = computeCreditScore(
      creator({
        monthlyRevenue: '5000.00',
        manualPlatforms: [
          { platform: 'Patreon', estimatedFollowers: 3_000, estimatedRevenue: 5_000, hasProof: false },
        ],
      }),
    );
    expect(factor(result, 'creative_portfolio', 'Platforms')).toBe(4);
    expect(factor(result, 'creative_portfolio', 'Audience size')).toBe(0);
    expect(factor(result, 'platform_revenue', 'Verified integrations')).toBe(0);
    expect(factor(result, 'growth', 'Revenue corroboration')).toBe(0);
    expect(tips(result, 'platform_revenue')).toContain('Upload proof of earnings for Patreon (+4 points)');
    // 80 % of 5,000 is 4,000 and nothing is evidenced yet; corroboration 0 -> 5.
    expect(tips(result, 'growth')).toContain(
      'Show at least R 4 000 more of your monthly income with a verified connection or proof of earnings (+5 points)',
    );
  });

  it('counts proof that awaits review as a claim: 1 point at most, however many, nothing else', () => {
    const entries = (proofVerified: boolean) =>
      ['Patreon', 'TikTok', 'Instagram'].map((platform) => ({
        platform,
        estimatedFollowers: 40_000,
        estimatedRevenue: 8_000,
        hasProof: true,
        proofVerified,
      }));
    const withoutProof = computeCreditScore(
      creator({
        monthlyRevenue: '8000.00',
        manualPlatforms: entries(false).map((e) => ({ ...e, hasProof: false })),
      }),
    );
    const none = computeCreditScore(creator({ monthlyRevenue: '8000.00', manualPlatforms: [] }));
    const awaiting = computeCreditScore(
      creator({ monthlyRevenue: '8000.00', manualPlatforms: entries(false) }),
    );
    const verified = computeCreditScore(
      creator({ monthlyRevenue: '8000.00', manualPlatforms: entries(true) }),
    );
    // Claiming platforms and uploading a file, any file, is worth one point until someone has looked at it:
    // not even the breadth that typed-in platforms without proof get.
    expect(awaiting.total - none.total).toBe(1);
    expect(awaiting.total).toBeLessThanOrEqual(withoutProof.total);
    expect(factor(awaiting, 'creative_portfolio', 'Platforms')).toBe(0);
    expect(factor(awaiting, 'platform_revenue', 'Verified integrations')).toBe(1);
    expect(factor(awaiting, 'creative_portfolio', 'Audience size')).toBe(0);
    expect(factor(awaiting, 'growth', 'Revenue corroboration')).toBe(0);
    expect(tips(awaiting, 'platform_revenue')).toContain(
      'Our team is reviewing your proof for Patreon, TikTok, Instagram: once verified it counts in full (+11 points)',
    );
    // Verified, the same entries are evidence.
    expect(factor(verified, 'platform_revenue', 'Verified integrations')).toBe(12);
    expect(verified.total).toBeGreaterThan(awaiting.total + 15);
  });

  it('counts a platform once when it is listed twice or both connected and entered by hand', () => {
    const result = computeCreditScore(
      creator({
        monthlyRevenue: '3000.00',
        connectedPlatforms: [{ platform: 'YouTube', verified: true, followers: 1_500, monthlyEarnings: 0 }],
        manualPlatforms: [
          {
            platform: ' youtube ',
            estimatedFollowers: 2_000,
            estimatedRevenue: 2_400,
            hasProof: true,
            proofVerified: true,
          },
          {
            platform: 'YOUTUBE',
            estimatedFollowers: 900,
            estimatedRevenue: 100,
            hasProof: true,
            proofVerified: true,
          },
        ],
      }),
    );
    // One platform -> 4; verified -> 8 (not 8 + 4 + 4); followers max(1,500, 2,000, 900) = 2,000 -> 4;
    // earnings max(0, 2,400, 100) = 2,400 = 80 % of 3,000 -> 5.
    expect(factor(result, 'creative_portfolio', 'Platforms')).toBe(4);
    expect(factor(result, 'platform_revenue', 'Verified integrations')).toBe(8);
    expect(factor(result, 'creative_portfolio', 'Audience size')).toBe(4);
    expect(factor(result, 'growth', 'Revenue corroboration')).toBe(5);
  });

  it('ignores unreadable or negative platform figures instead of failing', () => {
    const result = computeCreditScore(
      creator({
        monthlyRevenue: '1000.00',
        connectedPlatforms: [
          {
            platform: 'youtube',
            verified: true,
            followers: Number.NaN,
            engagement: -3,
            monthlyEarnings: -50,
          },
        ],
      }),
    );
    expect(factor(result, 'creative_portfolio', 'Audience size')).toBe(0);
    expect(factor(result, 'community_impact', 'Engagement')).toBe(0);
    expect(factor(result, 'growth', 'Revenue corroboration')).toBe(0);
    expect(factor(result, 'platform_revenue', 'Verified integrations')).toBe(8);
  });
});

describe('tips appear only when they would add points', () => {
  it('offers no integration tip once integrations are at 15', () => {
    // YouTube and Visionary verified: 16, capped at 15. Nothing left to connect or prove.
    const result = computeCreditScore(
      creator({
        connectedPlatforms: [
          { platform: 'youtube', verified: true },
          { platform: 'visionary', verified: true },
        ],
      }),
    );
    const platformTips = tips(result, 'platform_revenue');
    expect(part(result, 'platform_revenue').points).toBeLessThan(50);
    expect(platformTips.some((t) => t.includes('Connect'))).toBe(false);
    expect(platformTips.some((t) => t.includes('proof of earnings'))).toBe(false);
  });

  it('promises only the points left under the cap, and names only unconnected platforms', () => {
    // YouTube verified (8) + TikTok proven (4) = 12: one more of either adds only 3 before the cap.
    const result = computeCreditScore(
      creator({
        connectedPlatforms: [{ platform: 'youtube', verified: true }],
        manualPlatforms: [
          {
            platform: 'TikTok',
            estimatedFollowers: 0,
            estimatedRevenue: 0,
            hasProof: true,
            proofVerified: true,
          },
        ],
      }),
    );
    expect(tips(result, 'platform_revenue')).toEqual([
      'Grow your monthly platform revenue to R 2 000 (+10 points)',
      'Connect Visionary to verify your platform income (+3 points)',
      'Add another platform you earn on, with proof of earnings (+3 points)',
    ]);
  });

  it('suggests the best request the creator could actually make (at least R2,000)', () => {
    // Revenue 1,000, request 50,000: ratio 4.17 -> 0. Three months is R3,000 -> 10 points, +10.
    const big = computeCreditScore(creator({ monthlyRevenue: '1000.00', requestedAmount: 50_000 }));
    expect(tips(big, 'platform_revenue')).toContain(
      'Request R 3 000 or less, at most 3 months of your revenue (+10 points)',
    );
    // Revenue 600, request 5,000: ratio 0.69 -> 4. Three months (R1,800) is below the R2,000 minimum, six
    // months is R3,600 -> 7 points, +3.
    const mid = computeCreditScore(creator({ monthlyRevenue: '600.00', requestedAmount: 5_000 }));
    expect(factor(mid, 'platform_revenue', 'Repayment capacity')).toBe(4);
    expect(tips(mid, 'platform_revenue')).toContain(
      'Request R 3 600 or less, at most 6 months of your revenue (+3 points)',
    );
    // Revenue 100: even twelve months (R1,200) is below the minimum request, so no capacity tip at all.
    const tiny = computeCreditScore(creator({ monthlyRevenue: '100.00', requestedAmount: 2_000 }));
    expect(tips(tiny, 'platform_revenue').some((t) => t.startsWith('Request'))).toBe(false);
  });

  it('suggests only the missing profile items', () => {
    const result = computeCreditScore(creator({ bio: 'Poet', city: 'Gqeberha' }));
    expect(tips(result, 'community_impact').filter((t) => t.includes('Settings'))).toEqual([
      'Add your bank details in Settings (+2 points)',
    ]);
    const complete = computeCreditScore(creator({ bio: 'Poet', city: 'Gqeberha', hasBankDetails: true }));
    expect(tips(complete, 'community_impact').some((t) => t.includes('Settings'))).toBe(false);
  });

  it('points a known engagement at the next step', () => {
    const result = computeCreditScore(
      creator({ connectedPlatforms: [{ platform: 'youtube', verified: true, engagement: 2.5 }] }),
    );
    // 2.5 % -> 4; 3 % -> 7: +3. Visionary is still unconnected but engagement is already known.
    expect(tips(result, 'community_impact').filter((t) => t.includes('engagement'))).toEqual([
      'Raise your engagement rate to 3% (+3 points)',
    ]);
  });

  it('suggests no use-of-funds tip when a top purpose is selected, and nothing for a maxed part', () => {
    const result = computeCreditScore(creator({ useOfFunds: ['working_capital'] }));
    expect(tips(result, 'growth')).toEqual([]);
    expect(part(result, 'growth').points).toBe(5);
  });

  it('tells a part-time creator only about full-time', () => {
    const result = computeCreditScore(creator({ creatorType: 'part-time' }));
    expect(tips(result, 'creative_portfolio')).toContain(
      'If creating is now your full-time work, update your creator type in Settings (+2 points)',
    );
    const full = computeCreditScore(creator({ creatorType: 'full-time' }));
    expect(tips(full, 'creative_portfolio').some((t) => t.includes('creator type'))).toBe(false);
  });
});

describe('determinism', () => {
  it('gives the same result for the same input and never mutates it', () => {
    const input = strongCreator();
    input.connectedPlatforms[0]!.engagement = 2.5;
    const before = structuredClone(input);
    const frozen = deepFreeze(structuredClone(input));
    const first = computeCreditScore(input);
    const second = computeCreditScore(input);
    expect(second).toEqual(first);
    expect(computeCreditScore(frozen)).toEqual(first);
    expect(input).toEqual(before);
  });

  it('does not depend on the order platforms are listed in', () => {
    const input = strongCreator();
    const reversed = {
      ...input,
      connectedPlatforms: [...input.connectedPlatforms].reverse(),
    };
    expect(computeCreditScore(reversed).total).toBe(computeCreditScore(input).total);
  });
});

describe('invalid input', () => {
  it('refuses negative or unreadable stated revenue and a non-positive request', () => {
    expect(() => computeCreditScore(creator({ monthlyRevenue: -1 }))).toThrow(RangeError);
    expect(() => computeCreditScore(creator({ monthlyRevenue: '1,000' }))).toThrow(RangeError);
    expect(() => computeCreditScore(creator({ monthlyRevenue: Number.NaN }))).toThrow(RangeError);
    expect(() => computeCreditScore(creator({ requestedAmount: 0 }))).toThrow(RangeError);
    expect(() => computeCreditScore(creator({ requestedAmount: Number.POSITIVE_INFINITY }))).toThrow(
      RangeError,
    );
  });
});

describe('scoreBand and riskLevel', () => {
  it('draws the bands at 60 and 80', () => {
    expect(scoreBand(0)).toBe('Fair');
    expect(scoreBand(59)).toBe('Fair');
    expect(scoreBand(60)).toBe('Good');
    expect(scoreBand(79)).toBe('Good');
    expect(scoreBand(80)).toBe('Excellent');
    expect(scoreBand(100)).toBe('Excellent');
    expect(scoreBand(null)).toBe('N/A');
    expect(scoreBand(undefined)).toBe('N/A');
    expect(scoreBand(Number.NaN)).toBe('N/A');
  });

  it('maps the same lines to risk levels', () => {
    expect(riskLevel(0)).toBe('High');
    expect(riskLevel(59)).toBe('High');
    expect(riskLevel(60)).toBe('Medium');
    expect(riskLevel(79)).toBe('Medium');
    expect(riskLevel(80)).toBe('Low');
    expect(riskLevel(100)).toBe('Low');
    expect(riskLevel(null)).toBeNull();
    expect(riskLevel(undefined)).toBeNull();
  });

  it('puts the computed band on the result', () => {
    expect(computeCreditScore(creator()).band).toBe(scoreBand(3));
  });
});

// The three worked examples of docs/credit-scoring.md; if one of these fails, fix the document too.
describe('worked examples of docs/credit-scoring.md', () => {
  it('A: a new hobby creator scores 37 (cost 31.3 %, withholding 34 %)', () => {
    const input = creator({
      monthlyRevenue: '1500.00',
      requestedAmount: 2_000,
      useOfFunds: ['equipment_purchase'],
      bio: 'Short comedy sketches in isiZulu.',
      city: 'Durban',
      manualPlatforms: [
        {
          platform: 'TikTok',
          estimatedFollowers: 800,
          estimatedRevenue: 1_000,
          hasProof: true,
          proofVerified: true,
        },
      ],
    });
    const result = computeCreditScore(input);
    // Platform 5 + 10 + 4 = 19; Portfolio 4 + 2 + 1 = 7; Community 0 + 3 = 3; Growth 5 + 3 = 8.
    expect(result.parts.map((p) => p.factors.map((f) => f.points))).toEqual([
      [5, 10, 4],
      [4, 2, 1],
      [0, 3],
      [5, 3],
    ]);
    expect(result.total).toBe(37);
    expect(result.band).toBe('Fair');
    expect(riskLevel(result.total)).toBe('High');
    expect(tips(result, 'growth')).toContain(
      'Show at least R 200 more of your monthly income with a verified connection or proof of earnings (+2 points)',
    );
    expect(previewTerms({ requestedAmount: 2_000, monthlyRevenue: '1500.00', creditScore: 37 })).toEqual({
      costAmount: '626.00',
      costPercentage: 31.3,
      totalAmount: '2626.00',
      monthlyWithholding: '510.00',
      installmentAmount: '510.00',
      estimatedMonthlyWithholding: '510.00',
      withholdingPercentage: 34,
      estimatedPeriod: 6,
      legal: null,
    });
  });

  it('B: a mid part-time creator scores 72 (cost 27.8 %, withholding 29 %)', () => {
    const input = creator({
      monthlyRevenue: '8000.00',
      requestedAmount: 30_000,
      useOfFunds: ['working_capital', 'living_expenses'],
      creatorType: 'part-time',
      bio: 'Phone and laptop reviews for South African buyers.',
      country: 'South Africa',
      hasBankDetails: true,
      connectedPlatforms: [
        { platform: 'youtube', verified: true, followers: 12_000, engagement: 3.5, monthlyEarnings: 5_000 },
      ],
      manualPlatforms: [
        {
          platform: 'Instagram',
          estimatedFollowers: 4_000,
          estimatedRevenue: 1_500,
          hasProof: true,
          proofVerified: true,
        },
      ],
    });
    const result = computeCreditScore(input);
    // Platform 15 + 7 + 12 = 34; Portfolio 7 + 6 + 3 = 16; Community 7 + 5 = 12; Growth 5 + 5 = 10.
    expect(result.parts.map((p) => p.factors.map((f) => f.points))).toEqual([
      [15, 7, 12],
      [7, 6, 3],
      [7, 5],
      [5, 5],
    ]);
    expect(result.total).toBe(72);
    expect(result.band).toBe('Good');
    expect(riskLevel(result.total)).toBe('Medium');
    expect(tips(result, 'platform_revenue')).toEqual([
      'Grow your monthly platform revenue to R 10 000 (+5 points)',
      'Request R 24 000 or less, at most 3 months of your revenue (+3 points)',
      'Connect Visionary to verify your platform income (+3 points)',
      'Add another platform you earn on, with proof of earnings (+3 points)',
    ]);
    expect(previewTerms({ requestedAmount: 30_000, monthlyRevenue: '8000.00', creditScore: 72 })).toEqual({
      costAmount: '8340.00',
      costPercentage: 27.8,
      totalAmount: '38340.00',
      monthlyWithholding: '3195.00',
      installmentAmount: '3195.00',
      estimatedMonthlyWithholding: '2320.00',
      withholdingPercentage: 29,
      estimatedPeriod: 12,
      legal: null,
    });
  });

  it('C: a strong full-time creator scores 97 (cost 25.3 %, withholding 25 %)', () => {
    const input: ScoringInput = {
      monthlyRevenue: '22000.00',
      requestedAmount: 50_000,
      useOfFunds: ['equipment_purchase'],
      creatorType: 'full-time',
      bio: 'Amapiano producer; studio sessions and tutorials.',
      country: 'South Africa',
      city: 'Cape Town',
      hasBankDetails: true,
      connectedPlatforms: [
        { platform: 'youtube', verified: true, followers: 150_000, engagement: 5.4, monthlyEarnings: 14_000 },
        { platform: 'visionary', verified: true, followers: 20_000, engagement: 4.1, monthlyEarnings: 5_500 },
      ],
      manualPlatforms: [
        {
          platform: 'TikTok',
          estimatedFollowers: 35_000,
          estimatedRevenue: 2_500,
          hasProof: true,
          proofVerified: true,
        },
      ],
    };
    const result = computeCreditScore(input);
    // Platform 25 + 10 + 15 = 50; Portfolio 10 + 10 + 5 = 25; Community 7 + 5 = 12; Growth 5 + 5 = 10.
    expect(result.parts.map((p) => p.points)).toEqual([50, 25, 12, 10]);
    expect(result.total).toBe(97);
    expect(result.band).toBe('Excellent');
    expect(riskLevel(result.total)).toBe('Low');
    expect(tips(result, 'community_impact')).toEqual(['Raise your engagement rate to 6% (+3 points)']);
    expect(previewTerms({ requestedAmount: 50_000, monthlyRevenue: '22000.00', creditScore: 97 })).toEqual({
      costAmount: '12650.00',
      costPercentage: 25.3,
      totalAmount: '62650.00',
      monthlyWithholding: '5500.00',
      installmentAmount: '5500.00',
      estimatedMonthlyWithholding: '5500.00',
      withholdingPercentage: 25,
      estimatedPeriod: 12,
      legal: null,
    });
  });
});

describe('verified earnings (docs/platform-earnings.md)', () => {
  const month = (m: number, amount: string, source = 'platform_api', platform = 'youtube') => ({
    year: 2026,
    month: m,
    earningsAmount: amount,
    source,
    platform,
  });

  it('averages the latest three verified months, one figure a month, and names the newest source', () => {
    expect(verifiedEarningsOf([])).toBeNull();
    expect(verifiedEarningsOf([month(10, '9000.00', 'admin', 'admin')])).toBeNull();
    expect(verifiedEarningsOf([month(10, '9061.70')])).toEqual({
      amount: '9061.70',
      description: 'verified from YouTube Analytics, Oct 2026',
    });
    const many = verifiedEarningsOf([
      month(7, '1.00'),
      month(8, '3000.00'),
      month(9, '4000.00', 'payout_verified'),
      month(9, '3500.00'),
      month(10, '5000.01', 'payout_verified', 'youtube'),
      month(11, '99999.00', 'admin', 'admin'),
    ]);
    // (3000 + 4000 + 5000.01) / 3 = 4000.0033 → 4000.00; July is older than the three latest.
    expect(many).toEqual({
      amount: '4000.00',
      description: 'verified from AdSense payouts, average of 3 months to Oct 2026',
    });
    expect(verifiedEarningsOf([month(10, '10.00', 'platform_api', 'patreon+youtube')])?.description).toBe(
      'verified from Patreon pledges and YouTube Analytics, Oct 2026',
    );
  });

  it('scores the revenue level and capacity on verified earnings and says which, instead of the stated revenue', () => {
    const stated = computeCreditScore(creator({ monthlyRevenue: '2000.00', requestedAmount: 20_000 }));
    const verified = computeCreditScore(
      creator({
        monthlyRevenue: '2000.00',
        requestedAmount: 20_000,
        verifiedEarnings: { amount: '30000.00', description: 'verified from YouTube Analytics, Oct 2026' },
      }),
    );
    const factor = (r: CreditScoreResult, label: string) => {
      const found = part(r, 'platform_revenue').factors.find((f) => f.label === label)!;
      return { ...found, detail: found.detail.replace(/\u00a0/g, ' ') };
    };
    expect(factor(stated, 'Revenue level').detail).toBe('Stated monthly revenue R 2 000,00, as you declared');
    expect(factor(verified, 'Revenue level').detail).toBe(
      'Monthly earnings R 30 000,00, verified from YouTube Analytics, Oct 2026',
    );
    expect(factor(verified, 'Revenue level').points).toBeGreaterThan(factor(stated, 'Revenue level').points);
    expect(factor(verified, 'Repayment capacity').detail).toMatch(/of a year of verified earnings$/);
    expect(factor(verified, 'Repayment capacity').points).toBeGreaterThanOrEqual(
      factor(stated, 'Repayment capacity').points,
    );
    // Verified earnings corroborate the stated revenue in full.
    const corroboration = (r: CreditScoreResult) =>
      part(r, 'growth').factors.find((f) => f.label === 'Revenue corroboration')!;
    expect(corroboration(verified).points).toBe(corroboration(verified).max);
    expect(corroboration(stated).points).toBe(0);
  });

  it('lowers the score where verified earnings are below what was stated', () => {
    const input = strongCreator();
    const stated = computeCreditScore(input);
    const lower = computeCreditScore({
      ...input,
      verifiedEarnings: { amount: '3000.00', description: 'verified from AdSense payouts, Oct 2026' },
    });
    expect(lower.total).toBeLessThan(stated.total);
  });
});
