// What the lending-management calls answer (src/server/features/lending/lending.service.ts). Money comes
// as two-decimal strings, except requestedAmount (whole rand, a number); rates are numbers in percent.

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
  repaymentAmount: string | null;
  platformFeeRate: number | null;
  platformFee: string | null;
  totalPaymentsMade: string;
  remainingAmount: string | null;
  nextPaymentDate: string | null;
  daysPastDue: number | null;
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
