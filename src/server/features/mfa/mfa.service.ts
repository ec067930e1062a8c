// Admin second factor (decision 017): enrolment of a TOTP authenticator with ten recovery codes, and the check
// each admin session must pass before admin routes answer it. Every step that looks at a code runs in one
// transaction under the user's MFA key lock (lib/rate-limits.ts): the lockout count, the code check and the
// spent step are read and written by one request at a time, so a burst of the same code passes once and a
// burst of guesses stops at the limit.
import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  MFA_RECOVERY_CODE_COUNT,
  type MfaConfirmAnswer,
  type MfaEnrolAnswer,
  type MfaStatus,
  type MfaVerifyAnswer,
  type mfaVerifySchema,
} from '../../../shared/schemas/mfa';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { type AppError, badRequest, conflict, tooManyRequests } from '../../lib/errors';
import {
  lockRateKey,
  type RateRule,
  rateEventsSince,
  recordRateEvent,
  secondsUntilFree,
} from '../../lib/rate-limits';
import { openMfaSecret, sealMfaSecret } from '../../lib/secret-box';
import { recordAction } from '../audit/audit.repository';
import {
  countRecoveryCodesLeft,
  enableMfa,
  findMfaState,
  findMfaStateByUsername,
  type MfaState,
  markSessionPassed,
  replaceRecoveryCodes,
  resetMfa,
  setEnabledSecret,
  setPendingSecret,
  spendRecoveryCode,
  spendStep,
} from './mfa.repository';
import { matchTotpStep, newTotpSecret, qrCodeDataUrl, totpCode, totpSecondsLeft, totpUri } from './totp';

const MFA_MAX_FAILURES = 5;
const MFA_LOCK_MS = 15 * 60 * 1000;

/** The embedded demo's admin authenticator key (printed beside the demo logins; development and demo only). */
export const DEMO_ADMIN_MFA_SECRET = 'VUKACAPITALDEMOADMINSECRET234567';
/** The demo's second admin, who approves what the first asks for (dual control, decision 028). */
export const DEMO_SECOND_ADMIN_MFA_SECRET = 'VUKACAPITALDEMOSECONDADMIN234567';
const DEMO_ADMINS = [
  { username: 'admin@vuka.demo', secret: DEMO_ADMIN_MFA_SECRET },
  { username: 'nomsa@vuka.demo', secret: DEMO_SECOND_ADMIN_MFA_SECRET },
] as const;

const WRONG_CODE_MESSAGE = 'That code is not right. Check your authenticator app and try again.';
const USED_CODE_MESSAGE =
  'That code has already been used. Wait for the next code in your authenticator app.';
const WRONG_RECOVERY_CODE_MESSAGE = 'That recovery code is not right, or it has already been used.';
const LOCKED_MESSAGE = 'Too many wrong codes. Please wait 15 minutes before you try again.';

/** Who the factor belongs to and which session passes it: the signed-in admin, never an impersonated creator. */
export type MfaActor = { userId: number; sessionId: number; passedAt: Date | null };

const ruleFor = (userId: number): RateRule => ({
  key: `mfa:${userId}`,
  limit: MFA_MAX_FAILURES,
  windowMs: MFA_LOCK_MS,
});

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of ten characters (about 49 bits each), shown as "k7m2p-x9q4r". */
function newRecoveryCodes(): string[] {
  return Array.from({ length: MFA_RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** Stored and compared without the dash and in lower case (the schema normalises what is typed). */
const recoveryHash = (code: string) => sha256(code.replace(/[\s-]/g, '').toLowerCase());

export async function mfaStatus({ db }: Deps, actor: MfaActor): Promise<MfaStatus> {
  const state = await findMfaState(db, actor.userId);
  const enrolled = Boolean(state?.mfaEnabledAt);
  return {
    enrolled,
    passed: actor.passedAt !== null,
    recoveryCodesLeft: enrolled ? await countRecoveryCodesLeft(db, actor.userId) : 0,
  };
}

/** A new secret for an admin who has not confirmed one yet; any earlier unconfirmed secret is replaced. */
export async function startEnrolment({ db, config, clock }: Deps, actor: MfaActor): Promise<MfaEnrolAnswer> {
  const now = clock.now();
  const secret = newTotpSecret();
  const username = await db.transaction(async (tx) => {
    await lockRateKey(tx, ruleFor(actor.userId).key);
    const state = await findMfaState(tx, actor.userId);
    if (!state) throw conflict('This account is no longer available.');
    if (
      state.mfaEnabledAt ||
      !(await setPendingSecret(tx, actor.userId, sealMfaSecret(config.sessionSecret, actor.userId, secret)))
    ) {
      throw conflict('An authenticator is already set up for this account. Enter its code instead.');
    }
    await recordAction(tx, {
      userId: actor.userId,
      adminId: actor.userId,
      action: 'mfa_enrolment_started',
      notes: 'New authenticator key issued',
      at: now,
    });
    return state.username;
  });
  const otpauthUrl = totpUri(secret, username);
  return { secret, otpauthUrl, qrCode: await qrCodeDataUrl(otpauthUrl) };
}

type Checked<T> = { ok: true; value: T } | { ok: false; error: AppError };

/**
 * Runs `check` under the user's MFA lock when the user is not locked out. A refused code is counted (and the
 * lockout audited when it is the one that locks) in the same transaction, which then commits: the refusal is
 * thrown only after, so the count is never rolled back with it.
 */
async function underMfaLock<T>(
  { db }: Deps,
  actor: MfaActor,
  now: Date,
  check: (tx: DbOrTx, state: MfaState) => Promise<Checked<T>>,
): Promise<T> {
  const rule = ruleFor(actor.userId);
  const outcome = await db.transaction(async (tx): Promise<Checked<T>> => {
    await lockRateKey(tx, rule.key);
    const recent = await rateEventsSince(tx, rule.key, new Date(now.getTime() - rule.windowMs));
    if (recent.count >= rule.limit) {
      return {
        ok: false,
        error: tooManyRequests(LOCKED_MESSAGE, secondsUntilFree(rule, recent.oldest, now)),
      };
    }
    const state = await findMfaState(tx, actor.userId);
    if (!state) return { ok: false, error: conflict('This account is no longer available.') };
    const result = await check(tx, state);
    if (result.ok || result.error.statusCode !== 400) return result;
    await recordRateEvent(tx, rule.key, now);
    // Every refused code is in the audit trail, with what was refused, never the code.
    await recordAction(tx, {
      userId: actor.userId,
      adminId: actor.userId,
      action: 'mfa_code_refused',
      notes: result.error.message,
      at: now,
    });
    if (recent.count + 1 < rule.limit) return result;
    await recordAction(tx, {
      userId: actor.userId,
      adminId: actor.userId,
      action: 'mfa_locked',
      notes: `${rule.limit} wrong codes in ${rule.windowMs / 60_000} minutes`,
      at: now,
    });
    const oldest = recent.oldest ?? now;
    return { ok: false, error: tooManyRequests(LOCKED_MESSAGE, secondsUntilFree(rule, oldest, now)) };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

const refuse = (error: AppError) => ({ ok: false as const, error });

function secretOf(config: Config, state: MfaState): string | null {
  return state.mfaSecret ? openMfaSecret(config.sessionSecret, state.id, state.mfaSecret) : null;
}

const UNREADABLE_MESSAGE =
  'Your authenticator set-up cannot be read on this server. Ask an operator to reset it with create-admin.';

/** Checks a code against the secret, telling a reused code apart from a wrong one. */
function checkTotp(secret: string, code: string, now: Date, lastStep: number | null): Checked<number> {
  const step = matchTotpStep(secret, code, now, lastStep);
  if (step !== null) return { ok: true, value: step };
  const used = lastStep !== null && matchTotpStep(secret, code, now, null) !== null;
  return refuse(
    badRequest(used ? USED_CODE_MESSAGE : WRONG_CODE_MESSAGE, {
      code: [used ? USED_CODE_MESSAGE : WRONG_CODE_MESSAGE],
    }),
  );
}

/** The first code from the new authenticator: enrolment is done, the session has passed, ten recovery codes. */
export async function confirmEnrolment(deps: Deps, actor: MfaActor, code: string): Promise<MfaConfirmAnswer> {
  const now = deps.clock.now();
  const recoveryCodes = newRecoveryCodes();
  await underMfaLock(deps, actor, now, async (tx, state) => {
    if (state.mfaEnabledAt) {
      return refuse(conflict('An authenticator is already set up for this account. Enter its code instead.'));
    }
    if (!state.mfaSecret) return refuse(conflict('Start the set-up first: ask for a new authenticator key.'));
    const secret = secretOf(deps.config, state);
    if (!secret) return refuse(conflict('Start the set-up again: ask for a new authenticator key.'));
    const checked = checkTotp(secret, code, now, state.mfaLastStep);
    if (!checked.ok) return checked;
    if (!(await enableMfa(tx, actor.userId, checked.value, now))) {
      return refuse(conflict('An authenticator is already set up for this account. Enter its code instead.'));
    }
    await replaceRecoveryCodes(tx, actor.userId, recoveryCodes.map(recoveryHash), now);
    await markSessionPassed(tx, actor.sessionId, now);
    await recordAction(tx, {
      userId: actor.userId,
      adminId: actor.userId,
      action: 'mfa_enrolled',
      notes: `Authenticator confirmed; ${MFA_RECOVERY_CODE_COUNT} recovery codes issued`,
      at: now,
    });
    return { ok: true, value: undefined };
  });
  return { success: true, recoveryCodes };
}

/** A code from the authenticator, or one recovery code: this session passes the second factor. */
export async function verifyMfa(
  deps: Deps,
  actor: MfaActor,
  input: z.output<typeof mfaVerifySchema>,
): Promise<MfaVerifyAnswer> {
  const now = deps.clock.now();
  const left = await underMfaLock(deps, actor, now, async (tx, state) => {
    if (!state.mfaEnabledAt) {
      return refuse(conflict('Set up your authenticator app first.'));
    }
    let notes: string;
    let action: string;
    if (input.code !== undefined) {
      const secret = secretOf(deps.config, state);
      if (!secret) return refuse(conflict(UNREADABLE_MESSAGE));
      const checked = checkTotp(secret, input.code, now, state.mfaLastStep);
      if (!checked.ok) return checked;
      // The lock makes this the only writer; the condition keeps the rule in the data as well.
      if (!(await spendStep(tx, actor.userId, checked.value))) {
        return refuse(badRequest(USED_CODE_MESSAGE, { code: [USED_CODE_MESSAGE] }));
      }
      action = 'mfa_verified';
      notes = 'Authenticator code accepted';
    } else {
      const used = await spendRecoveryCode(tx, actor.userId, recoveryHash(input.recoveryCode!), now);
      if (!used) {
        return refuse(
          badRequest(WRONG_RECOVERY_CODE_MESSAGE, { recoveryCode: [WRONG_RECOVERY_CODE_MESSAGE] }),
        );
      }
      action = 'mfa_recovery_code_used';
      notes = `Recovery code used; ${await countRecoveryCodesLeft(tx, actor.userId)} left`;
    }
    await markSessionPassed(tx, actor.sessionId, now);
    await recordAction(tx, { userId: actor.userId, adminId: actor.userId, action, notes, at: now });
    return { ok: true, value: await countRecoveryCodesLeft(tx, actor.userId) };
  });
  return { success: true, recoveryCodesLeft: left };
}

/** The embedded demo's admin is enrolled with the printed key (never called in production). */
export async function enrolDemoAdmin(
  db: DbOrTx,
  config: Config,
  userId: number,
  now: Date,
  secret: string = DEMO_ADMIN_MFA_SECRET,
) {
  await setEnabledSecret(db, userId, sealMfaSecret(config.sessionSecret, userId, secret), now);
}

/**
 * A demo admin's current code for the development mailbox (the first demo admin unless `which` names the second),
 * only while their key is still the printed demo key (a real admin's code is never shown, even in development).
 */
export async function demoAdminCode(
  { db, config, clock }: Deps,
  which: 0 | 1 = 0,
): Promise<{ email: string; code: string; secondsLeft: number } | null> {
  const demo = DEMO_ADMINS[which];
  const state = await findMfaStateByUsername(db, demo.username);
  if (!state?.mfaEnabledAt || secretOf(config, state) !== demo.secret) return null;
  const now = clock.now();
  return {
    email: state.username,
    code: totpCode(demo.secret, now),
    secondsLeft: totpSecondsLeft(now),
  };
}

/** create-admin: the account sets up a new authenticator at its next sign-in. */
export const forgetMfa = (tx: DbOrTx, userId: number) => resetMfa(tx, userId);
