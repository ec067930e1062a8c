// Changing the sign-in e-mail (decision 010): the current password first; then a code goes to the new
// address and the old address is told. The new address becomes the sign-in name only when its code is entered;
// until then the old one keeps working, and the account stays verified throughout. The old address hears again
// once the change is made.
import type { z } from 'zod';
import type { emailChangeRequestSchema, emailChangeVerifySchema } from '../../../shared/schemas/users';
import type { User } from '../../db/types';
import type { Deps } from '../../lib/deps';
import { badRequest, conflict } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { requireRateSlot } from '../../lib/rate-limits';
import { requireSendSlots } from '../../lib/send-limits';
import { recordAction } from '../audit/audit.repository';
import { findLatestCode } from '../auth/auth.repository';
import { checkCode, consumeVerifiedCode, issueCode, resendWaitMs } from '../auth/one-time-codes';
import { enqueueMail } from '../mail/mail.service';
import { emailChangeCodeMail, emailChangedMail, emailChangeRequestedMail } from '../mail/mail.templates';
import type { SessionUser } from '../sessions/sessions.service';
import {
  claimUnownedRecordsAt,
  findUserByUsername,
  passwordHashOf,
  updateUser,
} from '../users/users.repository';

/** Ten password checks per account per 15 minutes, as at sign-in. */
const PASSWORD_CHECKS = { limit: 10, windowMs: 15 * 60 * 1000 };
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
const WRONG_PASSWORD_MESSAGE = 'Your current password is not correct.';

/**
 * A signed-in user confirms a sensitive act with their password (changing the e-mail, deleting the account):
 * one slot of the account's password-check limit (429 when spent), then 400 under `field` when it is wrong.
 */
export async function requireOwnPassword(
  db: Deps['db'],
  user: SessionUser,
  password: string,
  now: Date,
  wrong: { field: string; message: string },
) {
  await db.transaction((tx) =>
    requireRateSlot(
      tx,
      { key: `password-check:${user.id}`, ...PASSWORD_CHECKS },
      now,
      'Too many password attempts. Please try again later.',
    ),
  );
  const hash = await passwordHashOf(db, user.id);
  if (!hash || !(await verifyPassword(hash, password))) {
    throw badRequest(wrong.message, { [wrong.field]: [wrong.message] });
  }
}

export async function requestEmailChange(
  { db, config, clock }: Deps,
  user: SessionUser,
  input: z.output<typeof emailChangeRequestSchema>,
  ip: string,
) {
  const now = clock.now();
  if (input.newEmail === user.username.toLowerCase()) {
    throw badRequest('This is already your sign-in e-mail.', {
      newEmail: ['This is already your sign-in e-mail.'],
    });
  }
  await requireOwnPassword(db, user, input.currentPassword, now, {
    field: 'currentPassword',
    message: WRONG_PASSWORD_MESSAGE,
  });
  const taken = await findUserByUsername(db, input.newEmail);
  if (taken) throw conflict(EMAIL_TAKEN_MESSAGE);
  await db.transaction(async (tx) => {
    await requireSendSlots(tx, config.sendLimits, 'email', ip, now);
    // One code a minute (429 with the wait), under the user's lock: see issueCode.
    const code = await issueCode(
      tx,
      config,
      { userId: user.id, purpose: 'email_change', email: input.newEmail },
      now,
    );
    if (!code) return;
    // The code goes to an address not yet theirs: it is nobody's mail until that address is verified (by this
    // change, or by whoever registers it: decision 025). The notice to the current address is theirs.
    await enqueueMail(tx, { ...emailChangeCodeMail(input.newEmail, user.firstName, code), at: now });
    await enqueueMail(tx, {
      ...emailChangeRequestedMail(user.username, user.firstName, input.newEmail),
      userId: user.id,
      at: now,
    });
    await recordAction(tx, { userId: user.id, action: 'email_change_requested', at: now });
  });
  return { pendingEmail: input.newEmail };
}

/** The change waiting for its code, if any (an expired or used code is no change). */
export async function pendingEmailChange({ db, clock }: Deps, user: SessionUser) {
  const now = clock.now();
  const latest = await findLatestCode(db, user.id, 'email_change');
  const open = latest && !latest.consumedAt && latest.expiresAt > now;
  return {
    pendingEmail: open ? latest.email : null,
    resendInSeconds: open ? Math.ceil((await resendWaitMs(db, user.id, 'email_change', now)) / 1000) : 0,
  };
}

export async function confirmEmailChange(
  { db, config, clock }: Deps,
  user: SessionUser,
  input: z.output<typeof emailChangeVerifySchema>,
): Promise<User> {
  const now = clock.now();
  const latest = await findLatestCode(db, user.id, 'email_change');
  const codeId = await checkCode(
    db,
    config,
    { userId: user.id, purpose: 'email_change', code: input.code },
    now,
  );
  const newEmail = latest!.email;
  return db.transaction(async (tx) => {
    await consumeVerifiedCode(tx, codeId, now);
    const taken = await findUserByUsername(tx, newEmail);
    if (taken && taken.id !== user.id) throw conflict(EMAIL_TAKEN_MESSAGE);
    // The unique index on lower(username) decides a race with a registration of the same address.
    const updated = await updateUser(tx, user.id, { username: newEmail }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE);
      throw error;
    });
    await claimUnownedRecordsAt(tx, user.id, newEmail);
    // Written to the address they held until now: still their mail.
    await enqueueMail(tx, {
      ...emailChangedMail(user.username, user.firstName, newEmail),
      userId: user.id,
      at: now,
    });
    await recordAction(tx, { userId: user.id, action: 'email_changed', at: now });
    return updated!;
  });
}

/** Stops a change waiting for its code. */
export async function cancelEmailChange({ db, clock }: Deps, user: SessionUser) {
  const now = clock.now();
  const latest = await findLatestCode(db, user.id, 'email_change');
  if (!latest || latest.consumedAt || latest.expiresAt <= now) return;
  await db.transaction(async (tx) => {
    await consumeVerifiedCode(tx, latest.id, now);
    await recordAction(tx, { userId: user.id, action: 'email_change_cancelled', at: now });
  });
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';
