// TOTP as RFC 6238 with what every authenticator app assumes (SHA-1, 6 digits, 30-second steps), through
// otplib, always given the time by the caller: "now" comes from the app's clock, so tests travel in time.
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import { PRODUCT_NAME } from '../../../shared/constants';
import { MFA_CODE_LENGTH } from '../../../shared/schemas/mfa';

const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted either side of the current one, for a phone whose clock is a little off. */
const TOTP_DRIFT_STEPS = 1;

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The RFC 6238 time step (counter) of an instant. */
const totpStep = (at: Date) => Math.floor(seconds(at) / TOTP_PERIOD_SECONDS);

/** A new 160-bit secret in base32 (RFC 4226 recommends 160 bits). */
export const newTotpSecret = () => generateSecret({ length: 20 });

/** The code an authenticator shows at `at` (the dev mailbox shows the demo admin's). */
export const totpCode = (secret: string, at: Date) =>
  generateSync({ secret, epoch: seconds(at), digits: MFA_CODE_LENGTH, period: TOTP_PERIOD_SECONDS });

/** Seconds until the code shown at `at` changes. */
export const totpSecondsLeft = (at: Date) => TOTP_PERIOD_SECONDS - (seconds(at) % TOTP_PERIOD_SECONDS);

/**
 * The step `code` belongs to, among the current step and one either side, never one at or before
 * `afterStep` (a code is used once); null when it matches none.
 */
export function matchTotpStep(
  secret: string,
  code: string,
  at: Date,
  afterStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStep(at);
  // Every allowed step is already spent (only when the clock went back): nothing can match.
  if (afterStep !== null && afterStep >= current + TOTP_DRIFT_STEPS) return null;
  const result = verifySync({
    secret,
    token: code,
    epoch: seconds(at),
    digits: MFA_CODE_LENGTH,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_DRIFT_STEPS * TOTP_PERIOD_SECONDS,
    ...(afterStep !== null && afterStep >= 0 ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid ? current + result.delta : null;
}

/** otpauth://totp/Vuka%20Capital:<email>?secret=...&issuer=Vuka%20Capital (Key URI format). */
export const totpUri = (secret: string, account: string) =>
  generateURI({ issuer: PRODUCT_NAME, label: account, secret });

/** The URI as a QR code, a PNG data URL (the CSP allows data: images). */
export const qrCodeDataUrl = (uri: string) =>
  QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
