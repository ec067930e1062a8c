import { describe, expect, it } from 'vitest';
import { asScheduleFrequency as scheduleFrequency } from '../../../shared/finance/instalments';
import { restructurePreview } from './restructure-preview';

describe('restructurePreview', () => {
  it('spreads the balance over the months, rounded up to the cent, the last taking the rest', () => {
    // 6 620.00 / 18 = 367.777… -> 367.78; 17 × 367.78 = 6 252.26, so the last is 367.74.
    expect(
      restructurePreview({ remainingAmount: '6620.00', frequency: 'monthly' }, 18, '2026-11-23'),
    ).toEqual({
      months: 18,
      instalments: 18,
      instalment: '367.78',
      lastInstalment: '367.74',
      firstDueDate: '2026-12-23',
      lastDueDate: '2028-05-23',
      total: '6620.00',
    });
  });

  it('keeps the total at the balance: no extra cost', () => {
    const preview = restructurePreview(
      { remainingAmount: '10000.01', frequency: 'automatic' },
      12,
      '2026-01-31',
    );
    expect(preview?.instalments).toBe(12);
    expect(preview?.instalment).toBe('833.34');
    // 11 × 833.34 = 9 166.74; the last is 833.27, and together they make the balance exactly.
    expect(preview?.lastInstalment).toBe('833.27');
    expect(preview?.total).toBe('10000.01');
    // Month ends clamp: 31 January + 1 month is 28 February.
    expect(preview?.firstDueDate).toBe('2026-02-28');
  });

  it('moves the due dates of a bank debit to business days', () => {
    // From Friday 23 October 2026: 23 January 2027 is a Saturday, so the debit runs on Monday the 25th.
    const debit = restructurePreview(
      { remainingAmount: '3000.00', frequency: 'monthly', paymentMethod: 'bank_debit' },
      3,
      '2026-10-23',
    );
    expect(debit?.lastDueDate).toBe('2027-01-25');
    const earnings = restructurePreview(
      { remainingAmount: '3000.00', frequency: 'monthly' },
      3,
      '2026-10-23',
    );
    expect(earnings?.lastDueDate).toBe('2027-01-23');
  });

  it('counts fortnights for biweekly loans', () => {
    const preview = restructurePreview(
      { remainingAmount: '2600.00', frequency: 'biweekly' },
      12,
      '2026-11-23',
    );
    expect(preview?.instalments).toBe(26);
    expect(preview?.instalment).toBe('100.00');
    expect(preview?.firstDueDate).toBe('2026-12-07');
  });

  it('is null for a period outside 1-36 whole months or without a balance', () => {
    for (const months of [0, 37, 1.5, Number.NaN, undefined, null]) {
      expect(
        restructurePreview({ remainingAmount: '1000.00', frequency: 'monthly' }, months, '2026-11-23'),
      ).toBeNull();
    }
    expect(
      restructurePreview({ remainingAmount: '0.00', frequency: 'monthly' }, 12, '2026-11-23'),
    ).toBeNull();
    expect(restructurePreview({ remainingAmount: null, frequency: 'monthly' }, 12, '2026-11-23')).toBeNull();
    // Five cents cannot fill 36 instalments of at least one cent each with a positive last one.
    expect(
      restructurePreview({ remainingAmount: '0.05', frequency: 'monthly' }, 36, '2026-11-23'),
    ).toBeNull();
  });
});

describe('scheduleFrequency', () => {
  it('keeps the known frequencies and reads anything else as monthly', () => {
    expect(scheduleFrequency('biweekly')).toBe('biweekly');
    expect(scheduleFrequency('automatic')).toBe('automatic');
    expect(scheduleFrequency(null)).toBe('monthly');
    expect(scheduleFrequency('yearly')).toBe('monthly');
  });
});
