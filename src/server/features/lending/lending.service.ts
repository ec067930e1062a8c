// The lending book: summary figures and rows (SQL in lending.repository), monthly earnings recorded as
// repayments, and admin cancellation (both through the application lifecycle). Definitions are in
// docs/lending.md.
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { businessDate } from '../../../shared/business-date';
import { bucketFor } from '../../../shared/finance/instalments';
import { toMoneyString } from '../../../shared/finance/money';
import { estimatedMonthlyWithholding } from '../../../shared/finance/repayment-plan';
import type {
  defaultCohortsQuerySchema,
  LendingDetailsQuery,
  lendingFilterSchema,
} from '../../../shared/schemas/admin-lists';
import type { lendingCancelSchema, recordEarningsSchema } from '../../../shared/schemas/lending';
import type { Deps } from '../../lib/deps';
import { dashboardMode } from '../app-settings/app-settings.service';
import { recordEarningsPayment } from '../earnings/earnings-payment.service';
import { keepTypedEarnings } from '../earnings/earnings-review.service';
import { cancelApplication, toAdminApplication } from '../loans';
import type { SessionUser } from '../sessions/sessions.service';
import {
  defaultCohorts,
  type LendingFilter,
  lendingDetails,
  lendingSummary,
  periodFlows,
} from './lending.repository';

/** The filter asked for; without a mode, the staff member's own dashboard mode. */
function filterOf(staff: SessionUser, query: z.output<typeof lendingFilterSchema>): LendingFilter {
  return { ...query, mode: query.mode ?? dashboardMode(staff) };
}

/** A share of a total as a percentage with two decimals; 0 when the total is 0. */
const percentOf = (part: string, total: string) =>
  new Decimal(total).isZero() ? 0 : new Decimal(part).div(total).times(100).toDecimalPlaces(2).toNumber();

export async function summary(
  { db, clock }: Deps,
  staff: SessionUser,
  query: z.output<typeof lendingFilterSchema>,
) {
  const filter = filterOf(staff, query);
  const today = businessDate(clock.now());
  const [row, flows] = await Promise.all([lendingSummary(db, filter, today), periodFlows(db, filter, today)]);
  // Default rate: financings in default now, and financings that were ever in default (cured, restructured or
  // repaid since), over all financings that money went out for (with a schedule).
  const rateOf = (count: number) =>
    row.financed_count
      ? new Decimal(count).div(row.financed_count).times(100).toDecimalPlaces(2).toNumber()
      : 0;
  return {
    // With a month or year: the money that moved in that period (payments by payment date, payouts by the day the
    // money went out); without: everything the selected loans ever moved (docs/lending.md, "Figures").
    totalCreditDisbursed: flows?.disbursed ?? row.total_credit_disbursed,
    totalRepayments: flows?.repayments ?? row.total_repayments,
    totalPlatformFees: flows?.fees ?? row.total_platform_fees,
    paidOutInPeriod: flows ? flows.paid_out : null,
    // The card's "Average Interest Rate": the average flat cost (the finance charge as a share of the amount
    // financed, whatever the term), shown beside the balance-weighted average annualised cost rate.
    averageInterestRate: Number(row.average_interest_rate),
    averageAnnualCostRate: Number(row.weighted_annual_cost_rate),
    // Expected returns: the finance charge of the loans not in default (a defaulted loan's is not expected).
    expectedReturns: row.expected_returns_performing,
    totalExpectedReturn: row.total_expected_return,
    returnedSoFar: row.returned_so_far,
    remainingReturns: row.remaining_returns,
    activeApplicationsCount: row.active_count,
    defaultedCount: row.defaulted_count,
    everDefaultedCount: row.ever_defaulted_count,
    financedCount: row.financed_count,
    defaultRate: rateOf(row.defaulted_count),
    everDefaultRate: rateOf(row.ever_defaulted_count),
    forborneInProbationCount: row.probation_count,
    // Balances of loans more than 30 (90) days past due, as before.
    outstandingBalance: row.outstanding,
    outstandingOver30: row.outstanding_over_30,
    outstandingOver90: row.outstanding_over_90,
    // Portfolio at risk, on the principal still owed: loans more than 30 (90) days past due and forborne loans in
    // probation, as a share of the principal owed on every loan being repaid.
    outstandingPrincipal: row.principal_owed,
    principalAtRisk30: row.principal_at_risk_30,
    principalAtRisk90: row.principal_at_risk_90,
    portfolioAtRisk30: percentOf(row.principal_at_risk_30, row.principal_owed),
    portfolioAtRisk90: percentOf(row.principal_at_risk_90, row.principal_owed),
  };
}

/** Default rates by payout month, now and ever (docs/lending.md, "Figures"). */
export async function cohorts(
  { db }: Deps,
  staff: SessionUser,
  query: z.output<typeof defaultCohortsQuerySchema>,
) {
  const rows = await defaultCohorts(db, query.mode ?? dashboardMode(staff));
  const rate = (count: number, of: number) =>
    of ? new Decimal(count).div(of).times(100).toDecimalPlaces(2).toNumber() : 0;
  return rows.map((r) => ({
    cohort: r.cohort,
    financed: r.financed,
    disbursed: r.disbursed,
    defaultedNow: r.defaulted_now,
    everDefaulted: r.ever_defaulted,
    defaultRateNow: rate(r.defaulted_now, r.financed),
    defaultRateEver: rate(r.ever_defaulted, r.financed),
  }));
}

export async function details({ db, clock }: Deps, staff: SessionUser, query: LendingDetailsQuery) {
  const { page, pageSize, sort, ...filters } = query;
  const { rows, total } = await lendingDetails(
    db,
    filterOf(staff, filters),
    { page, pageSize, sort },
    businessDate(clock.now()),
  );
  const data = rows.map((r) => ({
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
    /** The instalment: what falls due on each due date. */
    repaymentAmount: r.repayment_amount,
    installmentAmount: r.repayment_amount,
    estimatedMonthlyWithholding:
      r.withholding_rate === null
        ? null
        : toMoneyString(estimatedMonthlyWithholding(r.monthly_revenue, r.withholding_rate)),
    platformFeeRate: r.platform_fee_rate === null ? null : Number(r.platform_fee_rate),
    platformFee: r.platform_fee,
    totalPaymentsMade: r.total_payments_made,
    remainingAmount: r.remaining_amount,
    nextPaymentDate: r.next_payment_date,
    /** The disbursement day: earnings can be recorded from its month on. */
    scheduleStartDate: r.schedule_start_date,
    daysPastDue: r.days_past_due,
    delinquencyBucket: r.serviced && r.days_past_due !== null ? bucketFor(r.days_past_due) : null,
    amountOverdue: r.amount_overdue,
    renegotiationEligible: r.renegotiation_eligible,
    forbearance: r.forbearance as 'probation' | 'cured' | null,
  }));
  return { success: true as const, data, total, page, pageSize };
}

/**
 * The admin's typed earnings for a loan and month: the withholding recorded as an earnings payment (the path the review
 * queue's approvals take too), and the month kept in the earnings record with source 'admin' (docs/platform-earnings.md).
 */
export async function recordEarnings(
  { db, clock }: Deps,
  admin: SessionUser,
  input: z.output<typeof recordEarningsSchema>,
) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const earnings = new Decimal(input.earningsAmount);
    const result = await recordEarningsPayment(tx, {
      applicationId: input.applicationId,
      earnings,
      month: input.earningsMonth,
      year: input.earningsYear,
      notes: input.notes,
      createdBy: admin.id,
      now,
    });
    await keepTypedEarnings(tx, {
      applicationId: input.applicationId,
      userId: result.userId,
      year: input.earningsYear,
      month: input.earningsMonth,
      earnings,
      paymentId: result.paymentId,
      payment: result.payment,
      platformFee: result.platformFee,
      adminId: admin.id,
      now,
    });
    return {
      payment: result.payment,
      platformFee: result.platformFee,
      remainingAmount: result.remainingAmount,
      completed: result.completed,
    };
  });
}

/** The admin cancels an application under review or approved: the application lifecycle's cancellation. */
export async function cancelByAdmin(
  deps: Deps,
  admin: SessionUser,
  input: z.output<typeof lendingCancelSchema>,
) {
  return cancelApplication(
    deps,
    { kind: 'admin', admin },
    input.applicationId,
    input.reason,
    toAdminApplication,
  );
}
