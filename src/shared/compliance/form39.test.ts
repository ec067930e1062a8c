import { describe, expect, it } from 'vitest';
import {
  csvCell,
  FORM39_INCOME_BANDS,
  grantedFigures,
  incomeBandFor,
  previousQuarter,
  quarterBounds,
  quarterLabel,
  quarterOf,
} from './form39';

describe('quarters (South African calendar days)', () => {
  it.each([
    ['2026-Q1', '2026-01-01', '2026-03-31'],
    ['2024-Q1', '2024-01-01', '2024-03-31'],
    ['2026-Q2', '2026-04-01', '2026-06-30'],
    ['2026-Q3', '2026-07-01', '2026-09-30'],
    ['2026-Q4', '2026-10-01', '2026-12-31'],
  ])('%s runs from %s to %s', (quarter, from, to) => {
    expect(quarterBounds(quarter)).toEqual({ from, to });
  });

  it('refuses what is not a quarter', () => {
    expect(() => quarterBounds('2026-Q5')).toThrow(RangeError);
    expect(() => quarterBounds('2026-4')).toThrow(RangeError);
  });

  it('names the quarter of a day, the one before, and in words', () => {
    expect(quarterOf('2026-10-01')).toBe('2026-Q4');
    expect(quarterOf('2026-09-30')).toBe('2026-Q3');
    expect(quarterOf('2026-03-31')).toBe('2026-Q1');
    expect(previousQuarter('2026-Q1')).toBe('2025-Q4');
    expect(previousQuarter('2026-Q4', 3)).toBe('2026-Q1');
    expect(quarterLabel('2026-Q4')).toBe('Q4 2026: October to December');
  });
});

describe('Form 39 income bands', () => {
  it('has a source and covers every income once, in order', () => {
    expect(FORM39_INCOME_BANDS.source).toMatch(/Form 39/);
    const bands = FORM39_INCOME_BANDS.value;
    expect(bands[0]!.from).toBe('0.00');
    expect(bands.at(-1)!.to).toBeNull();
    for (let i = 1; i < bands.length; i += 1) {
      expect(Number(bands[i]!.from)).toBeCloseTo(Number(bands[i - 1]!.to) + 0.01, 5);
    }
  });

  it.each([
    ['0.00', 'r0_3500'],
    ['3500.00', 'r0_3500'],
    ['3500.01', 'r3500_5500'],
    ['5500.00', 'r3500_5500'],
    ['5500.01', 'r5500_10000'],
    ['10000.00', 'r5500_10000'],
    ['10000.01', 'r10000_15000'],
    ['15000.00', 'r10000_15000'],
    ['15000.01', 'over_15000'],
    ['250000.00', 'over_15000'],
  ])('R%s a month is in %s', (income, key) => {
    expect(incomeBandFor(income).key).toBe(key);
  });
});

describe('grantedFigures', () => {
  it('lists every class and band, zero rows too, and the total', () => {
    const figures = grantedFigures([
      { agreementClass: 'short_term', principal: '2000.00', monthlyIncome: '3000.00' },
      { agreementClass: 'short_term', principal: '8000.00', monthlyIncome: '3500.01' },
      { agreementClass: 'unsecured', principal: '12000.50', monthlyIncome: '20000.00' },
    ]);
    expect(figures.byClass.map((c) => [c.class, c.count, c.value])).toEqual([
      ['short_term', 2, '10000.00'],
      ['unsecured', 1, '12000.50'],
    ]);
    expect(figures.byIncomeBand.map((b) => [b.band, b.count, b.value])).toEqual([
      ['r0_3500', 1, '2000.00'],
      ['r3500_5500', 1, '8000.00'],
      ['r5500_10000', 0, '0.00'],
      ['r10000_15000', 0, '0.00'],
      ['over_15000', 1, '12000.50'],
    ]);
    expect(figures.total).toEqual({ count: 3, value: '22000.50' });
  });
});

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks, and disarms formulas', () => {
    expect(csvCell('Plain words')).toBe('Plain words');
    expect(csvCell(3)).toBe('3');
    expect(csvCell('Income, not verified')).toBe('"Income, not verified"');
    expect(csvCell('A "short" reason')).toBe('"A ""short"" reason"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-5')).toBe("'-5");
  });
});
