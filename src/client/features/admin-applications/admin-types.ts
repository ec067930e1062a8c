// What the admin endpoints answer (spec section 7; server: features/admin), inferred from the routes' response
// schemas (src/shared/schemas/admin.ts). Money arrives as two-decimal text (requestedAmount is whole rand),
// instants as ISO text.
import type { AdminApplicationDetails } from '../../../shared/schemas/admin';

export type {
  AdminApplicationDetails,
  Applicant as ApplicantSummary,
  ProofFileSummary,
} from '../../../shared/schemas/admin';

/**
 * An application (with the admins' notes) and its applicant together, as the Edit, Setup Repayment and Add
 * Payment dialogs read them from GET /api/admin/applications/{id} (withApplicant). The list's rows are the
 * contract's AdminApplicationRow: totals only.
 */
export type AdminApplication = AdminApplicationDetails['application'] & {
  user: AdminApplicationDetails['user'];
};
