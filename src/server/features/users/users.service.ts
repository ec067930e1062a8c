import type { PublicUser } from '../../../shared/schemas/auth';
import type { User } from '../../db/schema';

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
