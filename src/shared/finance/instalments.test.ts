import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../business-date';
import {
  allocatePayment,
  applyAllocations,
  arrearsFrom,
  bucketFor,
  dueDateOf,
  fitsInstalments,
  type InstalmentBalance,
  instalmentCountFor,
  instalmentStatuses,
  loanPosition,
  outstandingOf,
  planInstalments,
  projectPayoff,
  shortfallPeriods,
  shortfallRuns,
  totalOutstandingCents,
} from './instalments';
import { ceilToCent, centsToMoneyString, toCents } from './money';

const d = (value: string | number) => new Decimal(value);
const unpaid = (planned: ReturnType<typeof planInstalments>): InstalmentBalance[] =>
  planned.map((p) => ({ ...p, amountPaid: '0.00' }));
/** A payment allocated as the server does (the date does not change where it goes: oldest due first). */
const pay = (instalments: InstalmentBalance[], amount: string) =>
  applyAllocations(instalments, allocatePayment(instalments, d(amount)));

/** 11 monthly instalments of R1,307 and a last one of R1,303 from 23 November 2026 (the size of the examples below). */
const twelve = () =>
  unpaid(
    planInstalments({
      start: '2026-11-23',
      frequency: 'monthly',
      total: d('15680.00'),
      instalment: d('1307.00'),
      count: 12,
    }),
  );

describe('instalmentCountFor', () => {
  it('is one a month for monthly and automatic plans, fortnights rounded for biweekly', () => {
    expect(instalmentCountFor('monthly', 12)).toBe(12);
    expect(instalmentCountFor('automatic', 7)).toBe(7);
    expect(instalmentCountFor('biweekly', 12)).toBe(26);
    expect(instalmentCountFor('biweekly', 1)).toBe(2);
    expect(instalmentCountFor('biweekly', 3)).toBe(7); // 6.5 rounds up
    expect(instalmentCountFor('biweekly', 36)).toBe(78);
    expect(instalmentCountFor('weekly', 1)).toBe(4);
    expect(() => instalmentCountFor('monthly', 0)).toThrow(RangeError);
  });
});

describe('planInstalments', () => {
  it('falls due monthly from the start, each date counted from the start (month ends clamp)', () => {
    const plan = planInstalments({
      start: '2026-01-31',
      frequency: 'monthly',
      total: d(1000),
      instalment: d(250),
      count: 4,
    });
    expect(plan.map((i) => i.dueDate)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(plan.map((i) => i.number)).toEqual([1, 2, 3, 4]);
  });

  it('falls due every 14 days for biweekly plans', () => {
    expect(dueDateOf('2026-11-23', 'biweekly', 1)).toBe('2026-12-07');
    expect(dueDateOf('2026-11-23', 'biweekly', 3)).toBe('2027-01-04');
  });

  it('gives the rounding remainder to the last instalment', () => {
    const plan = planInstalments({
      start: '2026-11-23',
      frequency: 'monthly',
      total: d('10000.00'),
      instalment: d('3333.34'),
      count: 3,
    });
    expect(plan.map((i) => i.amountDue)).toEqual(['3333.34', '3333.34', '3333.32']);
    // Without a count, as many as the instalment needs: 13000 / 3960 -> 4, the last R1,120.
    const creator = planInstalments({
      start: '2026-11-23',
      frequency: 'automatic',
      total: d(13000),
      instalment: d(3960),
    });
    expect(creator.map((i) => i.amountDue)).toEqual(['3960.00', '3960.00', '3960.00', '1120.00']);
  });

  it('refuses an instalment that overshoots the total', () => {
    expect(() =>
      planInstalments({
        start: '2026-11-23',
        frequency: 'monthly',
        total: d(100),
        instalment: d(60),
        count: 3,
      }),
    ).toThrow(RangeError);
  });

  it('always adds up to the total, every instalment positive, none above the regular one (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 200_000, max: 7_000_000 }),
        fc.integer({ min: 1, max: 36 }),
        fc.constantFrom('monthly', 'biweekly', 'automatic') as fc.Arbitrary<
          'monthly' | 'biweekly' | 'automatic'
        >,
        (totalCents, months, frequency) => {
          const total = d(totalCents).div(100);
          const count = instalmentCountFor(frequency, months);
          const instalment = ceilToCent(total.div(count));
          const plan = planInstalments({ start: '2026-11-23', frequency, total, instalment, count });
          expect(plan).toHaveLength(count);
          expect(plan.reduce((sum, i) => sum.plus(i.amountDue), d(0)).equals(total)).toBe(true);
          for (const i of plan) {
            expect(d(i.amountDue).gt(0)).toBe(true);
            expect(d(i.amountDue).lte(instalment)).toBe(true);
          }
          for (let k = 1; k < plan.length; k++) expect(plan[k]!.dueDate > plan[k - 1]!.dueDate).toBe(true);
        },
      ),
    );
  });
});

describe('allocatePayment', () => {
  it('a partial payment does not move the next due date; a whole instalment moves it one period', () => {
    let schedule = twelve();
    for (let n = 0; n < 3; n++) schedule = pay(schedule, '130.00');
    expect(loanPosition(schedule, '2026-11-30').nextPaymentDate).toBe('2026-12-23');
    expect(schedule[0]!.amountPaid).toBe('390.00');
    for (let n = 0; n < 12; n++) schedule = pay(schedule, '0.01');
    expect(loanPosition(schedule, '2026-12-01').nextPaymentDate).toBe('2026-12-23');
    schedule = pay(schedule, '916.88'); // the rest of instalment 1
    expect(loanPosition(schedule, '2026-12-02').nextPaymentDate).toBe('2027-01-23');
  });

  it('fills instalments in due-date order, the oldest first, whatever the date of the payment', () => {
    expect(allocatePayment(twelve(), d('3000.00'))).toEqual([
      { number: 1, amount: '1307.00' },
      { number: 2, amount: '1307.00' },
      { number: 3, amount: '386.00' },
    ]);
  });

  it('paying ahead covers the coming instalments: the next due date moves on, nothing is late', () => {
    const after = pay(twelve(), '3000.00');
    const position = loanPosition(after, '2026-12-01');
    expect(position.nextPaymentDate).toBe('2027-02-23');
    expect(position.instalmentsRemaining).toBe(10);
    expect(position.amountDueNow).toBe('0.00');
    // Two months later, nothing more paid: still not late, #3 has R 921 open and falls due on 23 February.
    expect(loanPosition(after, '2027-02-01')).toMatchObject({ daysPastDue: 0, amountOverdue: '0.00' });
    expect(loanPosition(after, '2027-02-24')).toMatchObject({ daysPastDue: 1, amountOverdue: '921.00' });
  });

  it('R 4 200 paid on day 0 and nothing more: 152 days later R 2 800 is overdue, 32 days late', () => {
    // R 10 000 financed, 9 x R 1 400 + R 550.
    const schedule = unpaid(
      planInstalments({
        start: '2026-11-23',
        frequency: 'monthly',
        total: d('13150.00'),
        instalment: d('1400.00'),
        count: 10,
      }),
    );
    const after = pay(schedule, '4200.00');
    const position = loanPosition(after, addDays('2026-11-23', 152));
    // R 7 000 fell due (five instalments), R 4 200 was paid.
    expect(position).toMatchObject({
      amountOverdue: '2800.00',
      daysPastDue: 32,
      bucket: '31-60',
      nextPaymentDate: '2027-03-23',
    });
  });

  it('a payment received before two instalments fell due, recorded after both, leaves neither overdue', () => {
    const after = pay(twelve(), '2614.00');
    expect(loanPosition(after, '2027-01-24')).toMatchObject({ amountOverdue: '0.00', daysPastDue: 0 });
    expect(
      instalmentStatuses(after, '2027-01-24')
        .slice(0, 3)
        .map((i) => i.status),
    ).toEqual(['paid', 'paid', 'due']);
  });

  it('instalments an early settlement closed before they fell due read Settled, never Paid', () => {
    // Paid in full by cash, but the numbers given are those the settlement paid ahead of their due dates.
    const all = pay(twelve(), '15680.00');
    const statuses = instalmentStatuses(all, '2026-12-01', new Set([4, 5, 6, 7, 8, 9, 10, 11, 12])).map(
      (i) => i.status,
    );
    expect(statuses).toEqual(['paid', 'paid', 'paid', ...Array(9).fill('settled')]);
    // Without them, the same cash reads Paid throughout.
    expect(new Set(instalmentStatuses(all, '2026-12-01').map((i) => i.status))).toEqual(new Set(['paid']));
  });

  it('a forgiven balance closes what was open: Forgiven, nothing outstanding or late, nothing to allocate to', () => {
    const paid = pay(twelve(), '2000.00');
    const forgiven = paid.map((i) => ({ ...i, amountForgiven: outstandingOf(i).toFixed(2) }));
    expect(
      instalmentStatuses(forgiven, '2027-06-01')
        .slice(0, 3)
        .map((i) => i.status),
    ).toEqual(['paid', 'forgiven', 'forgiven']);
    expect(loanPosition(forgiven, '2027-06-01')).toMatchObject({ amountOverdue: '0.00', daysPastDue: 0 });
    expect(() => allocatePayment(forgiven, d('0.01'))).toThrow(RangeError);
  });

  it('refuses more than is outstanding, or nothing', () => {
    expect(() => allocatePayment(twelve(), d('15680.01'))).toThrow(RangeError);
    expect(() => allocatePayment(twelve(), d(0))).toThrow(RangeError);
  });

  it('keeps remaining = total - paid, never over-pays, and fills the oldest first (property)', () => {
    const payments = fc.array(fc.integer({ min: 1, max: 400_000 }), { minLength: 1, maxLength: 25 });
    fc.assert(
      fc.property(
        fc.integer({ min: 200_000, max: 6_000_000 }),
        fc.integer({ min: 1, max: 24 }),
        payments,
        (totalCents, months, list) => {
          const total = d(totalCents).div(100);
          let schedule = unpaid(
            planInstalments({
              start: '2026-11-23',
              frequency: 'monthly',
              total,
              instalment: ceilToCent(total.div(months)),
              count: months,
            }),
          );
          let paid = d(0);
          for (const cents of list) {
            const open = schedule.reduce((sum, i) => sum.plus(outstandingOf(i)), d(0));
            const amount = Decimal.min(open, d(cents).div(100));
            if (amount.lte(0)) break;
            const allocations = allocatePayment(schedule, amount);
            expect(allocations.reduce((sum, a) => sum.plus(a.amount), d(0)).equals(amount)).toBe(true);
            schedule = applyAllocations(schedule, allocations);
            paid = paid.plus(amount);
            // Oldest first: the instalments are paid as one running total, each up to its amount in turn.
            let poured = paid;
            for (const i of schedule) {
              const expected = Decimal.max(0, Decimal.min(d(i.amountDue), poured));
              expect(d(i.amountPaid).equals(expected)).toBe(true);
              poured = poured.minus(expected);
            }
            const remaining = schedule.reduce((sum, i) => sum.plus(outstandingOf(i)), d(0));
            expect(remaining.equals(total.minus(paid))).toBe(true);
            const oldestOpen = schedule.find((i) => outstandingOf(i).gt(0));
            expect(loanPosition(schedule, '2027-06-01').nextPaymentDate).toBe(oldestOpen?.dueDate ?? null);
          }
        },
      ),
    );
  });
});

describe('cumulative arrears and the tolerance', () => {
  it('a remainder below the tolerance is owed but not late; with the next instalment it is', () => {
    const after = pay(twelve(), '1302.00'); // R 5 left on #1
    expect(arrearsFrom(after)).toBe('2027-01-23');
    expect(loanPosition(after, '2027-01-10')).toMatchObject({
      amountOverdue: '0.00',
      daysPastDue: 0,
      bucket: 'current',
      amountDueNow: '1312.00',
    });
    expect(loanPosition(after, '2027-01-24')).toMatchObject({
      amountOverdue: '1312.00',
      daysPastDue: 1,
      bucket: '1-30',
    });
    // A loan's own tolerance: 0 counts every cent.
    expect(loanPosition(after, '2027-01-10', '0.00')).toMatchObject({
      amountOverdue: '5.00',
      daysPastDue: 18,
    });
    expect(loanPosition(after, '2027-01-10', '5.00')).toMatchObject({
      amountOverdue: '5.00',
      daysPastDue: 18,
    });
    expect(loanPosition(after, '2027-01-10', '5.01')).toMatchObject({
      amountOverdue: '0.00',
      daysPastDue: 0,
    });
  });

  it('is everything fallen due less everything paid, late from where that first reaches the tolerance (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: -10, max: 800 }),
        fc.constantFrom('0.00', '10.00', '250.00'),
        (months, paidCents, todayOffset, tolerance) => {
          const schedule = unpaid(
            planInstalments({
              start: '2026-11-23',
              frequency: 'monthly',
              total: d('15680.00'),
              instalment: ceilToCent(d('15680.00').div(months)),
              count: months,
            }),
          );
          const paid = Decimal.min(d(paidCents).div(100), d('15680.00'));
          const after = paid.gt(0) ? pay(schedule, paid.toFixed(2)) : schedule;
          const today = addDays('2026-11-23', todayOffset);
          const fallenDue = schedule
            .filter((i) => i.dueDate < today)
            .reduce((sum, i) => sum.plus(i.amountDue), d(0));
          const arrears = Decimal.max(0, fallenDue.minus(paid));
          const late = arrears.gt(0) && arrears.gte(Decimal.max(tolerance, '0.01'));
          const position = loanPosition(after, today, tolerance);
          expect(position.amountOverdue).toBe(late ? arrears.toFixed(2) : '0.00');
          // Late from the first due date at which what fell due by then exceeds what was paid by the tolerance.
          let through = d(0);
          const from = schedule.find((i) => {
            through = through.plus(i.amountDue);
            return through.minus(paid).gte(Decimal.max(tolerance, '0.01'));
          });
          expect(position.daysPastDue).toBe(late ? daysBetween(from!.dueDate, today) : 0);
          expect(position.bucket).toBe(bucketFor(position.daysPastDue));
        },
      ),
    );
  });
});

describe('the position in whole cents', () => {
  /** The position's money in Decimal, as loanPosition computed it before it counted in cents: the oracle. */
  function positionInDecimal(instalments: InstalmentBalance[], today: string) {
    const ordered = [...instalments].sort((a, b) => a.number - b.number);
    const open = ordered.filter((i) => outstandingOf(i).gt(0));
    const overdue = open
      .filter((i) => i.dueDate < today)
      .reduce((sum, i) => sum.plus(outstandingOf(i)), d(0));
    const upcoming = ordered.find((i) => i.dueDate >= today);
    const dueNext = upcoming && outstandingOf(upcoming).gt(0) ? outstandingOf(upcoming) : d(0);
    const next = open.find((i) => i.dueDate >= today);
    return {
      amountOverdue: overdue.toFixed(2),
      amountDueNow: overdue.plus(dueNext).toFixed(2),
      current: upcoming && dueNext.gt(0) ? dueNext.toFixed(2) : null,
      next: next ? outstandingOf(next).toFixed(2) : null,
      remaining: open.length,
    };
  }

  it('agrees with the same rules in Decimal for any amounts due and paid (property)', () => {
    const instalment = fc.record({
      dueCents: fc.integer({ min: 1, max: 999_999_999 }),
      paidShare: fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
      days: fc.integer({ min: 1, max: 40 }),
    });
    fc.assert(
      fc.property(
        fc.array(instalment, { minLength: 1, maxLength: 24 }),
        fc.integer({ min: -30, max: 900 }),
        (list, todayOffset) => {
          let due = '2026-01-01';
          const schedule: InstalmentBalance[] = list.map((i, index) => {
            due = addDays(due, i.days);
            const paidCents = Math.floor(i.dueCents * i.paidShare);
            return {
              number: index + 1,
              dueDate: due,
              amountDue: d(i.dueCents).div(100).toFixed(2),
              amountPaid: d(paidCents)
                .div(100)
                .toFixed(paidCents % 100 === 0 ? 0 : 2),
            };
          });
          const today = addDays('2026-01-01', todayOffset);
          // Every cent counts here (tolerance 0): the rules of the tolerance have their own property above.
          const position = loanPosition(schedule, today, '0.00');
          const expected = positionInDecimal(schedule, today);
          expect({
            amountOverdue: position.amountOverdue,
            amountDueNow: position.amountDueNow,
            current: position.currentInstalment?.outstanding ?? null,
            next: position.nextInstalment?.outstanding ?? null,
            remaining: position.instalmentsRemaining,
          }).toEqual(expected);
        },
      ),
    );
  });

  it('reads amounts as the database and the wire write them, and refuses what is not one', () => {
    expect(toCents('1234.56')).toBe(123456n);
    expect(toCents('1234.5')).toBe(123450n);
    expect(toCents('7')).toBe(700n);
    expect(toCents('-0.05')).toBe(-5n);
    expect(toCents('0.005')).toBe(1n);
    expect(toCents('2.675')).toBe(268n);
    expect(() => toCents('12,50')).toThrow(RangeError);
    expect(() => toCents('')).toThrow(RangeError);
    expect(toCents('-0')).toBe(0n);
    expect(toCents('0012.30')).toBe(1230n);
    expect(toCents(' 5')).toBe(500n);
    expect(toCents('+5.')).toBe(500n);
    expect(() => toCents('-')).toThrow(RangeError);
    expect(() => toCents('1.2.3')).toThrow(RangeError);
    expect(centsToMoneyString(123450n)).toBe('1234.50');
    expect(centsToMoneyString(-5n)).toBe('-0.05');
    expect(centsToMoneyString(0n)).toBe('0.00');
  });
});

describe('toCents against Decimal', () => {
  /** The rule in Decimal: a plain decimal (as toDecimal reads one), half-up to the cent; null otherwise. */
  const reference = (text: string): bigint | null => {
    const trimmed = text.trim();
    if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return null;
    return BigInt(new Decimal(trimmed).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).times(100).toFixed(0));
  };
  const outcome = (text: string) => {
    try {
      return toCents(text);
    } catch (error) {
      if (error instanceof RangeError) return null;
      throw error;
    }
  };
  const digits = (min: number, max: number) =>
    fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));

  it('gives the same cents for amounts as the database writes them and beyond (up to 18 digits, 4 decimals)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        digits(1, 18),
        fc.option(digits(0, 4), { nil: undefined }),
        (negative, whole, decimals) => {
          const text = `${negative ? '-' : ''}${whole}${decimals === undefined ? '' : `.${decimals}`}`;
          expect(outcome(text)).toBe(reference(text));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses what the rule refuses, and reads what it reads, for any short text', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[-+ .0-9a]{0,8}$/), (text) => {
        expect(outcome(text)).toBe(reference(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('arrears, days past due and buckets', () => {
  it('puts the bucket boundaries at 0, 1, 30, 31, 60, 61, 90, 91', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map(bucketFor)).toEqual([
      'current',
      '1-30',
      '1-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
  });

  it('counts days since the oldest unpaid due date, in calendar days', () => {
    const schedule = twelve(); // first due 2026-12-23
    const on = (days: number) => loanPosition(schedule, addDays('2026-12-23', days));
    expect(on(0)).toMatchObject({
      daysPastDue: 0,
      bucket: 'current',
      amountOverdue: '0.00',
      amountDueNow: '1307.00',
    });
    expect(on(1)).toMatchObject({ daysPastDue: 1, bucket: '1-30', amountOverdue: '1307.00' });
    expect(on(30)).toMatchObject({ daysPastDue: 30, bucket: '1-30' });
    // Day 31 is the second due date itself: due today, not yet overdue; the day after, it is.
    expect(on(31)).toMatchObject({
      daysPastDue: 31,
      bucket: '31-60',
      amountOverdue: '1307.00',
      amountDueNow: '2614.00',
    });
    expect(on(32)).toMatchObject({ daysPastDue: 32, amountOverdue: '2614.00' });
    expect(on(90)).toMatchObject({ daysPastDue: 90, bucket: '61-90' });
    expect(on(91)).toMatchObject({ daysPastDue: 91, bucket: '90+' });
  });

  it('names each instalment upcoming, due, partly paid, paid or overdue', () => {
    let schedule = twelve();
    schedule = pay(schedule, '1307.00');
    schedule = pay(schedule, '500.00');
    const statuses = instalmentStatuses(schedule, '2027-01-10').map((i) => i.status);
    expect(statuses.slice(0, 4)).toEqual(['paid', 'partly_paid', 'upcoming', 'upcoming']);
    const later = instalmentStatuses(schedule, '2027-01-24').map((i) => i.status);
    expect(later.slice(0, 4)).toEqual(['paid', 'overdue', 'due', 'upcoming']);
  });
});

describe('shortfall periods', () => {
  it('counts periods whose payments fall short of their instalment, and the runs of them', () => {
    const schedule = twelve();
    const payments = [
      { paymentDate: '2026-12-20', amount: '1307.00' }, // period 1 in full
      { paymentDate: '2027-01-20', amount: '800.00' }, // 2 short
      { paymentDate: '2027-02-20', amount: '800.00' }, // 3 short
      { paymentDate: '2027-03-23', amount: '800.00' }, // 4 short, paid on its due date
    ];
    const periods = shortfallPeriods(schedule, payments, '2026-11-23', '2027-03-24');
    expect(periods.map((p) => [p.number, p.from, p.to, p.short])).toEqual([
      [1, '2026-11-23', '2026-12-23', false],
      [2, '2026-12-24', '2027-01-23', true],
      [3, '2027-01-24', '2027-02-23', true],
      [4, '2027-02-24', '2027-03-23', true],
    ]);
    expect(shortfallRuns(periods)).toEqual({ longest: 3, current: 3 });
    // A period still running (its due date today or later) is not judged yet.
    expect(shortfallPeriods(schedule, payments, '2026-11-23', '2027-03-23')).toHaveLength(3);
  });
});

describe('shortfall months of a biweekly plan', () => {
  it('compares a month of payments with the two or three instalments that fell due in it', () => {
    const biweekly = unpaid(
      planInstalments({
        start: '2026-11-23',
        frequency: 'biweekly',
        total: d(2600),
        instalment: d(100),
        count: 26,
      }),
    );
    // Month 1 (23 Nov - 23 Dec) has due dates 7 and 21 Dec: R200 due.
    const payments = [
      { paymentDate: '2026-12-07', amount: '100.00' },
      { paymentDate: '2026-12-21', amount: '100.00' },
      { paymentDate: '2027-01-04', amount: '100.00' }, // month 2 has 4 and 18 Jan: R200 due, R100 paid
    ];
    const periods = shortfallPeriods(biweekly, payments, '2026-11-23', '2027-02-01');
    expect(periods.map((p) => [p.from, p.to, p.amountDue, p.paid, p.short])).toEqual([
      ['2026-11-23', '2026-12-23', '200.00', '200.00', false],
      ['2026-12-24', '2027-01-23', '200.00', '100.00', true],
    ]);
  });
});

describe('fitsInstalments', () => {
  it('tells whether a balance can be spread over that many whole-cent instalments', () => {
    expect(fitsInstalments(d('3.00'), 36)).toBe(false); // 35 x R0.09 = R3.15
    expect(fitsInstalments(d('3.00'), 35)).toBe(false); // 34 x R0.09 = R3.06
    expect(fitsInstalments(d('3.00'), 34)).toBe(true); // 33 x R0.09 = R2.97, the last R0.03
    expect(fitsInstalments(d('12135.00'), 7)).toBe(true);
  });
});

describe('projectPayoff', () => {
  it('projects the balance month by month from the withholding, beside the schedule', () => {
    const projection = projectPayoff({
      instalments: twelve(),
      today: '2026-11-23',
      monthlyEarnings: d(10_000),
      withholdingPercentage: d(20),
    });
    // R2,000 a month against R15,680: eight months.
    expect(projection.monthlyWithholding).toBe('2000.00');
    expect(projection.months).toBe(8);
    expect(projection.payoffDate).toBe('2027-07-23');
    expect(projection.behindSchedule).toBe(false);
    expect(projection.points[0]).toEqual({
      date: '2026-11-23',
      projected: '15680.00',
      scheduled: '15680.00',
    });
    expect(projection.points.at(-1)!.scheduled).toBe('0.00');
  });

  it('says when the withholding would fall behind, and never pays off on nothing', () => {
    const low = projectPayoff({
      instalments: twelve(),
      today: '2026-11-23',
      monthlyEarnings: d(1000),
      withholdingPercentage: d(20),
    });
    expect(low.behindSchedule).toBe(true);
    const none = projectPayoff({
      instalments: twelve(),
      today: '2026-11-23',
      monthlyEarnings: d(0),
      withholdingPercentage: d(20),
    });
    expect(none.payoffDate).toBeNull();
    expect(none.months).toBeNull();
  });
});

describe('totalOutstandingCents', () => {
  it('is the sum of each instalment’s outstanding, in cents, whatever was paid, rebated and forgiven (property)', () => {
    const cents = fc.integer({ min: 0, max: 2_000_000 });
    fc.assert(
      fc.property(fc.array(fc.tuple(cents, cents, cents, cents), { maxLength: 24 }), (parts) => {
        const instalments = parts.map(([due, paid, rebated, forgiven], index) => ({
          number: index + 1,
          dueDate: addDays('2026-11-23', 30 * index),
          amountDue: centsToMoneyString(BigInt(due + paid + rebated + forgiven)),
          amountPaid: centsToMoneyString(BigInt(paid)),
          amountRebated: centsToMoneyString(BigInt(rebated)),
          amountForgiven: centsToMoneyString(BigInt(forgiven)),
        }));
        const inDecimal = instalments.reduce((sum, i) => sum.plus(outstandingOf(i)), d(0));
        expect(centsToMoneyString(totalOutstandingCents(instalments))).toBe(inDecimal.toFixed(2));
      }),
    );
  });
});
