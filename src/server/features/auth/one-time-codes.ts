// E-mailed 6-digit codes, for account verification, e-mail changes and platform (Visionary) verification: secure
// random, stored as a keyed hash, valid 10 minutes, single use, 5 wrong tries per code, one new code a minute per
// user and purpose. The minute is enforced under a lock on the user and purpose, in the transaction that stores
// and e-mails the code, so a burst of requests sends one e-mail.
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { constantTimeEqualHex, hmacSha256, randomSixDigitCode } from '../../lib/crypto';
import { badRequest, tooManyRequests } from '../../lib/errors';
import { lockRateKey } from '../../lib/rate-limits';
import { consumeCode, findLatestCode, insertCode, recordWrongCode, voidOpenCodes } from './auth.repository';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_TRIES = 5;
export const RESEND_INTERVAL_MS = 60 * 1000;
export const INVALID_CODE_MESSAGE = 'Invalid or expired verification code. Please request a new code.';

export type CodePurpose = 'account' | 'visionary' | 'email_change';

/** Milliseconds until another code may be sent (0 when one may be sent now). */
export async function resendWaitMs(
  db: DbOrTx,
  userId: number,
  purpose: CodePurpose,
  now: Date,
): Promise<number> {
  const latest = await findLatestCode(db, userId, purpose);
  return latest ? Math.max(0, latest.createdAt.getTime() + RESEND_INTERVAL_MS - now.getTime()) : 0;
}

const tooSoon = (waitMs: number) =>
  tooManyRequests(
    `Please wait ${Math.ceil(waitMs / 1000)} seconds before requesting another code.`,
    waitMs / 1000,
  );

/**
 * Voids open codes of the purpose and stores a new one; the caller e-mails the returned code in the same
 * transaction. Holds the user and purpose's lock until that transaction ends, and keeps to one code a minute:
 * when the last one is younger, `whenTooSoon: 'throw'` answers 429 with the wait, `'skip'` returns null (for
 * callers that send a code only as a courtesy, such as a sign-in to an unverified account).
 */
export async function issueCode(
  tx: DbOrTx,
  config: Config,
  target: { userId: number; purpose: CodePurpose; email: string },
  now: Date,
  options: { whenTooSoon: 'throw' | 'skip' } = { whenTooSoon: 'throw' },
): Promise<string | null> {
  await lockRateKey(tx, `code:${target.userId}:${target.purpose}`);
  const wait = await resendWaitMs(tx, target.userId, target.purpose, now);
  if (wait > 0) {
    if (options.whenTooSoon === 'skip') return null;
    throw tooSoon(wait);
  }
  await voidOpenCodes(tx, target.userId, target.purpose, now);
  const code = randomSixDigitCode();
  await insertCode(tx, {
    userId: target.userId,
    purpose: target.purpose,
    email: target.email,
    codeHash: hmacSha256(config.sessionSecret, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    createdAt: now,
  });
  return code;
}

/**
 * Checks a code, counting a wrong try (committed at once, so it must not run inside a transaction that the
 * failure rolls back). Returns the code's id, to be consumed with `consumeVerifiedCode` in the transaction
 * that acts on it. Throws 400 with how many tries are left.
 */
export async function checkCode(
  db: DbOrTx,
  config: Config,
  target: { userId: number; purpose: CodePurpose; email?: string; code: string },
  now: Date,
): Promise<number> {
  const code = await findLatestCode(db, target.userId, target.purpose);
  if (!code || code.consumedAt || code.expiresAt <= now || (target.email && code.email !== target.email)) {
    throw badRequest(INVALID_CODE_MESSAGE);
  }
  if (!constantTimeEqualHex(code.codeHash, hmacSha256(config.sessionSecret, target.code))) {
    const tries = await recordWrongCode(db, code.id, CODE_MAX_TRIES, now);
    if (tries >= CODE_MAX_TRIES) throw badRequest('Too many wrong codes. Request a new code and try again.');
    throw badRequest(`Invalid verification code. ${CODE_MAX_TRIES - tries} tries left.`);
  }
  return code.id;
}

/** Single use: a second (or concurrent) redemption of the same code fails. */
export async function consumeVerifiedCode(tx: DbOrTx, codeId: number, now: Date) {
  if (!(await consumeCode(tx, codeId, now))) throw badRequest(INVALID_CODE_MESSAGE);
}
