// The staff changes that wait for a second person (docs/decisions/028-dual-control.md): which requests need it, how
// each is described in the queue, and how each is carried out once approved (the same service the route would call).

import type { z } from 'zod';
import { financedAmount } from '../../../shared/finance/amount-financed';
import { formatZar } from '../../../shared/finance/money';
import { formatDate } from '../../../shared/format';
import { adminApplicationPatchSchema, payoutSchema } from '../../../shared/schemas/admin-applications';
import {
  forgiveBalanceSchema,
  restructureSchema,
  reversePaymentSchema,
  writeOffSchema,
} from '../../../shared/schemas/admin-loans';
import { adminUserPatchSchema } from '../../../shared/schemas/admin-users';
import { isStaff, STAFF_ROLE_LABELS } from '../../../shared/staff-roles';
import { baseStatus } from '../../../shared/status-machine';
import type { Deps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { ApprovableChange, ChangeExecutors } from '../approvals/approvals.service';
import {
  findApplicationRow,
  findPayment,
  findScheduleByApplication,
  forgiveBalance,
  forgivenessRefusal,
  restructureLoan,
  writeOffLoan,
} from '../loans';
import { findUserById } from '../users/users.repository';
import { patchApplication, recordPayout, reversePaymentByAdmin } from './admin-applications.service';
import { patchUser } from './admin-users.service';

type ApplicationPatch = z.output<typeof adminApplicationPatchSchema>;
type UserPatch = z.output<typeof adminUserPatchSchema>;

const roleLabel = (role: string) => (isStaff(role) ? STAFF_ROLE_LABELS[role] : 'Creator');

// Summaries name applications, payments and amounts, never a person: the queue shows the person's name from their
// account (so an erasure removes it), and the audit rows that repeat a summary reach the creator's data export.
async function applicationRow(deps: Deps, id: number) {
  const app = await findApplicationRow(deps.db, id);
  if (!app) throw notFound(`Could not find application with ID ${id}`);
  return app;
}

/**
 * A stored request body, validated again by its route's schema: a request made under rules that have changed since is
 * refused (409) instead of failing the server.
 */
function stored<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw conflict('This request was made under rules that have changed since: reject it and ask again.');
  }
  return parsed.data;
}

/** Every kind's way of being carried out: the maker's request body, validated again from the stored request. */
export const APPROVAL_EXECUTORS: ChangeExecutors = {
  application_change: (deps, maker, p) =>
    patchApplication(deps, maker, Number(p.id), stored(adminApplicationPatchSchema, p.patch)),
  payout: (deps, maker, p) => recordPayout(deps, maker, Number(p.id), stored(payoutSchema, p.payout)),
  restructure: (deps, maker, p) =>
    restructureLoan(deps, maker, Number(p.id), stored(restructureSchema, p.restructure).estimatedPeriod),
  payment_reversal: (deps, maker, p) =>
    reversePaymentByAdmin(deps, maker, Number(p.paymentId), stored(reversePaymentSchema, p.reversal).reason),
  role_grant: (deps, maker, p) =>
    patchUser(deps.db, maker, Number(p.id), stored(adminUserPatchSchema, p.patch), {
      now: deps.clock.now(),
      roleApproved: true,
    }),
  write_off: (deps, maker, p) =>
    writeOffLoan(deps, maker, Number(p.id), stored(writeOffSchema, p.writeOff).reason),
  balance_forgiveness: (deps, maker, p) =>
    forgiveBalance(deps, maker, Number(p.id), stored(forgiveBalanceSchema, p.forgiveness).reason),
};

/**
 * An application edit waits for a second person when it changes the score (which changes the price) or approves
 * more than DUAL_CONTROL_APPROVAL_ABOVE rand; any other edit is made at once (null).
 */
export async function applicationChangeNeedingApproval(
  deps: Deps,
  id: number,
  patch: ApplicationPatch,
): Promise<ApprovableChange | null> {
  const app = await applicationRow(deps, id);
  const parts: string[] = [];
  if (patch.creditScore !== undefined && patch.creditScore !== app.creditScore) {
    parts.push(`score ${app.creditScore ?? 'none'} → ${patch.creditScore}`);
  }
  // The amount the approval grants, worked out as the lifecycle works it out (the amount requested as stored, or the
  // amount an offer being withdrawn had), and pinned in the request: the approval grants what the checker read.
  const approving = patch.status === 'approved' && baseStatus(app.status) !== 'approved';
  const withdrawingOffer = baseStatus(app.status) === 'offered';
  const amount =
    patch.approvedAmount ??
    Number(withdrawingOffer && app.approvedAmount !== null ? app.approvedAmount : app.requestedAmount);
  if (approving && amount > deps.config.dualControlApprovalAbove) {
    parts.push(`approve ${formatZar(amount)}`);
  }
  if (parts.length === 0) return null;
  return {
    kind: 'application_change',
    subjectKey: `application:${id}`,
    applicationId: id,
    subjectUserId: app.userId,
    summary: `Application #${id}: ${parts.join(', ')}`,
    payload: { id, patch: approving ? { ...patch, approvedAmount: amount } : patch },
  };
}

export async function payoutChange(
  deps: Deps,
  id: number,
  payout: z.output<typeof payoutSchema>,
): Promise<ApprovableChange> {
  const app = await applicationRow(deps, id);
  return {
    kind: 'payout',
    subjectKey: `application:${id}`,
    applicationId: id,
    subjectUserId: app.userId,
    summary: `Payout of ${formatZar(financedAmount(app))} for application #${id}, paid on ${formatDate(payout.paidOn)} (reference ${payout.bankReference})`,
    payload: { id, payout },
  };
}

export async function restructureChange(
  deps: Deps,
  id: number,
  restructure: z.output<typeof restructureSchema>,
): Promise<ApprovableChange> {
  const app = await applicationRow(deps, id);
  return {
    kind: 'restructure',
    subjectKey: `application:${id}`,
    applicationId: id,
    subjectUserId: app.userId,
    summary: `Restructure of application #${id}: the balance over ${restructure.estimatedPeriod} months`,
    payload: { id, restructure },
  };
}

export async function writeOffChange(
  deps: Deps,
  id: number,
  writeOff: z.output<typeof writeOffSchema>,
): Promise<ApprovableChange> {
  const app = await applicationRow(deps, id);
  return {
    kind: 'write_off',
    subjectKey: `application:${id}`,
    applicationId: id,
    subjectUserId: app.userId,
    summary: `Write-off of defaulted application #${id}: the loan leaves the books, the balance stays owed`,
    payload: { id, writeOff },
  };
}

/**
 * Forgiving a written-off balance: refused at once (409) when the loan cannot be forgiven, so no request waits in the
 * queue for a change that could not be made; checked again under the lock when it is carried out.
 */
export async function forgivenessChange(
  deps: Deps,
  id: number,
  forgiveness: z.output<typeof forgiveBalanceSchema>,
): Promise<ApprovableChange> {
  const app = await applicationRow(deps, id);
  const schedule = await findScheduleByApplication(deps.db, id);
  const refusal = forgivenessRefusal(id, app.status, schedule);
  if (refusal) throw conflict(refusal);
  return {
    kind: 'balance_forgiveness',
    subjectKey: `application:${id}`,
    applicationId: id,
    subjectUserId: app.userId,
    summary: `Forgiveness of the ${formatZar(schedule!.remainingAmount)} still owed on written-off application #${id}: the creator owes nothing more`,
    payload: { id, forgiveness },
  };
}

export async function reversalChange(
  deps: Deps,
  paymentId: number,
  reversal: z.output<typeof reversePaymentSchema>,
): Promise<ApprovableChange> {
  const payment = await findPayment(deps.db, paymentId);
  if (!payment) throw notFound(`Could not find payment ${paymentId}`);
  const app = await applicationRow(deps, payment.applicationId);
  return {
    kind: 'payment_reversal',
    subjectKey: `payment:${paymentId}`,
    applicationId: app.id,
    subjectUserId: app.userId,
    summary: `Reversal of payment #${paymentId} of ${formatZar(payment.amount)} (${formatDate(payment.paymentDate)}) on application #${app.id}`,
    payload: { paymentId, reversal },
  };
}

/** A user edit waits for a second admin when it changes the role; any other edit is made at once (null). */
export async function roleChangeNeedingApproval(
  deps: Deps,
  id: number,
  patch: UserPatch,
): Promise<ApprovableChange | null> {
  if (patch.role === undefined) return null;
  const target = await findUserById(deps.db, id);
  if (!target) throw notFound('User not found');
  if (patch.role === target.role) return null;
  // What the second admin approves is the role alone: a status or notes change goes on its own, at once.
  if (Object.keys(patch).some((key) => key !== 'role')) {
    throw badRequest(
      'Change the role on its own: a role change waits for a second admin, other changes do not.',
    );
  }
  return {
    kind: 'role_grant',
    subjectKey: `user:${id}`,
    applicationId: null,
    subjectUserId: id,
    summary: `Role of user #${id}: ${roleLabel(target.role)} → ${roleLabel(patch.role)}`,
    payload: { id, patch },
  };
}
