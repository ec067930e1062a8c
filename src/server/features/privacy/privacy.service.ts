// The creator's data rights under POPIA (docs/privacy.md, decision 020): a copy of everything stored about them
// (a ZIP of JSON files), and deletion of the account. With no money owed the personal data is erased at once;
// with a loan open the request is recorded, shown to admins, and carried out by the lifecycle when the loan is
// repaid (eraseIfRequested). Money records stay, without the person's details. Every step writes an audit row
// that holds no personal data.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { z } from 'zod';
import { businessDate } from '../../../shared/business-date';
import { PRODUCT_NAME } from '../../../shared/constants';
import { formatDateInWords } from '../../../shared/format';
import type {
  DeleteAccountAnswer,
  deleteAccountSchema,
  PrivacyStatus,
} from '../../../shared/schemas/privacy';
import { isStaff } from '../../../shared/staff-roles';
import type { DbOrTx } from '../../db/client';
import type { User } from '../../db/types';
import type { Deps } from '../../lib/deps';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { recordAction } from '../audit/audit.repository';
import { requireOwnPassword } from '../email-change/email-change.service';
import type { SessionUser } from '../sessions/sessions.service';
import { findUserById } from '../users/users.repository';
import {
  erasedUserIds,
  erasePersonalData,
  exportRows,
  lockUserRow,
  openApplicationsOf,
  purgeMailOfErasedUsers,
  setDeletionRequestedAt,
} from './privacy.repository';

const WRONG_PASSWORD = 'Your password is not correct.';
export const ALREADY_DELETED = 'This account has already been deleted.';

export async function privacyStatus(db: DbOrTx, user: SessionUser): Promise<PrivacyStatus> {
  const open = await openApplicationsOf(db, user.id);
  return {
    deletionRequestedAt: user.anonymisedAt ? null : (user.deletionRequestedAt?.toISOString() ?? null),
    openLoanIds: open.owed,
    pendingApplicationIds: open.undecided,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The export

/** One-time codes in mail (6 digits) and long tokens in links: what must not leave in a copy of the mail. */
function withoutSecrets(text: string): string {
  return text.replace(/\b\d{6}\b/g, '[code removed]').replace(/[A-Za-z0-9_-]{24,}/g, '[token removed]');
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/**
 * Everything stored about the creator as JSON files in a ZIP, read in one transaction. Never in it: the password
 * hash, the authenticator secret, session tokens, one-time codes and reset links (docs/privacy.md). The bank
 * account is in full: it is the creator's own data, sent only to their own signed-in session.
 */
export async function exportData({ db, clock }: Deps, user: SessionUser) {
  const now = clock.now();
  const rows = await db.transaction(async (tx) => {
    // The stored row, not the request's copy of the user (which leaves the secrets and notes out, see
    // sessions.repository): the profile as of this snapshot.
    const stored = await findUserById(tx, user.id);
    if (!stored) throw notFound('Could not find your account');
    const data = { user: stored, ...(await exportRows(tx, stored)) };
    await recordAction(tx, { userId: user.id, action: 'data_exported', at: now });
    return data;
  });
  const {
    passwordHash: _hash,
    mfaSecret: _secret,
    mfaLastStep: _step,
    // A staff view setting (which applications their dashboards list), nothing about the creator.
    dashboardMode: _view,
    adminNotes,
    socialMediaData,
    ...profile
  } = rows.user;
  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(
      [
        `${PRODUCT_NAME}: a copy of the data we hold about you, made on ${formatDateInWords(now)}.`,
        '',
        'profile.json            your account, profile, bank details and notes our team keeps about you',
        'applications.json       your financing applications as stored (with their credit score parts)',
        'repayments.json         repayment schedules, the plans and offers you were shown and the one you',
        '                        accepted (with when and from where), instalments, payments, how each payment',
        '                        was split, settlement quotes, and collections: your requests for help, the',
        '                        promises to pay you made and our notes of each contact with you',
        'platforms.json          connected and self-declared platforms, and the proofs of earnings you uploaded',
        '                        (file name, type, size, fingerprint and review; the files themselves are not',
        '                        copied here)',
        'learning.json           Learning Quests progress, preferences, XP and level',
        'insights.json           analyses of your creator business made for our team',
        'activity.json           the log of what was done on your account, by you or by our team',
        'mail.json               e-mail we sent you, or sent to an address while you had it as your verified',
        '                        sign-in address (one-time codes and links removed)',
        'sign-ins.json           your sessions, and sign-in attempts with your verified sign-in address while',
        '                        you had it (when, from where, with which browser)',
        '',
        'Not included, because they are secrets: your password (we keep only a one-way fingerprint of it),',
        'authenticator secrets, session tokens and one-time codes.',
        'How we use and keep this data: docs/privacy.md and the Privacy Policy on our website.',
        '',
      ].join('\n'),
    ),
    'profile.json': json({ ...profile, adminNotes }),
    'applications.json': json(
      rows.applications.map(({ socialMediaData: _s, manualPlatforms: _m, ...a }) => a),
    ),
    'repayments.json': json({
      schedules: rows.schedules.map(({ paidOutBy, ...s }) => ({ ...s, paidOutByAdmin: paidOutBy !== null })),
      // The plans shown and the offers made, and the one accepted with the time, IP address and browser of it.
      creditQuotes: rows.creditQuotes.map(({ madeBy, acceptedBy: _a, ...q }) => ({
        ...q,
        madeByAdmin: madeBy !== null && madeBy !== user.id,
      })),
      instalments: rows.instalments,
      // Which admin did something is not the creator's data (decision 020): whether an admin did it is.
      payments: rows.payments.map(({ idempotencyKey: _k, createdBy, reversedBy: _r, ...p }) => ({
        ...p,
        byAdmin: createdBy !== null,
      })),
      allocations: rows.allocations,
      settlementQuotes: rows.quotes.map(({ requestedBy, ...q }) => ({
        ...q,
        requestedByAdmin: requestedBy !== null && requestedBy !== user.id,
      })),
      helpRequests: rows.helpRequests.map(({ closedBy: _c, ...h }) => h),
      promisesToPay: rows.promises.map(({ madeBy: _m, afterPaymentId: _a, ...p }) => p),
      contacts: rows.contacts.map(({ staffId: _s, ...c }) => c),
    }),
    'platforms.json': json({
      connected: socialMediaData,
      declaredOnApplications: rows.applications.map((a) => ({
        applicationId: a.id,
        socialMediaData: a.socialMediaData,
        manualPlatforms: a.manualPlatforms,
      })),
      partnerPlatforms: rows.partnerPlatforms,
      proofFiles: rows.proofFiles.map(({ storagePath: _p, reviewedBy, ...f }) => ({
        ...f,
        reviewedByAdmin: reviewedBy !== null,
      })),
    }),
    'learning.json': json({
      progress: rows.questProgress,
      preferences: rows.questPreferences[0] ?? null,
      metrics: rows.questMetrics[0] ?? null,
      recommendations: rows.questRecommendations,
    }),
    'insights.json': json(
      rows.insights.map(({ createdBy, ...i }) => ({ ...i, madeByAdmin: createdBy !== null })),
    ),
    'activity.json': json(
      rows.audit.map(({ adminId, userId: _u, ...a }) => ({ ...a, byAdmin: adminId !== null })),
    ),
    'mail.json': json(
      rows.mail.map((m) => ({
        id: m.id,
        to: m.toAddress,
        subject: withoutSecrets(m.subject),
        text: withoutSecrets(m.textBody),
        status: m.status,
        createdAt: m.createdAt,
        sentAt: m.sentAt,
      })),
    ),
    'sign-ins.json': json({
      sessions: rows.sessions.map(({ tokenHash: _t, userId: _u, impersonatedUserId: _i, ...s }) => s),
      attempts: rows.loginAttempts.map(({ userId: _u, ...a }) => a),
    }),
  };
  const zip = zipSync(files, { level: 6, mtime: now });
  return { zip: Buffer.from(zip), fileName: `vuka-capital-my-data-${businessDate(now)}.zip` };
}

// ---------------------------------------------------------------------------------------------------------
// Deletion

/**
 * Erases now (no money owed), or records the request (a loan open). Under the user's row lock, so any number of
 * parallel requests give one erasure or one recorded request. Applications under review or approved must be
 * cancelled first (409 names them): the creator decides about an offer, not the deletion.
 */
export async function deleteAccount(
  deps: Deps,
  user: SessionUser,
  input: z.output<typeof deleteAccountSchema>,
): Promise<DeleteAccountAnswer> {
  const { db, clock } = deps;
  const now = clock.now();
  if (isStaff(user.role)) {
    throw forbidden('A staff account is closed by an admin (Users tab), not from Settings.');
  }
  await requireOwnPassword(db, user, input.password, now, { field: 'password', message: WRONG_PASSWORD });
  const answer = await db.transaction(async (tx): Promise<DeleteAccountAnswer> => {
    const row = await lockUserRow(tx, user.id);
    if (!row || row.anonymisedAt) throw conflict(ALREADY_DELETED);
    const open = await openApplicationsOf(tx, user.id);
    if (open.owed.length) {
      const loans = open.owed.map((id) => `#${id}`).join(', ');
      const requestedAt = row.deletionRequestedAt ?? now;
      if (!row.deletionRequestedAt) {
        await setDeletionRequestedAt(tx, user.id, now);
        await recordAction(tx, {
          userId: user.id,
          action: 'deletion_requested',
          notes: `Waiting for ${loans} to be repaid`,
          at: now,
        });
      }
      return {
        success: true,
        outcome: 'scheduled',
        message: `Your account will be deleted when financing ${loans} is repaid. Until then you can sign in, pay and download your data.`,
        deletionRequestedAt: requestedAt.toISOString(),
      };
    }
    if (open.undecided.length) {
      const ids = open.undecided.map((id) => `#${id}`).join(', ');
      throw conflict(`Cancel application ${ids} first (Dashboard, Applications), then delete your account.`);
    }
    await eraseAccount(tx, row, now, 'at the creator’s request');
    return {
      success: true,
      outcome: 'erased',
      message: 'Your account and personal data have been deleted. You have been signed out.',
      deletionRequestedAt: null,
    };
  });
  if (answer.outcome === 'erased') await cleanUpAfterErasures(deps);
  return answer;
}

/** The creator withdraws a request that is waiting for a loan to close. */
export async function cancelDeletionRequest({ db, clock }: Deps, user: SessionUser): Promise<PrivacyStatus> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const row = await lockUserRow(tx, user.id);
    if (!row || row.anonymisedAt) throw conflict(ALREADY_DELETED);
    if (!row.deletionRequestedAt) throw conflict('There is no deletion request to withdraw.');
    await setDeletionRequestedAt(tx, user.id, null);
    await recordAction(tx, { userId: user.id, action: 'deletion_request_withdrawn', at: now });
    return privacyStatus(tx, { ...row, deletionRequestedAt: null });
  });
}

async function eraseAccount(tx: DbOrTx, user: User, now: Date, why: string, keepPendingMail = false) {
  const { applicationIds, scrubStoredAnswers } = await erasePersonalData(tx, user, now, keepPendingMail);
  await recordAction(tx, {
    userId: user.id,
    action: 'account_erased',
    notes: `Personal data erased ${why}; ${applicationIds.length} application record(s) kept without personal details`,
    at: now,
  });
  return { scrubStoredAnswers };
}

/** What a transaction that carried out an erasure still owes it: the answers it stores afterwards, scrubbed. */
export type ErasureFollowUp = { scrubStoredAnswers: (tx: DbOrTx) => Promise<void> };

/**
 * The lifecycle's hook where a loan is repaid in full (recordRepayment), in its transaction: a deletion the
 * creator asked for while money was owed is carried out now, unless another loan is still open or an application
 * waits for a decision (then it stays pending and runs when that one closes). Proof files on disk, and the
 * paid-up letter once delivered, go with the next hourly clean-up (cleanUpAfterErasures).
 */
export async function eraseIfRequested(
  tx: DbOrTx,
  userId: number,
  now: Date,
  applicationId: number,
): Promise<ErasureFollowUp | null> {
  const row = await lockUserRow(tx, userId);
  if (!row?.deletionRequestedAt || row.anonymisedAt) return null;
  const open = await openApplicationsOf(tx, userId);
  if (open.owed.length || open.undecided.length) return null;
  // The paid-up letter this repayment queued still goes out; the clean-up job deletes it once sent.
  return eraseAccount(
    tx,
    row,
    now,
    `when financing #${applicationId} was repaid, as the creator asked`,
    true,
  );
}

/**
 * The hourly clean-up after erasures (the purge job): the uploaded proofs of erased accounts on disk (their rows
 * are already gone), and mail to them that was left to be delivered and has been. Idempotent.
 */
export async function cleanUpAfterErasures({ db, config }: Pick<Deps, 'db' | 'config'>) {
  await purgeMailOfErasedUsers(db);
  const root = path.join(config.dataDir, 'uploads');
  const dirs = await readdir(root).catch(() => [] as string[]);
  const ids = dirs.filter((d) => /^\d+$/.test(d)).map(Number);
  if (!ids.length) return 0;
  const erased = await erasedUserIds(db, ids);
  for (const id of erased) await rm(path.join(root, String(id)), { recursive: true, force: true });
  return erased.length;
}
