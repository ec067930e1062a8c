// A count field for react-hook-form (followers, subscribers): a text field that reads a whole number the way a
// person types it ("12000", "12 000", "12,000"; src/shared/typed-count.ts) and says what it understood beneath it, as
// the money field does. The form holds a number, never the text: NaN for text that is not a count (the schema's "must be a
// number" message), and for an empty field undefined, or NaN when the field is required (react-hook-form puts a
// field's default value back for undefined). The text stays as typed until the value changes from outside.
import { type ComponentProps, useEffect, useId, useRef, useState } from 'react';
import { formatCount } from '../../shared/format';
import { readTypedCount } from '../../shared/typed-count';
import { cn } from '../lib/utils';
import { Input } from './ui/input';

export type CountInputProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange' | 'inputMode'> & {
  value: number | null | undefined;
  onChange: (value: number | undefined) => void;
  /** Empty is not "none": the form gets NaN, and its schema says the count is needed. */
  required?: boolean;
};

/** The count `text` means, a minus sign kept (so the form's schema says a count cannot be negative), or null. */
function readSigned(text: string): number | null {
  const negative = /^\s*[-\u2212]/.test(text);
  const count = readTypedCount(negative ? text.replace(/^\s*[-\u2212]/, '') : text);
  return count === null ? null : negative ? -count : count;
}

/** The text a stored count is shown as before anyone types: plain digits. */
const asTyped = (value: number | null | undefined): string =>
  value === null || value === undefined || Number.isNaN(value) ? '' : String(value);

export function CountInput({ value, onChange, required = false, className, ...props }: CountInputProps) {
  const [text, setText] = useState(() => asTyped(value));
  // The value this field last gave the form: a different one came from outside (a reset) and is shown.
  const given = useRef<number | undefined>(value ?? undefined);
  useEffect(() => {
    if (!Object.is(value ?? undefined, given.current)) {
      given.current = value ?? undefined;
      setText(asTyped(value));
    }
  }, [value]);
  const readingId = useId();
  const read = text.trim() === '' ? null : readSigned(text);
  const reading =
    text.trim() === ''
      ? null
      : read === null
        ? { ok: false, words: 'Not a whole number: type it like 12 000' }
        : { ok: true, words: `Read as ${read < 0 ? '-' : ''}${formatCount(Math.abs(read))}` };
  const describedBy = [props['aria-describedby'], reading ? readingId : null].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1">
      <Input
        {...props}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={className}
        value={text}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const empty = next.trim() === '';
          const count = empty ? null : readSigned(next);
          given.current = count !== null ? count : empty && !required ? undefined : Number.NaN;
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
