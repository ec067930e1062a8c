// What the lending-management calls answer (src/server/features/lending/lending.service.ts). Money comes
// as two-decimal strings, except requestedAmount (whole rand, a number); rates are numbers in percent;
// calendar days (due dates) as 'YYYY-MM-DD'.
import type { DelinquencyBucket } from '../../../../shared/finance/instalments';

export interface LendingSummary {
  totalCreditDisbursed: string;
  totalRepayments: string;
  totalPlatformFees: string;
  averageInterestRate: number;
  /** Expected interest: the sum of the schedules' cost amounts. */
  expectedReturns: string;
  /** Principal plus interest of every schedule. */
  totalExpectedReturn: string;
  returnedSoFar: string;
  /** Expected future returns: the remaining balances. */
  remainingReturns: string;
  activeApplicationsCount: number;
  defaultedCount: number;
  financedCount: number;
  defaultRate: number;
  /** Remaining balance of every loan being repaid (active or defaulted). */
  outstandingBalance: string;
  /** Of that, the loans more than 30 (90) days past due. */
  outstandingOver30: string;
  outstandingOver90: string;
  /** Portfolio at risk: outstandingOver30 (90) as a percentage of outstandingBalance, 2 decimals. */
  portfolioAtRisk30: number;
  portfolioAtRisk90: number;
}

export interface LendingRow {
  id: number;
  userId: number;
  clientName: string;
  userEmail: string;
  requestedAmount: number;
  monthlyRevenue: string;
  status: string;
  createdAt: string;
  creditScore: number | null;
  estimatedEarnings: string;
  /** Null while the application has no repayment schedule. */
  withholdingRate: number | null;
  /** The instalment (same value as installmentAmount; the spec's older name). */
  repaymentAmount: string | null;
  /** What falls due on each due date. */
  installmentAmount: string | null;
  /** Withholding % of the monthly revenue, to the cent. */
  estimatedMonthlyWithholding: string | null;
  platformFeeRate: number | null;
  platformFee: string | null;
  totalPaymentsMade: string;
  remainingAmount: string | null;
  nextPaymentDate: string | null;
  /** The disbursement day ('YYYY-MM-DD'): earnings can be recorded from its month on. */
  scheduleStartDate: string | null;
  daysPastDue: number | null;
  /** Null while the loan is not being repaid (no schedule, repaid, cancelled...). */
  delinquencyBucket: DelinquencyBucket | null;
  amountOverdue: string | null;
  renegotiationEligible: boolean;
}

export interface Platform {
  id: number;
  name: string;
  isActive: boolean;
}

export interface AdminUserListItem {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  role: string;
  applicationCount: number;
}

export interface RecordEarningsAnswer {
  success: true;
  message: string;
  data: { payment: string; platformFee: string; remainingAmount: string; completed: boolean };
}
