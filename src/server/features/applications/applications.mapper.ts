// The application as the API returns it (spec section 3): money as 2-decimal strings, dates ISO, the
// schedule and its payments embedded.
import type { ApplicationRecord } from './applications.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toApiApplication(app: ApplicationRecord) {
  const s = app.schedule;
  return {
    id: app.id,
    userId: app.userId,
    requestedAmount: Number(app.requestedAmount),
    monthlyRevenue: app.monthlyRevenue,
    socialMediaData: app.socialMediaData,
    manualPlatforms: app.manualPlatforms,
    creditScore: app.creditScore,
    creditScoreBreakdown: app.creditScoreBreakdown,
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
    notes: app.notes,
    cancellationReason: app.cancellationReason,
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
    repaymentSchedule: s
      ? {
          id: s.id,
          applicationId: s.applicationId,
          startDate: s.startDate.toISOString(),
          endDate: s.endDate.toISOString(),
          totalAmount: s.totalAmount,
          remainingAmount: s.remainingAmount,
          installmentAmount: s.installmentAmount,
          costAmount: s.costAmount,
          costPercentage: s.costPercentage,
          frequency: s.frequency,
          nextPaymentDate: iso(s.nextPaymentDate),
          status: s.status,
          paymentMethod: s.paymentMethod,
          withholdingPercentage: s.withholdingPercentage,
          platformFeeRate: s.platformFeeRate,
          currency: s.currency,
          estimatedRemainingDuration: s.estimatedRemainingDuration,
          estimatedPeriod: s.estimatedPeriod,
          payments: s.payments.map((p) => ({
            id: p.id,
            amount: p.amount,
            platformFee: p.platformFee,
            notes: p.notes,
            paymentDate: p.paymentDate.toISOString(),
            createdAt: p.createdAt.toISOString(),
          })),
        }
      : null,
  };
}
export type ApiApplication = ReturnType<typeof toApiApplication>;
