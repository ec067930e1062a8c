// Each bank's CSV statement layout, kept as data (docs/bank-statements.md, "Layouts"): which header names the
// day, the amount (one signed column, or money in and out apart) and the words of a line. A bank changing its
// export is a change here and to its fixture in tests/fixtures/bank-statements/, nothing else.
import type { Bank } from '../../../shared/bank-statements/constants';

export interface CsvLayout {
  /** The header cell of the line's day. */
  date: string;
  /** Header cells whose texts, joined, are the line's words (description, reference). */
  words: string[];
  /** One signed amount column, or `moneyIn`/`moneyOut` columns (either may be empty on a line). */
  amount?: string;
  moneyIn?: string;
  moneyOut?: string;
}

export const CSV_LAYOUTS: Record<Bank, CsvLayout> = {
  // FNB Online Banking, "Download transactions" (CSV): a few lines about the account, then
  // Date, Amount, Balance, Description with days as 2026/11/02 and signed amounts.
  fnb: { date: 'Date', amount: 'Amount', words: ['Description'] },
  // Standard Bank Online Banking, "Export transactions" (CSV): Date, Description, Reference, Amount, Balance with
  // days as 20261102 and signed amounts.
  standard_bank: { date: 'Date', amount: 'Amount', words: ['Description', 'Reference'] },
  // Absa Online, "Export statement" (CSV): Date, Transaction Description, Amount, Balance; days 02/11/2026.
  absa: { date: 'Date', amount: 'Amount', words: ['Transaction Description'] },
  // Nedbank Money, "Download statement" (CSV): money in and out in two columns.
  nedbank: { date: 'Transaction Date', moneyIn: 'Credit', moneyOut: 'Debit', words: ['Description'] },
  // Capitec app, "Export transactions" (CSV): Money In and Money Out apart.
  capitec: { date: 'Transaction Date', moneyIn: 'Money In', moneyOut: 'Money Out', words: ['Description'] },
};

/** The header cells a layout cannot do without, in the order they are named when one is missing. */
export function requiredColumns(layout: CsvLayout): string[] {
  return [
    layout.date,
    ...(layout.amount ? [layout.amount] : [layout.moneyIn!, layout.moneyOut!]),
    ...layout.words.slice(0, 1),
  ];
}
