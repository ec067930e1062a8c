import { describe, expect, it } from 'vitest';
import { endsProbation, onTimeInARow, type ProbationInstalment } from './forbearance';

const line = (
  number: number,
  dueDate: string,
  paidOn: string | null,
  paid = '500.00',
): ProbationInstalment => ({
  number,
  dueDate,
  amountDue: '500.00',
  amountPaid: paidOn ? paid : '0.00',
  paidOn,
});

describe('probation after a restructure', () => {
  it('ends after three instalments of the new plan in a row paid on time', () => {
    const plan = [
      line(5, '2027-01-23', '2027-01-20'),
      line(6, '2027-02-23', '2027-02-23'),
      line(7, '2027-03-23', '2027-03-01'),
      line(8, '2027-04-23', null),
    ];
    expect(onTimeInARow(plan, 5, '2027-03-24')).toBe(3);
    expect(endsProbation(onTimeInARow(plan, 5, '2027-03-24'))).toBe(true);
  });

  it('starts again after a late one, and ignores the instalments before the restructure', () => {
    const plan = [
      line(4, '2026-12-23', '2026-12-01'),
      line(5, '2027-01-23', '2027-01-20'),
      line(6, '2027-02-23', '2027-03-02'),
      line(7, '2027-03-23', '2027-03-20'),
      line(8, '2027-04-23', '2027-04-23'),
    ];
    expect(onTimeInARow(plan, 5, '2027-04-24')).toBe(2);
    expect(onTimeInARow(plan.slice(0, 3), 5, '2027-02-24')).toBe(1);
  });

  it('counts paying ahead as on time, and a part payment as not paid', () => {
    expect(
      onTimeInARow(
        [line(1, '2027-05-23', '2027-01-02'), line(2, '2027-06-23', '2027-01-02')],
        1,
        '2027-01-03',
      ),
    ).toBe(2);
    expect(onTimeInARow([line(1, '2027-01-23', '2027-01-02', '499.99')], 1, '2027-02-01')).toBe(0);
  });
});
