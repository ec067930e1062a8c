// Admin review and servicing of applications. Same rules as the creator side (status machine, locks,
// audit rows, ledger), with the admin as the actor.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { maskAccountNumber } from '../../../shared/bank-account';
import { businessDate, type IsoDate } from '../../../shared/business-date';
import type { ApplicationStatus, DashboardMode } from '../../../shared/constants';
import { adminScheduleTerms } from '../../../shared/finance/repayment-plan';
import type {
  addPaymentSchema,
  adminApplicationPatchSchema,
  adminScheduleSchema,
} from '../../../shared/schemas/admin';
import {
  type AdminApplicationsQuery,
  APPLICATION_STATUS_CHIPS,
  type ApplicationStatusChip,
} from '../../../shared/schemas/admin-lists';
import { baseStatus, canTransition, isTestingStatus, sameWorld } from '../../../shared/status-machine';
import type { Db, DbOrTx } from '../../db/client';
import { financingApplications, payments, proofFiles, type User, users } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { platformFeeRate } from '../app-settings/app-settings.service';
import { toAdminApplication } from '../applications/applications.mapper';
import {
  findScheduleByApplication,
  loadApplications,
  lockApplication,
  updateApplication,
} from '../applications/applications.repository';
import { previewApplicationTerms } from '../applications/applications.service';
import { recordAction } from '../audit/audit.repository';
import { activateSchedule, recordRepayment } from '../servicing/servicing.service';
import { applicationsPage } from './admin-lists.repository';

export { maskAccountNumber };

export const applicantSummary = (u: User) => ({
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
  const [owner] = await db.select().from(users).where(eq(users.id, app.userId));
  const proofs = await db.select().from(proofFiles).where(eq(proofFiles.userId, app.userId));
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
      /** The platforms of this application that cite the file (none: an upload of another application). */
      platforms: app.manualPlatforms.filter((m) => m.proofFileId === p.id).map((m) => m.platform),
    })),
  };
}

/** A stored proof of earnings for download. The name is reduced to safe characters for the header. */
export async function openProofFile({ db, config }: Deps, id: number) {
  const [file] = await db.select().from(proofFiles).where(eq(proofFiles.id, id));
  if (!file) throw notFound(`Could not find proof file ${id}`);
  const data = await readFile(path.join(config.dataDir, file.storagePath)).catch(() => null);
  if (!data) throw notFound(`Proof file ${id} is no longer stored`);
  const downloadName = file.originalName.replace(/[^\w.-]+/g, '_').slice(0, 120) || `proof-${id}`;
  return { data, mimeType: file.mimeType, downloadName };
}

export const REJECTION_REASON_REQUIRED =
  'Write the reason for the creator: they see it with their application.';

export async function patchApplication(
  { db, clock }: Deps,
  admin: User,
  id: number,
  input: z.output<typeof adminApplicationPatchSchema>,
) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, id);
    if (!app) throw notFound(`Could not find application with ID ${id}`);
    const changes: Partial<typeof financingApplications.$inferInsert> = {};
    const notes: string[] = [];
    if (input.testing === true && !isTestingStatus(app.status)) {
      // One way only, and only before money could move: a rehearsal never becomes a real loan (decision 008).
      if (app.status !== 'pending_review' || input.status) {
        throw conflict('Only an application under review can be made a test application, on its own.');
      }
      changes.status = 'pending_review_testing';
      notes.push('marked as a test application');
    } else if (input.testing === false && isTestingStatus(app.status)) {
      throw conflict('A test application stays a test application.');
    }
    if (input.status && input.status !== baseStatus(app.status)) {
      const target = sameWorld(app.status, input.status);
      if (!canTransition(app.status, target, 'admin')) {
        throw conflict(`An application cannot go from ${app.status} to ${target}.`);
      }
      if (baseStatus(target) === 'active' && !(await findScheduleByApplication(tx, id))) {
        throw conflict('Set up a repayment schedule to activate this application.');
      }
      changes.status = target;
      notes.push(`status ${app.status} → ${target}`);
      // A rejection tells the creator why, in words written for them; leaving 'rejected' clears it.
      if (baseStatus(target) === 'rejected') {
        if (!input.rejectionReason) {
          throw badRequest(REJECTION_REASON_REQUIRED, { rejectionReason: [REJECTION_REASON_REQUIRED] });
        }
        changes.rejectionReason = input.rejectionReason;
        notes.push(`reason for the creator: ${input.rejectionReason}`);
      } else {
        changes.rejectionReason = null;
      }
    } else if (input.rejectionReason !== undefined) {
      if (baseStatus(app.status) !== 'rejected') {
        throw badRequest('A reason for the creator goes with a rejection.', {
          rejectionReason: ['A reason for the creator goes with a rejection.'],
        });
      }
      changes.rejectionReason = input.rejectionReason;
      notes.push(`reason for the creator: ${input.rejectionReason}`);
    }
    if (input.requestedAmount !== undefined || input.estimatedPeriod !== undefined) {
      if (baseStatus(app.status) !== 'pending_review') {
        throw conflict('Amount and period can be edited only while the application is under review.');
      }
      if (input.requestedAmount !== undefined) {
        changes.requestedAmount = String(input.requestedAmount);
        changes.amount = String(input.requestedAmount);
        notes.push(`amount R${app.requestedAmount} → R${input.requestedAmount}`);
      }
      if (input.estimatedPeriod !== undefined) {
        changes.estimatedPeriod = input.estimatedPeriod;
        notes.push(`period → ${input.estimatedPeriod} months`);
      }
    }
    if (input.creditScore !== undefined) {
      changes.creditScore = input.creditScore;
      notes.push(`score ${app.creditScore} → ${input.creditScore} (manual)`);
    }
    // A note sent with a status (the client's 'Status updated by admin') goes to the audit log only, so
    // picking a status never overwrites the notes an admin saved with 'Save Changes' (decision 008).
    if (input.notes !== undefined && input.status === undefined) changes.notes = input.notes;
    if (Object.keys(changes).length > 0) await updateApplication(tx, id, changes, now);
    await recordAction(tx, {
      userId: app.userId,
      adminId: admin.id,
      action: 'application_updated',
      notes: `#${id}: ${[...notes, input.notes ? `note: ${input.notes}` : ''].filter(Boolean).join('; ') || 'no change'}`,
      at: now,
    });
    return toAdminApplication(await loadOne(tx, id), businessDate(now));
  });
}

export async function deleteApplication({ db }: Deps, admin: User, id: number) {
  await db.transaction(async (tx) => {
    const app = await lockApplication(tx, id);
    if (!app) throw notFound(`Could not find application with ID ${id}`);
    // Money history is never deleted: once a schedule exists the application stays (cancel or complete it).
    if (await findScheduleByApplication(tx, id)) {
      throw conflict('An application with a repayment schedule cannot be deleted.');
    }
    const paid = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.applicationId, id))
      .limit(1);
    if (paid.length) throw conflict('An application with payments cannot be deleted.');
    await tx.delete(financingApplications).where(eq(financingApplications.id, id));
    await recordAction(tx, {
      userId: app.userId,
      adminId: admin.id,
      action: 'application_deleted',
      notes: `#${id} (${app.status})`,
    });
  });
}

export async function adminPreviewTerms(
  deps: Deps,
  id: number,
  input: { requestedAmount?: number; estimatedPeriod?: number },
) {
  return previewApplicationTerms(deps, await loadOne(deps.db, id), input);
}

export async function setupSchedule(
  { db, config, clock }: Deps,
  admin: User,
  id: number,
  input: z.output<typeof adminScheduleSchema>,
) {
  const feeRate = await platformFeeRate(db, config);
  const now = clock.now();
  return db.transaction(async (tx) => {
    await activateSchedule(tx, {
      applicationId: id,
      actor: { kind: 'admin', admin },
      feeRate,
      now,
      price: (app) => {
        const terms = adminScheduleTerms({
          requestedAmount: Number(app.requestedAmount),
          monthlyRevenue: app.monthlyRevenue,
          withholdingPercentage: input.withholdingPercentage,
          estimatedPeriod: input.estimatedPeriod,
          frequency: input.frequency,
          creditScore: app.creditScore,
        });
        return { ...terms, frequency: input.frequency, paymentMethod: input.paymentMethod };
      },
    });
    return toAdminApplication(await loadOne(tx, id), businessDate(now));
  });
}

/** Records a payment in the caller's transaction (the one that also stores its Idempotency-Key answer). */
export async function addPayment(
  tx: DbOrTx,
  { clock }: Deps,
  admin: User,
  id: number,
  input: z.output<typeof addPaymentSchema>,
  idempotencyKey: string | null,
) {
  const now = clock.now();
  const result = await recordRepayment(tx, {
    applicationId: id,
    amount: new Decimal(input.amount),
    paymentDate: input.paymentDate,
    notes: input.notes,
    createdBy: admin.id,
    kind: 'manual',
    idempotencyKey,
    now,
  });
  return { ...result, application: toAdminApplication(await loadOne(tx, id), businessDate(now)) };
}
