// What the advisor and the admin analysis know about one creator: only that creator's own rows, reduced
// to the figures advice needs. Nothing here ever reads another user's data.
import Decimal from 'decimal.js';
import { baseStatus } from '../../../shared/status-machine';
import type { DbOrTx } from '../../db/client';
import { loadApplications } from '../applications/applications.repository';
import type { SessionUser } from '../sessions/sessions.service';
import { findUserById } from '../users/users.repository';

export type PlatformFigures = {
  name: string;
  followers: number;
  engagementPercent: number | null;
  monthlyEarnings: number | null;
  verified: boolean;
  source: 'connected' | 'manual';
};

export type CreatorContext = {
  firstName: string;
  creatorType: string | null;
  country: string | null;
  city: string | null;
  platforms: PlatformFigures[];
  totalFollowers: number;
  /** Monthly revenue declared on the latest application, 2-decimal string. */
  monthlyRevenue: string | null;
  score: { total: number; parts: { label: string; points: number; max: number; tips: string[] }[] } | null;
  latestApplication: { id: number; status: string; requestedAmount: string; createdAt: string } | null;
  applicationsCount: number;
  activePlan: {
    applicationId: number;
    totalAmount: string;
    remainingAmount: string;
    paidAmount: string;
    installmentAmount: string;
    withholdingPercentage: string | null;
    nextPaymentDate: string | null;
    paymentsCount: number;
    lastPaymentDate: string | null;
  } | null;
  defaulted: boolean;
};

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export async function loadCreatorContext(
  db: DbOrTx,
  userOrId: SessionUser | number,
): Promise<CreatorContext> {
  const user = typeof userOrId === 'number' ? await findUserById(db, userOrId) : userOrId;
  if (!user) throw new Error('loadCreatorContext: no such user');
  const apps = (await loadApplications(db, { userId: user.id })).sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
  );
  const latest = apps[0];

  const platforms: PlatformFigures[] = Object.entries(user.socialMediaData ?? {}).map(([key, entry]) => ({
    name: String(entry.platform ?? key),
    followers: num(entry.followers) ?? 0,
    engagementPercent: num(entry.engagement),
    monthlyEarnings: num(entry.monthlyEarnings),
    verified: entry.verified === true,
    source: 'connected' as const,
  }));
  for (const m of latest?.manualPlatforms ?? []) {
    if (platforms.some((p) => p.name.toLowerCase() === m.platform.toLowerCase())) continue;
    platforms.push({
      name: m.platform,
      followers: num(m.estimatedFollowers) ?? 0,
      engagementPercent: null,
      monthlyEarnings: num(m.estimatedRevenue),
      verified: false,
      source: 'manual',
    });
  }

  const active = apps.find((a) => baseStatus(a.status) === 'active' && a.schedule);
  const schedule = active?.schedule;
  const payments = schedule?.payments ?? [];
  const lastPayment = [...payments].sort(
    (a, b) => b.paymentDate.localeCompare(a.paymentDate) || b.id - a.id,
  )[0];

  return {
    firstName: user.firstName,
    creatorType: user.creatorType,
    country: user.country,
    city: user.city,
    platforms,
    totalFollowers: platforms.reduce((sum, p) => sum + p.followers, 0),
    monthlyRevenue: latest ? latest.monthlyRevenue : null,
    score:
      latest?.creditScoreBreakdown && latest.creditScore !== null
        ? {
            total: latest.creditScore,
            parts: latest.creditScoreBreakdown.parts.map((p) => ({
              label: p.label,
              points: p.points,
              max: p.max,
              tips: p.tips,
            })),
          }
        : null,
    latestApplication: latest
      ? {
          id: latest.id,
          status: latest.status,
          requestedAmount: latest.requestedAmount,
          createdAt: latest.createdAt.toISOString(),
        }
      : null,
    applicationsCount: apps.length,
    activePlan:
      active && schedule
        ? {
            applicationId: active.id,
            totalAmount: schedule.totalAmount,
            remainingAmount: schedule.remainingAmount,
            paidAmount: new Decimal(schedule.totalAmount).minus(schedule.remainingAmount).toFixed(2),
            installmentAmount: schedule.installmentAmount,
            withholdingPercentage: schedule.withholdingPercentage,
            nextPaymentDate: schedule.nextPaymentDate ?? null,
            paymentsCount: payments.length,
            lastPaymentDate: lastPayment?.paymentDate ?? null,
          }
        : null,
    defaulted: apps.some((a) => baseStatus(a.status) === 'defaulted'),
  };
}

/** Whole numbers the en-ZA way ('48 200'). */
export { formatCount } from '../../../shared/format';

/** Platforms by audience, largest first, and the largest one's share of all followers (whole percent). */
export function audienceByPlatform(ctx: CreatorContext) {
  const platforms = [...ctx.platforms].sort((a, b) => b.followers - a.followers);
  const top = platforms[0];
  const topShare =
    top && ctx.totalFollowers > 0 ? Math.round((top.followers * 100) / ctx.totalFollowers) : null;
  return { platforms, top, topShare };
}

/** The score's parts from the weakest (smallest share of its maximum) to the strongest; empty when unscored. */
export const scorePartsByStrength = (ctx: CreatorContext) =>
  ctx.score ? [...ctx.score.parts].sort((a, b) => a.points / a.max - b.points / b.max) : [];
