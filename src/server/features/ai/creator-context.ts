// What the advisor and the admin analysis know about one creator: only that creator's own rows, reduced
// to the figures advice needs. Nothing here ever reads another user's data.
import Decimal from 'decimal.js';
import { platformName } from '../../../shared/platform-names';
import { baseStatus } from '../../../shared/status-machine';
import type { Deps } from '../../lib/deps';
import { loadApplications, signedQuote } from '../loans';
import { loanStanding } from '../servicing/servicing.service';
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
  /**
   * The loan being repaid (active or in default) where it stands today, from the server's own position: what the
   * creator asks the advisor about. Null without one.
   */
  loan: {
    applicationId: number;
    status: 'active' | 'defaulted';
    totalAmount: string;
    /** What is still owed. */
    balance: string;
    paidAmount: string;
    installmentAmount: string;
    withholdingPercentage: string | null;
    /** Overdue (0.00 when up to date), and days late counted from `oldestUnpaidDueDate`. */
    amountOverdue: string;
    daysPastDue: number;
    /** Due date of the oldest instalment not fully paid, when it is late; null when nothing is late. */
    oldestUnpaidDueDate: string | null;
    /** The next instalment not yet late, with what is open on it; null when none is left. */
    nextInstalment: { dueDate: string; amount: string } | null;
    /** What brings the loan up to date now: everything fallen due plus the instalment falling due next. */
    amountDueNow: string;
    /** The finance charge of the agreement, and its annualised cost rate (percent, fees included) from the quote. */
    financeCharge: string;
    annualCostRate: string | null;
    /** What settles the loan today (no fee), and the charge not yet earned it saves. */
    settlementAmount: string;
    settlementSaves: string;
    renegotiationEligible: boolean;
    consecutiveShortfalls: number;
    paymentsCount: number;
    lastPaymentDate: string | null;
  } | null;
  defaulted: boolean;
};

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export async function loadCreatorContext(
  deps: Deps,
  userOrId: SessionUser | number,
): Promise<CreatorContext> {
  const { db } = deps;
  const user = typeof userOrId === 'number' ? await findUserById(db, userOrId) : userOrId;
  if (!user) throw new Error('loadCreatorContext: no such user');
  const apps = (await loadApplications(db, { userId: user.id })).sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
  );
  const latest = apps[0];

  const platforms: PlatformFigures[] = Object.entries(user.socialMediaData ?? {}).map(([key, entry]) => ({
    name: platformName(key, entry.platform),
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

  const repaying = apps.find((a) => ['active', 'defaulted'].includes(baseStatus(a.status)) && a.schedule);
  const schedule = repaying?.schedule;
  const standing = repaying ? await loanStanding(deps, repaying.id) : null;
  const payments = (schedule?.payments ?? []).filter((p) => !p.reversedAt);
  const lastPayment = [...payments].sort(
    (a, b) => b.paymentDate.localeCompare(a.paymentDate) || b.id - a.id,
  )[0];
  const quote = schedule ? await signedQuote(db, schedule.quoteId) : undefined;
  const late = standing !== null && standing.position.daysPastDue > 0;

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
    loan:
      repaying && schedule && standing
        ? {
            applicationId: repaying.id,
            status: baseStatus(repaying.status) === 'defaulted' ? 'defaulted' : 'active',
            totalAmount: schedule.totalAmount,
            balance: standing.balance,
            paidAmount: new Decimal(schedule.totalAmount).minus(standing.balance).toFixed(2),
            installmentAmount: schedule.installmentAmount,
            withholdingPercentage: schedule.withholdingPercentage,
            amountOverdue: standing.position.amountOverdue,
            daysPastDue: standing.position.daysPastDue,
            oldestUnpaidDueDate: late ? standing.position.nextPaymentDate : null,
            nextInstalment: standing.position.nextInstalment
              ? {
                  dueDate: standing.position.nextInstalment.dueDate,
                  amount: standing.position.nextInstalment.outstanding,
                }
              : null,
            amountDueNow: standing.position.amountDueNow,
            financeCharge: schedule.costAmount,
            annualCostRate: quote?.annualCostRate ?? null,
            settlementAmount: standing.settlement.amount,
            settlementSaves: standing.settlement.rebate,
            renegotiationEligible: standing.renegotiationEligible,
            consecutiveShortfalls: standing.consecutiveShortfalls,
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
