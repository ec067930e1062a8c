// Dual control (docs/decisions/028-dual-control.md). A change that needs a second pair of eyes is asked for by one
// staff member (the maker) and carried out only when a different staff member with the same duty (the checker)
// approves it. The change is tried when it is asked for, in a savepoint always rolled back, so only a change that
// could be made then waits; the approval carries it out in the approval's own transaction, as the maker asked it,
// so a change that can no longer be made leaves the request waiting and nothing changed.
import { APPROVAL_DUTY, APPROVAL_KIND_LABELS, type ApprovalKind } from '../../../shared/approvals';
import type { ApprovalRequestView } from '../../../shared/schemas/approvals';
import { mayDo } from '../../../shared/staff-roles';
import type { Db } from '../../db/client';
import type { ApprovalRequest } from '../../db/types';
import type { Deps } from '../../lib/deps';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { recordAction } from '../audit/audit.repository';
import type { SessionUser } from '../sessions/sessions.service';
import { findUserById } from '../users/users.repository';
import {
  type ApprovalRequestRow,
  countPending,
  decideRequest,
  findRequestView,
  insertPendingRequest,
  listRequests,
  lockChangeSubject,
  lockRequest,
  pendingRequestFor,
} from './approvals.repository';

/** A change that waits for a second person: what it is, what it concerns, and the body that carries it out. */
export type ApprovableChange = {
  kind: ApprovalKind;
  /** 'application:12', 'user:5', 'payment:40': one request per kind and subject waits at a time. */
  subjectKey: string;
  applicationId: number | null;
  subjectUserId: number | null;
  summary: string;
  payload: Record<string, unknown>;
};

/** Carries out a change as its maker, on `deps` whose database is the caller's transaction. */
export type ChangeExecutor = (
  deps: Deps,
  maker: SessionUser,
  payload: Record<string, unknown>,
) => Promise<unknown>;
export type ChangeExecutors = Record<ApprovalKind, ChangeExecutor>;

const waitingConflict = (kind: ApprovalKind, requestId: number | undefined) =>
  conflict(
    `This ${APPROVAL_KIND_LABELS[kind].toLowerCase()} already waits for approval (request #${requestId ?? '?'}): approve, reject or withdraw it first.`,
  );

/** Thrown at the end of a trial run so its savepoint rolls back: nothing of a tried change is kept. */
class TrialRunEnded extends Error {}

const REFUSALS: Record<string, string> = {
  underwrite: 'Only an underwriter or an admin can decide this request',
  collect: 'Only a collector or an admin can decide this request',
  finance: 'Only finance or an admin can decide this request',
  administer: 'Only an admin can decide this request',
};

/** The maker's reason, where the change carries one (a reversal's `{ reversal: { reason } }`). */
function reasonOf(payload: Record<string, unknown>): string | null {
  const reversal = payload.reversal as { reason?: unknown } | undefined;
  return typeof reversal?.reason === 'string' ? reversal.reason : null;
}

function toView(row: ApprovalRequestRow, viewer: SessionUser): ApprovalRequestView {
  const r = row.request;
  const pending = r.status === 'pending';
  return {
    id: r.id,
    kind: r.kind,
    status: r.status as ApprovalRequestView['status'],
    summary: r.summary,
    reason: reasonOf(r.payload),
    applicationId: r.applicationId,
    subjectUserId: r.subjectUserId,
    subjectName: row.subjectName,
    maker: { id: r.makerId, name: row.makerName },
    checker: r.checkerId === null ? null : { id: r.checkerId, name: row.checkerName ?? '' },
    decisionNote: r.decisionNote,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    canDecide:
      pending &&
      r.makerId !== viewer.id &&
      r.subjectUserId !== viewer.id &&
      mayDo(viewer.role, APPROVAL_DUTY[r.kind]),
    canWithdraw: pending && r.makerId === viewer.id,
  };
}

async function viewOf(db: Db, id: number, viewer: SessionUser) {
  const row = await findRequestView(db, id);
  if (!row) throw notFound(`Could not find approval request ${id}`);
  return toView(row, viewer);
}

/**
 * The maker asks for a change: it is tried (and rolled back), then stored as waiting. A change that cannot be made
 * now is refused with its own message; the same change already waiting is refused with that request's number.
 */
export async function requestApproval(
  deps: Deps,
  maker: SessionUser,
  change: ApprovableChange,
  execute: ChangeExecutor,
): Promise<ApprovalRequestView> {
  const id = await deps.db.transaction(async (tx) => {
    await lockChangeSubject(tx, change.subjectKey);
    const alreadyWaiting = await pendingRequestFor(tx, change.kind, change.subjectKey);
    if (alreadyWaiting) throw waitingConflict(change.kind, alreadyWaiting.id);
    await tx
      .transaction(async (trial) => {
        // The trial calls no outside service (a credit bureau enquiry is paid for and recorded with the consumer): the
        // approval makes the enquiry, once, and a refusal then leaves the request waiting.
        const config = { ...deps.config, creditBureau: null };
        await execute({ ...deps, config, db: trial as unknown as Db }, maker, change.payload);
        throw new TrialRunEnded();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TrialRunEnded)) throw error;
      });
    // After the trial, so a change the rules refuse anyway says why (your own role: 409).
    if (change.subjectUserId === maker.id) {
      throw forbidden('This change concerns you: two other people ask for it and approve it.');
    }
    const row = await insertPendingRequest(tx, {
      ...change,
      makerId: maker.id,
      createdAt: deps.clock.now(),
    });
    // The subject's lock makes this the only request being asked for it; the index stays the rule of record.
    if (!row) {
      const waiting = await pendingRequestFor(tx, change.kind, change.subjectKey);
      throw waitingConflict(change.kind, waiting?.id);
    }
    await recordAction(tx, {
      userId: change.subjectUserId,
      adminId: maker.id,
      action: 'approval_requested',
      notes: `#${row.id} ${change.summary}`,
      at: deps.clock.now(),
    });
    return row.id;
  });
  return viewOf(deps.db, id, maker);
}

type Decision = {
  status: 'approved' | 'rejected' | 'withdrawn';
  note: string | null;
  /** Refuses this person for this request (403, 409) before anything changes. */
  allow: (request: ApprovalRequest, tx: Db) => Promise<void> | void;
  /** What happens before the decision is stored: an approval carries the change out. */
  carryOut?: (request: ApprovalRequest, tx: Db) => Promise<void>;
};

/**
 * Decides a waiting request in one transaction: locked first (so of many decisions at once one is made and the rest
 * find it decided), allowed, carried out, stored, audited. The audit row's actor is the one who decided; the maker is
 * the actor of the request's own row (approval_requested, the same number): both names are in the trail without a
 * member of staff named in a creator's data export.
 */
async function decide(deps: Deps, actor: SessionUser, id: number, decision: Decision) {
  await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const request = await lockedPending(tx, id);
    await decision.allow(request, tx);
    await decision.carryOut?.(request, tx);
    const now = deps.clock.now();
    await decideRequest(tx, id, {
      status: decision.status,
      checkerId: decision.status === 'withdrawn' ? null : actor.id,
      decisionNote: decision.note,
      decidedAt: now,
    });
    await recordAction(tx, {
      userId: request.subjectUserId,
      adminId: actor.id,
      action: `approval_${decision.status}`,
      notes: `#${id} ${request.summary}${decision.note ? `: ${decision.note}` : ''}`,
      at: now,
    });
  });
  return viewOf(deps.db, id, actor);
}

/** A checker: never the maker (`ownMessage` says what the maker may do instead), and with the change's duty. */
function allowChecker(checker: SessionUser, ownMessage: string) {
  return (request: ApprovalRequest) => {
    if (request.makerId === checker.id) throw forbidden(ownMessage);
    if (request.subjectUserId === checker.id) {
      throw forbidden('This change concerns you: another person decides it.');
    }
    const duty = APPROVAL_DUTY[request.kind];
    if (!mayDo(checker.role, duty)) throw forbidden(REFUSALS[duty]);
  };
}

/** A second person approves: the change is carried out as its maker asked it, in the approval's transaction. */
export function approveRequest(
  deps: Deps,
  checker: SessionUser,
  id: number,
  executors: ChangeExecutors,
): Promise<ApprovalRequestView> {
  return decide(deps, checker, id, {
    status: 'approved',
    note: null,
    allow: allowChecker(checker, 'You asked for this change: a second person approves it.'),
    carryOut: async (request, tx) => {
      const maker = await findUserById(tx, request.makerId);
      if (maker?.status !== 'active' || !mayDo(maker.role, APPROVAL_DUTY[request.kind])) {
        throw conflict('The person who asked for this change may no longer make it: reject the request.');
      }
      await executors[request.kind]({ ...deps, db: tx }, maker, request.payload);
    },
  });
}

/** A second person rejects the change, with a reason: nothing changes. */
export function rejectRequest(deps: Deps, checker: SessionUser, id: number, reason: string) {
  return decide(deps, checker, id, {
    status: 'rejected',
    note: reason,
    allow: allowChecker(
      checker,
      'You asked for this change: withdraw it instead, or a second person rejects it.',
    ),
  });
}

/** The maker takes their request back: nothing changes. */
export function withdrawRequest(deps: Deps, maker: SessionUser, id: number, reason: string | undefined) {
  return decide(deps, maker, id, {
    status: 'withdrawn',
    note: reason ?? null,
    allow: (request) => {
      if (request.makerId !== maker.id) {
        throw forbidden('Only the person who asked for this change can withdraw it.');
      }
    },
  });
}

async function lockedPending(db: Db, id: number) {
  const request = await lockRequest(db, id);
  if (!request) throw notFound(`Could not find approval request ${id}`);
  if (request.status !== 'pending') {
    throw conflict(`This request was already ${request.status}: nothing was changed.`);
  }
  return request;
}

/** The pending-approvals queue (or the last decided requests), as the viewer may act on them. */
export async function listApprovals(deps: Deps, viewer: SessionUser, which: 'pending' | 'decided') {
  const [rows, pendingCount] = await Promise.all([listRequests(deps.db, which), countPending(deps.db)]);
  return { data: rows.map((row) => toView(row, viewer)), pendingCount };
}
