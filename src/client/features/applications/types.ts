// The financing application as GET /api/applications returns it (spec section 3). Money arrives as
// two-decimal strings except requestedAmount (whole rand); dates are ISO strings.

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
  notes: string | null;
  paymentDate: string;
  createdAt: string;
}

export interface RepaymentSchedule {
  id: number;
  applicationId: number;
  startDate: string | null;
  endDate: string | null;
  totalAmount: string;
  remainingAmount: string | null;
  installmentAmount: string | null;
  costAmount: string | null;
  costPercentage: string | null;
  frequency: string | null;
  nextPaymentDate: string | null;
  status: string;
  paymentMethod: string | null;
  withholdingPercentage: string | null;
  platformFeeRate: string | null;
  currency: string | null;
  estimatedRemainingDuration: number | null;
  estimatedPeriod: number | null;
  payments: Payment[];
}

export interface ManualPlatform {
  platform: string;
  username: string;
  estimatedFollowers: number;
  estimatedRevenue: number | string;
  proofFile: string | null;
  proofFileId: number | null;
}

export interface Application {
  id: number;
  userId: number;
  requestedAmount: number;
  monthlyRevenue: string;
  socialMediaData: Record<string, unknown> | null;
  manualPlatforms: ManualPlatform[] | null;
  creditScore: number | null;
  creditScoreBreakdown: CreditScoreBreakdown | null;
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
  notes: string | null;
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
  monthlyWithholding: string;
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
