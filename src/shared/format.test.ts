import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCount,
  formatCountOf,
  formatCsvDate,
  formatDate,
  formatDateInWords,
  formatDateLong,
  formatDateMedium,
  formatDateTimeSast,
  formatDecimal,
  formatFileSize,
  formatHandle,
  formatMonth,
  formatPercent,
  formatZar,
  formatZarWhole,
  inJohannesburg,
  TIME_ZONE,
  toInstant,
} from './format';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('dates in Johannesburg', () => {
  it('writes a calendar day as the screens, server messages, audit notes and e-mails do (dd MMM yyyy)', () => {
    expect(formatDate('2026-11-03')).toBe('03 Nov 2026');
    expect(formatDate('2027-02-28')).toBe('28 Feb 2027');
  });

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
      expect(formatDateTimeSast('2026-11-22T23:30:00Z')).toBe('23 Nov 2026, 01:30');
    },
  );

  it('writes a CSV date as the South African calendar day, yyyy-MM-dd', () => {
    // 23:30 UTC on the 22nd is already the 23rd in Johannesburg; a calendar day is written as it is.
    expect(formatCsvDate('2026-11-22T23:30:00Z')).toBe('2026-11-23');
    expect(formatCsvDate('2026-03-05T10:00:00.000Z')).toBe('2026-03-05');
    expect(formatCsvDate('2026-10-09')).toBe('2026-10-09');
    expect(formatCsvDate(null)).toBe('');
    expect(formatCsvDate('not a date')).toBe('');
  });

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

  it('a figure with one decimal, half-up, with a decimal comma (the average credit score)', () => {
    expect(formatDecimal(72.45)).toBe('72,5');
    expect(formatDecimal(60)).toBe('60,0');
    expect(formatDecimal(1234.56, { decimals: 2 }).replace(/\s/g, ' ')).toBe('1 234,56');
    expect(formatDecimal(Number.NaN)).toBe('-');
  });

  it('money and file sizes as the screens show them', () => {
    expect(formatZar('9000').replace(/\s/g, ' ')).toBe('R 9 000,00');
    expect(formatFileSize(15)).toBe('15 B');
    expect(formatFileSize(12 * 1024)).toBe('12 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1,5 MB');
  });
});

describe('the en-ZA forms are written by hand and agree with Intl (property)', () => {
  // The format module writes numbers and dates without Intl (a page's first Intl object costs 30-90 ms of
  // main-thread time in Chromium); Intl, which the server and tests have loaded anyway, is the oracle.
  const cents = fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n });
  const asMoney = (c: bigint) => {
    const abs = c < 0n ? -c : c;
    return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  };
  const intlZar = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' });
  const intlWhole = new Intl.NumberFormat('en-ZA', {
    style: 'currency',
    currency: 'ZAR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });

  it('money, whole rand, percentages and counts', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const money = asMoney(c);
        expect(formatZar(money)).toBe(intlZar.format(money as `${number}`));
        const whole = `${c / 100n}`;
        expect(formatZarWhole(whole)).toBe(intlWhole.format(whole as `${number}`));
        const percent = new Intl.NumberFormat('en-ZA', {
          style: 'percent',
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        expect(formatPercent(money, { decimals: 2 })).toBe(percent.format(`${money}e-2` as `${number}`));
      }),
      { numRuns: 500 },
    );
    const count = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(formatCount(n)).toBe(count.format(n === 0 ? 0 : n));
      }),
      { numRuns: 500 },
    );
  });

  it('dates of instants on the Johannesburg clock, from 1945 on', () => {
    const parts = (instant: Date) => {
      const p = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', {
          timeZone: TIME_ZONE,
          year: 'numeric',
          month: 'long',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          hourCycle: 'h23',
        })
          .formatToParts(instant)
          .map((part) => [part.type, part.value]),
      );
      return p as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
    };
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1945-01-01T00:00:00Z'),
          max: new Date('2200-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (instant) => {
          const p = parts(instant);
          expect(formatDateInWords(instant)).toBe(`${Number(p.day)} ${p.month} ${p.year}`);
          expect(formatDateLong(instant)).toBe(`${p.month} ${p.day.padStart(2, '0')}, ${p.year}`);
          expect(formatDate(instant)).toBe(`${p.day.padStart(2, '0')} ${p.month.slice(0, 3)} ${p.year}`);
          expect(formatDateMedium(instant)).toBe(`${p.month.slice(0, 3)} ${Number(p.day)}, ${p.year}`);
          const clock = inJohannesburg(instant);
          expect([clock?.hour, clock?.minute]).toEqual([Number(p.hour), Number(p.minute)]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a calendar day is that day at midnight, and the instant it names is 00:00 SAST', () => {
    expect(inJohannesburg('2026-11-23')).toEqual({ year: 2026, month: 11, day: 23, hour: 0, minute: 0 });
    expect(toInstant('2026-11-23')?.toISOString()).toBe('2026-11-22T22:00:00.000Z');
    expect(toInstant('2024-02-29')?.toISOString()).toBe('2024-02-28T22:00:00.000Z');
    expect(toInstant('2023-02-29')).toBeNull();
    expect(formatDateMedium('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatCount(-0)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1,3 MB');
    expect(formatFileSize(2 * 1024 * 1024)).toBe('2 MB');
  });
});

describe('formatHandle', () => {
  it('writes one @ whether or not the handle was typed with it', () => {
    expect(formatHandle('thandi')).toBe('@thandi');
    expect(formatHandle('@thandi')).toBe('@thandi');
    expect(formatHandle('@@thandi ')).toBe('@thandi');
  });
});

describe('formatMonth', () => {
  it('writes a payout month as people read it, and leaves anything else as it is', () => {
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2027-01')).toBe('Jan 2027');
    expect(formatMonth('2027-13')).toBe('2027-13');
    expect(formatMonth('')).toBe('');
  });
});
