import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn, checkSaIdNumber, luhnValid } from './sa-id';

/** The first 12 digits with the Luhn check digit that completes them. */
function withCheckDigit(first12: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    if (luhnValid(`${first12}${digit}`)) return `${first12}${digit}`;
  }
  throw new Error('no check digit');
}

const TODAY = '2026-11-28';

describe('checkSaIdNumber', () => {
  it('accepts an adult citizen and reads the date of birth and age', () => {
    const id = withCheckDigit('900115500908');
    expect(checkSaIdNumber(id, TODAY)).toEqual({
      ok: true,
      dateOfBirth: '1990-01-15',
      citizen: true,
      age: 36,
    });
    // Spaces as people type them are ignored; a permanent resident (11th digit 1) is accepted too.
    expect(checkSaIdNumber(`${id.slice(0, 6)} ${id.slice(6, 10)} ${id.slice(10)}`, TODAY).ok).toBe(true);
    const resident = withCheckDigit('900115500918');
    expect(checkSaIdNumber(resident, TODAY)).toMatchObject({ ok: true, citizen: false });
  });

  it('refuses someone under 18, and accepts them on their 18th birthday', () => {
    const seventeen = withCheckDigit('081129500908');
    expect(checkSaIdNumber(seventeen, TODAY)).toEqual({
      ok: false,
      reason: 'You must be 18 or older to apply: this ID number gives a date of birth of 29 November 2008.',
    });
    const eighteenToday = withCheckDigit('081128500908');
    expect(checkSaIdNumber(eighteenToday, TODAY)).toMatchObject({ ok: true, age: 18 });
  });

  it('refuses a wrong check digit, an impossible date, a bad citizenship digit and the wrong length', () => {
    const id = withCheckDigit('900115500908');
    const wrong = `${id.slice(0, 12)}${(Number(id[12]) + 1) % 10}`;
    expect(checkSaIdNumber(wrong, TODAY)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/check digit/),
    });
    expect(checkSaIdNumber(withCheckDigit('900230500908'), TODAY)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/date of birth/),
    });
    expect(checkSaIdNumber(withCheckDigit('901315500908'), TODAY).ok).toBe(false);
    expect(checkSaIdNumber(withCheckDigit('900115500928'), TODAY)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/11th digit/),
    });
    expect(checkSaIdNumber('90011550090', TODAY)).toEqual({
      ok: false,
      reason: 'An SA ID number has 13 digits.',
    });
    expect(checkSaIdNumber('9001155009O8X', TODAY).ok).toBe(false);
  });

  it('reads 29 February only in leap years', () => {
    expect(checkSaIdNumber(withCheckDigit('000229500908'), TODAY)).toMatchObject({
      ok: true,
      dateOfBirth: '2000-02-29',
    });
    expect(checkSaIdNumber(withCheckDigit('010229500908'), TODAY).ok).toBe(false);
  });

  it('finds every single-digit typo (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 9 }), (position, shift) => {
        const id = withCheckDigit('850704512308');
        const typo = id.slice(0, position) + ((Number(id[position]) + shift) % 10) + id.slice(position + 1);
        expect(luhnValid(typo)).toBe(false);
      }),
    );
  });
});

describe('ageOn', () => {
  it('counts whole years; a 29 February birthday comes on 1 March in other years', () => {
    expect(ageOn('2000-02-29', '2018-02-28')).toBe(17);
    expect(ageOn('2000-02-29', '2018-03-01')).toBe(18);
    expect(ageOn('1990-12-31', '2026-12-30')).toBe(35);
  });
});
