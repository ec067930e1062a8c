import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths } from '../business-date';
import {
  type DeferrableInstalment,
  deferEarningsShortfall,
  instalmentsOfEarningsMonth,
  shortfallMonthsInARow,
} from './earnings-shortfall';
import { outstandingOf } from './instalments';

/** A monthly plan from 23 November 2026: `count` instalments of `amount`. */
const plan = (count: number, amount = '1000.00', paid: string[] = []): DeferrableInstalment[] =>
  Array.from({ length: count }, (_, k) => ({
    number: k + 1,
    dueDate: addMonths('2026-11-23', k + 1),
    amountDue: amount,
    amountPaid: paid[k] ?? '0.00',
    amountRebated: '0.00',
    amountDeferred: '0.00',
    deferredFrom: null,
  }));

const sum = (values: Decimal[]) => values.reduce((a, b) => a.plus(b), new Decimal(0));

describe('a month of earnings pays the instalment that falls due the month after', () => {
  it('November earnings pay the instalment of 23 December; December the one of 23 January', () => {
    const instalments = plan(6);
    expect(instalmentsOfEarningsMonth(instalments, { month: 11, year: 2026 }).map((i) => i.number)).toEqual([
      1,
    ]);
    expect(instalmentsOfEarningsMonth(instalments, { month: 12, year: 2026 }).map((i) => i.number)).toEqual([
      2,
    ]);
    expect(instalmentsOfEarningsMonth(instalments, { month: 10, year: 2026 })).toEqual([]);
  });
});

describe('deferring a shortfall month', () => {
  it('moves what the share did not cover to a new instalment a month after the last', () => {
    // The share of R400 was allocated to #1 already.
    const deferral = deferEarningsShortfall(plan(3, '1000.00', ['400.00']), {
      earnings: { month: 11, year: 2026 },
      share: new Decimal(400),
      frequency: 'automatic',
    })!;
    expect(deferral.moved).toBe('600.00');
    expect(deferral.added).toEqual([
      { number: 4, dueDate: '2027-03-23', amountDue: '600.00', deferredFrom: 1 },
    ]);
    expect(deferral.instalments[0]).toMatchObject({
      amountDue: '400.00',
      amountPaid: '400.00',
      amountDeferred: '600.00',
    });
  });

  it('moves nothing when the share covered the month, or the month was paid ahead', () => {
    const input = { earnings: { month: 11, year: 2026 }, frequency: 'automatic' as const };
    expect(
      deferEarningsShortfall(plan(3, '1000.00', ['1000.00']), { ...input, share: new Decimal(1000) }),
    ).toBeNull();
    expect(
      deferEarningsShortfall(plan(3, '1000.00', ['1000.00']), { ...input, share: new Decimal(10) }),
    ).toBeNull();
  });

  it('never moves more than is open on the month, and keeps every rand (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 100, max: 500_000 }),
        fc.integer({ min: 0, max: 600_000 }),
        fc.integer({ min: 0, max: 600_000 }),
        (count, dueCents, paidCents, shareCents) => {
          const amount = new Decimal(dueCents).div(100).toFixed(2);
          const paid = new Decimal(Math.min(paidCents, dueCents)).div(100).toFixed(2);
          const before = plan(count, amount, [paid]);
          const share = new Decimal(shareCents).div(100);
          const deferral = deferEarningsShortfall(before, {
            earnings: { month: 11, year: 2026 },
            share,
            frequency: 'automatic',
          });
          const owedBefore = sum(before.map(outstandingOf));
          const dueBefore = sum(before.map((i) => new Decimal(i.amountDue)));
          if (!deferral) return;
          const after = deferral.instalments;
          expect(sum(after.map(outstandingOf)).equals(owedBefore)).toBe(true);
          expect(sum(after.map((i) => new Decimal(i.amountDue))).equals(dueBefore)).toBe(true);
          expect(new Decimal(deferral.moved).lte(Decimal.max(new Decimal(amount).minus(share), 0))).toBe(
            true,
          );
          for (const i of after) expect(outstandingOf(i).gte(0)).toBe(true);
        },
      ),
    );
  });
});

describe('shortfall months in a row', () => {
  it('counts the months whose instalment moved part of it, back from the month reported', () => {
    const instalments = plan(6).map((i) => (i.number <= 3 ? { ...i, amountDeferred: '100.00' } : i));
    expect(shortfallMonthsInARow(instalments, { month: 1, year: 2027 })).toBe(3);
    const broken = instalments.map((i) => (i.number === 2 ? { ...i, amountDeferred: '0.00' } : i));
    expect(shortfallMonthsInARow(broken, { month: 1, year: 2027 })).toBe(1);
    expect(shortfallMonthsInARow(instalments, { month: 2, year: 2027 })).toBe(0);
  });
});
