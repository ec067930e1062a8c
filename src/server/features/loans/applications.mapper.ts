// The application as the API returns it: money as 2-decimal strings, instants ISO, calendar
// days (due dates, payment dates) 'YYYY-MM-DD', the schedule, its payments and its servicing position embedded.

import { businessDate, type IsoDate } from '../../../shared/business-date';
import type { Affordability } from '../../../shared/compliance/affordability';
import { financedAmount } from '../../../shared/finance/amount-financed';
import { loanPosition } from '../../../shared/finance/instalments';
import { sumDecimal, toMoneyString } from '../../../shared/finance/money';
import { paymentReferenceFor } from '../../../shared/finance/payment-reference';
import { platformFeeOn, withFee } from '../../../shared/finance/platform-fee';
import { estimatedMonthlyWithholding } from '../../../shared/finance/repayment-plan';
import { settlementOfLoan } from '../../../shared/finance/settlement';
import { topUpSplit } from '../../../shared/finance/top-up';
import type { ApplicantView, TopUpView } from '../../../shared/schemas/applications';
import { baseStatus } from '../../../shared/status-machine';
import type { FinancingApplication } from '../../db/types';
import type {
  ApplicationRecord,
  ListedApplication,
  ListedPayment,
  ListedSchedule,
} from './applications.repository';

/** The schedule's position as of `today`: what is due now, what is overdue and by how many days. */
function servicingSummary(
  schedule: ListedSchedule & Required<Pick<ListedSchedule, 'instalments'>>,
  today: IsoDate,
) {
  const position = loanPosition(schedule.instalments, today, schedule.arrearsTolerance);
  // What the creator hands over: each amount with the platform fee it carries when paid now.
  const withItsFee = <T extends { outstanding: string } | null>(instalment: T) =>
    instalment && { ...instalment, ...withFee(schedule, instalment.outstanding) };
  const dueNow = withFee(schedule, position.amountDueNow);
  return {
    amountDueNow: position.amountDueNow,
    feeDueNow: dueNow.fee,
    totalDueNow: dueNow.total,
    amountOverdue: position.amountOverdue,
    daysPastDue: position.daysPastDue,
    delinquencyBucket: position.bucket,
    currentInstalment: withItsFee(position.currentInstalment),
    nextInstalment: withItsFee(position.nextInstalment),
    instalmentsRemaining: position.instalmentsRemaining,
    instalmentsTotal: position.instalmentsTotal,
    renegotiationEligible: schedule.renegotiationEligibleAt !== null,
  };
}

/**
 * A top-up's link to the loan it settles: before the payout, that loan's settlement amount today (nothing once it
 * was repaid in between); after it, what the payout settled, fixed. A settlement carries no fee.
 */
function topUpView(app: ListedApplication, today: IsoDate): TopUpView | null {
  if (app.topUpOfApplicationId === null) return null;
  const source = app.topUpSource;
  const settled = app.topUpSettledAmount !== null;
  const live =
    source?.loan && ['active', 'defaulted'].includes(baseStatus(source.status))
      ? settlementOfLoan(source.loan, today).amount
      : null;
  const settles = settled ? app.topUpSettledAmount! : (live ?? '0.00');
  return { ofApplicationId: app.topUpOfApplicationId, settled, ...topUpSplit(financedAmount(app), settles) };
}

/** The application with its schedule and payments, as its creator sees it: what the detail routes answer. */
export function toApiApplication(app: ApplicationRecord, today: IsoDate) {
  return {
    ...toApiListedApplication(app, today),
    creditScoreBreakdown: app.creditScoreBreakdown,
    applicant: applicantView(app),
  };
}

/**
 * The applicant's SA ID number as it may be shown (its date of birth and last two digits: '900115*****86'), or a
 * passport's last three characters; null without either. The full numbers never leave the server.
 */
export function maskedIdentityNumber(app: Pick<FinancingApplication, 'idNumber' | 'passportNumber'>) {
  return app.idNumber
    ? `${app.idNumber.slice(0, 6)}${'*'.repeat(app.idNumber.length - 8)}${app.idNumber.slice(-2)}`
    : app.passportNumber
      ? `${'*'.repeat(Math.max(app.passportNumber.length - 3, 0))}${app.passportNumber.slice(-3)}`
      : null;
}

/** Who applies, with the identity number masked (docs/compliance.md, "Who may apply"). */
function applicantView(app: ApplicationRecord): ApplicantView {
  return {
    identityType: (app.identityType as ApplicantView['identityType']) ?? null,
    identityNumberMasked: maskedIdentityNumber(app),
    dateOfBirth: app.dateOfBirth,
    registrationNumber: app.registrationNumber,
    annualTurnover: app.annualTurnover,
    assetValue: app.assetValue,
    ncaApplies: app.ncaApplies,
    ncaScope: app.ncaScope,
    consumerCredit: app.consumerCredit,
    affordability: app.affordability ? storedAffordability(app.affordability) : null,
  };
}

/**
 * An assessment as stored, with the parts an older one (made before income verification and the bureau enquiry)
 * lacks filled in as what they were then: income and debt as declared, no enquiry.
 */
function storedAffordability(stored: Affordability): Affordability {
  return {
    ...stored,
    declaredIncome: stored.declaredIncome ?? stored.grossMonthlyIncome,
    verifiedIncome: stored.verifiedIncome ?? null,
    declaredDebtRepayments: stored.declaredDebtRepayments ?? stored.debtRepayments,
    bureauEnquiry: stored.bureauEnquiry ?? null,
    bureauNote: stored.bureauEnquiry ? null : (stored.bureauNote ?? 'No credit bureau enquiry was made.'),
    largestAffordable: stored.largestAffordable ?? null,
  };
}
export type ApiApplication = ReturnType<typeof toApiApplication>;

/** The same with the admins' internal notes: for admin routes only, never a creator-facing answer. */
export function toAdminApplication(app: ApplicationRecord, today: IsoDate) {
  return { ...toApiApplication(app, today), notes: app.notes };
}

/** A payment as the schedule lists it: the day it was reversed, not the instant, and never its idempotency key. */
export function toPaymentView(p: ListedPayment) {
  return {
    id: p.id,
    amount: p.amount,
    platformFee: p.platformFee,
    kind: p.kind,
    notes: p.notes,
    channel: p.channel,
    bankReference: p.bankReference,
    paymentDate: p.paymentDate,
    createdAt: p.createdAt.toISOString(),
    reversedOn: p.reversedAt ? businessDate(p.reversedAt) : null,
    reversalReason: p.reversalReason,
  };
}

/** How many payments there are, and what those in force paid and carried in fees (a reversed one counts nothing). */
function paymentTotals(payments: readonly ListedPayment[]) {
  const inForce = payments.filter((p) => p.reversedAt === null);
  return {
    paymentCount: payments.length,
    paidTotal: toMoneyString(sumDecimal(inForce.map((p) => p.amount))),
    feesTotal: toMoneyString(sumDecimal(inForce.map((p) => p.platformFee ?? '0'))),
  };
}

/**
 * The same without the credit score breakdown (about 2.2 KB): what the creator's polled list sends. The
 * screens that explain the score read it once from GET /api/applications/:id.
 */
export function toApiListedApplication(app: ListedApplication, today: IsoDate) {
  const s = app.schedule;
  const withheld = estimatedMonthlyWithholding(app.monthlyRevenue, s?.withholdingPercentage ?? '0');
  return {
    id: app.id,
    userId: app.userId,
    requestedAmount: Number(app.requestedAmount),
    approvedAmount: app.approvedAmount === null ? null : Number(app.approvedAmount),
    monthlyRevenue: app.monthlyRevenue,
    socialMediaData: app.socialMediaData,
    manualPlatforms: app.manualPlatforms,
    creditScore: app.creditScore,
    currency: app.currency,
    applicationType: app.applicationType,
    businessName: app.businessName,
    firstName: app.firstName,
    lastName: app.lastName,
    amount: app.amount,
    status: app.status,
    useOfFunds: app.useOfFunds,
    otherUseOfFunds: app.otherUseOfFunds,
    termsAccepted: app.termsAccepted,
    estimatedPeriod: app.estimatedPeriod,
    // The admins' notes stay internal (toAdminApplication); a rejection carries a reason written for the creator.
    cancellationReason: app.cancellationReason,
    rejectionReason: app.rejectionReason,
    paymentReference: paymentReferenceFor(app.id),
    topUp: topUpView(app, today),
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
    repaymentSchedule: s
      ? {
          id: s.id,
          applicationId: s.applicationId,
          startDate: s.startDate.toISOString(),
          endDate: s.endDate,
          totalAmount: s.totalAmount,
          remainingAmount: s.remainingAmount,
          installmentAmount: s.installmentAmount,
          // The fee the regular instalment carries (the quote's), so every screen can show what is handed over.
          installmentFee: toMoneyString(platformFeeOn(s.installmentAmount, s.platformFeeRate)),
          estimatedMonthlyWithholding: toMoneyString(withheld),
          // Withholding takes the share and the fee on it: what leaves the month's earnings in all.
          estimatedMonthlyWithholdingFee: toMoneyString(platformFeeOn(withheld, s.platformFeeRate)),
          costAmount: s.costAmount,
          costPercentage: s.costPercentage,
          frequency: s.frequency,
          nextPaymentDate: s.nextPaymentDate,
          status: s.status,
          paymentMethod: s.paymentMethod,
          withholdingPercentage: s.withholdingPercentage,
          platformFeeRate: s.platformFeeRate,
          currency: s.currency,
          estimatedRemainingDuration: s.estimatedRemainingDuration,
          estimatedPeriod: s.estimatedPeriod,
          paidOutOn: s.paidOutOn,
          payoutAccount: s.payoutAccount,
          payoutReference: s.payoutReference,
          forgiven: s.forgivenOn && s.forgivenAmount ? { on: s.forgivenOn, amount: s.forgivenAmount } : null,
          // Lists that do not show it are read without instalments (the admin list); details always have it.
          servicing: s.instalments
            ? servicingSummary({ ...s, instalments: s.instalments }, today)
            : undefined,
          payments: s.payments.map(toPaymentView),
          ...(s.totals
            ? { paymentCount: s.totals.count, paidTotal: s.totals.paid, feesTotal: s.totals.fees }
            : paymentTotals(s.payments)),
        }
      : null,
  };
}
