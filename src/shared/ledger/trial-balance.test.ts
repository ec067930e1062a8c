import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEDGER_ACCOUNTS, nextPeriod, periodEnd, periodLabel } from './chart-of-accounts';
import { type AccountTotals, addTotals, trialBalanceLines } from './trial-balance';

const account = fc.constantFrom(...LEDGER_ACCOUNTS);
const cents = fc.integer({ min: 1, max: 10_000_000 }).map((c) => new Decimal(c).div(100).toFixed(2));

/** A balanced journal: one debit and one credit of the same amount, on two accounts. */
const journal = fc.tuple(account, account, cents).map(([dr, cr, amount]) => [
  { account: dr, debit: amount, credit: '0.00' },
  { account: cr, debit: '0.00', credit: amount },
]);

/** Journals' lines added up per account, as the database's sums give them. */
function totalsOf(lines: AccountTotals[]): AccountTotals[] {
  return addTotals(lines.map((l) => ({ ...l })));
}

describe('the trial balance', () => {
  it('balances whenever every journal does, split at any close', () => {
    fc.assert(
      fc.property(fc.array(journal, { maxLength: 40 }), fc.nat(), (journals, at) => {
        const lines = journals.flat();
        const cut = journals.length === 0 ? 0 : (at % journals.length) * 2;
        const whole = trialBalanceLines(totalsOf(lines));
        // A close kept the first part's totals; the movements after it are added to them.
        const split = trialBalanceLines(addTotals(totalsOf(lines.slice(0, cut)), totalsOf(lines.slice(cut))));
        expect(whole.balanced).toBe(true);
        expect(whole.totals.debit).toBe(whole.totals.credit);
        expect(split).toEqual(whole);
      }),
    );
  });

  it('shows each balance on its side, every account in code order', () => {
    const tb = trialBalanceLines([
      { account: 'cash', debit: '100.00', credit: '250.00' },
      { account: 'funding_capital', debit: '0.00', credit: '100.00' },
      { account: 'loans_receivable', debit: '250.00', credit: '0.00' },
    ]);
    expect(tb.accounts.map((a) => a.code)).toEqual([...tb.accounts.map((a) => a.code)].sort());
    expect(tb.accounts).toHaveLength(LEDGER_ACCOUNTS.length);
    expect(tb.accounts.find((a) => a.account === 'cash')).toMatchObject({ debit: '0.00', credit: '150.00' });
    expect(tb.accounts.find((a) => a.account === 'loans_receivable')).toMatchObject({ debit: '250.00' });
    expect(tb.totals).toEqual({ debit: '250.00', credit: '250.00' });
    expect(tb.balanced).toBe(true);
  });
});

describe('accounting months', () => {
  it('ends, follows and names a month', () => {
    expect(periodEnd('2024-02')).toBe('2024-02-29');
    expect(periodEnd('2026-11')).toBe('2026-11-30');
    expect(nextPeriod('2026-12')).toBe('2027-01');
    expect(nextPeriod('2026-09')).toBe('2026-10');
    expect(periodLabel('2026-10')).toBe('October 2026');
  });
});
