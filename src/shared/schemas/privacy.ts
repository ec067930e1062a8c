// The creator's data rights (POPIA, docs/privacy.md): what the Settings "Your data" card reads, the request to
// delete the account, and its answer. The export itself is a ZIP file (GET /api/privacy/export), not JSON.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { instantSchema, successTrue } from './common';

/** The word the creator types to confirm that the account is to be deleted. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export const privacyStatusSchema = z.object({
  /** When the creator asked to be forgotten while money was owed (carried out when the loan closes). */
  deletionRequestedAt: instantSchema.nullable(),
  /** Loans with money still owed (active or in default): deletion waits for them. */
  openLoanIds: z.array(z.number().int()),
  /** Applications under review or approved: they are cancelled first (the creator can do that themselves). */
  pendingApplicationIds: z.array(z.number().int()),
});
export type PrivacyStatus = z.infer<typeof privacyStatusSchema>;

export const deleteAccountSchema = z.object({
  password: z
    .string({ error: 'Enter your password' })
    .min(1, 'Enter your password')
    .max(PASSWORD_MAX_LENGTH, 'Enter your password'),
  confirmation: z
    .string({ error: `Type ${DELETE_CONFIRMATION_WORD} to confirm` })
    .max(20, `Type ${DELETE_CONFIRMATION_WORD} to confirm`)
    .refine((v) => v.trim().toUpperCase() === DELETE_CONFIRMATION_WORD, {
      message: `Type ${DELETE_CONFIRMATION_WORD} to confirm`,
    }),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const deleteAccountAnswerSchema = z.object({
  success: successTrue,
  /** 'erased': done now and signed out; 'scheduled': recorded, carried out when the open loan is repaid. */
  outcome: z.enum(['erased', 'scheduled']),
  message: z.string(),
  deletionRequestedAt: instantSchema.nullable(),
});
export type DeleteAccountAnswer = z.infer<typeof deleteAccountAnswerSchema>;
