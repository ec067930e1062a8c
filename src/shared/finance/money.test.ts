import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  ceilToCent,
  ceilToRand,
  formatPercent,
  formatZar,
  formatZarWhole,
  isNumericMoney,
  roundToCent,
  sumDecimal,
  sumMoney,
  toDecimal,
  toMoneyString,
} from './money';

// Node's ICU prints en-ZA with U+00A0 as the group separator and after the symbol.
const nbsp = '\u00a0';

describe('toDecimal', () => {
  it('reads plain numbers and numeric strings', () => {
    expect(toDecimal('123.45')?.toString()).toBe('123.45');
    expect(toDecimal(' 10 ')?.toString()).toBe('10');
    expect(toDecimal('.5')?.toString()).toBe('0.5');
    expect(toDecimal('-7.10')?.toString()).toBe('-7.1');
    expect(toDecimal(12.5)?.toString()).toBe('12.5');
    expect(toDecimal(0.1)?.toString()).toBe('0.1');
    expect(toDecimal(new Decimal('3.33'))?.toString()).toBe('3.33');
  });

  it('returns null for anything that is not a plain amount', () => {
    for (const value of [null, undefined, '', '  ', 'abc', '2,160.00', '1 000', '1e5', '0x10', 'Infinity']) {
      expect(toDecimal(value)).toBeNull();
    }
    expect(toDecimal(Number.NaN)).toBeNull();
    expect(toDecimal(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toDecimal({})).toBeNull();
    expect(toDecimal(true)).toBeNull();
  });

  it('tells zero apart from absent', () => {
    expect(isNumericMoney('0.00')).toBe(true);
    expect(isNumericMoney(0)).toBe(true);
    expect(isNumericMoney('')).toBe(false);
  });
});

describe('rounding', () => {
  it('rounds half-up to the cent where binary floats would round down', () => {
    expect(toMoneyString(new Decimal('1.005'))).toBe('1.01');
    expect(toMoneyString(new Decimal('2.675'))).toBe('2.68');
    expect(toMoneyString(new Decimal('1.004'))).toBe('1.00');
    expect(toMoneyString(new Decimal('-1.005'))).toBe('-1.01');
    expect(toMoneyString(new Decimal(2160))).toBe('2160.00');
    expect(roundToCent(new Decimal('499.9995')).toFixed(2)).toBe('500.00');
  });

  it('never produces a negative zero', () => {
    expect(toMoneyString(new Decimal('-0.001'))).toBe('0.00');
    expect(ceilToCent(new Decimal('-0.001')).toFixed(2)).toBe('0.00');
  });

  it('ceils to the cent and to the rand', () => {
    expect(ceilToCent(new Decimal('10.001')).toFixed(2)).toBe('10.01');
    expect(ceilToCent(new Decimal('10.01')).toFixed(2)).toBe('10.01');
    expect(ceilToRand(new Decimal('660.33')).toString()).toBe('661');
    expect(ceilToRand(new Decimal('660')).toString()).toBe('660');
    expect(ceilToRand(new Decimal('0.01')).toString()).toBe('1');
  });
});

describe('sumMoney', () => {
  it('counts non-numeric values as 0', () => {
    expect(sumMoney(['100.10', 'abc', null, 200.2, '0.3', undefined, ''])).toBe('300.60');
    expect(sumDecimal(['1', 'x', 2]).toString()).toBe('3');
  });

  it('adds without float drift', () => {
    expect(sumMoney([0.1, 0.2])).toBe('0.30');
    expect(sumMoney(Array.from({ length: 10 }, () => '0.10'))).toBe('1.00');
  });

  it('is 0.00 for nothing', () => {
    expect(sumMoney([])).toBe('0.00');
  });
});

describe('formatZar', () => {
  it('prints what Node prints for en-ZA rand', () => {
    expect(formatZar(2160)).toBe(`R${nbsp}2${nbsp}160,00`);
    expect(formatZar('2160.00')).toBe(`R${nbsp}2${nbsp}160,00`);
    expect(formatZar(0)).toBe(`R${nbsp}0,00`);
    expect(formatZar(54000)).toBe(`R${nbsp}54${nbsp}000,00`);
    expect(formatZar(1234567.891)).toBe(`R${nbsp}1${nbsp}234${nbsp}567,89`);
    expect(formatZar(-5.5)).toBe(`-R${nbsp}5,50`);
  });

  it('rounds half-up before formatting', () => {
    expect(formatZar('1.005')).toBe(`R${nbsp}1,01`);
    expect(formatZar('2.675')).toBe(`R${nbsp}2,68`);
    expect(formatZar('-0.001')).toBe(`R${nbsp}0,00`);
  });

  it("shows '-' for a missing or non-numeric amount", () => {
    expect(formatZar(null)).toBe('-');
    expect(formatZar(undefined)).toBe('-');
    expect(formatZar('')).toBe('-');
    expect(formatZar('abc')).toBe('-');
    expect(formatZar(Number.NaN)).toBe('-');
    expect(formatZar(undefined, { fallback: 'N/A' })).toBe('N/A');
  });

  it('takes another currency and ignores a malformed one', () => {
    expect(formatZar(10, { currency: 'usd' })).toBe('US$10,00');
    expect(formatZar(10, { currency: 'rand' })).toBe(`R${nbsp}10,00`);
    expect(formatZar(10, { currency: null })).toBe(`R${nbsp}10,00`);
  });
});

describe('formatZarWhole', () => {
  it('prints whole rand for headline figures', () => {
    expect(formatZarWhole(2000)).toBe(`R${nbsp}2${nbsp}000`);
    expect(formatZarWhole('50000')).toBe(`R${nbsp}50${nbsp}000`);
    expect(formatZarWhole(2000.5)).toBe(`R${nbsp}2${nbsp}001`);
    expect(formatZarWhole(2000.49)).toBe(`R${nbsp}2${nbsp}000`);
    expect(formatZarWhole(null)).toBe('-');
  });
});

describe('formatPercent', () => {
  it('prints percent values with one decimal in en-ZA', () => {
    expect(formatPercent(21.6)).toBe('21,6%');
    expect(formatPercent(30)).toBe('30,0%');
    expect(formatPercent(12.25)).toBe('12,3%');
    expect(formatPercent('15')).toBe('15,0%');
    expect(formatPercent(-0.04)).toBe('0,0%');
  });

  it('takes a number of decimals', () => {
    expect(formatPercent(32.5, { decimals: 0 })).toBe('33%');
    expect(formatPercent(8, { decimals: 2 })).toBe('8,00%');
  });

  it("shows '-' for missing values", () => {
    expect(formatPercent(null)).toBe('-');
    expect(formatPercent('x', { fallback: 'N/A' })).toBe('N/A');
  });
});
