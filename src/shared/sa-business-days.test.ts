import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './business-date';
import {
  addBusinessDays,
  easterSunday,
  isBusinessDay,
  nextBusinessDay,
  publicHolidays,
  weekday,
} from './sa-business-days';

// The official lists (Public Holidays Act 36 of 1994, with the Monday after a holiday on a Sunday), as the
// government publishes them for each year.
const OFFICIAL: Record<number, string[]> = {
  2026: [
    '2026-01-01', // New Year's Day (Thursday)
    '2026-03-21', // Human Rights Day (Saturday: no day in lieu)
    '2026-04-03', // Good Friday
    '2026-04-06', // Family Day
    '2026-04-27', // Freedom Day
    '2026-05-01', // Workers' Day
    '2026-06-16', // Youth Day
    '2026-08-09', // National Women's Day (Sunday)
    '2026-08-10', // observed on Monday
    '2026-09-24', // Heritage Day
    '2026-12-16', // Day of Reconciliation
    '2026-12-25', // Christmas Day
    '2026-12-26', // Day of Goodwill (Saturday)
  ],
  2027: [
    '2027-01-01',
    '2027-03-21', // Human Rights Day (Sunday)
    '2027-03-22', // observed on Monday
    '2027-03-26', // Good Friday
    '2027-03-29', // Family Day
    '2027-04-27',
    '2027-05-01', // Saturday
    '2027-06-16',
    '2027-08-09',
    '2027-09-24',
    '2027-12-16',
    '2027-12-25', // Saturday
    '2027-12-26', // Day of Goodwill (Sunday)
    '2027-12-27', // observed on Monday
  ],
  2028: [
    '2028-01-01', // Saturday
    '2028-03-21',
    '2028-04-14', // Good Friday
    '2028-04-17', // Family Day
    '2028-04-27',
    '2028-05-01',
    '2028-06-16',
    '2028-08-09',
    '2028-09-24', // Heritage Day (Sunday)
    '2028-09-25', // observed on Monday
    '2028-12-16', // Saturday
    '2028-12-25',
    '2028-12-26',
  ],
};

describe('South African public holidays', () => {
  it('are the official lists for 2026, 2027 and 2028, Sunday holidays observed on the Monday', () => {
    for (const [year, dates] of Object.entries(OFFICIAL)) {
      expect(publicHolidays(Number(year)).map((h) => h.date)).toEqual(dates);
    }
    expect(publicHolidays(2027).find((h) => h.date === '2027-12-27')?.name).toBe(
      'Day of Goodwill (observed)',
    );
  });

  it('take Easter from the Gregorian computus, and days the President declared', () => {
    expect(['2024', '2025', '2026', '2027', '2028', '2029'].map((y) => easterSunday(Number(y)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2028-04-16',
      '2029-04-01',
    ]);
    expect(publicHolidays(2024).map((h) => h.date)).toContain('2024-05-29');
    expect(isBusinessDay('2024-05-29')).toBe(false);
  });
});

describe('business days', () => {
  it('are weekdays that are not public holidays', () => {
    expect(isBusinessDay('2026-11-27')).toBe(true); // Friday
    expect(isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-29')).toBe(false); // Sunday
    expect(isBusinessDay('2026-12-16')).toBe(false); // Day of Reconciliation, a Wednesday
    expect(isBusinessDay('2026-08-10')).toBe(false); // Women's Day observed
  });

  it('move a date to the next business day, across weekends and holidays', () => {
    expect(nextBusinessDay('2026-11-27')).toBe('2026-11-27');
    expect(nextBusinessDay('2026-11-28')).toBe('2026-11-30');
    expect(nextBusinessDay('2026-12-25')).toBe('2026-12-28'); // Christmas (Fri), Goodwill (Sat), Sunday
    expect(nextBusinessDay('2027-03-26')).toBe('2027-03-30'); // Good Friday to Tuesday after Family Day
    expect(nextBusinessDay('2027-12-25')).toBe('2027-12-28');
  });

  it('count N business days on', () => {
    expect(addBusinessDays('2026-11-27', 5)).toBe('2026-12-04'); // Friday to Friday
    expect(addBusinessDays('2026-11-28', 5)).toBe('2026-12-04'); // Saturday to Friday
    expect(addBusinessDays('2026-12-14', 5)).toBe('2026-12-22'); // across the Day of Reconciliation
    expect(addBusinessDays('2026-12-23', 5)).toBe('2026-12-31'); // across Christmas and Goodwill
    expect(addBusinessDays('2026-12-23', 0)).toBe('2026-12-23');
    expect(() => addBusinessDays('2026-12-23', -1)).toThrow(RangeError);
  });

  it('always land on a business day, strictly later, with exactly N business days passed (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3650 }), fc.integer({ min: 1, max: 30 }), (offset, n) => {
        const from = addDays('2024-01-01', offset);
        const to = addBusinessDays(from, n);
        expect(isBusinessDay(to)).toBe(true);
        expect(to > from).toBe(true);
        let counted = 0;
        for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isBusinessDay(day)) counted++;
        expect(counted).toBe(n);
        expect([0, 6]).not.toContain(weekday(to));
      }),
    );
  });
});
