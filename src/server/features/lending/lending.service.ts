// The lending book: summary figures and rows (SQL in lending.repository), monthly earnings recorded as
// repayments, admin cancellation, and the default-marking job. Definitions are in docs/lending.md.
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { roundToCent, toMoneyString } from '../../../shared/finance/money';
import type {
  lendingCancelSchema,
  lendingFilterSchema,
  recordEarningsSchema,
} from '../../../shared/schemas/admin';
import { baseStatus, canTransition, sameWorld } from '../../../shared/status-machine';
import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { dashboardMode } from '../app-settings/app-settings.service';
import { toApiApplication } from '../applications/applications.mapper';
import {
  loadApplications,
  lockApplication,
  updateApplication,
} from '../applications/applications.repository';
import { recordAction } from '../audit/audit.repository';
import { lockScheduleByApplication, updateSchedule } from '../servicing/servicing.repository';
import { recordRepayment } from '../servicing/servicing.service';
import {
  type LendingFilter,
  lendingDetails,
  lendingSummary,
  overdueApplicationIds,
} from './lending.repository';

export const DEFAULT_AFTER_DAYS = 90;

async function filterOf(db: Db, query: z.output<typeof lendingFilterSchema>): Promise<LendingFilter> {
  return { ...query, status: query.status || undefined, mode: query.mode ?? (await dashboardMode(db)) };
}

export async function summary(db: Db, query: z.output<typeof lendingFilterSchema>) {
  const row = await lendingSummary(db, await filterOf(db, query));
  // Default rate: defaulted financings over all financings that money went out for (with a schedule).
  const defaultRate = row.financed_count
    ? new Decimal(row.defaulted_count).div(row.financed_count).times(100).toDecimalPlaces(2).toNumber()
    : 0;
  return {
    totalCreditDisbursed: row.total_credit_disbursed,
    totalRepayments: row.total_repayments,
    totalPlatformFees: row.total_platform_fees,
    averageInterestRate: Number(row.average_interest_rate),
    expectedReturns: row.expected_returns,
    totalExpectedReturn: row.total_expected_return,
    returnedSoFar: row.returned_so_far,
    remainingReturns: row.remaining_returns,
    activeApplicationsCount: row.active_count,
    defaultedCount: row.defaulted_count,
    financedCount: row.financed_count,
    defaultRate,
  };
}

export async function details(db: Db, query: z.output<typeof lendingFilterSchema>, now = new Date()) {
  const rows = await lendingDetails(db, await filterOf(db, query), now);
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    clientName: r.client_name,
    userEmail: r.user_email,
    requestedAmount: Number(r.requested_amount),
    monthlyRevenue: r.monthly_revenue,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    creditScore: r.credit_score,
    estimatedEarnings: r.monthly_revenue,
    withholdingRate: r.withholding_rate === null ? null : Number(r.withholding_rate),
    repaymentAmount: r.repayment_amount,
    platformFeeRate: r.platform_fee_rate === null ? null : Number(r.platform_fee_rate),
    platformFee: r.platform_fee,
    totalPaymentsMade: r.total_payments_made,
    remainingAmount: r.remaining_amount,
    nextPaymentDate: r.next_payment_date ? new Date(r.next_payment_date).toISOString() : null,
    daysPastDue: r.days_past_due,
  }));
}

/**
 * A month's platform earnings become a repayment of earnings × withholding %, capped at the remaining
 * balance (withholding stops when the loan is repaid). One record per application and month.
 */
export async function recordEarnings(db: Db, admin: User, input: z.output<typeof recordEarningsSchema>) {
  return db.transaction(async (tx) => {
    const schedule = await lockScheduleByApplication(tx, input.applicationId);
    if (!schedule) throw conflict('This application has no repayment schedule yet.');
    const withholding = new Decimal(schedule.withholdingPercentage ?? 0);
    if (withholding.lte(0)) throw conflict('This schedule has no withholding percentage.');
    const earnings = new Decimal(input.earningsAmount);
    const computed = roundToCent(earnings.times(withholding).div(100));
    const payment = Decimal.min(computed, new Decimal(schedule.remainingAmount));
    if (payment.lte(0)) throw conflict('Nothing is owed on this application.');
    const duplicate = await loadApplications(tx, { ids: [input.applicationId] });
    const already = duplicate[0]?.schedule?.payments.some(
      (p) =>
        p.kind === 'earnings' &&
        p.earningsMonth === input.earningsMonth &&
        p.earningsYear === input.earningsYear,
    );
    if (already) throw conflict('Earnings for this month are already recorded.');
    const result = await recordRepayment(tx, {
      applicationId: input.applicationId,
      amount: payment,
      paymentDate: new Date(),
      notes:
        input.notes ||
        `Withholding on ${input.earningsMonth}/${input.earningsYear} earnings of R${toMoneyString(earnings)}`,
      createdBy: admin.id,
      kind: 'earnings',
      earnings: { amount: earnings, month: input.earningsMonth, year: input.earningsYear },
    });
    return {
      payment: toMoneyString(payment),
      platformFee: result.payment.platformFee,
      remainingAmount: result.remainingAmount,
      completed: result.completed,
    };
  });
}

export async function cancelByAdmin(db: Db, admin: User, input: z.output<typeof lendingCancelSchema>) {
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, input.applicationId);
    if (!app) throw notFound(`Could not find application with ID ${input.applicationId}`);
    const target = sameWorld(app.status, 'cancelled');
    if (!canTransition(app.status, target, 'admin')) {
      throw conflict('Only applications under review or approved (or their test versions) can be cancelled.');
    }
    await updateApplication(tx, app.id, { status: target, cancellationReason: input.reason });
    await recordAction(tx, {
      userId: app.userId,
      adminId: admin.id,
      action: 'application_cancelled',
      notes: `#${app.id}: ${input.reason}`,
    });
    const [record] = await loadApplications(tx, { ids: [app.id] });
    return toApiApplication(record!);
  });
}

/** Marks active financing defaulted when a payment is more than 90 days overdue. Runs under a job lock. */
export async function markDefaults(db: Db, now = new Date()): Promise<number[]> {
  const ids = await overdueApplicationIds(db, now, DEFAULT_AFTER_DAYS);
  const marked: number[] = [];
  for (const id of ids) {
    await db.transaction(async (tx) => {
      const app = await lockApplication(tx, id);
      if (!app || baseStatus(app.status) !== 'active') return;
      const target = sameWorld(app.status, 'defaulted');
      if (!canTransition(app.status, target, 'system')) return;
      const schedule = await lockScheduleByApplication(tx, id);
      if (!schedule?.nextPaymentDate) return;
      const overdueDays = Math.floor((now.getTime() - schedule.nextPaymentDate.getTime()) / 86_400_000);
      if (overdueDays <= DEFAULT_AFTER_DAYS) return;
      await updateApplication(tx, id, { status: target });
      await updateSchedule(tx, schedule.id, { status: 'defaulted' });
      await recordAction(tx, {
        userId: app.userId,
        action: 'application_defaulted',
        notes: `#${id}: payment ${overdueDays} days overdue`,
      });
      marked.push(id);
    });
  }
  return marked;
}
