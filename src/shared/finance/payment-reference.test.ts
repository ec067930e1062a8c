import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loanOfReference, paymentReferenceFor } from './payment-reference';

describe('the payment reference', () => {
  it('is VUKA, the loan number in six digits and a Luhn check digit', () => {
    expect(paymentReferenceFor(123)).toBe('VUKA-000123-0');
    expect(paymentReferenceFor(1)).toBe('VUKA-000001-8');
    expect(paymentReferenceFor(1_234_567)).toBe('VUKA-1234567-4');
    expect(() => paymentReferenceFor(0)).toThrow(RangeError);
  });

  it('is found in what a bank line says, written the ways people write it', () => {
    for (const text of [
      'VUKA-000123-0',
      'vuka0001230',
      'Payment VUKA 000123 0 thanks',
      'EFT/VUKA-000123-0/ZOLA',
    ]) {
      expect(loanOfReference(text), text).toBe(123);
    }
    expect(loanOfReference('VUKA-000123-5')).toBeNull();
    // Two digits swapped: 000132 with 000123's check digit.
    expect(loanOfReference('VUKA-000132-0')).toBeNull();
    expect(loanOfReference('Rent March')).toBeNull();
  });

  it('reads back every loan number, and a changed digit is never read as another loan', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_999_999 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (id, at, add) => {
          const reference = paymentReferenceFor(id);
          expect(loanOfReference(reference)).toBe(id);
          const digits = reference.replace(/\D/g, '');
          const i = at % digits.length;
          const changed = `${digits.slice(0, i)}${(Number(digits[i]) + add) % 10}${digits.slice(i + 1)}`;
          expect(loanOfReference(`VUKA${changed}`)).toBeNull();
        },
      ),
    );
  });
});
