import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatZar, formatZarWhole, MONEY_TEXT } from './money';
import { readTypedAmount } from './typed-amount';

describe('an amount as a person types it', () => {
  it.each([
    ['8000,50', '8000.50'],
    ['8 000,50', '8000.50'],
    ['R 8 000,50', '8000.50'],
    ['R8 000,50', '8000.50'],
    ['r 8000', '8000'],
    ['ZAR 8000', '8000'],
    ['8000.50', '8000.50'],
    ['8,000.50', '8000.50'],
    ['8.000,50', '8000.50'],
    ['8,000', '8000'],
    ['8.000', '8000'],
    ['1,000,000', '1000000'],
    ['12000', '12000'],
    ['8000,5', '8000.5'],
    ['0,99', '0.99'],
    ['R\u00a08\u00a0000,50', '8000.50'],
    ['  8000  ', '8000'],
  ])('reads %j as %s', (typed, amount) => {
    expect(readTypedAmount(typed)).toBe(amount);
  });

  it.each([
    '',
    'R',
    'abc',
    '8000,505',
    '-8000',
    '8000,',
    '8,00,000',
    '8.000.50',
    '1e3',
    '8 000,50 R',
    '12345678901',
  ])('is no amount for %j', (typed) => {
    expect(readTypedAmount(typed)).toBeNull();
  });

  it('reads back every amount the product shows, to the cent', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_99n }), (cents) => {
        const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        const read = readTypedAmount(formatZar(text));
        expect(read).not.toBeNull();
        expect(MONEY_TEXT.test(read!)).toBe(true);
        expect(Number(read)).toBe(Number(text));
        expect(Number(readTypedAmount(formatZarWhole(text)))).toBe(Math.round(Number(text)));
      }),
    );
  });
});
