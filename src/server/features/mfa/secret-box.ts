// The TOTP secret at rest (lib/secret-box.ts), bound to its user, under the key the admins' secrets always had.
import { openSecret, sealSecret } from '../../lib/secret-box';

const PURPOSE = 'admin-mfa-secret-v1';
const binding = (userId: number) => `user:${userId}`;

export const sealMfaSecret = (sessionSecret: string, userId: number, secret: string): string =>
  sealSecret(sessionSecret, PURPOSE, binding(userId), secret);

/** The secret, or null when it cannot be opened (another SESSION_SECRET, another user's row, tampering). */
export const openMfaSecret = (sessionSecret: string, userId: number, sealed: string): string | null =>
  openSecret(sessionSecret, PURPOSE, binding(userId), sealed);
