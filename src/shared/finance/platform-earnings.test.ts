import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  combineParts,
  earningsWithholding,
  lastDayOfMonth,
  parseAdsenseAmount,
  patreonMonthlyCents,
  previousMonthOf,
  usdToZar,
} from './platform-earnings';

describe('usdToZar', () => {
  it('multiplies by the rate and rounds half-up to the cent once', () => {
    expect(usdToZar('123.45', '18.1234').toFixed(2)).toBe('2237.33'); // 2237.33373
    expect(usdToZar('0.10', '18.125').toFixed(2)).toBe('1.81'); // 1.8125 → 1.81
    expect(usdToZar('1.00', '18.125').toFixed(2)).toBe('18.13'); // half up
  });
  it('never differs from the exact product by more than half a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 40_000_000 }),
        (cents, micro) => {
          const usd = new Decimal(cents).div(100);
          const rate = new Decimal(micro).div(1_000_000);
          expect(usdToZar(usd, rate).minus(usd.times(rate)).abs().lte('0.005')).toBe(true);
        },
      ),
    );
  });
});

describe('earningsWithholding', () => {
  it('is earnings × withholding rounded to the cent, capped at the balance', () => {
    expect(earningsWithholding('10000.00', '15', '9000.00')).toMatchObject({ capped: false });
    expect(earningsWithholding('10000.00', '15', '9000.00').payment.toFixed(2)).toBe('1500.00');
    expect(earningsWithholding('2237.33', '12.5', '9000').payment.toFixed(2)).toBe('279.67'); // 279.66625
    const capped = earningsWithholding('10000.00', '15', '200.00');
    expect([capped.calculated.toFixed(2), capped.payment.toFixed(2), capped.capped]).toEqual([
      '1500.00',
      '200.00',
      true,
    ]);
  });
});

describe('patreonMonthlyCents', () => {
  it("sums only active patrons' entitled amounts", () => {
    expect(
      patreonMonthlyCents([
        { attributes: { patron_status: 'active_patron', currently_entitled_amount_cents: 500 } },
        { attributes: { patron_status: 'active_patron', currently_entitled_amount_cents: 1250 } },
        { attributes: { patron_status: 'former_patron', currently_entitled_amount_cents: 900 } },
        { attributes: { patron_status: 'declined_patron', currently_entitled_amount_cents: 300 } },
        { attributes: { patron_status: null, currently_entitled_amount_cents: 100 } },
        { attributes: { patron_status: 'active_patron', currently_entitled_amount_cents: null } },
        {},
      ]),
    ).toBe(1750);
    expect(patreonMonthlyCents([])).toBe(0);
  });
});

describe('parseAdsenseAmount', () => {
  it('reads the locales AdSense writes amounts in', () => {
    expect(parseAdsenseAmount('R 1 234,56')).toEqual({ currency: 'ZAR', amount: '1234.56' });
    expect(parseAdsenseAmount('R\u00a01\u00a0234,5')).toEqual({ currency: 'ZAR', amount: '1234.50' });
    expect(parseAdsenseAmount('$123.45')).toEqual({ currency: 'USD', amount: '123.45' });
    expect(parseAdsenseAmount('US$1,234.56')).toEqual({ currency: 'USD', amount: '1234.56' });
    expect(parseAdsenseAmount('$1,234')).toEqual({ currency: 'USD', amount: '1234.00' });
    expect(parseAdsenseAmount('-R 50,00')).toEqual({ currency: 'ZAR', amount: '-50.00' });
    expect(parseAdsenseAmount('€ 12,00')).toEqual({ currency: 'EUR', amount: '12.00' });
  });
  it('refuses what is not an amount', () => {
    for (const text of ['', 'R', 'abc', '123.45', '$12.3.4x', 'R 1e5'])
      expect(parseAdsenseAmount(text)).toBeNull();
  });
});

describe('combineParts', () => {
  it('adds rand parts and converts the dollar parts once; payout-verified only when every part is', () => {
    const both = combineParts(
      [
        { platform: 'youtube', currency: 'USD', amount: '100.005', verified: true },
        { platform: 'patreon', currency: 'USD', amount: '23.44', verified: false },
      ],
      '18.1234',
    );
    expect(both).toMatchObject({ originalCurrency: 'USD', source: 'platform_api' });
    if (!('earnings' in both) || !both.earnings) throw new Error('expected earnings');
    expect(both.earnings.toFixed(2)).toBe(usdToZar('123.445', '18.1234').toFixed(2));
    const rand = combineParts(
      [{ platform: 'youtube', currency: 'ZAR', amount: '1234.56', verified: true }],
      null,
    );
    expect(rand).toMatchObject({ originalCurrency: 'ZAR', source: 'payout_verified' });
    expect(
      combineParts([{ platform: 'youtube', currency: 'USD', amount: '5', verified: false }], null),
    ).toMatchObject({
      needsRate: true,
    });
    expect(
      combineParts([{ platform: 'youtube', currency: 'EUR', amount: '5', verified: true }], '18'),
    ).toEqual({
      unsupported: 'EUR',
    });
  });
});

describe('months', () => {
  it('knows the last day and the previous month', () => {
    expect(lastDayOfMonth(2026, 10)).toBe('2026-10-31');
    expect(lastDayOfMonth(2028, 2)).toBe('2028-02-29');
    expect(previousMonthOf('2027-01-03')).toEqual({ year: 2026, month: 12 });
    expect(previousMonthOf('2026-11-23')).toEqual({ year: 2026, month: 10 });
  });
});
