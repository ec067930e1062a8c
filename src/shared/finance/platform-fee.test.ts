import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { platformFeeOn, splitReceipt } from './platform-fee';

describe('splitReceipt: cash received for a loan', () => {
  const terms = { platformFeeRate: '2.5', quotedFees: null, feesPaid: '0' };

  it('the amount due with its fee splits back into the two', () => {
    expect(splitReceipt(terms, '1025.00', '5000.00')).toEqual({
      amount: new Decimal('1000.00'),
      fee: new Decimal('25.00'),
      excess: new Decimal(0),
    });
  });

  it('more than the balance with its fee: the balance is paid and the rest is excess', () => {
    const split = splitReceipt(terms, '2000.00', '1000.00');
    expect([split.amount, split.fee, split.excess].map((d) => d.toFixed(2))).toEqual([
      '1000.00',
      '25.00',
      '975.00',
    ]);
  });

  it('without a fee left to charge the cash is all repayment', () => {
    const split = splitReceipt({ ...terms, quotedFees: '100.00', feesPaid: '100.00' }, '512.34', '5000.00');
    expect([split.amount.toFixed(2), split.fee.toFixed(2)]).toEqual(['512.34', '0.00']);
  });

  it('property: the parts add up to the cash, the fee is never more than the rule, the loan never gets more than its balance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.constantFrom('0', '2.5', '3', '10'),
        (cashCents, balanceCents, rate) => {
          const cash = new Decimal(cashCents).div(100);
          const balance = new Decimal(balanceCents).div(100);
          const t = { platformFeeRate: rate, quotedFees: null, feesPaid: '0' };
          const { amount, fee, excess } = splitReceipt(t, cash, balance);
          expect(amount.plus(fee).plus(excess).equals(cash)).toBe(true);
          expect(amount.lte(balance)).toBe(true);
          expect(amount.gt(0)).toBe(true);
          expect(fee.gte(0) && fee.lte(platformFeeOn(amount, rate))).toBe(true);
          expect(platformFeeOn(amount, rate).minus(fee).lte('0.01')).toBe(true);
          if (excess.gt(0)) expect(amount.equals(balance)).toBe(true);
        },
      ),
    );
  });
});
