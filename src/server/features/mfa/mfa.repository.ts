// Queries of the admin second factor: the user's TOTP state, recovery codes (SHA-256 only) and the session's
// "passed" mark. Writes run in the service's transaction, under the user's MFA key lock.
import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mfaRecoveryCodes, sessions, users } from '../../db/schema';

export type MfaState = {
  id: number;
  username: string;
  role: string;
  mfaSecret: string | null;
  mfaEnabledAt: Date | null;
  mfaLastStep: number | null;
};

const mfaColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  mfaSecret: users.mfaSecret,
  mfaEnabledAt: users.mfaEnabledAt,
  mfaLastStep: users.mfaLastStep,
};

export async function findMfaState(db: DbOrTx, userId: number): Promise<MfaState | undefined> {
  const [row] = await db.select(mfaColumns).from(users).where(eq(users.id, userId));
  return row;
}

export async function findMfaStateByUsername(db: DbOrTx, username: string): Promise<MfaState | undefined> {
  const [row] = await db
    .select(mfaColumns)
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

/** A new secret waiting for its first code; never over an enrolment already confirmed. */
export async function setPendingSecret(db: DbOrTx, userId: number, sealed: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaSecret: sealed, mfaLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.mfaEnabledAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** An enrolment confirmed at once with a known secret (the embedded demo's admin). */
export async function setEnabledSecret(db: DbOrTx, userId: number, sealed: string, now: Date) {
  await db
    .update(users)
    .set({ mfaSecret: sealed, mfaEnabledAt: now, mfaLastStep: null })
    .where(eq(users.id, userId));
}

/** Confirms the enrolment with the step of its first code. */
export async function enableMfa(db: DbOrTx, userId: number, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaEnabledAt: now, mfaLastStep: step })
    .where(and(eq(users.id, userId), isNull(users.mfaEnabledAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Spends `step`: only when it is later than the last step spent, so a code counts once however many race. */
export async function spendStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), sql`${users.mfaLastStep} < ${step}`)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** The user's recovery codes become exactly these (older ones, used or not, are gone). */
export async function replaceRecoveryCodes(db: DbOrTx, userId: number, hashes: string[], now: Date) {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Marks one unused code as used; false when there is no such unused code. */
export async function spendRecoveryCode(db: DbOrTx, userId: number, codeHash: string, now: Date) {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function markSessionPassed(db: DbOrTx, sessionId: number, now: Date) {
  await db.update(sessions).set({ mfaPassedAt: now }).where(eq(sessions.id, sessionId));
}

/**
 * Forgets the user's authenticator and recovery codes (create-admin: the operator's way back in for an admin who
 * lost both), and the second factor of their open sessions.
 */
export async function resetMfa(db: DbOrTx, userId: number) {
  await db
    .update(users)
    .set({ mfaSecret: null, mfaEnabledAt: null, mfaLastStep: null })
    .where(eq(users.id, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.update(sessions).set({ mfaPassedAt: null }).where(eq(sessions.userId, userId));
}
