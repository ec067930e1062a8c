// The TOTP secret at rest: AES-256-GCM under a key derived (HKDF-SHA-256) from SESSION_SECRET, bound to its
// user by the additional data, so a copied column or a database dump alone does not give anyone the codes.
// Stored as "v1.<iv>.<tag>.<ciphertext>" (base64url). Changing SESSION_SECRET makes the stored secrets
// unreadable: admins then enrol again (decision 017).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const keys = new Map<string, Buffer>();

function keyFor(sessionSecret: string): Buffer {
  let key = keys.get(sessionSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', sessionSecret, 'vuka-capital', 'admin-mfa-secret-v1', 32));
    keys.set(sessionSecret, key);
  }
  return key;
}

const aad = (userId: number) => Buffer.from(`user:${userId}`);

export function sealMfaSecret(sessionSecret: string, userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(sessionSecret), iv);
  cipher.setAAD(aad(userId));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or null when it cannot be opened (another SESSION_SECRET, another user's row, tampering). */
export function openMfaSecret(sessionSecret: string, userId: number, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(sessionSecret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
