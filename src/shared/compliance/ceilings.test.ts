import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agreementClassFor,
  annuityInterest,
  ceilingsAnswer,
  maxInitiationFee,
  maxInterestRates,
  minimumExpenseNorm,
  ncaCeilings,
} from './ceilings';

const REPO = '6.75';

describe('maxInterestRates (regulation 42, Table A)', () => {
  it('unsecured credit: the repo rate plus 21% a year', () => {
    const rates = maxInterestRates('unsecured', REPO);
    expect(rates.annual.toString()).toBe('27.75');
    expect(rates.monthly.toString()).toBe('2.3125');
  });

  it('short-term credit: 5% a month on the first loan in a calendar year, 3% on later ones', () => {
    expect(maxInterestRates('short_term', REPO, 1).monthly.toString()).toBe('5');
    expect(maxInterestRates('short_term', REPO, 1).annual.toString()).toBe('60');
    expect(maxInterestRates('short_term', REPO, 2).monthly.toString()).toBe('3');
    expect(maxInterestRates('short_term', REPO, 5).monthly.toString()).toBe('3');
  });
});

describe('maxInitiationFee (regulation 42, Table B)', () => {
  it.each([
    // R165 + 10% above R1 000, never above R1 050 nor 15% of the principal.
    ['500', '75.00'], // 15% of R500
    ['1000', '150.00'], // 15% of R1 000 is below R165
    ['2000', '265.00'],
    ['8000', '865.00'],
    ['9850', '1050.00'], // exactly at the cap
    ['10500', '1050.00'],
    ['50000', '1050.00'],
  ])('on R%s it is R%s', (amount, fee) => {
    expect(maxInitiationFee(amount).toFixed(2)).toBe(fee);
  });
});

describe('ncaCeilings', () => {
  it('R2 000 repaid in one month as a first short-term loan: R100 interest, R265 initiation, R60 service', () => {
    const ceilings = ncaCeilings({
      amount: '2000',
      months: 1,
      agreementClass: 'short_term',
      repoRate: REPO,
      loanInYear: 1,
    });
    expect(ceilingsAnswer(ceilings)).toEqual({
      class: 'short_term',
      maxAnnualInterestRate: 60,
      maxMonthlyInterestRate: 5,
      maxInitiationFee: '265.00',
      maxMonthlyServiceFee: '60.00',
      maxCostOfCredit: '425.00',
    });
  });

  it('R10 000 unsecured over 12 months: interest on the declining balance at 27.75% a year', () => {
    const ceilings = ncaCeilings({
      amount: '10000',
      months: 12,
      agreementClass: 'unsecured',
      repoRate: REPO,
    });
    // Instalment 10 000 x 0.023125 / (1 - 1.023125^-12) = 963.84...; x 12 - 10 000 = 1 566.05
    expect(ceilings.maxInterest.toFixed(2)).toBe('1566.05');
    expect(ceilings.maxCostOfCredit.toFixed(2)).toBe(new Decimal('1566.05').plus(1050).plus(720).toFixed(2));
  });

  it('a later short-term loan in the year is capped lower than a first one', () => {
    const first = ncaCeilings({
      amount: '5000',
      months: 6,
      agreementClass: 'short_term',
      repoRate: REPO,
      loanInYear: 1,
    });
    const later = ncaCeilings({
      amount: '5000',
      months: 6,
      agreementClass: 'short_term',
      repoRate: REPO,
      loanInYear: 2,
    });
    expect(later.maxCostOfCredit.lt(first.maxCostOfCredit)).toBe(true);
  });

  it('the cap grows with the amount and the term (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 500_000 }),
        fc.integer({ min: 1, max: 36 }),
        fc.constantFrom('short_term' as const, 'unsecured' as const),
        (amount, months, agreementClass) => {
          const base = ncaCeilings({ amount, months, agreementClass, repoRate: REPO });
          const longer = ncaCeilings({ amount, months: months + 1, agreementClass, repoRate: REPO });
          const larger = ncaCeilings({ amount: amount + 100, months, agreementClass, repoRate: REPO });
          expect(longer.maxCostOfCredit.gte(base.maxCostOfCredit)).toBe(true);
          expect(larger.maxCostOfCredit.gte(base.maxCostOfCredit)).toBe(true);
          expect(base.maxInitiationFee.lte(1050)).toBe(true);
        },
      ),
    );
  });

  it('annuity interest is zero at a zero rate', () => {
    expect(annuityInterest(new Decimal(1000), new Decimal(0), 12).toString()).toBe('0');
  });
});

describe('agreementClassFor (regulation 39)', () => {
  it('short-term at most R8 000 and within 6 months; otherwise unsecured', () => {
    expect(agreementClassFor('8000', 6)).toBe('short_term');
    expect(agreementClassFor('8000.01', 6)).toBe('unsecured');
    expect(agreementClassFor('2000', 7)).toBe('unsecured');
  });
});

describe('minimumExpenseNorm (regulation 23A)', () => {
  it.each([
    ['0', '0.00'],
    ['500', '500.00'],
    ['800', '800.00'],
    ['6250', '1167.88'],
    ['10000', '1505.38'],
    ['25000', '2855.38'],
    ['50000', '4905.38'],
    ['60000', '5580.38'],
  ])('on R%s of gross monthly income it is R%s', (income, norm) => {
    expect(minimumExpenseNorm(income).toFixed(2)).toBe(norm);
  });
});
