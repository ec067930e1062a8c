import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  businessDate,
  daysBetween,
  isIsoDate,
  monthNumber,
  monthOf,
  startOfBusinessDay,
} from './business-date';

describe('isIsoDate', () => {
  it('accepts only days that exist, written YYYY-MM-DD', () => {
    for (const ok of ['2024-02-29', '2026-11-23', '2000-01-01', '2026-12-31'])
      expect(isIsoDate(ok)).toBe(true);
    for (const bad of [
      '2023-02-29',
      '2024-02-30',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-1-01',
      '2024-01-01junk',
      '2024-01-01T00:00:00Z',
      ' 2024-01-01',
      '',
      '1899-12-31',
      20240101,
      null,
    ]) {
      expect(isIsoDate(bad)).toBe(false);
    }
  });
});

describe('businessDate', () => {
  it("is today's date in Johannesburg as yyyy-mm-dd (the payment date's default)", () => {
    expect(businessDate(new Date('2026-11-20T21:59:00Z'))).toBe('2026-11-20');
    expect(businessDate(new Date('2026-11-20T22:00:00Z'))).toBe('2026-11-21');
  });

  it('is the UTC+2 calendar day of any instant, asked in any order (it keeps the last day it worked out)', () => {
    const instant = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2999, 11, 31) });
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 20 }), (instants) => {
        for (const ms of instants) {
          const expected = new Date(ms + 2 * 60 * 60 * 1000).toISOString().slice(0, 10);
          expect(businessDate(new Date(ms))).toBe(expected);
          expect(businessDate(new Date(ms))).toBe(expected);
        }
      }),
      { numRuns: 500 },
    );
    expect(() => businessDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('is the South African calendar day, whatever the UTC day', () => {
    expect(businessDate(new Date('2026-02-28T21:59:59Z'))).toBe('2026-02-28');
    expect(businessDate(new Date('2026-02-28T22:00:00Z'))).toBe('2026-03-01');
    expect(startOfBusinessDay('2026-03-01').toISOString()).toBe('2026-02-28T22:00:00.000Z');
  });
});

describe('addMonths', () => {
  it('clamps to the last day of a shorter month and keeps the day otherwise', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-03-31', 1)).toBe('2025-04-30');
    expect(addMonths('2025-08-31', 6)).toBe('2026-02-28');
    expect(addMonths('2025-01-31', 12)).toBe('2026-01-31');
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
  });

  it('refuses fractional months', () => {
    expect(() => addMonths('2025-01-01', 1.5)).toThrow(RangeError);
    expect(() => addDays('2025-01-01', 0.5)).toThrow(RangeError);
  });
});

describe('day and month arithmetic', () => {
  it('counts whole days across month, year and leap-day boundaries', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-11-23', '2026-11-23')).toBe(0);
    expect(daysBetween('2026-11-23', '2026-08-25')).toBe(-90);
    expect(monthOf('2026-11-23')).toBe(monthNumber(2026, 11));
    expect(monthNumber(2027, 1) - monthNumber(2026, 12)).toBe(1);
  });

  it('addDays and daysBetween undo each other (property)', () => {
    const day = fc
      .date({
        min: new Date('1990-01-01T00:00:00Z'),
        max: new Date('2090-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map(businessDate);
    fc.assert(
      fc.property(day, fc.integer({ min: -5000, max: 5000 }), (date, n) => {
        const moved = addDays(date, n);
        expect(isIsoDate(moved)).toBe(true);
        expect(daysBetween(date, moved)).toBe(n);
      }),
    );
  });
});
