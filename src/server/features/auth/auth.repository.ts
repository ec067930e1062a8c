import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { emailVerificationCodes, loginAttempts, passwordResetTokens } from '../../db/schema';
import { verifiedHolderOf } from '../users/users.repository';

export async function voidOpenCodes(db: DbOrTx, userId: number, purpose: string, now: Date) {
  await db
    .update(emailVerificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(emailVerificationCodes.userId, userId),
        eq(emailVerificationCodes.purpose, purpose),
        isNull(emailVerificationCodes.consumedAt),
      ),
    );
}

export async function insertCode(db: DbOrTx, values: typeof emailVerificationCodes.$inferInsert) {
  await db.insert(emailVerificationCodes).values(values);
}

export async function findLatestCode(db: DbOrTx, userId: number, purpose: string) {
  const [row] = await db
    .select()
    .from(emailVerificationCodes)
    .where(and(eq(emailVerificationCodes.userId, userId), eq(emailVerificationCodes.purpose, purpose)))
    .orderBy(desc(emailVerificationCodes.id))
    .limit(1);
  return row;
}

/** Counts a wrong try atomically, voiding the code when the limit is reached; returns tries so far. */
export async function recordWrongCode(
  db: DbOrTx,
  codeId: number,
  maxTries: number,
  now: Date,
): Promise<number> {
  const [row] = await db
    .update(emailVerificationCodes)
    .set({
      failedAttempts: sql`${emailVerificationCodes.failedAttempts} + 1`,
      consumedAt: sql`case when ${emailVerificationCodes.failedAttempts} + 1 >= ${maxTries} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(emailVerificationCodes.id, codeId), isNull(emailVerificationCodes.consumedAt)))
    .returning({ failedAttempts: emailVerificationCodes.failedAttempts });
  return row?.failedAttempts ?? maxTries;
}

/** Single use under concurrency: only one caller gets the row back. */
export async function consumeCode(db: DbOrTx, codeId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailVerificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailVerificationCodes.id, codeId), isNull(emailVerificationCodes.consumedAt)))
    .returning({ id: emailVerificationCodes.id });
  return rows.length === 1;
}

/**
 * A password check about to happen, counted as a failure until `markLoginSucceeded` says otherwise: written
 * under the account's lock before the check, so a burst cannot run more checks than the limit allows.
 */
export async function reserveLoginAttempt(
  db: DbOrTx,
  username: string,
  ip: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(loginAttempts)
    .values({
      username: username.toLowerCase(),
      ip,
      succeeded: false,
      // The attempt is a record of the account that has verified this address, if any (decision 025).
      userId: verifiedHolderOf(username),
      createdAt: now,
    })
    .returning({ id: loginAttempts.id });
  return row!.id;
}

export async function markLoginSucceeded(db: DbOrTx, attemptId: number) {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
}

/** Failures for one account since its last success (by id: attempts are written in order), within the window. */
export async function accountFailuresSince(db: DbOrTx, username: string, since: Date) {
  const [row] = await queryRows<{ n: number; oldest: string | null }>(
    db,
    sql`
    select count(*)::int as n, min(created_at)::text as oldest
    from login_attempts
    where lower(username) = lower(${username}) and succeeded = false and created_at > ${since.toISOString()}::timestamptz
      and id > coalesce((select max(id) from login_attempts
        where lower(username) = lower(${username}) and succeeded = true), 0)`,
  );
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function ipFailuresSince(db: DbOrTx, ip: string, since: Date) {
  const [row] = await queryRows<{ n: number; oldest: string | null }>(
    db,
    sql`
    select count(*)::int as n, min(created_at)::text as oldest from login_attempts
    where ip = ${ip} and succeeded = false and created_at > ${since.toISOString()}::timestamptz`,
  );
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function pruneLoginAttempts(db: DbOrTx, before: Date) {
  await db
    .delete(loginAttempts)
    .where(sql`${loginAttempts.createdAt} < ${before.toISOString()}::timestamptz`);
}

export async function voidOpenResetTokens(db: DbOrTx, userId: number, now: Date) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function latestResetTokenCreatedAt(db: DbOrTx, userId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: passwordResetTokens.createdAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.userId, userId))
    .orderBy(desc(passwordResetTokens.id))
    .limit(1);
  return row?.createdAt;
}

export async function insertResetToken(db: DbOrTx, values: typeof passwordResetTokens.$inferInsert) {
  await db.insert(passwordResetTokens).values(values);
}

/** Marks a valid token used and returns its user, or nothing when it is unknown, used or expired. */
export async function consumeResetToken(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}
