import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/business-date';
import { monthGrid, parseDateEntry, showDateEntry } from './date-entry';

describe('a day as typed', () => {
  it('reads the ways a South African writes a day', () => {
    for (const text of [
      '2026-11-30',
      '2026/11/30',
      '30/11/2026',
      '30-11-2026',
      '30.11.2026',
      '30 Nov 2026',
      '30 nov. 2026',
      '30 November 2026',
      'Monday, 30 November 2026',
      '  30 Nov 2026 ',
    ]) {
      expect(parseDateEntry(text), text).toBe('2026-11-30');
    }
    expect(parseDateEntry('1/2/2027')).toBe('2027-02-01');
    expect(parseDateEntry('2 Sept 2026')).toBe('2026-09-02');
  });

  it('reads no day where there is none', () => {
    for (const text of [
      '',
      '30',
      '11/30/2026',
      '31 Feb 2027',
      '2026-02-29',
      '30 Nx 2026',
      '30 No 2026',
      'today',
    ]) {
      expect(parseDateEntry(text), text).toBeNull();
    }
  });

  it('reads back every day it shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60_000 }), (offset) => {
        const day = addDays('1900-01-01', offset);
        expect(parseDateEntry(showDateEntry(day))).toBe(day);
      }),
    );
  });

  it('shows a day as the screens do, and anything else as it is', () => {
    expect(showDateEntry('2026-11-30')).toBe('30 Nov 2026');
    expect(showDateEntry('30/11')).toBe('30/11');
    expect(showDateEntry('')).toBe('');
  });
});

describe('the calendar of a month', () => {
  it('lays out whole weeks from Sunday, the month inside them', () => {
    const weeks = monthGrid('2026-11-01');
    expect(weeks[0]![0]).toBe('2026-11-01'); // 1 November 2026 is a Sunday
    expect(weeks.at(-1)!.at(-1)).toBe('2026-12-05');
    expect(weeks.flat()).toContain('2026-11-30');
    const february = monthGrid('2027-02-14');
    expect(february[0]![0]).toBe('2027-01-31');
    expect(february.every((week) => week.length === 7)).toBe(true);
  });
});
