// Account contracts shared by the forms and the routes: one schema, one set of messages.
import { z } from 'zod';
import {
  ACCOUNT_TYPES,
  CREATOR_TYPES,
  FREE_TEXT_MAX,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_ROLES,
  USER_STATUSES,
  VERIFICATION_CODE_LENGTH,
} from '../constants';
import { successTrue } from './common';

const trimmed = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** Empty country or city become 'Default', as the registration form does on submit. */
const placeField = z
  .string()
  .trim()
  .max(100, 'Must be at most 100 characters')
  .optional()
  .nullable()
  .transform((v) => (v ? v : 'Default'));

export const registerSchema = z.object({
  username: emailSchema,
  password: passwordSchema,
  firstName: trimmed(100).min(1, 'First name is required'),
  lastName: trimmed(100).min(1, 'Last name is required'),
  creatorType: z.enum(CREATOR_TYPES, { error: 'Choose a creator type' }).default('full-time'),
  bio: trimmed(FREE_TEXT_MAX).optional().nullable(),
  country: placeField,
  city: placeField,
  // Accepted for compatibility with the original client, and ignored: the server decides these.
  role: z.enum(USER_ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  verified: z.boolean().optional(),
  bankName: trimmed(100).optional().nullable(),
  accountNumber: trimmed(20).optional().nullable(),
  branchCode: trimmed(10).optional().nullable(),
  accountType: z.enum(ACCOUNT_TYPES).optional().nullable(),
  socialMediaData: z.record(z.string(), z.unknown()).optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const verificationCodeSchema = z
  .string({ error: 'Code Required' })
  .trim()
  .min(1, 'Code Required')
  .max(VERIFICATION_CODE_LENGTH, `The code has at most ${VERIFICATION_CODE_LENGTH} characters`);

export const verifyEmailSchema = z.object({ email: emailSchema, code: verificationCodeSchema });
export const resendVerificationSchema = z.object({ email: emailSchema });

export const loginSchema = z.object({
  // The login form sends the e-mail as `username`.
  username: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

export const requestPasswordResetSchema = z.object({ username: emailSchema });

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'Invalid reset link. Please request a new password reset.' }).min(1).max(200),
  newPassword: passwordSchema,
});

/** The reset form adds a confirmation that never leaves the browser. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

/** The user as the API returns it: never a password hash, token or code. */
export const publicUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  city: z.string(),
  creatorType: z.string(),
  bio: z.string().nullable(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  verified: z.boolean(),
  socialMediaData: z.record(z.string(), z.unknown()),
  bankName: z.string().nullable(),
  /** Masked to its last 4 digits ('••••••7890'), for its owner too (src/shared/bank-account.ts). */
  accountNumber: z.string().nullable(),
  branchCode: z.string().nullable(),
  accountType: z.string().nullable(),
  createdAt: z.string(),
  /** Set while an admin views the product as this user. */
  impersonatedBy: z
    .object({ id: z.number(), firstName: z.string(), lastName: z.string() })
    .nullable()
    .optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** `{ success: true, user }`: e-mail verified (signed in), e-mail changed, impersonation started or ended. */
export const userAnswerSchema = z.object({ success: successTrue, user: publicUserSchema });
export type UserAnswer = z.infer<typeof userAnswerSchema>;

/** POST /api/login. For an admin, `mfa` says what the session still needs (decision 017). */
export const loginAnswerSchema = userAnswerSchema.extend({ mfa: z.enum(['enrol', 'verify']).optional() });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** How long the verify step's Resend Code button waits: the server sends one code a minute. */
const resendAfterSchema = z
  .number()
  .int()
  .nonnegative()
  .describe('Seconds until another code may be requested (the Resend Code button counts them down)');

/** POST /api/register (201): the code is on its way to `email`. */
export const registerAnswerSchema = z.object({
  success: successTrue,
  message: z.string(),
  email: z.string(),
  retryAfterSeconds: resendAfterSchema,
});
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

/** POST /api/resend-verification: the same answer whether or not the account exists. */
export const resendVerificationAnswerSchema = z.object({
  success: successTrue,
  message: z.string(),
  retryAfterSeconds: resendAfterSchema,
});
export type ResendVerificationAnswer = z.infer<typeof resendVerificationAnswerSchema>;

/** POST /api/logout. */
export const logoutAnswerSchema = z.object({ success: z.boolean() });
