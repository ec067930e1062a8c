import { describe, expect, it } from 'vitest';
import { PAR_DEFINITION, parBar, parFigure } from './portfolio-at-risk';
import type { LendingSummary } from './types';

const summary: LendingSummary = {
  totalCreditDisbursed: '63000.00',
  totalRepayments: '46883.00',
  totalPlatformFees: '1172.10',
  paidOutInPeriod: null,
  averageInterestRate: 28.04,
  averageAnnualCostRate: 61.2,
  expectedReturns: '17564.00',
  totalExpectedReturn: '80564.00',
  returnedSoFar: '46883.00',
  remainingReturns: '33681.00',
  activeApplicationsCount: 3,
  defaultedCount: 1,
  everDefaultedCount: 2,
  financedCount: 5,
  defaultRate: 20,
  everDefaultRate: 40,
  forborneInProbationCount: 1,
  outstandingBalance: '40000.00',
  outstandingOver30: '35000.00',
  outstandingOver90: '8000.00',
  outstandingPrincipal: '33681.00',
  principalAtRisk30: '29061.00',
  principalAtRisk90: '6339.00',
  portfolioAtRisk30: 86.28,
  portfolioAtRisk90: 18.82,
};

/** en-ZA puts no-break spaces in amounts; compare with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('parFigure', () => {
  it('words PAR30 with its percentage and the two amounts', () => {
    const par = parFigure(summary, 30);
    expect(par.name).toBe('PAR30');
    expect(plain(par.percentText)).toBe('86,3%');
    expect(par.bar).toBe(86.28);
    expect(plain(par.amountsText)).toBe(
      'R 29 061,00 of R 33 681,00 principal owed is more than 30 days past due or in probation',
    );
  });

  it('words PAR90 from the over-90 figures', () => {
    const par = parFigure(summary, 90);
    expect(plain(par.percentText)).toBe('18,8%');
    expect(plain(par.amountsText)).toBe(
      'R 6 339,00 of R 33 681,00 principal owed is more than 90 days past due or in probation',
    );
  });

  it('reads an empty book as 0 % of R 0,00', () => {
    const empty = {
      ...summary,
      outstandingPrincipal: '0.00',
      principalAtRisk30: '0.00',
      principalAtRisk90: '0.00',
      portfolioAtRisk30: 0,
      portfolioAtRisk90: 0,
    };
    const par = parFigure(empty, 30);
    expect(plain(par.percentText)).toBe('0,0%');
    expect(par.bar).toBe(0);
    expect(plain(par.amountsText)).toBe(
      'R 0,00 of R 0,00 principal owed is more than 30 days past due or in probation',
    );
  });
});

describe('parBar', () => {
  it('fills at most a whole bar and never less than an empty one', () => {
    expect(parBar(100)).toBe(100);
    expect(parBar(140.5)).toBe(100);
    expect(parBar(-3)).toBe(0);
    expect(parBar(Number.NaN)).toBe(0);
    expect(parBar(undefined)).toBe(0);
    expect(parBar(42.5)).toBe(42.5);
  });
});

describe('PAR_DEFINITION', () => {
  it('says what the figures are, in one line', () => {
    expect(PAR_DEFINITION).toContain(
      'share of the principal still owed on loans more than 30 or 90 days past due, restructured loans in probation included',
    );
    expect(PAR_DEFINITION).not.toContain('\n');
  });
});
