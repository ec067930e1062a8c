// The journal export (docs/accounting.md, "Journal export"): what was booked in a period as a CSV file an accounting
// package imports as manual journals, in Xero's or Sage Accounting's layout: one journal a day (each account's net
// movement that day), or one per ledger entry for an audit trail.
//   xero: *Narration, *Date, Description, *AccountCode, *TaxRate, *Amount (debit positive, credit negative); lines
//         with the same narration and date make one journal. Lending is VAT-exempt: the tax rate is "No VAT".
//   sage: Reference, Date, Description, Ledger Account Number, Details, Debit, Credit; a new journal where the
//         reference changes.
// Dates dd/mm/yyyy (South African order); money as 0.00 without grouping; CRLF line ends. Text cells are written by
// csvCell (quoted, a formula-like start escaped); amounts are plain decimals, written as they are.
import Decimal from 'decimal.js';
import { csvCell } from '../../../shared/compliance/form39';
import { toMoneyString } from '../../../shared/finance/money';
import { formatDate } from '../../../shared/format';
import { CHART_OF_ACCOUNTS, type LedgerAccount } from '../../../shared/ledger/chart-of-accounts';
import type { JournalExportLayout } from '../../../shared/schemas/books';
import type { DailyTotal, ExportLine } from './books.repository';

export const XERO_COLUMNS = [
  '*Narration',
  '*Date',
  'Description',
  '*AccountCode',
  '*TaxRate',
  '*Amount',
] as const;
export const SAGE_COLUMNS = [
  'Reference',
  'Date',
  'Description',
  'Ledger Account Number',
  'Details',
  'Debit',
  'Credit',
] as const;

/** The export's tax rate for every line (docs/accounting.md, "Chart of accounts"). */
const XERO_TAX_RATE = 'No VAT';

/** One line of an exported journal: lines with the same reference make one journal. */
export type JournalExportLine = {
  reference: string;
  narration: string;
  bookedOn: string;
  account: LedgerAccount;
  debit: string;
  credit: string;
};

const dayFirst = (isoDay: string) => `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}`;

/** Each ledger entry as its own journal, named for what it was. */
export function entryJournalLines(lines: ReadonlyArray<ExportLine>): JournalExportLine[] {
  return lines.map((line) => {
    const about = line.description ?? line.kind;
    const loan = line.application_id ? ` (loan #${line.application_id})` : '';
    const late =
      line.concerns_on !== line.booked_on && !about.includes('concerns')
        ? ` (concerns ${formatDate(line.concerns_on)})`
        : '';
    return {
      reference: `VUKA-${line.entry_id}`,
      narration: `Vuka journal ${line.entry_id}: ${about}${loan}${late}`,
      bookedOn: line.booked_on,
      account: line.account,
      debit: line.debit,
      credit: line.credit,
    };
  });
}

/** One journal a day: each account's net movement that day on its side (a day's journals all balance, so it does). */
export function dailyJournalLines(totals: ReadonlyArray<DailyTotal>): JournalExportLine[] {
  return totals.flatMap((t) => {
    const net = new Decimal(t.debit).minus(t.credit);
    if (net.isZero()) return [];
    return [
      {
        reference: `VUKA-D-${t.booked_on.replaceAll('-', '')}`,
        narration: `Vuka daily journal for ${formatDate(t.booked_on)}`,
        bookedOn: t.booked_on,
        account: t.account,
        debit: net.gt(0) ? toMoneyString(net) : '0.00',
        credit: net.lt(0) ? toMoneyString(net.negated()) : '0.00',
      },
    ];
  });
}

const row = (cells: ReadonlyArray<string | { money: string }>) =>
  cells.map((c) => (typeof c === 'string' ? csvCell(c) : c.money)).join(',');

export function journalCsv(lines: ReadonlyArray<JournalExportLine>, layout: JournalExportLayout): string {
  if (layout === 'xero') {
    return [
      XERO_COLUMNS.join(','),
      ...lines.map((l) => {
        const account = CHART_OF_ACCOUNTS[l.account];
        const amount = l.debit !== '0.00' ? l.debit : `-${l.credit}`;
        return row([
          l.narration,
          dayFirst(l.bookedOn),
          account.name,
          account.code,
          XERO_TAX_RATE,
          { money: amount },
        ]);
      }),
    ].join('\r\n');
  }
  return [
    SAGE_COLUMNS.join(','),
    ...lines.map((l) => {
      const account = CHART_OF_ACCOUNTS[l.account];
      return row([
        l.reference,
        dayFirst(l.bookedOn),
        l.narration,
        account.code,
        account.name,
        { money: l.debit === '0.00' ? '' : l.debit },
        { money: l.credit === '0.00' ? '' : l.credit },
      ]);
    }),
  ].join('\r\n');
}
