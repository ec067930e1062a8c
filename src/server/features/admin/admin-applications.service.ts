// Admin review and servicing of applications. Status changes (review, schedule setup) and payments go through
// the application lifecycle (features/loans/application-lifecycle.service.ts), with the admin as the actor.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { maskAccountNumber } from '../../../shared/bank-account';
import { businessDate, type IsoDate } from '../../../shared/business-date';
import type { ApplicationStatus, DashboardMode } from '../../../shared/constants';
import { financedAmount } from '../../../shared/finance/amount-financed';
import { adminScheduleTerms } from '../../../shared/finance/repayment-plan';
import {
  type adminApplicationPatchSchema,
  type adminPreviewTermsSchema,
  adminScheduleSchema,
} from '../../../shared/schemas/admin-applications';
import {
  type AdminApplicationsQuery,
  APPLICATION_STATUS_CHIPS,
  type ApplicationStatusChip,
} from '../../../shared/schemas/admin-lists';
import type { addPaymentSchema } from '../../../shared/schemas/admin-loans';
import { statusLabel } from '../../../shared/status-machine';
import type { Db, DbOrTx } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { conflict, notFound } from '../../lib/errors';
import { previewApplicationTerms } from '../applications/applications.service';
import { recordAction } from '../audit/audit.repository';
import {
  applicationHasPayments,
  deleteApplicationRow,
  findScheduleByApplication,
  loadApplications,
  lockApplication,
  makeOffer,
  type PayoutInput,
  payOut,
  recordRepayment,
  reversePayment,
  toAdminApplication,
  updateApplicationByAdmin,
} from '../loans';
import { proofFileName } from '../platforms/file-type';
import { findProofFile, proofFilesOfUser } from '../platforms/proof-files.repository';
import type { SessionUser } from '../sessions/sessions.service';
import { findUserById } from '../users/users.repository';
import { applicationsPage } from './admin-lists.repository';
import { paymentWithKeyExists } from './idempotency.repository';

export const applicantSummary = (u: SessionUser) => ({
  id: u.id,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  country: u.country,
  city: u.city,
  creatorType: u.creatorType,
  bio: u.bio,
  role: u.role,
  status: u.status,
  verified: u.verified,
  socialMediaData: u.socialMediaData,
  bankName: u.bankName,
  accountNumber: maskAccountNumber(u.accountNumber),
  branchCode: u.branchCode,
  accountType: u.accountType,
  createdAt: u.createdAt.toISOString(),
});

/** One page of the Applications tab: what its table shows, with the schedule as totals (no payments). */
export async function listApplications(db: DbOrTx, query: AdminApplicationsQuery, mode: DashboardMode) {
  const { rows, total, statusCounts } = await applicationsPage(db, query, mode);
  return {
    data: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      createdAt: new Date(r.created_at).toISOString(),
      status: r.status as ApplicationStatus,
      applicationType: r.application_type,
      businessName: r.business_name,
      firstName: r.first_name,
      lastName: r.last_name,
      requestedAmount: Number(r.requested_amount),
      monthlyRevenue: r.monthly_revenue,
      creditScore: r.credit_score,
      currency: r.currency,
      estimatedPeriod: r.estimated_period,
      topUpOfApplicationId: r.top_up_of_application_id,
      user: { id: r.user_id, username: r.username, firstName: r.user_first_name, lastName: r.user_last_name },
      repaymentSchedule:
        r.schedule_id === null
          ? null
          : {
              id: r.schedule_id,
              status: r.schedule_status!,
              totalAmount: r.total_amount!,
              remainingAmount: r.remaining_amount!,
              paidAmount: r.paid_amount!,
              currency: r.schedule_currency!,
              forgiven: r.forgiven === true,
            },
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    statusCounts: Object.fromEntries(
      APPLICATION_STATUS_CHIPS.map((chip) => [chip, statusCounts[chip] ?? 0]),
    ) as Record<ApplicationStatusChip, number>,
  };
}

async function loadOne(db: DbOrTx, id: number) {
  const [app] = await loadApplications(db, { ids: [id] });
  if (!app) throw notFound(`Could not find application with ID ${id}`);
  return app;
}

export async function applicationDetails(db: Db, id: number, today: IsoDate) {
  const app = await loadOne(db, id);
  const owner = await findUserById(db, app.userId);
  const proofs = await proofFilesOfUser(db, app.userId);
  return {
    application: toAdminApplication(app, today),
    user: applicantSummary(owner!),
    proofFiles: proofs.map((p) => ({
      id: p.id,
      originalName: p.originalName,
      mimeType: p.mimeType,
      sizeBytes: p.sizeBytes,
      reviewStatus: p.reviewStatus,
      reviewedAt: p.reviewedAt?.toISOString() ?? null,
      reviewReason: p.reviewReason,
      /** The platforms of this application that cite the file (none: an upload of another application). */
      platforms: app.manualPlatforms.filter((m) => m.proofFileId === p.id).map((m) => m.platform),
    })),
  };
}

/**
 * A stored proof of earnings for download, named with the extension of its detected type (never the uploaded
 * one: files stored before names followed the type are renamed here too).
 */
export async function openProofFile({ db, config }: Deps, id: number) {
  const file = await findProofFile(db, id);
  if (!file) throw notFound(`Could not find proof file ${id}`);
  const data = await readFile(path.join(config.dataDir, file.storagePath)).catch(() => null);
  if (!data) throw notFound(`Proof file ${id} is no longer stored`);
  const downloadName = proofFileName(file.originalName, file.mimeType, `proof-${id}`);
  return { data, mimeType: file.mimeType, downloadName };
}

/** The admin's review and edits: the application lifecycle's, answered in the admin shape. */
export async function patchApplication(
  deps: Deps,
  admin: SessionUser,
  id: number,
  input: z.output<typeof adminApplicationPatchSchema>,
) {
  return updateApplicationByAdmin(deps, admin, id, input, toAdminApplication);
}

export async function deleteApplication({ db, clock }: Deps, admin: SessionUser, id: number) {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const app = await lockApplication(tx, id);
    if (!app) throw notFound(`Could not find application with ID ${id}`);
    // Money history is never deleted: once a schedule exists the application stays (cancel or complete it).
    if (await findScheduleByApplication(tx, id)) {
      throw conflict('An application with a repayment schedule cannot be deleted.');
    }
    if (await applicationHasPayments(tx, id))
      throw conflict('An application with payments cannot be deleted.');
    await deleteApplicationRow(tx, id);
    await recordAction(tx, {
      userId: app.userId,
      adminId: admin.id,
      action: 'application_deleted',
      notes: `#${id} (${statusLabel(app.status)})`,
      at: now,
    });
  });
}

/**
 * The admin's preview: the preview terms, and the quote of the schedule this setup would write today with the
 * frequency, payment method, withholding and period chosen (the same `adminScheduleTerms` as `setupSchedule`),
 * so the Setup dialog shows the cost of credit and the annualised rate of what it is about to create.
 */
export async function adminPreviewTerms(
  deps: Deps,
  id: number,
  input: z.output<typeof adminPreviewTermsSchema>,
) {
  const app = await loadOne(deps.db, id);
  const choice = adminScheduleSchema.parse({
    frequency: input.frequency,
    paymentMethod: input.paymentMethod,
    withholdingPercentage: input.withholdingPercentage,
    estimatedPeriod: input.estimatedPeriod,
  });
  return previewApplicationTerms(deps, app, input, (requestedAmount, legal) => {
    const terms = adminScheduleTerms({
      legal,
      requestedAmount,
      monthlyRevenue: app.monthlyRevenue,
      withholdingPercentage: choice.withholdingPercentage,
      estimatedPeriod: choice.estimatedPeriod,
      frequency: choice.frequency,
      creditScore: app.creditScore,
    });
    return {
      ...terms,
      frequency: choice.frequency,
      paymentMethod: choice.paymentMethod,
      estimatedMonthlyWithholding:
        choice.paymentMethod === 'platform_earnings' ? terms.estimatedMonthlyWithholding : null,
    };
  });
}

/**
 * The admin's setup of an approved application's schedule: an offer of those terms, which the creator accepts
 * before anything is paid out (the application reads `offered`; docs/lending.md "The quote is the contract").
 */
export async function setupSchedule(
  deps: Deps,
  admin: SessionUser,
  id: number,
  input: z.output<typeof adminScheduleSchema>,
) {
  return makeOffer(
    deps,
    admin,
    id,
    (app, legal) => {
      const terms = adminScheduleTerms({
        legal,
        requestedAmount: Number(financedAmount(app)),
        monthlyRevenue: app.monthlyRevenue,
        withholdingPercentage: input.withholdingPercentage,
        estimatedPeriod: input.estimatedPeriod,
        frequency: input.frequency,
        creditScore: app.creditScore,
      });
      return { ...terms, frequency: input.frequency, paymentMethod: input.paymentMethod };
    },
    toAdminApplication,
  );
}

/** The admin reverses a payment (`POST /api/admin/payments/{id}/reverse`): the loan as it stands after it. */
export async function reversePaymentByAdmin(
  deps: Deps,
  admin: SessionUser,
  paymentId: number,
  reason: string,
) {
  return reversePayment(deps, admin, paymentId, reason, toAdminApplication);
}

/** The admin records the payout of an accepted agreement: the loan starts (`POST /api/admin/applications/{id}/payout`). */
export async function recordPayout(deps: Deps, admin: SessionUser, id: number, input: PayoutInput) {
  return payOut(deps, admin, id, input, toAdminApplication);
}

/** Records a payment in the caller's transaction (the one that also stores its Idempotency-Key answer). */
export async function addPayment(
  tx: DbOrTx,
  { clock }: Deps,
  admin: SessionUser,
  id: number,
  input: z.output<typeof addPaymentSchema>,
  idempotencyKey: string | null,
) {
  const now = clock.now();
  // A key whose stored answer has expired (IDEMPOTENCY_ANSWER_TTL_MS) still names its payment: never pay twice.
  if (idempotencyKey && (await paymentWithKeyExists(tx, idempotencyKey))) {
    throw conflict(
      'A payment was already recorded with this Idempotency-Key more than a day ago. Send a new key to record another payment.',
    );
  }
  const result = await recordRepayment(tx, {
    applicationId: id,
    amount: new Decimal(input.amount),
    paymentDate: input.paymentDate,
    notes: input.notes,
    channel: input.channel,
    bankReference: input.bankReference,
    createdBy: admin.id,
    kind: 'manual',
    idempotencyKey,
    now,
  });
  return { ...result, application: toAdminApplication(await loadOne(tx, id), businessDate(now)) };
}
