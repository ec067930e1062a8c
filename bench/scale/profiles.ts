// Applicant profiles for the scale book, each scored by the product's own credit score (so every
// application carries a real 2 KB breakdown, as submitted applications do). The builder spreads the
// applications over these profiles in SQL.
import { USE_OF_FUNDS } from '../../src/shared/constants';
import { computeCreditScore, type ScoringInput } from '../../src/shared/scoring/credit-score';

export type BookProfile = {
  p: number;
  requestedAmount: number;
  monthlyRevenue: string;
  useOfFunds: string[];
  socialMediaData: Record<string, unknown>;
  score: number;
  breakdown: unknown;
};

/** mulberry32: a small deterministic generator, so the same book comes out every time. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLATFORMS = ['youtube', 'tiktok', 'instagram', 'twitch', 'facebook'] as const;
const CITIES = ['Johannesburg', 'Cape Town', 'Durban', 'Pretoria', 'Gqeberha', 'Soweto', 'Default'];
const CREATOR_TYPES = ['full-time', 'part-time', 'hobby'] as const;

export function bookProfiles(count: number): BookProfile[] {
  const random = generator(20_261_123);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const profiles: BookProfile[] = [];
  for (let p = 0; p < count; p++) {
    const requestedAmount = 2_000 + 500 * Math.floor(random() * 97);
    const monthlyRevenue = (50 * Math.round((3_000 + random() * 77_000) / 50)).toFixed(2);
    const funds = new Set([pick(USE_OF_FUNDS.filter((u) => u !== 'other'))]);
    if (random() < 0.4) funds.add(pick(USE_OF_FUNDS.filter((u) => u !== 'other')));
    const connected: ScoringInput['connectedPlatforms'] = [];
    const socialMediaData: Record<string, unknown> = {};
    const platformCount = Math.floor(random() * 4);
    for (const platform of [...PLATFORMS].sort(() => random() - 0.5).slice(0, platformCount)) {
      const entry = {
        platform,
        verified: true,
        followers: Math.round(500 + random() ** 3 * 500_000),
        engagement: Math.round((0.5 + random() * 11.5) * 10) / 10,
        monthlyEarnings: Math.round(500 + random() ** 2 * 60_000),
      };
      connected.push(entry);
      socialMediaData[platform] = { ...entry, status: 'connected' };
    }
    const score = computeCreditScore({
      monthlyRevenue,
      requestedAmount,
      useOfFunds: [...funds],
      creatorType: pick(CREATOR_TYPES),
      bio: random() < 0.5 ? 'I make videos about township food, music and small business in Mzansi.' : null,
      country: random() < 0.9 ? 'South Africa' : 'Default',
      city: pick(CITIES),
      hasBankDetails: random() < 0.7,
      connectedPlatforms: connected,
      manualPlatforms: [],
    });
    profiles.push({
      p,
      requestedAmount,
      monthlyRevenue,
      useOfFunds: [...funds],
      socialMediaData,
      score: score.total,
      breakdown: score,
    });
  }
  return profiles;
}
