import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../business-date';
import { planInstalments } from './instalments';
import { chargeRateOf, settlementFigures } from './settlement';

const d = (value: Decimal.Value) => new Decimal(value);

/** R 10 000 paid out on 23 November 2026, 12 monthly instalments of R 1 042 (R 1 038 last): R 12 500. */
const plan = () =>
  planInstalments({
    start: '2026-11-23',
    frequency: 'monthly',
    total: d('12500.00'),
    instalment: d('1042.00'),
    count: 12,
  });
const rate = () => chargeRateOf('10000.00', '2026-11-23', plan());

describe('chargeRateOf', () => {
  it('is the annual rate at which the instalments repay the principal (53.32 % here), 0 without a charge', () => {
    expect(rate().times(100).toFixed(2)).toBe('53.32');
    expect(chargeRateOf('12500.00', '2026-11-23', plan()).toNumber()).toBe(0);
  });

  it('is exact for one instalment a year later: R 11 000 back on R 10 000 is 10 %', () => {
    expect(
      chargeRateOf('10000', '2026-01-01', [{ dueDate: '2027-01-01', amountDue: '11000' }]).toFixed(6),
    ).toBe('0.100000');
  });
});

describe('settlementFigures', () => {
  const base = { principal: '10000.00', startDay: '2026-11-23', remaining: '12500.00', payments: [] };

  it('on the day it was paid out costs exactly the principal; the whole charge is rebated', () => {
    expect(settlementFigures({ ...base, chargeRate: rate(), on: '2026-11-23' })).toEqual({
      amount: '10000.00',
      principal: '10000.00',
      accruedCharge: '0.00',
      rebate: '2500.00',
    });
  });

  it('accrues the charge daily at the agreement rate: 30 days on R 10 000 at 53.32 %', () => {
    const figures = settlementFigures({ ...base, chargeRate: rate(), on: '2026-12-23' });
    const expected = d('10000')
      .times(rate().plus(1).pow(d(30).div(365)))
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(figures.amount).toBe(expected.toFixed(2));
    expect(figures.principal).toBe('10000.00');
    expect(d(figures.accruedCharge).toNumber()).toBeGreaterThan(357);
    expect(d(figures.accruedCharge).toNumber()).toBeLessThan(358);
  });

  it('five months into twelve, instalments paid on time: the principal left and a month of charge, not 7 months', () => {
    const paid = plan()
      .slice(0, 5)
      .map((i) => ({ paymentDate: i.dueDate, amount: i.amountDue }));
    const remaining = d('12500').minus(5 * 1042);
    const figures = settlementFigures({
      ...base,
      remaining: remaining.toFixed(2),
      payments: paid,
      chargeRate: rate(),
      on: '2027-04-23',
    });
    // The principal left is what the seven instalments still due are worth today at the agreement's rate.
    const r = rate();
    const worth = plan()
      .slice(5)
      .reduce((sum, i) => {
        const days = (Date.parse(i.dueDate) - Date.parse('2027-04-23')) / 86_400_000;
        return sum.plus(d(i.amountDue).div(r.plus(1).pow(d(days).div(365))));
      }, d(0));
    expect(d(figures.amount).minus(worth).abs().toNumber()).toBeLessThan(0.02);
    expect(d(figures.rebate).toNumber()).toBeGreaterThan(700);
  });

  it('never costs more than the remaining balance, however late', () => {
    const figures = settlementFigures({ ...base, chargeRate: rate(), on: '2030-01-01' });
    expect(figures).toMatchObject({ amount: '12500.00', rebate: '0.00' });
  });

  it('keeps the books: rebate + charge earned = the finance charge; never above the balance (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ days: fc.integer({ min: 0, max: 60 }), cents: fc.integer({ min: 1, max: 300_000 }) }),
          {
            maxLength: 12,
          },
        ),
        fc.integer({ min: 0, max: 400 }),
        (list, extra) => {
          let on = '2026-11-23';
          let paid = d(0);
          const payments: Array<{ paymentDate: string; amount: string }> = [];
          for (const p of list) {
            const amount = Decimal.min(d(p.cents).div(100), d('12499.99').minus(paid));
            if (amount.lte(0)) break;
            on = addDays(on, p.days);
            payments.push({ paymentDate: on, amount: amount.toFixed(2) });
            paid = paid.plus(amount);
          }
          const remaining = d('12500').minus(paid);
          const figures = settlementFigures({
            ...base,
            remaining: remaining.toFixed(2),
            payments,
            chargeRate: rate(),
            on: addDays(on, extra),
          });
          const amount = d(figures.amount);
          expect(amount.lte(remaining)).toBe(true);
          expect(amount.gte('0.01')).toBe(true);
          expect(d(figures.rebate).plus(amount).equals(remaining)).toBe(true);
          expect(d(figures.principal).plus(figures.accruedCharge).equals(amount)).toBe(true);
          const earned = paid.plus(amount).minus('10000');
          expect(earned.plus(figures.rebate).equals('2500')).toBe(true);
          // A day later never costs less, with nothing paid in between.
          const later = settlementFigures({
            ...base,
            remaining: remaining.toFixed(2),
            payments,
            chargeRate: rate(),
            on: addDays(on, extra + 1),
          });
          expect(d(later.amount).gte(amount)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
