// Settings: profile and bank details. Role, status and verified are not part of it and cannot be set here.
import { z } from 'zod';
import { ACCOUNT_TYPES, CREATOR_TYPES, PASSWORD_MAX_LENGTH } from '../constants';
import { emailSchema, verificationCodeSchema } from './auth';
import { successTrue } from './common';
import { moneyNumberSchema } from './fields';

/** South African banks with their universal branch codes. */
export const SA_BANKS: ReadonlyArray<{ name: string; branchCode: string }> = [
  { name: 'Absa Bank', branchCode: '632005' },
  { name: 'African Bank', branchCode: '430000' },
  { name: 'Bidvest Bank', branchCode: '462005' },
  { name: 'Capitec Bank', branchCode: '470010' },
  { name: 'Discovery Bank', branchCode: '679000' },
  { name: 'First National Bank (FNB)', branchCode: '250655' },
  { name: 'Investec Bank', branchCode: '580105' },
  { name: 'Nedbank', branchCode: '198765' },
  { name: 'Old Mutual', branchCode: '462005' },
  { name: 'Standard Bank', branchCode: '051001' },
  { name: 'TymeBank', branchCode: '678910' },
];

export const ACCOUNT_TYPE_LABELS: Record<(typeof ACCOUNT_TYPES)[number], string> = {
  savings: 'Savings',
  current: 'Current (Cheque)',
  transmission: 'Transmission',
};

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

// The sign-in e-mail is not part of the profile: it changes only through the e-mail change steps below.
export const profileSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100).optional(),
  lastName: z.string().trim().min(1, 'Last name is required').max(100).optional(),
  country: optionalText(100, 'Country'),
  city: optionalText(100, 'City'),
  creatorType: z.enum(CREATOR_TYPES, { error: 'Choose a creator type' }).optional(),
  bio: optionalText(2000, 'Bio'),
});

export const bankDetailsSchema = z.object({
  bankName: z.string().trim().min(1, 'Bank name is required').max(100),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d+$/, 'Account number must contain digits only')
    .min(6, 'Account number must have at least 6 digits')
    .max(16, 'Account number must have at most 16 digits'),
  branchCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Branch code must be 6 digits'),
  accountType: z.enum(ACCOUNT_TYPES, { error: 'Choose an account type' }),
});

/** A platform the creator lists themselves in settings: kept as self-reported (never verified). */
export const selfReportedPlatformSchema = z.object({
  platform: z
    .string()
    .trim()
    .min(1, 'Platform name is required')
    .max(50, 'Platform name must be at most 50 characters'),
  username: z.string().trim().max(100, 'Username must be at most 100 characters').optional(),
  followers: z
    .number({ error: 'Followers must be a number' })
    .int('Followers must be a whole number')
    .min(0, 'Followers cannot be negative')
    .max(1_000_000_000, 'Followers is too large')
    .optional(),
  monthlyEarnings: moneyNumberSchema({
    sign: 'nonNegative',
    max: 100_000_000,
    messages: {
      required: 'Enter the monthly earnings',
      invalid: 'Monthly earnings must be a number in rand',
      sign: 'Monthly earnings cannot be negative',
      cents: 'Monthly earnings have at most 2 decimals',
      max: 'Monthly earnings are too large',
    },
  }).optional(),
  engagement: z.number().min(0).max(100).optional(),
});

export const updateUserSchema = profileSchema
  .extend({
    bankName: bankDetailsSchema.shape.bankName.optional(),
    accountNumber: bankDetailsSchema.shape.accountNumber.optional(),
    branchCode: bankDetailsSchema.shape.branchCode.optional(),
    accountType: bankDetailsSchema.shape.accountType.optional(),
    socialMediaData: z.record(z.string().max(50), z.unknown()).optional(),
  })
  .strict();
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/** Step 1 of changing the sign-in e-mail: the new address and the current password. */
export const emailChangeRequestSchema = z.object({
  newEmail: emailSchema,
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(PASSWORD_MAX_LENGTH, 'Enter your current password'),
});
export type EmailChangeRequest = z.input<typeof emailChangeRequestSchema>;

/** Step 2: the code e-mailed to the new address. */
export const emailChangeVerifySchema = z.object({ code: verificationCodeSchema });
export type EmailChangeVerify = z.input<typeof emailChangeVerifySchema>;

/** A change waiting for its code (null: none). */
export const pendingEmailChangeSchema = z.object({
  pendingEmail: z.string().nullable(),
  /** Seconds until another code may be sent to it (0: now). */
  resendInSeconds: z.number().int().min(0),
});
export type PendingEmailChange = z.infer<typeof pendingEmailChangeSchema>;

/** POST /api/users/me/email-change (202): a code went to `pendingEmail`. */
export const emailChangeRequestAnswerSchema = z.object({
  success: successTrue,
  message: z.string(),
  pendingEmail: z.string(),
});
export type EmailChangeRequestAnswer = z.infer<typeof emailChangeRequestAnswerSchema>;
