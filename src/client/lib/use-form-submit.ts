// The one way a form sends what it holds (the form pattern): the form's own checks first, then the request;
// on success the caller's `done` (a toast, closing a dialog, resetting fields); on refusal the server's field messages
// under their fields, any other message inline above the buttons, and a toast either way.
import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from '../hooks/use-toast';
import { messageOf } from './api';
import { applyServerErrors } from './form-errors';

export function useFormSubmit<T extends FieldValues, B, A>(
  form: UseFormReturn<T, unknown, B>,
  send: (body: B) => Promise<A>,
  options: {
    /** The fields the server may name in a refusal. */
    fields: ReadonlyArray<FieldPath<T>>;
    /** The toast's and the inline alert's title on refusal ("Not saved"). */
    failed: string;
    done: (answer: A) => void;
  },
) {
  const [serverError, setServerError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (body) => {
    setServerError(null);
    let answer: A;
    try {
      answer = await send(body);
    } catch (error) {
      const message = messageOf(error, 'Server error occurred');
      if (applyServerErrors(form, error, options.fields).length === 0) setServerError(message);
      toast({ variant: 'destructive', title: options.failed, description: message });
      return;
    }
    options.done(answer);
  });
  return { onSubmit, serverError };
}
