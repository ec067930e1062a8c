// Every query of the creator's data rights (docs/privacy.md): the reads of the data export, and the erasure that
// removes or anonymises personal data while the money records stay (without the person's details).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import {
  collectionContacts,
  creatorMetrics,
  creditQuotes,
  emailVerificationCodes,
  financingApplications,
  hardshipRequests,
  idempotencyKeys,
  loginAttempts,
  mailOutbox,
  mfaRecoveryCodes,
  passwordResetTokens,
  paymentAllocations,
  paymentPromises,
  payments,
  platformTokens,
  proofFiles,
  questRecommendations,
  repaymentInstalments,
  repaymentSchedules,
  sessions,
  settlementQuotes,
  userAdminActions,
  userInsights,
  userPlatforms,
  userQuestPreferences,
  userQuestProgress,
  users,
} from '../../db/schema';
import type { User } from '../../db/types';
import { deleteRateEventsOf } from '../../lib/rate-limits.repository';

/** Base statuses (and their test twins) of a loan with money owed, and of an application not yet decided. */
const OWED = ['active', 'defaulted', 'active_testing', 'defaulted_testing'];
const UNDECIDED = ['pending_review', 'approved', 'offered', 'accepted'].flatMap((s) => [s, `${s}_testing`]);

/** Locks the user's row until the transaction ends, and reads it: every deletion step runs under it. */
export async function lockUserRow(db: DbOrTx, id: number): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** The user's applications that keep an erasure waiting (money owed) or that must be cancelled first. */
export async function openApplicationsOf(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ id: financingApplications.id, status: financingApplications.status })
    .from(financingApplications)
    .where(
      and(
        eq(financingApplications.userId, userId),
        inArray(financingApplications.status, [...OWED, ...UNDECIDED]),
      ),
    )
    .orderBy(asc(financingApplications.id));
  return {
    owed: rows.filter((r) => OWED.includes(r.status)).map((r) => r.id),
    undecided: rows.filter((r) => UNDECIDED.includes(r.status)).map((r) => r.id),
  };
}

export async function setDeletionRequestedAt(db: DbOrTx, id: number, at: Date | null) {
  await db.update(users).set({ deletionRequestedAt: at, updatedAt: new Date() }).where(eq(users.id, id));
}

/**
 * The addresses to look for in free text about the person when it is scrubbed: the sign-in e-mail and any address
 * they asked a code to be sent to. Only for scrubbing rows already known to be theirs; which mail and sign-in
 * records are theirs is decided by owner (decision 025), never by these addresses.
 */
async function addressesIn(db: DbOrTx, user: User): Promise<string[]> {
  const rows = await db
    .select({ email: emailVerificationCodes.email })
    .from(emailVerificationCodes)
    .where(eq(emailVerificationCodes.userId, user.id));
  return [...new Set([user.username, ...rows.map((r) => r.email)].map((a) => a.toLowerCase()))];
}

// ---------------------------------------------------------------------------------------------------------
// The export: everything stored about one person, read in one transaction (a consistent snapshot).

export async function exportRows(db: DbOrTx, user: User) {
  const applications = await db
    .select()
    .from(financingApplications)
    .where(eq(financingApplications.userId, user.id))
    .orderBy(asc(financingApplications.id));
  const appIds = applications.map((a) => a.id);
  const none = appIds.length === 0;
  const schedules = none
    ? []
    : await db
        .select()
        .from(repaymentSchedules)
        .where(inArray(repaymentSchedules.applicationId, appIds))
        .orderBy(asc(repaymentSchedules.id));
  const scheduleIds = schedules.map((s) => s.id);
  const instalments = scheduleIds.length
    ? await db
        .select()
        .from(repaymentInstalments)
        .where(inArray(repaymentInstalments.scheduleId, scheduleIds))
        .orderBy(asc(repaymentInstalments.scheduleId), asc(repaymentInstalments.number))
    : [];
  const paid = none
    ? []
    : await db
        .select()
        .from(payments)
        .where(inArray(payments.applicationId, appIds))
        .orderBy(asc(payments.id));
  const allocations = paid.length
    ? await db
        .select()
        .from(paymentAllocations)
        .where(
          inArray(
            paymentAllocations.paymentId,
            paid.map((p) => p.id),
          ),
        )
        .orderBy(asc(paymentAllocations.id))
    : [];
  const quotes = none
    ? []
    : await db
        .select()
        .from(settlementQuotes)
        .where(inArray(settlementQuotes.applicationId, appIds))
        .orderBy(asc(settlementQuotes.id));
  const creditQuoteRows = none
    ? []
    : await db
        .select()
        .from(creditQuotes)
        .where(inArray(creditQuotes.applicationId, appIds))
        .orderBy(asc(creditQuotes.id));
  const helpRequests = none
    ? []
    : await db
        .select()
        .from(hardshipRequests)
        .where(inArray(hardshipRequests.applicationId, appIds))
        .orderBy(asc(hardshipRequests.id));
  const promises = none
    ? []
    : await db
        .select()
        .from(paymentPromises)
        .where(inArray(paymentPromises.applicationId, appIds))
        .orderBy(asc(paymentPromises.id));
  const contacts = none
    ? []
    : await db
        .select()
        .from(collectionContacts)
        .where(inArray(collectionContacts.applicationId, appIds))
        .orderBy(asc(collectionContacts.id));
  return {
    applications,
    schedules,
    helpRequests,
    promises,
    contacts,
    instalments,
    payments: paid,
    allocations,
    quotes,
    creditQuotes: creditQuoteRows,
    proofFiles: await db
      .select()
      .from(proofFiles)
      .where(eq(proofFiles.userId, user.id))
      .orderBy(asc(proofFiles.id)),
    partnerPlatforms: await db.select().from(userPlatforms).where(eq(userPlatforms.userId, user.id)),
    questProgress: await db
      .select()
      .from(userQuestProgress)
      .where(eq(userQuestProgress.userId, user.id))
      .orderBy(asc(userQuestProgress.questId)),
    questPreferences: await db
      .select()
      .from(userQuestPreferences)
      .where(eq(userQuestPreferences.userId, user.id)),
    questMetrics: await db.select().from(creatorMetrics).where(eq(creatorMetrics.userId, user.id)),
    questRecommendations: await db
      .select()
      .from(questRecommendations)
      .where(eq(questRecommendations.userId, user.id)),
    insights: await db
      .select()
      .from(userInsights)
      .where(eq(userInsights.userId, user.id))
      .orderBy(asc(userInsights.id)),
    audit: await db
      .select()
      .from(userAdminActions)
      .where(eq(userAdminActions.userId, user.id))
      .orderBy(asc(userAdminActions.id)),
    mail: await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, user.id))
      .orderBy(asc(mailOutbox.id)),
    sessions: await db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(asc(sessions.id)),
    loginAttempts: await db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.userId, user.id))
      .orderBy(asc(loginAttempts.id)),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The erasure, in the caller's transaction with the user's row locked.

/** Where an erased account's sign-in e-mail goes: the reserved .invalid domain, so nothing can be delivered. */
export const erasedAddress = (id: number) => `deleted-${id}@erased.invalid`;

/** A case-insensitive PostgreSQL pattern for any of `terms`, each whole where it starts or ends with a letter. */
function patternOf(terms: string[]): string | null {
  const parts = [...new Set(terms.map((t) => t.trim()).filter((t) => t.length >= 3))]
    .sort((a, b) => b.length - a.length)
    .map((t) => {
      const escaped = t.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
      return `${/^\w/.test(t) ? '\\y' : ''}${escaped}${/\w$/.test(t) ? '\\y' : ''}`;
    });
  return parts.length ? `(${parts.join('|')})` : null;
}

/**
 * Removes or anonymises everything personal about `user` (docs/privacy.md, "What deletion does"): the account
 * row keeps only its id, role and dates (the money records point at it); names on applications, platform
 * handles, bank details, sessions, codes, mail, proofs, learning progress and analyses go; free text kept with
 * the money records (audit notes, payment notes, reasons) has the person's names, addresses and account number
 * replaced by '[erased]'. Returns the proof files to remove from disk once the transaction commits.
 */
export async function erasePersonalData(
  tx: DbOrTx,
  user: User,
  now: Date,
  /** Leave mail not yet sent (a paid-up letter) to be delivered, then purged (purgeMailOfErasedUsers). */
  keepPendingMail = false,
) {
  const addresses = await addressesIn(tx, user);
  const apps = await tx
    .select({
      id: financingApplications.id,
      firstName: financingApplications.firstName,
      lastName: financingApplications.lastName,
      businessName: financingApplications.businessName,
      manualPlatforms: financingApplications.manualPlatforms,
    })
    .from(financingApplications)
    .where(eq(financingApplications.userId, user.id));
  const appIds = apps.map((a) => a.id);
  const handles = [
    ...Object.values(user.socialMediaData ?? {}).flatMap((e) => [
      e?.email,
      (e as { username?: unknown })?.username,
    ]),
    ...apps.flatMap((a) => (a.manualPlatforms ?? []).map((p) => p.username)),
  ].filter((v): v is string => typeof v === 'string');
  const pattern = patternOf([
    ...addresses,
    `${user.firstName} ${user.lastName}`,
    user.firstName,
    user.lastName,
    ...apps.flatMap((a) => [a.firstName ?? '', a.lastName ?? '', a.businessName ?? '']),
    user.accountNumber ?? '',
    ...handles,
  ]);
  const scrub = (column: unknown) =>
    pattern === null ? sql`${column}` : sql`regexp_replace(${column}, ${pattern}, '[erased]', 'gi')`;

  const files = await tx.delete(proofFiles).where(eq(proofFiles.userId, user.id)).returning();
  await tx.delete(sessions).where(eq(sessions.userId, user.id));
  await tx.update(sessions).set({ impersonatedUserId: null }).where(eq(sessions.impersonatedUserId, user.id));
  await tx.delete(emailVerificationCodes).where(eq(emailVerificationCodes.userId, user.id));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
  // Their own mail and sign-in attempts only (decision 025): another person's records at an address this person
  // once typed, and so that person's sign-in lockout, stay.
  await tx
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.userId, user.id),
        keepPendingMail ? sql`${mailOutbox.status} <> 'pending'` : undefined,
      ),
    );
  await tx.delete(loginAttempts).where(eq(loginAttempts.userId, user.id));
  await deleteRateEventsOf(tx, user.id);
  await tx.delete(userQuestProgress).where(eq(userQuestProgress.userId, user.id));
  await tx.delete(userQuestPreferences).where(eq(userQuestPreferences.userId, user.id));
  await tx.delete(questRecommendations).where(eq(questRecommendations.userId, user.id));
  await tx.delete(creatorMetrics).where(eq(creatorMetrics.userId, user.id));
  await tx.delete(userInsights).where(eq(userInsights.userId, user.id));
  await tx.delete(userPlatforms).where(eq(userPlatforms.userId, user.id));
  // The platforms' tokens: nothing is read for an erased account any more (docs/platform-earnings.md).
  await tx.delete(platformTokens).where(eq(platformTokens.userId, user.id));

  await tx
    .update(users)
    .set({
      username: erasedAddress(user.id),
      // Not an argon2 hash: no password can ever match it.
      passwordHash: '!erased',
      firstName: 'Deleted',
      lastName: 'user',
      country: 'Default',
      city: 'Default',
      bio: null,
      adminNotes: null,
      statusChangeReason: null,
      status: 'deleted',
      lastStatusChange: now,
      verified: false,
      socialMediaData: {},
      bankName: null,
      accountNumber: null,
      branchCode: null,
      accountType: null,
      mfaSecret: null,
      mfaEnabledAt: null,
      mfaLastStep: null,
      remindersEnabled: false,
      anonymisedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));

  if (appIds.length) {
    await tx
      .update(financingApplications)
      .set({
        firstName: null,
        lastName: null,
        businessName: null,
        // The identity numbers and date of birth go; whether the Act applied, and why, stays with the money records.
        idNumber: null,
        passportNumber: null,
        dateOfBirth: null,
        registrationNumber: null,
        socialMediaData: {},
        manualPlatforms: [],
        otherUseOfFunds: sql`${scrub(financingApplications.otherUseOfFunds)}`,
        notes: sql`${scrub(financingApplications.notes)}`,
        cancellationReason: sql`${scrub(financingApplications.cancellationReason)}`,
        rejectionReason: sql`${scrub(financingApplications.rejectionReason)}`,
      })
      .where(inArray(financingApplications.id, appIds));
  }
  if (pattern !== null) {
    // Free text kept with the money records and the audit trail: the person's details out, the facts kept.
    await queryRows(
      tx,
      sql`update user_admin_actions set notes = ${scrub(sql.raw('notes'))}
          where user_id = ${user.id} and notes ~* ${pattern}`,
    );
    // Dual control's requests about the person (decision 028): the maker's body (a reversal's reason, notes) and the
    // checker's reason are staff's free text like the notes above.
    await queryRows(
      tx,
      sql`update approval_requests
          set payload = regexp_replace(payload::text, ${pattern}, '[erased]', 'gi')::jsonb,
              decision_note = ${scrub(sql.raw('decision_note'))}
          where subject_user_id = ${user.id} and (payload::text ~* ${pattern} or decision_note ~* ${pattern})`,
    );
    if (appIds.length) {
      const ids = sql.join(
        appIds.map((id) => sql`${id}`),
        sql`, `,
      );
      await queryRows(
        tx,
        sql`update payments set notes = ${scrub(sql.raw('notes'))}
            where application_id in (${ids}) and notes ~* ${pattern}`,
      );
      await queryRows(
        tx,
        sql`update ledger_entries set description = ${scrub(sql.raw('description'))}
            where application_id in (${ids}) and description ~* ${pattern}`,
      );
      // Collections (docs/collections.md): a request for help is the person's own account of their hardship, kept
      // only as the fact of it; the collectors' notes and answers are staff's free text like the notes above.
      await queryRows(
        tx,
        sql`update hardship_requests set reason = '[erased]', outcome = ${scrub(sql.raw('outcome'))}
            where application_id in (${ids})`,
      );
      await queryRows(
        tx,
        sql`update collection_contacts set note = ${scrub(sql.raw('note'))}
            where application_id in (${ids}) and note ~* ${pattern}`,
      );
    }
  }
  const scrubStoredAnswers = (db: DbOrTx) => scrubStoredAnswersAbout(db, user.id, pattern);
  await scrubStoredAnswers(tx);
  return { files, applicationIds: appIds, scrubStoredAnswers };
}

/**
 * Stored answers replayed for an Idempotency-Key that are about the person (an admin's payment answer names the
 * creator): their details replaced by '[erased]'. Others' answers are not touched, whatever they mention.
 */
async function scrubStoredAnswersAbout(db: DbOrTx, userId: number, pattern: string | null) {
  if (pattern === null) return;
  await queryRows(
    db,
    sql`update idempotency_keys
        set response_body = regexp_replace(response_body::text, ${pattern}, '[erased]', 'gi')::jsonb
        where subject_user_id = ${userId} and response_body::text ~* ${pattern}`,
  );
}

/** Of the given user ids, those whose personal data has been erased. */
export async function erasedUserIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), sql`${users.anonymisedAt} is not null`));
  return rows.map((r) => r.id);
}

/** Mail to erased accounts that was left to be delivered: deleted once sent (or given up on). */
export async function purgeMailOfErasedUsers(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(
      and(
        sql`${mailOutbox.status} <> 'pending'`,
        sql`${mailOutbox.userId} in (select id from users where anonymised_at is not null)`,
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}
