// Admin second factor (TOTP, RFC 6238) contracts shared by the sign-in screens and the /api/mfa routes
// (decision 017). Codes are typed as shown by authenticator apps ("123 456"), so spaces are dropped first.
import { z } from 'zod';

/** Every authenticator code has this many digits (RFC 6238 default, what every app shows). */
export const MFA_CODE_LENGTH = 6;
/** One-time recovery codes given at enrolment. */
export const MFA_RECOVERY_CODE_COUNT = 10;
/** What an admin's sign-in still needs: set up an authenticator, or enter its code. */
export const MFA_STEPS = ['enrol', 'verify'] as const;
export type MfaStep = (typeof MFA_STEPS)[number];

const mfaCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .max(20, 'Enter the 6-digit code from your authenticator app')
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** Recovery codes are compared without case, spaces or dashes: "K7M2P X9Q4R" is "k7m2p-x9q4r". */
const recoveryCodeSchema = z
  .string({ error: 'Enter one of your recovery codes' })
  .max(40, 'Enter one of your recovery codes')
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'A recovery code has 10 letters and digits, like k7m2p-x9q4r'));

export const mfaConfirmSchema = z.object({ code: mfaCodeSchema });

/** Either an authenticator code or one recovery code, not both. */
export const mfaVerifySchema = z
  .object({ code: mfaCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .strict()
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    message: 'Send either code or recoveryCode',
    path: ['code'],
  });

/** The forms' own schemas: one field each. */
export const mfaCodeFormSchema = z.object({ code: mfaCodeSchema });
export const mfaRecoveryFormSchema = z.object({ recoveryCode: recoveryCodeSchema });

export const mfaStatusSchema = z.object({
  /** An authenticator is set up (enrolment confirmed). */
  enrolled: z.boolean(),
  /** This session has passed the second factor. */
  passed: z.boolean(),
  /** Recovery codes not used yet (0 before enrolment). */
  recoveryCodesLeft: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const mfaEnrolResponseSchema = z.object({
  /** The shared secret in base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth://totp/... (what the QR code holds). */
  otpauthUrl: z.string(),
  /** The QR code as a PNG data URL. */
  qrCode: z.string(),
});
export type MfaEnrolAnswer = z.infer<typeof mfaEnrolResponseSchema>;

export const mfaConfirmResponseSchema = z.object({
  success: z.literal(true),
  /** Shown once: each signs in once when the authenticator is not at hand. */
  recoveryCodes: z.array(z.string()).length(MFA_RECOVERY_CODE_COUNT),
});
export type MfaConfirmAnswer = z.infer<typeof mfaConfirmResponseSchema>;

export const mfaVerifyResponseSchema = z.object({
  success: z.literal(true),
  recoveryCodesLeft: z.number().int(),
});
export type MfaVerifyAnswer = z.infer<typeof mfaVerifyResponseSchema>;
