// What the admin endpoints answer (spec section 7; server: features/admin). Money arrives as two-decimal
// strings (requestedAmount is whole rand), dates as ISO strings.
import type { DashboardMode } from '../../../shared/constants';
import type { Application } from '../applications/types';

/** The applicant as admins see them: the account number is already masked by the server (last 4 digits). */
export interface ApplicantSummary {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  country: string | null;
  city: string | null;
  creatorType: string | null;
  bio: string | null;
  role: string;
  status: string;
  verified: boolean;
  socialMediaData: Record<string, unknown> | null;
  bankName: string | null;
  accountNumber: string | null;
  branchCode: string | null;
  accountType: string | null;
  createdAt: string;
}

/**
 * An application with its applicant, as the Edit, Setup Repayment and Add Payment dialogs read it from
 * GET /api/admin/applications/{id} (the list's rows are the contract's AdminApplicationRow: totals only).
 */
export interface AdminApplication extends Application {
  user: ApplicantSummary;
}

export interface ProofFileSummary {
  id: number;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  /** An admin's review: until 'verified' the platforms it proves add at most 1 point to the score. */
  reviewStatus: 'pending' | 'verified' | 'rejected';
  reviewedAt: string | null;
  /** The platforms of this application that cite the file. */
  platforms: string[];
}

/** GET /api/admin/applications/{id}. */
export interface AdminApplicationDetails {
  application: Application;
  user: ApplicantSummary;
  proofFiles: ProofFileSummary[];
}

/** GET /api/admin/overview, computed by the server in the dashboard mode. */
export interface AdminOverview {
  totalApplications: number;
  approvedCount: number;
  pendingCount: number;
  averageCreditScore: number | null;
  totalUsers: number;
  adminCount: number;
  averageRequestedAmount: string;
  totalRequestedAmount: string;
  riskDistribution: { low: number; medium: number; high: number };
}

export interface Platform {
  id: number;
  name: string;
  description: string | null;
  websiteUrl: string | null;
  logoUrl: string | null;
  isActive: boolean;
  createdAt: string;
}

export interface DashboardModeAnswer {
  success: boolean;
  data: { mode: DashboardMode };
}

/** Success answer of PATCH, schedule setup and payments. */
export interface AdminMutationAnswer<T> {
  success: true;
  data: T;
  message?: string;
}

export interface PaymentAnswerData {
  remainingAmount: string;
  completed: boolean;
  application: Application;
}
