import type { z } from 'zod';
import type { PublicUser } from '../../../shared/schemas/auth';
import { selfReportedPlatformSchema, type updateUserSchema } from '../../../shared/schemas/users';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { SocialMediaData, User } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { recordAction } from '../audit/audit.repository';
import { issueCode } from '../auth/one-time-codes';
import { enqueueMail } from '../mail/mail.service';
import { verificationCodeMail } from '../mail/mail.templates';
import { findUserByUsername, type NewUser, updateUser } from './users.repository';

/** The only way a user leaves the server: no password hash, and the account number only to its owner. */
export function toPublicUser(user: User, impersonator?: User | null): PublicUser {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    country: user.country,
    city: user.city,
    creatorType: user.creatorType,
    bio: user.bio,
    role: user.role as PublicUser['role'],
    status: user.status as PublicUser['status'],
    verified: user.verified,
    socialMediaData: user.socialMediaData,
    bankName: user.bankName,
    accountNumber: user.accountNumber,
    branchCode: user.branchCode,
    accountType: user.accountType,
    createdAt: user.createdAt.toISOString(),
    impersonatedBy: impersonator
      ? { id: impersonator.id, firstName: impersonator.firstName, lastName: impersonator.lastName }
      : null,
  };
}

type ProfileDeps = { db: Db; config: Config };

/**
 * Settings save. Verified connections are the server's (written by the connect flows) and stay as they are;
 * anything else the creator lists is stored as self-reported, never verified. A platform missing from the map
 * is disconnected. A new e-mail must be verified again: a code goes to the new address.
 */
export async function updateOwnProfile(
  { db, config }: ProfileDeps,
  user: User,
  input: z.output<typeof updateUserSchema>,
) {
  const changes: Partial<NewUser> = {};
  for (const key of PROFILE_FIELDS) {
    if (input[key] !== undefined)
      (changes as Record<string, unknown>)[key] = input[key] === '' ? null : input[key];
  }
  if (changes.country === null) changes.country = 'Default';
  if (changes.city === null) changes.city = 'Default';
  if (input.socialMediaData)
    changes.socialMediaData = mergeSocialMedia(user.socialMediaData ?? {}, input.socialMediaData);
  const emailChanged = input.username !== undefined && input.username !== user.username.toLowerCase();
  if (!emailChanged) delete changes.username;
  const now = new Date();
  return db.transaction(async (tx) => {
    if (emailChanged) {
      const taken = await findUserByUsername(tx, input.username!);
      if (taken && taken.id !== user.id) throw conflict('An account with this email already exists.');
      changes.verified = false;
    }
    const updated = await updateUser(tx, user.id, changes);
    if (!updated) throw conflict('An account with this email already exists.');
    if (emailChanged) {
      const code = await issueCode(
        tx,
        config,
        { userId: user.id, purpose: 'account', email: updated.username },
        now,
      );
      await enqueueMail(tx, verificationCodeMail(updated.username, updated.firstName, code));
    }
    await recordAction(tx, {
      userId: user.id,
      action: 'profile_updated',
      notes: Object.keys(changes).join(', '),
    });
    return updated;
  });
}

const PROFILE_FIELDS = [
  'username',
  'firstName',
  'lastName',
  'country',
  'city',
  'creatorType',
  'bio',
  'bankName',
  'accountNumber',
  'branchCode',
  'accountType',
] as const;

function mergeSocialMedia(current: SocialMediaData, requested: Record<string, unknown>): SocialMediaData {
  const next: SocialMediaData = {};
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(requested)) {
    const existing = current[key];
    if (existing?.verified) {
      next[key] = existing;
      continue;
    }
    const parsed = selfReportedPlatformSchema.safeParse(value);
    if (!parsed.success) {
      fieldErrors[`socialMediaData.${key}`] = parsed.error.issues.map(
        (i) => `${i.path.join('.') || key}: ${i.message}`,
      );
      continue;
    }
    next[key] = { ...parsed.data, status: 'self_reported', verified: false };
  }
  if (Object.keys(fieldErrors).length > 0) throw badRequest(Object.values(fieldErrors)[0]![0]!, fieldErrors);
  return next;
}
