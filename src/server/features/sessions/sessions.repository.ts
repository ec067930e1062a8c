import { and, eq, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type Session, sessions, type User, users } from '../../db/schema';

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<Session> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function findSessionWithUser(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ session: Session; user: User } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchSession(db: DbOrTx, id: number, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}

export async function deleteSessionById(db: DbOrTx, id: number) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: number) {
  await db.delete(sessions).where(or(eq(sessions.userId, userId), eq(sessions.impersonatedUserId, userId)));
}

export async function setSessionImpersonation(db: DbOrTx, id: number, impersonatedUserId: number | null) {
  await db.update(sessions).set({ impersonatedUserId }).where(eq(sessions.id, id));
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date, idleCutoff: Date) {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        and(eq(sessions.persistent, false), lt(sessions.lastSeenAt, idleCutoff)),
      ),
    );
}
