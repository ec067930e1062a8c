import { and, eq, lt, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { jsonRow, preparedStatement, runPrepared } from '../../db/prepared';
import { type Session, sessions, type User, users } from '../../db/schema';
import type { DataVersionKind } from '../../lib/conditional-get';

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<Session> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

const sessionRow = jsonRow(sessions, 's');
const userRow = jsonRow(users, 'u');
const targetRow = jsonRow(users, 't');

/**
 * Every API request's one read: the session by its token hash (unique index), the signed-in user, the user
 * being impersonated, and when asked the data version a conditional GET compares (primary key). The version
 * key follows the impersonation rule of the session service: the target's data only while an admin views an
 * active user.
 */
const sessionRead = preparedStatement(
  'session_read',
  `select ${sessionRow.sql}, ${userRow.sql}, case when t.id is null then null else ${targetRow.sql} end,
     v.version::text
   from sessions s
   join users u on u.id = s.user_id
   left join users t on t.id = s.impersonated_user_id
   left join data_versions v on v.key = case $2::text
     when 'creator' then 'creator:' || case when t.status = 'active' and u.role = 'admin' then t.id else u.id end
     when 'users' then 'users'
   end
   where s.token_hash = $1`,
);

type SessionRead = {
  session: Session;
  user: User;
  /** The impersonated user, whatever their state (the service decides whether the view applies). */
  target: User | null;
  /** The asked data version; null when not asked or never bumped. */
  dataVersion: string | null;
};

export async function findSessionWithUser(
  db: Db,
  tokenHash: string,
  dataVersion: DataVersionKind | null = null,
): Promise<SessionRead | undefined> {
  const [row] = await runPrepared(db, sessionRead, [tokenHash, dataVersion]);
  if (!row) return undefined;
  return {
    session: sessionRow.read(row[0])!,
    user: userRow.read(row[1])!,
    target: targetRow.read(row[2]),
    dataVersion: (row[3] as string | null) ?? null,
  };
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
