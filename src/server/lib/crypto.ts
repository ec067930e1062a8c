import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256-bit random token, URL-safe: for session cookies and reset links. */
export const randomToken = () => randomBytes(32).toString('base64url');

// One-shot (no Hash object to build and collect): every API request hashes its session cookie.
export const sha256 = (value: string) => hash('sha256', value, 'hex');

/** Keyed hash for short codes: a leaked table cannot be brute-forced offline without the server secret. */
export const hmacSha256 = (secret: string, value: string) =>
  createHmac('sha256', secret).update(value).digest('hex');

export function constantTimeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  // Non-hex input decodes short; unequal lengths are simply unequal (timingSafeEqual would throw).
  return left.length === right.length && left.length * 2 === a.length && timingSafeEqual(left, right);
}

/** Six digits from the CSPRNG, leading zeros kept. */
export const randomSixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
