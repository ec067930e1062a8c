// The Edit dialog and the server validate an application's edit with the same fields and messages.
import { describe, expect, it } from 'vitest';
import { adminApplicationPatchSchema, applicationEditFields } from './admin-applications';
import { MIN_AMOUNT_MESSAGE } from './applications';

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('an application edit, one schema for the dialog and the server', () => {
  it('says the same thing to the dialog and to the API', () => {
    for (const [field, value] of [
      ['requestedAmount', 1999],
      ['requestedAmount', 2500.5],
      ['estimatedPeriod', 12.5],
      ['notes', 'x'.repeat(2001)],
      ['rejectionReason', 'too short'],
    ] as const) {
      const dialog = messageOf(applicationEditFields[field].safeParse(value));
      const api = messageOf(adminApplicationPatchSchema.safeParse({ [field]: value }));
      expect(dialog).not.toBeNull();
      expect(api).toBe(dialog);
    }
    expect(messageOf(applicationEditFields.requestedAmount.safeParse(1999))).toBe(MIN_AMOUNT_MESSAGE);
  });

  it('clamps the period to 1-36 months rather than refusing it', () => {
    expect(applicationEditFields.estimatedPeriod.parse(0)).toBe(1);
    expect(adminApplicationPatchSchema.parse({ estimatedPeriod: 99 }).estimatedPeriod).toBe(36);
  });
});
