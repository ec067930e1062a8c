// Account rules: registration with an e-mailed code, sign-in with throttling, password reset.
// Every answer that could tell whether an e-mail has an account is the same for both cases.
import type { z } from 'zod';
import type {
  loginSchema,
  registerSchema,
  requestPasswordResetSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '../../../shared/schemas/auth';
import { isStaff } from '../../../shared/staff-roles';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest, conflict, tooManyRequests } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { lockRateKey } from '../../lib/rate-limits';
import { requireSendSlots } from '../../lib/send-limits';
import { recordAction } from '../audit/audit.repository';
import { enqueueMail } from '../mail/mail.service';
import { passwordResetMail, verificationCodeMail } from '../mail/mail.templates';
import type { SessionUser } from '../sessions/sessions.service';
import { createSession, destroyAllSessionsOf } from '../sessions/sessions.service';
import { claimUnownedRecordsAt, findUserByUsername, insertUser, updateUser } from '../users/users.repository';
import {
  accountFailuresSince,
  consumeResetToken,
  insertResetToken,
  ipFailuresSince,
  latestResetTokenCreatedAt,
  markLoginSucceeded,
  reserveLoginAttempt,
  voidOpenResetTokens,
} from './auth.repository';
import {
  checkCode,
  consumeVerifiedCode,
  INVALID_CODE_MESSAGE,
  issueCode,
  RESEND_INTERVAL_MS,
} from './one-time-codes';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_ACCOUNT_FAILURES = 10;
export const MAX_IP_FAILURES = 50;

export const LOGIN_FAILED_MESSAGE = 'Incorrect email or password. Please try again.';
export const RESET_REQUEST_MESSAGE =
  "If an account exists with this email, you'll receive password reset instructions.";

export type ClientMeta = { ip: string; userAgent?: string };

/** A new account code, e-mailed in the caller's transaction (at most one a minute: see issueCode). */
async function issueAccountCode(
  tx: DbOrTx,
  config: Config,
  user: SessionUser,
  now: Date,
  whenTooSoon: 'throw' | 'skip' = 'throw',
) {
  const code = await issueCode(
    tx,
    config,
    { userId: user.id, purpose: 'account', email: user.username },
    now,
    { whenTooSoon },
  );
  if (code) await enqueueMail(tx, { ...verificationCodeMail(user.username, user.firstName, code), at: now });
}

export async function register(
  { db, config, clock }: Deps,
  input: z.output<typeof registerSchema>,
  meta: ClientMeta,
) {
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  return db.transaction(async (tx) => {
    // Sign-ups and their e-mail, per client address and in all (429 before anything is stored).
    await requireSendSlots(tx, config.sendLimits, 'signup', meta.ip, now);
    // Role, status and verified are the server's to decide, whatever the request said.
    const user = await insertUser(tx, {
      username: input.username,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      creatorType: input.creatorType,
      bio: input.bio || null,
      country: input.country,
      city: input.city,
      role: 'user',
      status: 'active',
      verified: false,
      bankName: input.bankName || null,
      accountNumber: input.accountNumber || null,
      branchCode: input.branchCode || null,
      accountType: input.accountType || null,
      createdAt: now,
      updatedAt: now,
    });
    if (!user) {
      throw conflict('An account with this email already exists. Sign in, or reset your password.');
    }
    await issueAccountCode(tx, config, user, now);
    return { email: user.username };
  });
}

export async function verifyEmail(
  { db, config, clock, sessionClock }: Deps,
  input: z.output<typeof verifyEmailSchema>,
  meta: ClientMeta,
): Promise<{ user: SessionUser; token: string }> {
  const now = clock.now();
  const user = await findUserByUsername(db, input.email);
  if (user?.status !== 'active') throw badRequest(INVALID_CODE_MESSAGE);
  const codeId = await checkCode(db, config, { userId: user.id, purpose: 'account', code: input.code }, now);
  return db.transaction(async (tx) => {
    await consumeVerifiedCode(tx, codeId, now);
    const verified = (await updateUser(tx, user.id, { verified: true }))!;
    await claimUnownedRecordsAt(tx, user.id, verified.username);
    const { token } = await createSession(tx, verified, false, meta, sessionClock.now());
    return { user: verified, token };
  });
}

export async function resendVerification(
  { db, config, clock }: Deps,
  input: z.output<typeof resendVerificationSchema>,
  meta: ClientMeta,
) {
  const now = clock.now();
  // Counted for every request, known account or not, so a 429 tells nothing about accounts.
  await db.transaction((tx) => requireSendSlots(tx, config.sendLimits, 'email', meta.ip, now));
  const user = await findUserByUsername(db, input.email);
  // Unknown or already verified: the same quiet success, so the answer does not reveal accounts.
  if (!user || user.verified || user.status !== 'active') return;
  await db.transaction((tx) => issueAccountCode(tx, config, user, now));
}

/** How long a locked-out sign-in waits, in whole minutes rounded up: "Try again in 14 minutes." */
export function lockoutWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/**
 * Counts this sign-in against the account's and the address's limits, or refuses it (429). Runs under both keys'
 * locks, taken in the same order by every sign-in (account, then address), and writes the attempt before the
 * lock is let go: however many arrive at once, at most MAX_ACCOUNT_FAILURES passwords are checked per account
 * in the window.
 */
async function reserveLoginCheck(db: Db, username: string, ip: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await lockRateKey(tx, `login:${username}`);
    await lockRateKey(tx, `login-ip:${ip}`);
    const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
    const retryAfter = (oldest: Date | null) =>
      oldest ? (oldest.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000 : LOGIN_WINDOW_MS / 1000;
    // The person is told how long to wait, as the Retry-After header tells a program.
    const refuse = (oldest: Date | null) => {
      const seconds = retryAfter(oldest);
      return tooManyRequests(`Too many failed sign-in attempts. ${lockoutWait(seconds)}`, seconds);
    };
    const account = await accountFailuresSince(tx, username, since);
    if (account.count >= MAX_ACCOUNT_FAILURES) throw refuse(account.oldest);
    const fromIp = await ipFailuresSince(tx, ip, since);
    if (fromIp.count >= MAX_IP_FAILURES) throw refuse(fromIp.oldest);
    return reserveLoginAttempt(tx, username, ip, now);
  });
}

export class LoginError extends AppError {}

export async function login(
  { db, config, clock, sessionClock }: Deps,
  input: z.output<typeof loginSchema>,
  meta: ClientMeta,
): Promise<{ user: SessionUser; token: string; persistent: boolean }> {
  const now = clock.now();
  const username = input.username.toLowerCase();
  const attemptId = await reserveLoginCheck(db, username, meta.ip, now);
  const user = await findUserByUsername(db, username);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !passwordOk || user.status === 'deleted') {
    // The audit trail has every sign-in to an account, refused ones too; never the password.
    if (user && user.status !== 'deleted') {
      await recordAction(db, {
        userId: user.id,
        action: 'sign_in_refused',
        notes: 'Wrong password',
        at: now,
      });
    }
    throw new LoginError(401, LOGIN_FAILED_MESSAGE, { success: false });
  }
  // The right password: this attempt no longer counts against the account, whatever follows.
  await markLoginSucceeded(db, attemptId);
  if (user.status === 'suspended') {
    throw new LoginError(403, 'This account has been suspended. Please contact support.', { success: false });
  }
  if (!user.verified) {
    // A fresh code as a courtesy, unless one went out in the last minute; an e-mail like any other, so it counts
    // against the sending limits (429 when they are spent: docs/operations.md "Limits").
    await db.transaction(async (tx) => {
      await requireSendSlots(tx, config.sendLimits, 'email', meta.ip, now);
      await issueAccountCode(tx, config, user, now, 'skip');
    });
    throw new LoginError(
      403,
      'Please verify your email address first. We have sent a new verification code to your email.',
      { success: false, needsVerification: true, email: user.username },
    );
  }
  const { token, session } = await db.transaction(async (tx) => {
    const created = await createSession(tx, user, input.rememberMe, meta, sessionClock.now());
    // Staff act in their own name: they are the actor of their sign-in; a creator's is their own act (no actor).
    await recordAction(tx, {
      userId: user.id,
      adminId: isStaff(user.role) ? user.id : null,
      action: 'signed_in',
      notes: created.session.persistent ? 'Remembered on this device' : null,
      at: now,
    });
    return created;
  });
  return { user, token, persistent: session.persistent };
}

export async function requestPasswordReset(
  { db, config, clock }: Deps,
  input: z.output<typeof requestPasswordResetSchema>,
  meta: ClientMeta,
) {
  const now = clock.now();
  // Counted for every request, known account or not, so a 429 tells nothing about accounts.
  await db.transaction((tx) => requireSendSlots(tx, config.sendLimits, 'email', meta.ip, now));
  const user = await findUserByUsername(db, input.username);
  if (user?.status !== 'active') return;
  const token = randomToken();
  await db.transaction(async (tx) => {
    // At most one e-mail a minute per account, silently (the answer stays the same), decided under the account's
    // lock: a burst of requests sends one link. A new link voids every earlier one.
    await lockRateKey(tx, `reset:${user.id}`);
    const last = await latestResetTokenCreatedAt(tx, user.id);
    if (last && now.getTime() - last.getTime() < RESEND_INTERVAL_MS) return;
    await voidOpenResetTokens(tx, user.id, now);
    await insertResetToken(tx, {
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      createdAt: now,
    });
    const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await enqueueMail(tx, { ...passwordResetMail(user.username, user.firstName, link), at: now });
  });
}

export async function resetPassword({ db, clock }: Deps, input: z.output<typeof resetPasswordSchema>) {
  const now = clock.now();
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, sha256(input.token), now);
    if (!userId) throw badRequest('Invalid reset link. Please request a new password reset.');
    // A reset voids every other link that is still open.
    await voidOpenResetTokens(tx, userId, now);
    // Following the link proved control of the mailbox, so the address counts as verified.
    const updated = await updateUser(tx, userId, { passwordHash, verified: true });
    if (updated) await claimUnownedRecordsAt(tx, userId, updated.username);
    await destroyAllSessionsOf(tx, userId);
  });
}
