import { and, eq, lt, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { coalescedPreparedRead, jsonRow, preparedStatement } from '../../db/prepared';
import { type Session, sessions, type User, users } from '../../db/schema';
import type { DataVersionKind } from '../../lib/conditional-get';

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<Session> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

/**
 * What a request holds of its signed-in user (request.auth) leaves out the secrets (the password hash, the
 * authenticator secret and its last step), so that no handler, hook or log line can reach them by accident, and
 * what no request needs of its reader (the admins' notes, the status history, the row's last update). A route
 * that confirms a password, a second factor, or shows those fields reads them by id. The session is read
 * without where and with what it signed in. Each request's read is then a partial row as a JSON array, not
 * whole rows as objects with their keys: the unchanged poll's JSON parsing, allocation and PostgreSQL's row
 * building shrink with it (64 instead of 76-89 µs of the app's CPU per unchanged poll).
 */
const USER_COLUMNS_READ_BY_ID = [
  'passwordHash',
  'mfaSecret',
  'mfaLastStep',
  'adminNotes',
  'statusChangeReason',
  'lastStatusChange',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof User>;
/** The signed-in user as every request has it (see USER_COLUMNS_READ_BY_ID for what it leaves out). */
export type SessionUser = Omit<User, (typeof USER_COLUMNS_READ_BY_ID)[number]>;

/** Columns of the session a request does not need (where and with what it signed in). */
const SESSION_COLUMNS_NOT_READ = ['ip', 'userAgent'] as const satisfies ReadonlyArray<keyof Session>;
export type RequestSession = Omit<Session, (typeof SESSION_COLUMNS_NOT_READ)[number]>;

const sessionRow = jsonRow(sessions, 's', SESSION_COLUMNS_NOT_READ);
const userRow = jsonRow(users, 'u', USER_COLUMNS_READ_BY_ID);
const targetRow = jsonRow(users, 't', USER_COLUMNS_READ_BY_ID);

/**
 * Every API request's one read: the session by its token hash (unique index), the signed-in user, the user
 * being impersonated, and when asked the data version a conditional GET compares (primary key). The version
 * key follows the impersonation rule of the session service: the target's data only while an admin views an
 * active user.
 *
 * The reads of concurrent requests go to the database together (db/coalesced-read.ts): one statement answers
 * a batch, one row per request in the batch's order (ordinality), a token read twice is looked up twice. The
 * batch is one JSON parameter, `[[tokenHash, kind], ...]`: PostgreSQL estimates json_array_elements at 100
 * rows whatever the value, so after five executions the statement keeps one generic plan (an array parameter
 * has its length estimated from each value, which made every execution plan afresh: about 100 µs of the
 * database's CPU per batch). The lateral subquery stays a subquery (offset 0), so each element is one index
 * lookup whatever the estimate.
 */
const sessionReads = preparedStatement(
  'session_reads',
  `select b.i::int, x.*
   from json_array_elements($1::json) with ordinality as b(key, i)
   cross join lateral (
     select ${sessionRow.sql} as session_row, ${userRow.sql} as user_row,
       case when t.id is null then null else ${targetRow.sql} end as target_row, v.version::text as version
     from sessions s
     join users u on u.id = s.user_id
     left join users t on t.id = s.impersonated_user_id
     left join data_versions v on v.key = case b.key->>1
       when 'creator' then 'creator:' || case when t.status = 'active' and u.role = 'admin' then t.id else u.id end
       when 'users' then 'users'
     end
     where s.token_hash = b.key->>0
     offset 0
   ) x`,
);

type SessionRead = {
  session: RequestSession;
  user: SessionUser;
  /** The impersonated user, whatever their state (the service decides whether the view applies). */
  target: SessionUser | null;
  /** The asked data version; null when not asked or never bumped. */
  dataVersion: string | null;
};

type SessionReadKey = { tokenHash: string; dataVersion: DataVersionKind | null };

function sessionAnswers(rows: unknown[][], keys: SessionReadKey[]): Array<SessionRead | undefined> {
  const found = new Array<SessionRead | undefined>(keys.length);
  for (const row of rows) {
    found[(row[0] as number) - 1] = {
      session: sessionRow.read(row[1])!,
      user: userRow.read(row[2])!,
      target: targetRow.read(row[3]),
      dataVersion: (row[4] as string | null) ?? null,
    };
  }
  return found;
}

const readSession = coalescedPreparedRead({
  statement: sessionReads,
  params: (keys: SessionReadKey[]) => [JSON.stringify(keys.map((k) => [k.tokenHash, k.dataVersion]))],
  answers: sessionAnswers,
});

export function findSessionWithUser(
  db: Db,
  tokenHash: string,
  dataVersion: DataVersionKind | null = null,
): Promise<SessionRead | undefined> {
  return readSession(db, { tokenHash, dataVersion });
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
