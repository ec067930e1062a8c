import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCount,
  formatCountOf,
  formatDate,
  formatDateInWords,
  formatDateLong,
  formatFileSize,
  formatZar,
} from './format';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('dates in Johannesburg', () => {
  it.each(['UTC', 'America/New_York', 'Pacific/Auckland'])(
    'show an instant as the Johannesburg day, whatever the machine runs in (%s)',
    (zone) => {
      process.env.TZ = zone;
      // 23:30 UTC on the 22nd is 01:30 on the 23rd in Johannesburg (UTC+2 all year).
      expect(formatDate('2026-11-22T23:30:00Z')).toBe('23 Nov 2026');
      expect(formatDate(new Date('2026-11-22T21:59:00Z'))).toBe('22 Nov 2026');
      // A calendar day is that day, never shifted.
      expect(formatDate('2026-11-23')).toBe('23 Nov 2026');
      expect(formatDateLong('2026-03-05')).toBe('March 05, 2026');
      expect(formatDateInWords('2026-03-05')).toBe('5 March 2026');
    },
  );

  it('answers the fallback for nothing or something unreadable', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate('')).toBe('-');
    expect(formatDate('2026-02-30')).toBe('-');
    expect(formatDate('not a date', 'n/a')).toBe('n/a');
  });
});

describe('numbers', () => {
  it('counts and plurals in en-ZA', () => {
    expect(formatCount(1234567)).toBe('1\u00a0234\u00a0567');
    expect(formatCountOf(1, 'application')).toBe('1 application');
    expect(formatCountOf(2, 'loan')).toBe('2 loans');
    expect(formatCountOf(0, 'entry', 'entries')).toBe('0 entries');
  });

  it('money and file sizes as the screens show them', () => {
    expect(formatZar('9000').replace(/\s/g, ' ')).toBe('R 9 000,00');
    expect(formatFileSize(15)).toBe('15 B');
    expect(formatFileSize(12 * 1024)).toBe('12 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1,5 MB');
  });
});
