// The monthly earnings job (docs/platform-earnings.md, docs/operations.md "Jobs"): for every loan whose plan withholds
// from platform earnings, last month's earnings read from the creator's connected platforms, converted to rand at the
// month-end rate where they are in dollars, and proposed for review, one proposal per loan and month (the unique
// index; any number of runs, on any number of instances, write one). A platform that fails is recorded on the
// proposal and on the connection, and the job goes on with the next loan; the next run tries the failed ones again.
import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import { businessDate } from '../../../shared/business-date';
import type { EarningsPlatform } from '../../../shared/constants';
import { toMoneyString } from '../../../shared/finance/money';
import {
  combineParts,
  earningsWithholding,
  lastDayOfMonth,
  type MonthPart,
  previousMonthOf,
} from '../../../shared/finance/platform-earnings';
import { feeWithinQuote } from '../../../shared/finance/platform-fee';
import { platformName } from '../../../shared/platform-names';
import type { Db } from '../../db/client';
import type { EarningsPart, PlatformToken } from '../../db/types';
import type { Deps } from '../../lib/deps';
import {
  type EarningsLoan,
  loansToRead,
  type ProposalValues,
  proposeEarnings,
  scheduleTermsOf,
} from './earnings-proposals.repository';
import { approveProposal } from './earnings-review.service';
import { accessTokenFor, earningsTokensOf, noteTokenError, noteTokenRead } from './earnings-tokens.service';
import {
  adsensePayoutFor,
  PlatformError,
  patreonMonthlyPledges,
  usdZarRate,
  youtubeMonthRevenue,
} from './platform-clients';

export type Month = { year: number; month: number; end: string };

/** One platform's figure for the month, with the token it was read with. */
async function readPlatform(deps: Deps, token: PlatformToken, month: Month, now: Date): Promise<MonthPart> {
  const { config, db } = deps;
  const access = await accessTokenFor(db, config, token, now);
  const platform = token.platform as EarningsPlatform;
  if (platform === 'patreon') {
    if (!token.accountId) throw new PlatformError('Patreon: the connection has no campaign');
    const usd = await patreonMonthlyPledges(config.patreon.apiUrl, access, token.accountId);
    return { platform, currency: 'USD', amount: usd.toFixed(2), verified: false };
  }
  // YouTube: the payout AdSense paid for the month when there is one (the money itself), else the estimate.
  const payout = token.scopes.includes('adsense')
    ? await adsensePayoutFor(config.youtube.adsenseUrl, access, month.year, month.month)
    : null;
  if (payout) return { platform, currency: payout.currency, amount: payout.amount, verified: true };
  const usd = await youtubeMonthRevenue(
    config.youtube.analyticsUrl,
    access,
    month.year,
    month.month,
    month.end,
  );
  return { platform, currency: 'USD', amount: usd.toFixed(2), verified: false };
}

export type Rate = { rate: string; source: string } | { error: string };

export type EarningsRunSummary = {
  loans: number;
  proposed: number;
  failed: number;
  needsRate: number;
  autoApproved: number;
};

/** Reads last month's earnings for every platform-earnings loan and proposes the withholding. */
export async function readPlatformEarnings(deps: Deps, log?: FastifyBaseLogger): Promise<EarningsRunSummary> {
  const { db, config, clock } = deps;
  const now = clock.now();
  const { year, month } = previousMonthOf(businessDate(now));
  const target: Month = { year, month, end: lastDayOfMonth(year, month) };
  const loans = await loansToRead(db, year, month, target.end);
  const summary: EarningsRunSummary = {
    loans: loans.length,
    proposed: 0,
    failed: 0,
    needsRate: 0,
    autoApproved: 0,
  };
  // One rate per run: every loan's month ends on the same day.
  let rate: Promise<Rate> | undefined;
  const rateFor = () => {
    if (!config.fx)
      return Promise.resolve<Rate>({ error: 'No exchange-rate service is configured (FX_API_URL).' });
    rate ??= usdZarRate(config.fx, target.end).catch((error: unknown) => ({
      error: error instanceof PlatformError ? error.message : 'The exchange-rate service failed.',
    }));
    return rate;
  };
  for (const loan of loans) {
    try {
      const row = await proposeFor(deps, loan, target, rateFor, now);
      if (!row) continue;
      summary.proposed += 1;
      if (row.status === 'failed') summary.failed += 1;
      if (row.status === 'needs_rate') summary.needsRate += 1;
      if (
        config.earningsAutoApproveVerified &&
        row.status === 'pending' &&
        row.source === 'payout_verified'
      ) {
        // Refused (the balance is paid, another run approved it): it stays in the queue for an admin.
        const approved = await approveProposal(deps, row.id, null).catch(() => null);
        if (approved) summary.autoApproved += 1;
      }
    } catch (err) {
      // One loan's trouble (its schedule gone, the database busy) does not stop the others; the next run retries it.
      log?.error({ err, applicationId: loan.application_id }, 'earnings proposal failed');
    }
  }
  if (summary.loans > 0) log?.info({ ...summary, year, month }, 'platform earnings read');
  return summary;
}

async function proposeFor(
  deps: Deps,
  loan: EarningsLoan,
  target: Month,
  rateFor: () => Promise<Rate>,
  now: Date,
) {
  const { db } = deps;
  const tokens = await earningsTokensOf(db, loan.user_id);
  const parts: EarningsPart[] = [];
  const failures: string[] = [];
  for (const token of tokens) {
    try {
      parts.push(await readPlatform(deps, token, target, now));
      await noteTokenRead(db, token, now);
    } catch (error) {
      const message =
        error instanceof PlatformError
          ? error.message
          : `${platformName(token.platform)}: the earnings could not be read`;
      failures.push(message);
      await noteTokenError(db, token, message, now);
    }
  }
  return writeProposal(
    db,
    loan,
    target,
    { platform: tokens.map((t) => t.platform).join('+'), parts, failures },
    rateFor,
    now,
  );
}

/**
 * The proposal for a loan's month from what was read: failed while any platform failed (a month read in part would
 * withhold too little), waiting for a rate while dollars cannot be converted, else pending with the withholding.
 */
export async function writeProposal(
  db: Db,
  loan: { application_id: number; user_id: number },
  target: Month,
  read: { platform: string; parts: EarningsPart[]; failures: string[] },
  rateFor: () => Promise<Rate>,
  now: Date,
) {
  const { parts, failures } = read;
  const base: ProposalValues = {
    applicationId: loan.application_id,
    userId: loan.user_id,
    year: target.year,
    month: target.month,
    platform: read.platform,
    source: 'platform_api',
    status: 'failed',
    earningsAmount: null,
    originalCurrency: null,
    originalAmount: null,
    fxRate: null,
    fxDate: null,
    fxSource: null,
    proposedPayment: null,
    proposedFee: null,
    parts,
    reason: null,
  };
  // A month read in part would withhold too little: it waits until every platform answers.
  if (failures.length > 0) return proposeEarnings(db, { ...base, reason: failures.join(' ') }, now);
  const needsUsd = parts.some((p) => p.currency === 'USD');
  const rate = needsUsd ? await rateFor() : null;
  const combined = combineParts(parts, rate && 'rate' in rate ? rate.rate : null);
  if ('unsupported' in combined) {
    return proposeEarnings(
      db,
      { ...base, reason: `Earnings in ${combined.unsupported} cannot be converted yet.` },
      now,
    );
  }
  const withOriginal = {
    ...base,
    source: combined.source,
    originalCurrency: combined.originalCurrency,
    originalAmount: toMoneyString(combined.originalAmount),
  };
  if ('needsRate' in combined || !('earnings' in combined)) {
    const reason = rate && 'error' in rate ? rate.error : 'No exchange rate.';
    return proposeEarnings(db, { ...withOriginal, status: 'needs_rate', fxDate: target.end, reason }, now);
  }
  const proposed = await proposedWithholding(db, loan.application_id, combined.earnings);
  return proposeEarnings(
    db,
    {
      ...withOriginal,
      status: 'pending',
      earningsAmount: toMoneyString(combined.earnings),
      ...(rate && 'rate' in rate ? { fxRate: rate.rate, fxDate: target.end, fxSource: rate.source } : {}),
      proposedPayment: toMoneyString(proposed.payment),
      proposedFee: toMoneyString(proposed.fee),
    },
    now,
  );
}

/** What approving now would record: the shared withholding rule on the balance, and the servicing's fee on it. */
async function proposedWithholding(db: Db, applicationId: number, earnings: Decimal) {
  const schedule = await scheduleTermsOf(db, applicationId);
  if (!schedule) return { payment: new Decimal(0), fee: new Decimal(0) };
  const { payment } = earningsWithholding(
    earnings,
    schedule.withholdingPercentage ?? 0,
    schedule.remainingAmount,
  );
  const fee = payment.gt(0)
    ? feeWithinQuote(payment, schedule.platformFeeRate, schedule.quotedFees, schedule.feesPaid)
    : new Decimal(0);
  return { payment, fee };
}
