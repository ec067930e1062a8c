// A money field for react-hook-form: a text field that reads an amount the way a person types it ("8000,50",
// "8 000,50", "R 8 000,50", "8000.50"; src/shared/finance/typed-amount.ts) and says what it understood beneath it. The
// form holds a number, never the text, so the shared zod schemas validate it as they do on the server: NaN for text that
// is not an amount (the schema's "invalid" message; nothing unreadable is sent as "none"), and for an empty field
// undefined, or NaN when the field is required (react-hook-form puts a field's default value back for undefined, so a
// required field with a default could not be cleared). The text stays as typed until the value changes from outside.
import { type ComponentProps, useEffect, useId, useRef, useState } from 'react';
import { formatZar } from '../../shared/finance/money';
import { readTypedAmount } from '../../shared/finance/typed-amount';
import { cn } from '../lib/utils';
import { Input } from './ui/input';

export type MoneyInputProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange' | 'inputMode'> & {
  value: number | null | undefined;
  onChange: (value: number | undefined) => void;
  /** Whole rands only (a requested amount): the reading says so when cents are typed. */
  wholeRands?: boolean;
  /** Empty is not "none": the form gets NaN, and its schema says the amount is needed. */
  required?: boolean;
};

/**
 * The amount `text` means as MONEY_TEXT, a minus sign kept ("-50" is read as -50, so the form's schema says an amount
 * cannot be negative rather than that it is no amount), or null.
 */
function readSigned(text: string): string | null {
  const negative = /^\s*[-\u2212]/.test(text);
  const amount = readTypedAmount(negative ? text.replace(/^\s*[-\u2212]/, '') : text);
  return amount === null ? null : negative ? `-${amount}` : amount;
}

/** The text a stored amount is shown as before anyone types: digits, a decimal comma, no grouping. */
const asTyped = (value: number | null | undefined): string =>
  value === null || value === undefined || Number.isNaN(value) ? '' : String(value).replace('.', ',');

export function MoneyInput({
  value,
  onChange,
  wholeRands = false,
  required = false,
  className,
  ...props
}: MoneyInputProps) {
  const [text, setText] = useState(() => asTyped(value));
  // The value this field last gave the form: a different one came from outside (a reset, a suggestion) and is shown.
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
        ? { ok: false, words: 'Not an amount: type it like 8 000,50' }
        : wholeRands && read.includes('.') && !/\.0{1,2}$/.test(read)
          ? { ok: false, words: 'Whole rands only, like 15 000' }
          : { ok: true, words: `Read as ${formatZar(read)}` };
  const describedBy = [props['aria-describedby'], reading ? readingId : null].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1">
      <Input
        {...props}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={className}
        value={text}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const empty = next.trim() === '';
          const amount = empty ? null : readSigned(next);
          given.current = amount !== null ? Number(amount) : empty && !required ? undefined : Number.NaN;
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
