// What the admin endpoints answer (server: features/admin), inferred from the routes' response
// schemas (src/shared/schemas/admin-applications.ts, admin-users.ts). Money arrives as two-decimal text (requestedAmount is whole rand),
// instants as ISO text.
import type { AdminApplicationDetails } from '../../../shared/schemas/admin-applications';

export type { AdminApplicationDetails, ProofFileSummary } from '../../../shared/schemas/admin-applications';
export type { Applicant as ApplicantSummary } from '../../../shared/schemas/admin-users';

/**
 * An application (with the admins' notes) and its applicant together, as the Edit, Setup Repayment and Add
 * Payment dialogs read them from GET /api/admin/applications/{id} (withApplicant). The list's rows are the
 * contract's AdminApplicationRow: totals only.
 */
export type AdminApplication = AdminApplicationDetails['application'] & {
  user: AdminApplicationDetails['user'];
};
