// A text field for a number a person types their own way, which says beneath it what it understood ("Read as
// R 8 000,50", "Read as 12 000"), for react-hook-form. The money and count fields are this with their own reader
// and words. The form holds a number, never the text: NaN for text that cannot be read (the schema's "invalid"
// message; nothing unreadable is sent as "none"), and for an empty field undefined, or NaN when the field is required
// (react-hook-form puts a field's default value back for undefined, so a required field with a default could not be
// cleared). The text stays as typed until the value changes from outside (a reset, a suggestion).
import { type ComponentProps, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/utils';
import { Input } from './ui/input';

/**
 * What a field understood of its text: the number it gives the form (null: unreadable, the form gets NaN), the words
 * beneath it, and whether those words are a warning (a number read that its form will still refuse keeps its value,
 * so the form's schema says why).
 */
export type Reading = { value: number | null; words: string; ok: boolean };

export type ReadBackInputProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> & {
  value: number | null | undefined;
  onChange: (value: number | undefined) => void;
  /** Empty is not "none": the form gets NaN, and its schema says the value is needed. */
  required?: boolean;
  /** The reading of non-empty text. */
  read: (text: string) => Reading;
  /** The text a value from outside is shown as before anyone types. */
  asTyped: (value: number) => string;
};

export function ReadBackInput({
  value,
  onChange,
  required = false,
  read,
  asTyped,
  className,
  ...props
}: ReadBackInputProps) {
  const shown = (v: number | null | undefined) =>
    v === null || v === undefined || Number.isNaN(v) ? '' : asTyped(v);
  const [text, setText] = useState(() => shown(value));
  // The value this field last gave the form: a different one came from outside and is shown.
  const given = useRef<number | undefined>(value ?? undefined);
  useEffect(() => {
    if (!Object.is(value ?? undefined, given.current)) {
      given.current = value ?? undefined;
      setText(shown(value));
    }
  });
  const readingId = useId();
  const reading = text.trim() === '' ? null : read(text);
  const describedBy = [props['aria-describedby'], reading ? readingId : null].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1">
      <Input
        {...props}
        type="text"
        autoComplete="off"
        className={className}
        value={text}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (next.trim() === '') given.current = required ? Number.NaN : undefined;
          else given.current = read(next).value ?? Number.NaN;
          onChange(given.current);
        }}
      />
      {reading ? (
        <p
          id={readingId}
          aria-live="polite"
          className={cn('text-xs', reading.ok ? 'text-slate-600' : 'text-amber-800')}
        >
          {reading.words}
        </p>
      ) : null}
    </div>
  );
}
