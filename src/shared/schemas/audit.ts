// The one audit trail: every admin action, sign-in, second-factor event and impersonation, one
// row each in user_admin_actions, read by GET /api/admin/audit: paged newest first and filtered by who acted, whom
// it concerned, the action and the South African days it happened on. The screen exports the filtered set to CSV
// page by page (src/client/lib/export-pages.ts), as the other admin lists do.
import { z } from 'zod';
import { pageQuerySchema, searchSchema } from './admin-lists';
import { calendarDateSchema } from './fields';

const optionalDay = (label: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .pipe(calendarDateSchema(label).optional());

export const auditTrailQuerySchema = pageQuerySchema
  .extend({
    /** Who acted: an id ('12' or '#12') or part of a name or e-mail. */
    actor: searchSchema,
    /** Whom it concerned: the same. */
    subject: searchSchema,
    /** An action or the start of one ('mfa' finds every second-factor event). */
    action: z
      .string()
      .trim()
      .max(60, 'action must be at most 60 characters')
      .regex(/^[a-z0-9_]*$/, 'action is written in lower case with underscores, e.g. payment_reversed')
      .optional()
      .transform((v) => (v ? v : undefined)),
    from: optionalDay('from'),
    to: optionalDay('to'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must be on or before to',
    path: ['to'],
  });
export type AuditTrailQuery = z.output<typeof auditTrailQuerySchema>;

const auditPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** When it happened (an instant; shown in South African time). */
  at: z.string(),
  action: z.string(),
  notes: z.string().nullable(),
  /** Who did it; null for the person's own act (a creator signing in) or the system's (a job). */
  actor: auditPersonSchema.nullable(),
  /** Whom it concerned; null when it concerned no one person (a platform created, the dashboard mode). */
  subject: auditPersonSchema.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditTrailPageSchema = z.object({
  data: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditTrailPage = z.infer<typeof auditTrailPageSchema>;
