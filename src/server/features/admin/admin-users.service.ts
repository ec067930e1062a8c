// Admin user management and impersonation. An admin may view the product as a creator; the session keeps
// the admin's identity (sessions.user_id) and only the rights switch (see docs/decisions/011).

import type { z } from 'zod';
import type { IsoDate } from '../../../shared/business-date';
import { businessDate } from '../../../shared/business-date';
import { centsToMoneyString, formatZar, toCents } from '../../../shared/finance/money';
import {
  type AdminUserDetailsQuery,
  type AdminUsersQuery,
  USER_HISTORY_PAGE_SIZE,
} from '../../../shared/schemas/admin-lists';
import type { adminUserPatchSchema } from '../../../shared/schemas/admin-users';
import type { platformCreateSchema } from '../../../shared/schemas/platform-management';
import { isStaff, mayDo, roleLabel } from '../../../shared/staff-roles';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { actionsForUser, recordAction } from '../audit/audit.repository';
import { loadApplications, loansOwedBy, paymentsOfUser, toAdminApplication } from '../loans';
import { forgetMfa } from '../mfa/mfa.service';
import { setSessionImpersonation } from '../sessions/sessions.repository';
import type { AuthContext, SessionUser } from '../sessions/sessions.service';
import { destroyAllSessionsOf } from '../sessions/sessions.service';
import { findUserById, lockUser, type NewUser, updateUser } from '../users/users.repository';
import { toPublicUser } from '../users/users.service';
import { applicantSummary } from './admin-applications.service';
import { usersPage } from './admin-lists.repository';
import { insertCreatorPlatform, listCreatorPlatforms } from './creator-platforms.repository';

/** One page of the Users tab. */
export async function listUsers(db: Db, query: AdminUsersQuery) {
  const { rows, total } = await usersPage(db, query);
  return {
    data: rows.map((r) => ({
      id: r.id,
      username: r.username,
      firstName: r.first_name,
      lastName: r.last_name,
      role: r.role,
      status: r.status,
      verified: r.verified,
      createdAt: new Date(r.created_at).toISOString(),
      applicationCount: r.application_count,
      deletionRequestedAt: r.deletion_requested_at ? new Date(r.deletion_requested_at).toISOString() : null,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function userDetails(db: Db, id: number, today: IsoDate, query: AdminUserDetailsQuery) {
  const user = await findUserById(db, id);
  if (!user) throw notFound('User not found');
  // Each schedule without its payments, read as their totals: the page below lists them, a page at a time.
  const apps = (await loadApplications(db, { userId: id }, { payments: 'totals' })).map((app) => {
    const { repaymentSchedule, ...application } = toAdminApplication(app, today);
    if (!repaymentSchedule) return { ...application, repaymentSchedule };
    const { payments: _paged, ...schedule } = repaymentSchedule;
    return { ...application, repaymentSchedule: schedule };
  });
  const window = (page: number) => ({
    limit: USER_HISTORY_PAGE_SIZE,
    offset: (page - 1) * USER_HISTORY_PAGE_SIZE,
  });
  const paid = await paymentsOfUser(db, id, window(query.paymentsPage));
  // The acting admin's name comes with each row so the log reads 'who did what' without a second call.
  const actions = await actionsForUser(db, id, window(query.actionsPage));
  const paged = <T>(rows: T[], total: number, page: number) => ({
    rows,
    total,
    page,
    pageSize: USER_HISTORY_PAGE_SIZE,
  });
  return {
    user: {
      ...applicantSummary(user),
      adminNotes: user.adminNotes,
      lastStatusChange: user.lastStatusChange?.toISOString() ?? null,
      statusChangeReason: user.statusChangeReason,
      deletionRequestedAt: user.anonymisedAt ? null : (user.deletionRequestedAt?.toISOString() ?? null),
      anonymisedAt: user.anonymisedAt?.toISOString() ?? null,
    },
    applications: apps,
    payments: paged(
      paid.rows.map((p) => ({
        id: p.id,
        applicationId: p.applicationId,
        amount: p.amount,
        platformFee: p.platformFee,
        notes: p.notes,
        channel: p.channel,
        bankReference: p.bankReference,
        paymentDate: p.paymentDate,
        reversedOn: p.reversedAt ? businessDate(p.reversedAt) : null,
      })),
      paid.total,
      query.paymentsPage,
    ),
    adminActions: paged(
      actions.rows.map(({ action: a, admin }) => ({
        ...a,
        createdAt: a.createdAt.toISOString(),
        admin: admin?.id ? admin : null,
      })),
      actions.total,
      query.actionsPage,
    ),
  };
}

export async function patchUser(
  db: Db,
  admin: SessionUser,
  id: number,
  input: z.output<typeof adminUserPatchSchema>,
  /**
   * now: the app's clock, for the status change's date. roleApproved: set by a second admin's approval
   * (decision 028): a role changes only so (the route sends the rest at once).
   */
  { now, roleApproved = false }: { now: Date; roleApproved?: boolean },
) {
  if (
    id === admin.id &&
    ((input.role && input.role !== 'admin') || (input.status && input.status !== 'active'))
  ) {
    throw conflict('You cannot remove your own admin role or suspend yourself.');
  }
  return db.transaction(async (tx) => {
    // Locked, so the role read here is the one this change replaces (a change made meanwhile is seen).
    await lockUser(tx, id);
    const target = await findUserById(tx, id);
    if (!target) throw notFound('User not found');
    const changes: Partial<NewUser> = {};
    const notes: string[] = [];
    if (input.role && input.role !== target.role) {
      if (!roleApproved) {
        throw conflict(
          'The role changed meanwhile: a role change waits for a second admin, so ask for it again.',
        );
      }
      changes.role = input.role;
      notes.push(`role ${roleLabel(target.role)} → ${roleLabel(input.role)}`);
    }
    if (input.status === 'deleted' && target.status !== 'deleted') {
      // A borrower with a balance stays: their loans, payments and the debt they owe need the account (suspend them
      // instead). Read under the user's lock; a payout makes a loan under the application's, which is theirs.
      const owed = await loansOwedBy(tx, id);
      if (owed.length > 0) {
        const total = owed.reduce((sum, l) => sum + toCents(l.remaining), 0n);
        throw conflict(
          `This creator still owes ${formatZar(centsToMoneyString(total))} on ${owed.map((l) => `loan #${l.application_id}`).join(', ')}: a borrower with a balance cannot be deleted. Suspend the account instead.`,
        );
      }
    }
    if (input.status && input.status !== target.status) {
      changes.status = input.status;
      changes.lastStatusChange = now;
      changes.statusChangeReason = input.reason ?? null;
      notes.push(`status ${target.status} → ${input.status}${input.reason ? ` (${input.reason})` : ''}`);
      // Suspended or deleted users lose every session at once.
      if (input.status !== 'active') await destroyAllSessionsOf(tx, id);
    }
    // A new role starts with a new sign-in: a session that passed the second factor under one role (or none) is
    // not carried into another's rights (decision 027).
    if (changes.role) await destroyAllSessionsOf(tx, id);
    if (input.adminNotes !== undefined) changes.adminNotes = input.adminNotes;
    const updated = Object.keys(changes).length ? await updateUser(tx, id, changes) : target;
    await recordAction(tx, {
      userId: id,
      adminId: admin.id,
      action: changes.status ? 'user_status_changed' : changes.role ? 'user_role_changed' : 'user_updated',
      notes: notes.join('; ') || 'notes updated',
      at: now,
    });
    return applicantSummary(updated!);
  });
}

/**
 * An admin forgets a colleague's authenticator (a lost phone, its recovery codes gone): the role stays, every session
 * of theirs ends, and their next sign-in sets up a new authenticator (decision 017). Not one's own (the second factor
 * of the session asking) and not a creator's (who has none). Audited.
 */
export async function resetStaffMfa(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  admin: SessionUser,
  id: number,
): Promise<string> {
  if (id === admin.id) throw conflict('You cannot reset your own authenticator: another admin can.');
  const now = clock.now();
  return db.transaction(async (tx) => {
    const target = await findUserById(tx, id);
    if (!target || target.status === 'deleted') throw notFound('User not found');
    if (!isStaff(target.role)) throw conflict('Only staff sign in with an authenticator.');
    await forgetMfa(tx, id);
    await destroyAllSessionsOf(tx, id);
    await recordAction(tx, {
      userId: id,
      adminId: admin.id,
      action: 'authenticator_reset',
      notes: 'authenticator forgotten by an admin; to be set up again at the next sign-in',
      at: now,
    });
    return `${target.firstName} ${target.lastName} sets up a new authenticator at their next sign-in.`;
  });
}

export async function startImpersonation(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  auth: AuthContext,
  targetId: number,
) {
  if (auth.isImpersonating) throw conflict('End the current impersonation first.');
  if (!mayDo(auth.realUser.role, 'administer')) throw forbidden('Only an admin can do this');
  const target = await findUserById(db, targetId);
  if (target?.status !== 'active') throw notFound('User not found');
  // Least privilege: viewing as a member of staff would grant nothing a creator view needs and blur the audit trail.
  if (isStaff(target.role)) throw forbidden('Staff cannot be impersonated.');
  const now = clock.now();
  await db.transaction(async (tx) => {
    await setSessionImpersonation(tx, auth.session.id, target.id);
    await recordAction(tx, {
      userId: target.id,
      adminId: auth.realUser.id,
      action: 'impersonation_started',
      at: now,
    });
  });
  return toPublicUser(target, auth.realUser);
}

export async function stopImpersonation({ db, clock }: Pick<Deps, 'db' | 'clock'>, auth: AuthContext) {
  if (!auth.isImpersonating) throw conflict('You are not impersonating anyone.');
  const now = clock.now();
  await db.transaction(async (tx) => {
    await setSessionImpersonation(tx, auth.session.id, null);
    await recordAction(tx, {
      userId: auth.user.id,
      adminId: auth.realUser.id,
      action: 'impersonation_ended',
      at: now,
    });
  });
  return toPublicUser(auth.realUser);
}

export async function listPlatforms(db: Db) {
  const rows = await listCreatorPlatforms(db);
  return rows.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() }));
}

export async function createPlatform(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  admin: SessionUser,
  input: z.output<typeof platformCreateSchema>,
) {
  const row = await insertCreatorPlatform(db, {
    name: input.name,
    description: input.description || null,
    websiteUrl: input.websiteUrl || null,
    logoUrl: input.logoUrl || null,
    createdBy: admin.id,
  });
  if (!row) throw conflict('A platform with this name already exists.');
  await recordAction(db, {
    userId: null,
    adminId: admin.id,
    action: 'platform_created',
    notes: input.name,
    at: clock.now(),
  });
  return { ...row, createdAt: row.createdAt.toISOString() };
}
