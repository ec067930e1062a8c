// Back-office contracts for users: the edit, one user's page with its paged history, and the applicant as staff see it.
import { z } from 'zod';
import { USER_ROLES, USER_STATUSES } from '../constants';
import { MANUAL_PAYMENT_CHANNELS } from '../payment-channels';
import { historyPageSchema } from './admin-lists';
import { adminApplicationSchema, repaymentScheduleViewSchema } from './applications';
import { publicUserSchema } from './auth';
import { calendarDayTextSchema, moneyTextSchema, successTrue } from './common';

export const adminUserPatchSchema = z
  .object({
    role: z
      .enum(USER_ROLES, { error: 'Role is user, admin, underwriter, collector, finance or auditor' })
      .optional(),
    status: z.enum(USER_STATUSES, { error: 'Status is active, suspended or deleted' }).optional(),
    reason: z.string().trim().max(1000).optional(),
    adminNotes: z.string().trim().max(4000).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.status && v.status !== 'active' && !v.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'A reason is required to suspend or delete a user',
      });
    }
  });

/** The applicant as an admin sees them beside an application. */
export const applicantSchema = publicUserSchema
  .omit({ impersonatedBy: true })
  .extend({ role: z.string(), status: z.string() });

export type Applicant = z.infer<typeof applicantSchema>;

/** GET /api/admin/users/{id}: the user with their applications, payments and the admin actions about them. */
export const adminUserDetailsSchema = z.object({
  user: applicantSchema.extend({
    adminNotes: z.string().nullable(),
    lastStatusChange: z.string().nullable(),
    statusChangeReason: z.string().nullable(),
    /** POPIA (docs/privacy.md): asked to be forgotten while money was owed; carried out when the loan closes. */
    deletionRequestedAt: z.string().nullable(),
    /** When the personal data was erased (the account then shows no name or e-mail). */
    anonymisedAt: z.string().nullable(),
  }),
  /**
   * The user's applications, each schedule without its payments: those are paged below (a creator with 1 000
   * payments sent them twice, 0.42 MB).
   */
  applications: z.array(
    adminApplicationSchema.extend({
      repaymentSchedule: repaymentScheduleViewSchema.omit({ payments: true }).nullable(),
    }),
  ),
  /** One page of the user's payments, newest first (USER_HISTORY_PAGE_SIZE; ?paymentsPage=). */
  payments: historyPageSchema(
    z.object({
      id: z.number().int(),
      applicationId: z.number().int(),
      amount: moneyTextSchema,
      platformFee: moneyTextSchema.nullable(),
      notes: z.string().nullable(),
      channel: z.enum(MANUAL_PAYMENT_CHANNELS).nullable(),
      bankReference: z.string().nullable(),
      paymentDate: calendarDayTextSchema,
      /** Reversed (bounced, or recorded in error) on this day: it counts for nothing. */
      reversedOn: calendarDayTextSchema.nullable(),
    }),
  ),
  /** One page of the admin actions about the user, newest first (?actionsPage=). */
  adminActions: historyPageSchema(
    z.object({
      id: z.number().int(),
      userId: z.number().int().nullable(),
      adminId: z.number().int().nullable(),
      action: z.string(),
      notes: z.string().nullable(),
      createdAt: z.string(),
      admin: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
    }),
  ),
});

export type AdminUserDetails = z.infer<typeof adminUserDetailsSchema>;

/** PATCH /api/admin/users/{id}. */
export const adminUserAnswerSchema = z.object({ success: successTrue, user: applicantSchema });

export type AdminUserAnswer = z.infer<typeof adminUserAnswerSchema>;
