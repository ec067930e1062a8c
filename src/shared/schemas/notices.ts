// Notices by e-mail (docs/notices.md): the creator's choice in Settings. Payment reminders can be turned off;
// receipts and notices about the loan (decisions, overdue notices, the paid-up letter) are always sent.
import { z } from 'zod';

/** GET and PUT /api/users/me/notices: the request body and the answer. */
export const noticePreferencesSchema = z.object({
  remindersEnabled: z
    .boolean({ error: 'Choose whether to receive payment reminders' })
    .describe('Whether a reminder is e-mailed three days before each instalment falls due'),
});
export type NoticePreferences = z.infer<typeof noticePreferencesSchema>;
