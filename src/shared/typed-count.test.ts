import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from './format';
import { readTypedCount } from './typed-count';

describe('a count as a person types it', () => {
  it.each([
    ['12000', 12000],
    ['12 000', 12000],
    ['12,000', 12000],
    ['12.000', 12000],
    ['12\u00a0000', 12000],
    ['12\u202f000', 12000],
    ['1 250 000', 1250000],
    ['1,250,000', 1250000],
    ['1.250.000', 1250000],
    ['  900  ', 900],
    ['0', 0],
    ['007', 7],
  ])('reads %j as %d', (typed, count) => {
    expect(readTypedCount(typed)).toBe(count);
  });

  it.each([
    '',
    '   ',
    'abc',
    '12k',
    '12,5',
    '12.50',
    '1,2345',
    '1,000.000',
    '1.000,000',
    ',000',
    '12,000,',
    '-12',
    '+12',
    '1e3',
    '0x10',
    '1234567890123456',
  ])('is no count for %j', (typed) => {
    expect(readTypedCount(typed)).toBeNull();
  });

  it('reads back every count the product shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (count) => {
        expect(readTypedCount(formatCount(count))).toBe(count);
      }),
    );
  });
});
