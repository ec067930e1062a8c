import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api';

/** Shows the server's field errors under this card's fields and focuses the first one. */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  names: ReadonlyArray<Path<T>>,
  setError: UseFormSetError<T>,
) {
  if (!(error instanceof ApiError) || !error.fieldErrors) return;
  let first = true;
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    const message = messages[0];
    if (!message || !(names as readonly string[]).includes(name)) continue;
    setError(name as Path<T>, { message }, { shouldFocus: first });
    first = false;
  }
}
