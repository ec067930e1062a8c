// The server's 400 answers name the fields they refuse (`fieldErrors`, docs/ARCHITECTURE.md "Conventions"): show each
// message under its own field, as the form's own checks are shown, instead of only in a toast.
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api';

/** The server's first message for each of `fields`; empty when the answer names none of them. */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: ReadonlyArray<F>,
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError) || !error.fieldErrors) return out;
  for (const field of fields) {
    const message = error.fieldErrors[field]?.find((m) => m.trim() !== '');
    if (message) out[field] = message;
  }
  return out;
}

/**
 * Puts the server's messages under the form's own fields (the one loop for this) and returns the
 * fields that got one, so a caller can fall back to an inline alert when none did. The first refused field
 * takes focus, as a screen reader user expects after a failed submit (`focus: false` leaves it to the caller).
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
  fields: ReadonlyArray<FieldPath<T>>,
  { focus = true }: { focus?: boolean } = {},
): FieldPath<T>[] {
  const messages = serverFieldErrors(error, fields);
  const applied: FieldPath<T>[] = [];
  for (const field of fields) {
    const message = messages[field];
    if (!message) continue;
    form.setError(field, { type: 'server', message }, { shouldFocus: focus && applied.length === 0 });
    applied.push(field);
  }
  return applied;
}
