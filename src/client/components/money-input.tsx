// A money field for react-hook-form: reads an amount the way a person types it ("8000,50", "8 000,50", "R 8 000,50",
// "8000.50"; src/shared/finance/typed-amount.ts) and says what it understood beneath it (ReadBackInput), so the shared
// zod schemas validate a number as they do on the server.
import type { ComponentProps } from 'react';
import { formatZar } from '../../shared/finance/money';
import { readTypedAmount } from '../../shared/finance/typed-amount';
import { ReadBackInput, type Reading } from './read-back-input';

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

function readAmount(text: string, wholeRands: boolean): Reading {
  const amount = readSigned(text);
  if (amount === null) return { value: null, ok: false, words: 'Not an amount: type it like 8 000,50' };
  // Cents on a whole-rand amount: the form still gets the number, and its schema says why it is refused.
  if (wholeRands && amount.includes('.') && !/\.0{1,2}$/.test(amount))
    return { value: Number(amount), ok: false, words: 'Whole rands only, like 15 000' };
  return { value: Number(amount), ok: true, words: `Read as ${formatZar(amount)}` };
}

/** A stored amount before anyone types: digits, a decimal comma, no grouping. */
const asTyped = (value: number): string => String(value).replace('.', ',');

export function MoneyInput({ wholeRands = false, ...props }: MoneyInputProps) {
  return (
    <ReadBackInput
      {...props}
      inputMode="decimal"
      asTyped={asTyped}
      read={(text) => readAmount(text, wholeRands)}
    />
  );
}
