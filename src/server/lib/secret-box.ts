// Secrets at rest (the admins' TOTP secrets, the creators' platform tokens): AES-256-GCM under a key derived
// (HKDF-SHA-256) from SESSION_SECRET, one key per purpose, each sealed value bound to its owner by the additional
// data, so a copied column or a database dump alone opens nothing and a value moved to another row does not open.
// Stored as "v1.<iv>.<tag>.<ciphertext>" (base64url). Changing SESSION_SECRET makes the stored secrets unreadable:
// admins then enrol again (decision 017), creators connect their platforms again (docs/platform-earnings.md).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const keys = new Map<string, Buffer>();

/** The HKDF info of each purpose: never change one, or what it sealed no longer opens. */
export type SecretPurpose = 'admin-mfa-secret-v1' | 'platform-token-v1';

function keyFor(sessionSecret: string, purpose: SecretPurpose): Buffer {
  const cacheKey = `${purpose}\0${sessionSecret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', sessionSecret, 'vuka-capital', purpose, 32));
    keys.set(cacheKey, key);
  }
  return key;
}

export function sealSecret(
  sessionSecret: string,
  purpose: SecretPurpose,
  owner: string,
  secret: string,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(sessionSecret, purpose), iv);
  cipher.setAAD(Buffer.from(owner));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or null when it cannot be opened (another SESSION_SECRET, another owner's row, tampering). */
export function openSecret(
  sessionSecret: string,
  purpose: SecretPurpose,
  owner: string,
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
    decipher.setAAD(Buffer.from(owner));
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
