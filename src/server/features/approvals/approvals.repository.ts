// The approval requests of dual control (docs/decisions/028-dual-control.md): stored, locked, decided and listed.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApprovalKind } from '../../../shared/approvals';
import type { DbOrTx } from '../../db/client';
import { type ApprovalRequest, approvalRequests, users } from '../../db/schema';

export type NewApprovalRequest = {
  kind: ApprovalKind;
  subjectKey: string;
  applicationId: number | null;
  subjectUserId: number | null;
  payload: Record<string, unknown>;
  summary: string;
  makerId: number;
  createdAt: Date;
};

/**
 * Requests about one subject ('application:12') are asked one after another until the transaction ends: the second
 * finds the first stored instead of waiting on its uncommitted row while holding the subject's locks (which
 * deadlocked under a burst on PostgreSQL).
 */
export async function lockChangeSubject(db: DbOrTx, subjectKey: string) {
  const key = `approval:${subjectKey}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}), hashtext(reverse(${key})))`);
}

/** Stores a pending request; undefined when the same change already waits (the partial unique index says so). */
export async function insertPendingRequest(db: DbOrTx, request: NewApprovalRequest) {
  const [row] = await db.insert(approvalRequests).values(request).onConflictDoNothing().returning();
  return row;
}

export async function pendingRequestFor(db: DbOrTx, kind: ApprovalKind, subjectKey: string) {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.kind, kind),
        eq(approvalRequests.subjectKey, subjectKey),
        eq(approvalRequests.status, 'pending'),
      ),
    )
    .limit(1);
  return row;
}

/** The request, locked until the deciding transaction ends: two decisions on one request take turns. */
export async function lockRequest(db: DbOrTx, id: number): Promise<ApprovalRequest | undefined> {
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id)).for('update');
  return row;
}

export async function decideRequest(
  db: DbOrTx,
  id: number,
  decision: {
    status: 'approved' | 'rejected' | 'withdrawn';
    checkerId: number | null;
    decisionNote: string | null;
    decidedAt: Date;
  },
) {
  const [row] = await db
    .update(approvalRequests)
    .set(decision)
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'pending')))
    .returning();
  return row;
}

const makers = alias(users, 'makers');
const checkers = alias(users, 'checkers');
const subjects = alias(users, 'subjects');
const withNames = {
  request: approvalRequests,
  makerName: sql<string>`${makers.firstName} || ' ' || ${makers.lastName}`,
  checkerName: sql<string | null>`${checkers.firstName} || ' ' || ${checkers.lastName}`,
  subjectName: sql<string | null>`${subjects.firstName} || ' ' || ${subjects.lastName}`,
};
export type ApprovalRequestRow = {
  request: ApprovalRequest;
  makerName: string;
  checkerName: string | null;
  subjectName: string | null;
};

const selectWithNames = (db: DbOrTx) =>
  db
    .select(withNames)
    .from(approvalRequests)
    .innerJoin(makers, eq(makers.id, approvalRequests.makerId))
    .leftJoin(checkers, eq(checkers.id, approvalRequests.checkerId))
    .leftJoin(subjects, eq(subjects.id, approvalRequests.subjectUserId))
    .$dynamic();

/** Requests with their maker's and checker's names: the pending ones oldest first, or the last 100 decided. */
export async function listRequests(db: DbOrTx, which: 'pending' | 'decided'): Promise<ApprovalRequestRow[]> {
  return selectWithNames(db)
    .where(
      which === 'pending' ? eq(approvalRequests.status, 'pending') : ne(approvalRequests.status, 'pending'),
    )
    .orderBy(which === 'pending' ? approvalRequests.id : desc(approvalRequests.id))
    .limit(which === 'pending' ? 500 : 100);
}

export async function countPending(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(approvalRequests)
    .where(eq(approvalRequests.status, 'pending'));
  return row?.n ?? 0;
}

/** One request with its people's names (the answer after a request or a decision). */
export async function findRequestView(db: DbOrTx, id: number): Promise<ApprovalRequestRow | undefined> {
  const [row] = await selectWithNames(db).where(eq(approvalRequests.id, id));
  return row;
}
