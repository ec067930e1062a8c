// The trial balance from account totals (docs/accounting.md): each account's debits less credits, shown on the side
// it stands on. When every journal balances, the two columns are equal.
import Decimal from 'decimal.js';
import { toMoneyString } from '../finance/money';
import { CHART_OF_ACCOUNTS, LEDGER_ACCOUNTS, type LedgerAccount } from './chart-of-accounts';

export type AccountTotals = { account: LedgerAccount; debit: string; credit: string };

/** Totals added account by account (a closed month's balances and the movements after it). */
export function addTotals(...parts: ReadonlyArray<ReadonlyArray<AccountTotals>>): AccountTotals[] {
  const sums = new Map<LedgerAccount, { debit: Decimal; credit: Decimal }>();
  for (const part of parts) {
    for (const row of part) {
      const sum = sums.get(row.account) ?? { debit: new Decimal(0), credit: new Decimal(0) };
      sums.set(row.account, { debit: sum.debit.plus(row.debit), credit: sum.credit.plus(row.credit) });
    }
  }
  return LEDGER_ACCOUNTS.map((account) => {
    const sum = sums.get(account);
    return {
      account,
      debit: toMoneyString(sum?.debit ?? new Decimal(0)),
      credit: toMoneyString(sum?.credit ?? new Decimal(0)),
    };
  });
}

export function trialBalanceLines(totals: ReadonlyArray<AccountTotals>) {
  let debits = new Decimal(0);
  let credits = new Decimal(0);
  const accounts = addTotals(totals).map((t) => {
    const net = new Decimal(t.debit).minus(t.credit);
    if (net.gt(0)) debits = debits.plus(net);
    else credits = credits.minus(net);
    return {
      account: t.account,
      code: CHART_OF_ACCOUNTS[t.account].code,
      name: CHART_OF_ACCOUNTS[t.account].name,
      debit: toMoneyString(net.gt(0) ? net : new Decimal(0)),
      credit: toMoneyString(net.lt(0) ? net.negated() : new Decimal(0)),
    };
  });
  return {
    accounts,
    totals: { debit: toMoneyString(debits), credit: toMoneyString(credits) },
    balanced: debits.equals(credits),
  };
}
