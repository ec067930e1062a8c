// Secrets at rest (an admin's TOTP secret, a debit mandate's account number, a creator's platform tokens): AES-256-GCM
// under a key derived (HKDF-SHA-256) from SESSION_SECRET for one purpose, bound to its row by the additional data, so
// a copied column or a database dump alone gives nobody the secret. Stored as "v1.<iv>.<tag>.<ciphertext>"
// (base64url). Changing SESSION_SECRET makes the stored secrets unreadable: admins then enrol again (decision 017),
// creators authorise their debit order and connect their platforms again.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const keys = new Map<string, Buffer>();

/** What a key is for: each purpose has a key of its own, so one kind of secret never opens another. */
export type SecretPurpose = 'admin-mfa-secret-v1' | 'debit-mandate-account-v1' | 'platform-token-v1';

function keyFor(sessionSecret: string, purpose: SecretPurpose): Buffer {
  const id = `${purpose}\u0000${sessionSecret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', sessionSecret, 'vuka-capital', purpose, 32));
    keys.set(id, key);
  }
  return key;
}

/** `binding` names the row the secret belongs to ('user:12'): the sealed text opens only for it. */
export function sealSecret(sessionSecret: string, purpose: SecretPurpose, binding: string, secret: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(sessionSecret, purpose), iv);
  cipher.setAAD(Buffer.from(binding));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or null when it cannot be opened (another SESSION_SECRET, another row, tampering). */
export function openSecret(
  sessionSecret: string,
  purpose: SecretPurpose,
  binding: string,
  sealed: string,
): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFor(sessionSecret, purpose),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(binding));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

// The admin's TOTP secret, bound to the user (the sealing the MFA feature has always used).
export const sealMfaSecret = (sessionSecret: string, userId: number, secret: string) =>
  sealSecret(sessionSecret, 'admin-mfa-secret-v1', `user:${userId}`, secret);
export const openMfaSecret = (sessionSecret: string, userId: number, sealed: string) =>
  openSecret(sessionSecret, 'admin-mfa-secret-v1', `user:${userId}`, sealed);
