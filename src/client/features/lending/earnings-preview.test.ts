import { describe, expect, it } from 'vitest';
import {
  checkEarningsAmount,
  currentMonth,
  defaultEarningsMonth,
  earningsPreview,
  earningsYears,
  futureMonthMessage,
  monthsOffered,
  previousMonth,
} from './earnings-preview';

const schedule = { withholdingRate: 17, platformFeeRate: 2.5, remainingAmount: '10800.00' };

describe('earningsPreview', () => {
  it('12 345.67 at 17 % withholds 2 098.76 (2 098.7639 rounded) with a 2.5 % fee of 52.47 (52.469)', () => {
    expect(earningsPreview({ ...schedule, earnings: '12345.67' })).toEqual({
      kind: 'ok',
      withholdingRate: '17',
      platformFeeRate: '2.5',
      calculated: '2098.76',
      payment: '2098.76',
      fee: '52.47',
      // 2 098.76 + 52.47 of 12 345.67: 17,42 % of the month's earnings in all.
      takenInAll: '2151.23',
      takenShare: '17.42',
      capped: false,
      remainingAfter: '8701.24',
    });
  });

  it('rounds half-up on exact decimals where binary floats would round down (100.50 × 1 % = 1.005)', () => {
    // In floating point 100.5 * 1 / 100 is 1.00499999…, which Math.round-to-cents turns into 1.00.
    const preview = earningsPreview({ ...schedule, withholdingRate: 1, earnings: '100.50' });
    expect(preview).toMatchObject({ kind: 'ok', payment: '1.01' });
  });

  it('rounds the fee half-up to the cent: 20 % of 1 234.55 = 246.91, fee 2.5 % = 6.17275 → 6.17', () => {
    expect(
      earningsPreview({ ...schedule, withholdingRate: 20, earnings: '1234.55', remainingAmount: '5000.00' }),
    ).toMatchObject({ kind: 'ok', payment: '246.91', fee: '6.17', remainingAfter: '4753.09' });
  });

  it('handles fractional rates such as 12.5 % and a 0 % fee', () => {
    expect(
      earningsPreview({
        withholdingRate: '12.5',
        platformFeeRate: 0,
        remainingAmount: '900.00',
        earnings: '0.10',
      }),
    ).toMatchObject({ kind: 'ok', calculated: '0.01', payment: '0.01', fee: '0.00' });
  });

  it('caps the payment at the remaining balance and prices the fee on the capped payment', () => {
    const preview = earningsPreview({
      ...schedule,
      withholdingRate: 20,
      earnings: '10000',
      remainingAmount: '1000.00',
    });
    expect(preview).toEqual({
      kind: 'ok',
      withholdingRate: '20',
      platformFeeRate: '2.5',
      calculated: '2000.00',
      payment: '1000.00',
      fee: '25.00',
      takenInAll: '1025.00',
      takenShare: '10.25',
      capped: true,
      remainingAfter: '0.00',
    });
  });

  it('a payment equal to the balance is not a cap', () => {
    expect(
      earningsPreview({ ...schedule, withholdingRate: 10, earnings: '500', remainingAmount: '50.00' }),
    ).toMatchObject({ payment: '50.00', capped: false, remainingAfter: '0.00' });
  });

  it('says why there is nothing to preview', () => {
    expect(earningsPreview({ ...schedule, earnings: '' })).toEqual({ kind: 'no-amount' });
    expect(earningsPreview({ ...schedule, earnings: '0' })).toEqual({ kind: 'no-amount' });
    expect(earningsPreview({ ...schedule, earnings: '-5' })).toEqual({ kind: 'no-amount' });
    expect(earningsPreview({ ...schedule, earnings: '1.234' })).toEqual({ kind: 'no-amount' });
    expect(
      earningsPreview({
        withholdingRate: null,
        platformFeeRate: null,
        remainingAmount: null,
        earnings: '100',
      }),
    ).toEqual({ kind: 'no-schedule' });
    expect(earningsPreview({ ...schedule, remainingAmount: '0.00', earnings: '100' })).toEqual({
      kind: 'nothing-owed',
    });
    expect(earningsPreview({ ...schedule, withholdingRate: 1, earnings: '0.40' })).toEqual({
      kind: 'too-small',
      withholdingRate: '1',
    });
  });
});

describe('checkEarningsAmount', () => {
  it.each([
    ['', 'Earnings amount is required'],
    ['   ', 'Earnings amount is required'],
    ['0', 'Earnings must be greater than zero'],
    ['0.00', 'Earnings must be greater than zero'],
    ['-3', 'Earnings must be greater than zero'],
    ['1.999', 'Enter an amount in rand with at most 2 decimals'],
    ['1e5', 'Enter an amount in rand with at most 2 decimals'],
    ['100000000.01', 'Earnings amount is too large'],
  ])('refuses %j: %s', (text, message) => {
    expect(checkEarningsAmount(text)).toEqual({ ok: false, message });
  });

  it.each(['0.01', '12345.67', '100000000', '5.5'])('accepts %s', (text) => {
    const check = checkEarningsAmount(text);
    expect(check.ok && check.amount.toString()).toBe(String(Number(text)));
  });
});

describe('previousMonth', () => {
  it('is the month before, across the new year', () => {
    expect(previousMonth(new Date(2026, 10, 21))).toEqual({ month: 10, year: 2026 });
    expect(previousMonth(new Date(2026, 0, 3))).toEqual({ month: 12, year: 2025 });
  });
});

describe('the months that can be recorded', () => {
  // 23 November 2026, 23:30 UTC is already 24 November in South Africa; 31 December 22:30 UTC is 1 January.
  const november = new Date(Date.UTC(2026, 10, 23, 23, 30));
  const newYear = new Date(Date.UTC(2026, 11, 31, 22, 30));

  it('counts the current month in South Africa, whatever the browser clock zone', () => {
    expect(currentMonth(november)).toEqual({ month: 11, year: 2026 });
    expect(currentMonth(newYear)).toEqual({ month: 1, year: 2027 });
    expect(previousMonth(newYear)).toEqual({ month: 12, year: 2026 });
  });

  it('offers every month of a past year and none after the current month', () => {
    expect(monthsOffered(2025, november)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(monthsOffered(2026, november)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(monthsOffered(2027, november)).toEqual([]);
    expect(monthsOffered(2027, newYear)).toEqual([1]);
  });

  it('offers only the months the loan allows: none before its schedule started, and only its years', () => {
    // A schedule from 10 June 2026: June to November this year, nothing in 2025.
    expect(monthsOffered(2026, november, '2026-06-10')).toEqual([6, 7, 8, 9, 10, 11]);
    expect(monthsOffered(2025, november, '2026-06-10')).toEqual([]);
    expect(monthsOffered(2026, november, '2025-09-01')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(monthsOffered(2025, november, '2025-09-01')).toEqual([9, 10, 11, 12]);
    expect(earningsYears('2026-06-10', november)).toEqual([2026]);
    expect(earningsYears('2024-02-01', november)).toEqual([2026, 2025, 2024]);
    expect(earningsYears(null, november)).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
  });

  it('words a later month as the server does, and allows the current one', () => {
    expect(futureMonthMessage(12, 2026, november)).toBe(
      'The earnings month cannot be after the current month, November 2026.',
    );
    expect(futureMonthMessage(1, 2027, november)).not.toBeNull();
    expect(futureMonthMessage(11, 2026, november)).toBeNull();
    expect(futureMonthMessage(12, 2025, november)).toBeNull();
  });
});

describe('defaultEarningsMonth', () => {
  const now = new Date('2026-11-23T08:00:00Z');
  it('offers last month, but not a month before the schedule started', () => {
    expect(defaultEarningsMonth('2026-06-10', now)).toEqual({ month: 10, year: 2026 });
    expect(defaultEarningsMonth('2026-11-23', now)).toEqual({ month: 11, year: 2026 });
    expect(defaultEarningsMonth(null, now)).toEqual({ month: 10, year: 2026 });
  });
});
