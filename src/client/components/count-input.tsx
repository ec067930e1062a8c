// A count field for react-hook-form (followers, subscribers): reads a whole number the way a person types it ("12000",
// "12 000", "12,000"; src/shared/typed-count.ts) and says what it understood beneath it (ReadBackInput), as the
// money field does.
import type { ComponentProps } from 'react';
import { formatCount } from '../../shared/format';
import { readTypedCount } from '../../shared/typed-count';
import { ReadBackInput, type Reading } from './read-back-input';

export type CountInputProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange' | 'inputMode'> & {
  value: number | null | undefined;
  onChange: (value: number | undefined) => void;
  /** Empty is not "none": the form gets NaN, and its schema says the count is needed. */
  required?: boolean;
};

/** The count `text` means, a minus sign kept (so the form's schema says a count cannot be negative). */
function readCount(text: string): Reading {
  const negative = /^\s*[-\u2212]/.test(text);
  const count = readTypedCount(negative ? text.replace(/^\s*[-\u2212]/, '') : text);
  if (count === null) return { value: null, ok: false, words: 'Not a whole number: type it like 12 000' };
  return {
    value: negative ? -count : count,
    ok: true,
    words: `Read as ${negative ? '-' : ''}${formatCount(count)}`,
  };
}

export function CountInput(props: CountInputProps) {
  return <ReadBackInput {...props} inputMode="numeric" asTyped={String} read={readCount} />;
}
