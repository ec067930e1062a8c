// The earnings review queue's rows (docs/platform-earnings.md): the loans the monthly job reads, one proposal per
// loan and month (the unique index decides, never a read before the write), the admins' paged list, and the
// decision written under the row's lock.
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { EarningsProposalStatus, EarningsSource } from '../../../shared/constants';
import { type DbOrTx, queryRows } from '../../db/client';
import { earningsProposals, financingApplications, repaymentSchedules, users } from '../../db/schema';
import type { EarningsPart } from '../../db/types';

export type EarningsLoan = {
  application_id: number;
  user_id: number;
  start_day: string;
};

/**
 * The loans whose plan withholds from platform earnings, with a balance, paid out by the month's end, whose creator
 * has connected a platform for earnings, and whose month is still open: no proposal yet, or one the job may write
 * again (failed, waiting for a rate, or an estimate a payout may now verify), and no earnings payment for the month.
 */
export function loansToRead(db: DbOrTx, year: number, month: number, monthEnd: string) {
  return queryRows<EarningsLoan>(
    db,
    sql`select s.application_id, s.user_id,
        coalesce(s.paid_out_on, (s.start_date at time zone 'Africa/Johannesburg')::date)::text as start_day
      from repayment_schedules s
      join financing_applications a on a.id = s.application_id
      where s.payment_method = 'platform_earnings'
        and s.withholding_percentage > 0
        and s.remaining_amount > 0
        and a.status in ('active', 'defaulted', 'active_testing', 'defaulted_testing')
        and coalesce(s.paid_out_on, (s.start_date at time zone 'Africa/Johannesburg')::date) <= ${monthEnd}::date
        and exists (select 1 from platform_tokens t where t.user_id = s.user_id)
        and not exists (
          select 1 from earnings_proposals p
          where p.application_id = s.application_id and p.year = ${year} and p.month = ${month}
            and not (p.status in ('failed', 'needs_rate') or (p.status = 'pending' and p.source = 'platform_api')))
        and not exists (
          select 1 from payments pay
          where pay.application_id = s.application_id and pay.kind = 'earnings' and pay.reversed_at is null
            and pay.earnings_year = ${year} and pay.earnings_month = ${month})
      order by s.application_id`,
  );
}

export type ProposalValues = {
  applicationId: number;
  userId: number;
  year: number;
  month: number;
  platform: string;
  source: EarningsSource;
  status: EarningsProposalStatus;
  earningsAmount: string | null;
  originalCurrency: string | null;
  originalAmount: string | null;
  fxRate: string | null;
  fxDate: string | null;
  fxSource: string | null;
  proposedPayment: string | null;
  proposedFee: string | null;
  parts: EarningsPart[];
  reason: string | null;
};

/**
 * The job's write: one row per loan and month whatever the number of runs. A row the job may write again (failed,
 * waiting for a rate) takes the new reading; a pending estimate takes a payout-verified one; nothing else changes.
 * Answers the row when this call wrote it, else nothing.
 */
export async function proposeEarnings(db: DbOrTx, values: ProposalValues, now: Date) {
  const [row] = await db
    .insert(earningsProposals)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [earningsProposals.applicationId, earningsProposals.year, earningsProposals.month],
      set: {
        platform: sql`excluded.platform`,
        source: sql`excluded.source`,
        status: sql`excluded.status`,
        earningsAmount: sql`excluded.earnings_amount`,
        originalCurrency: sql`excluded.original_currency`,
        originalAmount: sql`excluded.original_amount`,
        fxRate: sql`excluded.fx_rate`,
        fxDate: sql`excluded.fx_date`,
        fxSource: sql`excluded.fx_source`,
        proposedPayment: sql`excluded.proposed_payment`,
        proposedFee: sql`excluded.proposed_fee`,
        parts: sql`excluded.parts`,
        reason: sql`excluded.reason`,
        updatedAt: now,
      },
      setWhere: sql`${earningsProposals.status} in ('failed', 'needs_rate')
        or (${earningsProposals.status} = 'pending' and ${earningsProposals.source} = 'platform_api'
            and excluded.source = 'payout_verified')`,
    })
    .returning();
  return row;
}

/**
 * The admin's typed earnings as the month's record (source 'admin', approved with its payment): written in the
 * payment's transaction; a waiting proposal for the month gives way to it.
 */
export async function recordTypedEarnings(
  db: DbOrTx,
  values: ProposalValues & { paymentId: number; decidedBy: number },
  now: Date,
) {
  await db
    .insert(earningsProposals)
    .values({ ...values, decidedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [earningsProposals.applicationId, earningsProposals.year, earningsProposals.month],
      set: { ...values, decidedAt: now, updatedAt: now },
      // An approved month whose payment was reversed is open again: the typed figure becomes its record.
      setWhere: sql`${earningsProposals.status} <> 'approved'
        or exists (select 1 from payments p where p.id = ${earningsProposals.paymentId} and p.reversed_at is not null)`,
    });
}

export async function findProposal(db: DbOrTx, id: number) {
  const [row] = await db.select().from(earningsProposals).where(eq(earningsProposals.id, id));
  return row;
}

export async function lockProposal(db: DbOrTx, id: number) {
  const [row] = await db.select().from(earningsProposals).where(eq(earningsProposals.id, id)).for('update');
  return row;
}

export async function decideProposal(
  db: DbOrTx,
  id: number,
  values: {
    status: 'approved' | 'rejected';
    reason?: string | null;
    paymentId?: number | null;
    decidedBy: number | null;
  },
  now: Date,
) {
  await db
    .update(earningsProposals)
    .set({ ...values, decidedAt: now, updatedAt: now })
    .where(eq(earningsProposals.id, id));
}

export type ProposalFilter = {
  status?: EarningsProposalStatus;
  platform?: string;
  source?: EarningsSource;
};

export async function listProposals(
  db: DbOrTx,
  filter: ProposalFilter,
  paging: { page: number; pageSize: number },
) {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(earningsProposals.status, filter.status));
  if (filter.source) where.push(eq(earningsProposals.source, filter.source));
  // 'youtube' finds 'youtube' and 'youtube+patreon'.
  if (filter.platform)
    where.push(
      sql`(${earningsProposals.platform} = ${filter.platform} or ${earningsProposals.platform} like ${`%${filter.platform}%`})`,
    );
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        proposal: earningsProposals,
        creatorName: sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`,
        creatorUsername: users.username,
        remainingAmount: repaymentSchedules.remainingAmount,
        withholdingPercentage: repaymentSchedules.withholdingPercentage,
        applicationStatus: financingApplications.status,
      })
      .from(earningsProposals)
      .innerJoin(users, eq(users.id, earningsProposals.userId))
      .innerJoin(financingApplications, eq(financingApplications.id, earningsProposals.applicationId))
      .leftJoin(repaymentSchedules, eq(repaymentSchedules.applicationId, earningsProposals.applicationId))
      .where(condition)
      .orderBy(desc(earningsProposals.year), desc(earningsProposals.month), asc(earningsProposals.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db.select({ n: count() }).from(earningsProposals).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** How many proposals wait in each status (the tab's counts). */
export async function proposalCounts(db: DbOrTx) {
  const rows = await db
    .select({ status: earningsProposals.status, n: count() })
    .from(earningsProposals)
    .groupBy(earningsProposals.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
}

export function pendingVerifiedIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: earningsProposals.id })
    .from(earningsProposals)
    .where(
      and(
        inArray(earningsProposals.id, ids),
        eq(earningsProposals.status, 'pending'),
        eq(earningsProposals.source, 'payout_verified'),
      ),
    );
}

/**
 * A creator's approved months, newest first: what the credit score reads as verified earnings (docs/credit-scoring.md).
 * Admin-typed figures are the admin's word, not a platform's: they are left out, and so is a month whose payment was
 * reversed (recorded in error).
 */
export function verifiedMonthsOf(db: DbOrTx, userId: number, limit = 6) {
  return db
    .select({
      year: earningsProposals.year,
      month: earningsProposals.month,
      earningsAmount: earningsProposals.earningsAmount,
      source: earningsProposals.source,
      platform: earningsProposals.platform,
    })
    .from(earningsProposals)
    .where(
      and(
        eq(earningsProposals.userId, userId),
        eq(earningsProposals.status, 'approved'),
        inArray(earningsProposals.source, ['payout_verified', 'platform_api', 'proof']),
        sql`not exists (select 1 from payments p where p.id = ${earningsProposals.paymentId} and p.reversed_at is not null)`,
      ),
    )
    .orderBy(desc(earningsProposals.year), desc(earningsProposals.month))
    .limit(limit);
}

/** A schedule's withholding and fee terms as they are now (read without a lock: a proposal, not a payment). */
export async function scheduleTermsOf(db: DbOrTx, applicationId: number) {
  const [row] = await db
    .select({
      withholdingPercentage: repaymentSchedules.withholdingPercentage,
      remainingAmount: repaymentSchedules.remainingAmount,
      platformFeeRate: repaymentSchedules.platformFeeRate,
      quotedFees: repaymentSchedules.quotedFees,
      feesPaid: repaymentSchedules.feesPaid,
    })
    .from(repaymentSchedules)
    .where(eq(repaymentSchedules.applicationId, applicationId));
  return row;
}

export async function scheduleOwnerOf(db: DbOrTx, applicationId: number) {
  const [row] = await db
    .select({ userId: repaymentSchedules.userId })
    .from(repaymentSchedules)
    .where(eq(repaymentSchedules.applicationId, applicationId));
  return row;
}
