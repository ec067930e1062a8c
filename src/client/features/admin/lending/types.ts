// What the lending-management calls answer (src/server/features/lending/lending.service.ts). Money comes
// as two-decimal strings, except requestedAmount (whole rand, a number); rates are numbers in percent;
// calendar days (due dates) as 'YYYY-MM-DD'.
import type { LendingDetailRow } from '../../../../shared/schemas/admin-lists';

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

/** A row of GET /api/lending-management/details (the contract's row schema; issue 10). */
export type LendingRow = LendingDetailRow;

export interface Platform {
  id: number;
  name: string;
  isActive: boolean;
}

export interface RecordEarningsAnswer {
  success: true;
  message: string;
  data: { payment: string; platformFee: string; remainingAmount: string; completed: boolean };
}
