import type { z } from 'zod';
import { maskAccountNumber } from '../../../shared/bank-account';
import type { PublicUser } from '../../../shared/schemas/auth';
import { selfReportedPlatformSchema, type updateUserSchema } from '../../../shared/schemas/users';
import type { SocialMediaData } from '../../db/types';
import type { Deps } from '../../lib/deps';
import { badRequest } from '../../lib/errors';
import { recordAction } from '../audit/audit.repository';
import type { SessionUser } from '../sessions/sessions.service';
import { type NewUser, updateUser } from './users.repository';

/** The only way a user leaves the server: no password hash, and the account number masked to its last 4 digits. */
export function toPublicUser(user: SessionUser, impersonator?: SessionUser | null): PublicUser {
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
    accountNumber: maskAccountNumber(user.accountNumber),
    branchCode: user.branchCode,
    accountType: user.accountType,
    createdAt: user.createdAt.toISOString(),
    impersonatedBy: impersonator
      ? { id: impersonator.id, firstName: impersonator.firstName, lastName: impersonator.lastName }
      : null,
  };
}

/**
 * Settings save. Verified connections are the server's (written by the connect flows) and stay as they are;
 * anything else the creator lists is stored as self-reported, never verified. A platform missing from the map
 * is disconnected. The sign-in e-mail is not changed here (features/email-change).
 */
export async function updateOwnProfile(
  { db, clock }: Deps,
  user: SessionUser,
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
  const now = clock.now();
  return db.transaction(async (tx) => {
    const updated = await updateUser(tx, user.id, changes);
    await recordAction(tx, {
      userId: user.id,
      action: 'profile_updated',
      notes: Object.keys(changes).join(', '),
      at: now,
    });
    return updated!;
  });
}

const PROFILE_FIELDS = [
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
