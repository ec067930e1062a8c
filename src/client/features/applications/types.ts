// The financing application as GET /api/applications returns it (spec section 3). Money arrives as
// two-decimal strings except requestedAmount (whole rand); instants are ISO strings, calendar days
// (due dates, payment dates) 'YYYY-MM-DD'. The polled list leaves out the score breakdown; the detail
// (GET /api/applications/{id}) carries it.
import type { ProofStatus } from '../../../shared/constants';
import type { DelinquencyBucket } from '../../../shared/finance/instalments';

export interface ScoreFactor {
  label: string;
  points: number;
  max: number;
  detail: string;
}

export interface ScorePart {
  key: string;
  label: string;
  weight: number;
  points: number;
  max: number;
  factors: ScoreFactor[];
  tips: string[];
}

export interface CreditScoreBreakdown {
  total: number;
  band: string;
  parts: ScorePart[];
}

export interface Payment {
  id: number;
  amount: string;
  platformFee: string | null;
  /** manual (recorded by an admin), earnings (withheld from a month's earnings) or settlement (early). */
  kind?: 'manual' | 'earnings' | 'settlement';
  notes: string | null;
  /** The South African calendar day the money came in, 'YYYY-MM-DD'. */
  paymentDate: string;
  createdAt: string;
}

/** The schedule's position today, computed by the server from its instalments (docs/lending.md). */
export interface ScheduleServicing {
  /** Arrears plus what is open on the instalment falling due next. */
  amountDueNow: string;
  amountOverdue: string;
  daysPastDue: number;
  delinquencyBucket: DelinquencyBucket;
  /** The current period's instalment, null when already paid. */
  currentInstalment: { number: number; dueDate: string; outstanding: string } | null;
  /** The next instalment with something open that is not yet late (what is paid next). */
  nextInstalment: { number: number; dueDate: string; outstanding: string } | null;
  instalmentsRemaining: number;
  instalmentsTotal: number;
  renegotiationEligible: boolean;
}

export interface RepaymentSchedule {
  id: number;
  applicationId: number;
  startDate: string | null;
  endDate: string | null;
  totalAmount: string;
  remainingAmount: string | null;
  /** The instalment: what falls due on each due date (the last one may be smaller). */
  installmentAmount: string | null;
  /** Withholding % of the application's monthly revenue: what earnings are expected to repay a month. */
  estimatedMonthlyWithholding?: string | null;
  costAmount: string | null;
  costPercentage: string | null;
  frequency: string | null;
  /** Due date of the oldest instalment not fully paid, 'YYYY-MM-DD'; null once repaid. */
  nextPaymentDate: string | null;
  status: string;
  paymentMethod: string | null;
  withholdingPercentage: string | null;
  platformFeeRate: string | null;
  currency: string | null;
  estimatedRemainingDuration: number | null;
  estimatedPeriod: number | null;
  servicing?: ScheduleServicing;
  payments: Payment[];
}

export interface ManualPlatform {
  platform: string;
  username: string;
  estimatedFollowers: number;
  estimatedRevenue: number | string;
  proofFile: string | null;
  proofFileId: number | null;
  /** An admin's review of the proof (absent on applications from before reviews). */
  proofStatus?: ProofStatus;
}

export interface Application {
  id: number;
  userId: number;
  requestedAmount: number;
  monthlyRevenue: string;
  socialMediaData: Record<string, unknown> | null;
  manualPlatforms: ManualPlatform[] | null;
  creditScore: number | null;
  /** Only on the detail and on answers to a submit (the polled list would resend 2 KB a second). */
  creditScoreBreakdown?: CreditScoreBreakdown | null;
  currency: string | null;
  applicationType: string | null;
  businessName: string | null;
  firstName: string | null;
  lastName: string | null;
  status: string;
  useOfFunds: string[] | null;
  otherUseOfFunds: string | null;
  termsAccepted: boolean;
  estimatedPeriod: number | null;
  /** The admins' internal notes: only on admin answers, never on a creator's. */
  notes?: string | null;
  /** Why the application was rejected, written for the creator. */
  rejectionReason: string | null;
  cancellationReason: string | null;
  createdAt: string;
  updatedAt: string;
  repaymentSchedule: RepaymentSchedule | null;
}

/** "Preview terms response" of spec section 3, as the server sends it. */
export interface PreviewTermsAnswer {
  costAmount: string;
  costPercentage: number | string;
  totalAmount: string;
  /** The spec's name for the instalment; same value as installmentAmount. */
  monthlyWithholding: string;
  installmentAmount?: string;
  estimatedMonthlyWithholding?: string;
  withholdingPercentage: number | string;
  estimatedPeriod: number;
}

export interface ApplicationAnswer {
  success: true;
  application: Application;
}

export interface StatementUserAnswer {
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  country: string | null;
  city: string | null;
  creatorType: string | null;
}

/** GET /api/applications/{id}/statement. */
export interface StatementAnswer {
  application: Application | null;
  schedule: RepaymentSchedule | null;
  payments: Payment[] | null;
  user: StatementUserAnswer | null;
}
