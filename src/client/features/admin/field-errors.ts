// The server's 400 answers name the fields they refuse (`fieldErrors`, ARCHITECTURE section 4): show each
// message under its own field, as the form's own checks are shown, instead of only in a toast.
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api';

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

/** Puts the server's messages on the form's fields; true when at least one field got one. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<FieldPath<T>>,
): boolean {
  const messages = serverFieldErrors(error, fields);
  let applied = false;
  for (const field of fields) {
    const message = messages[field];
    if (!message) continue;
    // Focus only the first refused field, as a screen reader user expects after a failed submit.
    setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
