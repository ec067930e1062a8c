import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { planInstalments, projectPayoff } from '../../../shared/finance/instalments';
import {
  instalmentCountText,
  instalmentsLeftText,
  monthYear,
  overdueText,
  payoffSummary,
} from './servicing-text';

const nbsp = '\u00a0';
const zar = (text: string) => `R${nbsp}${text.replaceAll(' ', nbsp)}`;

describe('overdueText', () => {
  it('names the amount and the days, with the singular for one day', () => {
    expect(overdueText({ amountOverdue: '4500.00', daysPastDue: 45 })).toBe(
      `${zar('4 500,00')} is 45 days late.`,
    );
    expect(overdueText({ amountOverdue: '0.01', daysPastDue: 1 })).toBe(`${zar('0,01')} is 1 day late.`);
  });
});

describe('monthYear', () => {
  it('reads a calendar day as its month, whatever the time zone', () => {
    expect(monthYear('2027-03-01')).toBe('March 2027');
    expect(monthYear('2026-12-31')).toBe('December 2026');
  });
});

// Ten instalments: nine of R1 307 and a last of R1 237 (R13 000 in all), monthly from 15 November 2026.
const TEN_INSTALMENTS = planInstalments({
  start: '2026-10-15',
  frequency: 'monthly',
  total: new Decimal(13_000),
  instalment: new Decimal(1_307),
}).map((i) => ({ ...i, amountPaid: '0.00' }));

describe('payoffSummary', () => {
  const instalments = TEN_INSTALMENTS;
  const today = '2026-10-20';
  const project = (earnings: number) =>
    projectPayoff({
      instalments,
      today,
      monthlyEarnings: new Decimal(earnings),
      withholdingPercentage: new Decimal(20),
    });
  const summary = (earnings: number) =>
    payoffSummary(project(earnings), {
      today,
      monthlyEarnings: String(earnings),
      withholdingPercentage: '20',
    });

  it('gives the payoff month and the months it takes', () => {
    // R3 250 withheld a month (20 % of R16 250) pays R13 000 in 4 withholdings: November to February.
    expect(summary(16_250)).toEqual({
      headline: 'Paid off by February 2027, in 4 months',
      detail: `${zar('3 250,00')} withheld a month (20% of ${zar('16 250,00')}).`,
      behindWarning: null,
    });
  });

  it('warns when the withholding stays below the instalments', () => {
    // R1 000 a month: 13 months, falling behind the instalments from the first one.
    const low = summary(5_000);
    expect(low.headline).toBe('Paid off by November 2027, in 13 months');
    expect(low.behindWarning).toBe(
      'At this level your withholding is below your instalments: you would fall behind.',
    );
  });

  it('says when the loan would not be paid off within the horizon', () => {
    expect(summary(0).headline).toBe('Not paid off within 5 years at this level');
    expect(summary(0).detail).toBe(`${zar('0,00')} withheld a month (20% of ${zar('0,00')}).`);
    expect(summary(100).headline).toBe('Not paid off within 5 years at this level');
  });

  it('says a loan with nothing left is already paid off', () => {
    const paid = instalments.map((i) => ({ ...i, amountPaid: i.amountDue }));
    const projection = projectPayoff({
      instalments: paid,
      today,
      monthlyEarnings: new Decimal(1000),
      withholdingPercentage: new Decimal(20),
    });
    expect(
      payoffSummary(projection, { today, monthlyEarnings: '1000', withholdingPercentage: '20' }).headline,
    ).toBe('Already paid off');
  });

  it('tells a loan in arrears when the withholding would catch up, or that it would not', () => {
    // Two instalments overdue (due 15 August and 15 September), the next due 15 October.
    const late = planInstalments({
      start: '2026-07-15',
      frequency: 'monthly',
      total: new Decimal(13_000),
      instalment: new Decimal(1_307),
    }).map((i) => ({ ...i, amountPaid: '0.00' }));
    const inArrears = (earnings: number) =>
      payoffSummary(
        projectPayoff({
          instalments: late,
          today: '2026-10-01',
          monthlyEarnings: new Decimal(earnings),
          withholdingPercentage: new Decimal(20),
        }),
        {
          today: '2026-10-01',
          monthlyEarnings: String(earnings),
          withholdingPercentage: '20',
          inArrears: true,
        },
      );
    // R2 000 a month: 13 000 - 2 000n against 13 000 - 1 307(n + 2): level after 4 months (January).
    expect(inArrears(10_000).behindWarning).toBe(
      'You are behind on your instalments. At this level you would catch up by January 2027.',
    );
    // R1 000 a month never catches up with the schedule.
    expect(inArrears(5_000).behindWarning).toBe(
      'You are behind on your instalments, and at this level you would not catch up before the last one falls due.',
    );
    // Past the last due date everything is overdue: there is no schedule left to catch up with.
    const ended = payoffSummary(
      projectPayoff({
        instalments: late,
        today: '2027-09-01',
        monthlyEarnings: new Decimal(10_000),
        withholdingPercentage: new Decimal(20),
      }),
      { today: '2027-09-01', monthlyEarnings: '10000', withholdingPercentage: '20', inArrears: true },
    );
    // Nothing falls due any more, so withholding counts from a month after today: October to April.
    expect(ended.headline).toBe('Paid off by April 2028, in 7 months');
    expect(ended.behindWarning).toBe(
      'All your instalments have fallen due: the whole balance is overdue now.',
    );
  });
});

describe('instalmentsLeftText', () => {
  it('names the month of the last instalment, as the payoff projection does', () => {
    expect(
      instalmentsLeftText({ today: '2027-03-01', instalmentsRemaining: 6, lastDueDate: '2027-08-15' }),
    ).toBe('6 instalments left, the last due in August 2027');
    expect(
      instalmentsLeftText({ today: '2027-03-01', instalmentsRemaining: 1, lastDueDate: '2027-03-15' }),
    ).toBe('1 instalment left, due in March 2027');
  });

  it('says the last one fell due once its date has passed', () => {
    expect(
      instalmentsLeftText({ today: '2027-05-01', instalmentsRemaining: 2, lastDueDate: '2027-03-15' }),
    ).toBe('2 instalments unpaid, the last fell due in March 2027');
  });

  it('says nothing when nothing is left or the instalments are not read', () => {
    expect(
      instalmentsLeftText({ today: '2027-03-01', instalmentsRemaining: 0, lastDueDate: '2027-08-15' }),
    ).toBeNull();
    expect(
      instalmentsLeftText({ today: '2027-03-01', instalmentsRemaining: 3, lastDueDate: null }),
    ).toBeNull();
  });

  it('agrees with the payoff projection when the withholding pays exactly the instalments', () => {
    // R6 535 a month withholds R1 307, the instalment.
    const instalments = TEN_INSTALMENTS;
    const projection = projectPayoff({
      instalments,
      today: '2026-10-20',
      monthlyEarnings: new Decimal(6_535),
      withholdingPercentage: new Decimal(20),
    });
    const text = instalmentsLeftText({
      today: '2026-10-20',
      instalmentsRemaining: 10,
      lastDueDate: instalments.at(-1)!.dueDate,
    });
    expect(text).toBe(`10 instalments left, the last due in ${monthYear(projection.payoffDate!)}`);
    expect(text).toBe('10 instalments left, the last due in August 2027');
  });
});

describe('instalmentCountText', () => {
  const of = (...statuses: string[]) => statuses.map((status) => ({ status }));
  it('counts the paid ones while the loan is being repaid', () => {
    expect(instalmentCountText(of('paid', 'paid', 'due', 'upcoming'))).toBe('2 of 4 paid');
  });

  it('names what an early settlement or a forgiveness closed, never all of them paid', () => {
    expect(instalmentCountText(of('paid', 'paid', 'settled', 'settled', 'settled'))).toBe(
      '2 paid, 3 settled',
    );
    expect(instalmentCountText(of('paid', 'forgiven', 'forgiven'))).toBe('1 paid, 2 forgiven');
  });
});
