// RFC 6238 written out with node:crypto (HMAC-SHA-1, 6 digits, 30-second steps): what an authenticator app
// computes, independent of the library the server uses. Used by the API tests and the Playwright journeys.
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226 HOTP of `key` at `counter`, `digits` long. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const stepOf = (at: Date) => Math.floor(at.getTime() / 1000 / 30);

/** The code an authenticator with this base32 key shows at `at`, or at step `stepOf(at) + offset`. */
export function totpAt(secret: string, at: Date, offset = 0): string {
  return hotp(base32Decode(secret), stepOf(at) + offset);
}

/** The code of an exact step. */
export const totpOfStep = (secret: string, step: number) => hotp(base32Decode(secret), step);
