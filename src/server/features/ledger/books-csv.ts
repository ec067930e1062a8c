// The books' reports as CSV files (docs/accounting.md): the trial balance on a day, and the loss allowance of the latest
// provisioning run by stage with its movement. CRLF line ends; money as 0.00 without grouping; text by csvCell.
// Files a person opens, not imports (the journal export is the import file): headers in words.
import { csvCell } from '../../../shared/compliance/form39';
import type { ProvisionsAnswer, TrialBalance } from '../../../shared/schemas/books';

const line = (cells: ReadonlyArray<string | number>) => cells.map(csvCell).join(',');
/** A money cell: a plain decimal, written as it is (csvCell would mark a negative amount as text). */
const money = (amount: string) => amount;

export const TRIAL_BALANCE_COLUMNS = ['As at', 'Account code', 'Account', 'Debit', 'Credit'] as const;

export function trialBalanceCsv(tb: TrialBalance): string {
  return [
    TRIAL_BALANCE_COLUMNS.join(','),
    ...tb.accounts.map((a) => [line([tb.asOf, a.code, a.name]), money(a.debit), money(a.credit)].join(',')),
    [line([tb.asOf, '', 'Total']), money(tb.totals.debit), money(tb.totals.credit)].join(','),
  ].join('\r\n');
}

export const ALLOWANCE_COLUMNS = [
  'As at',
  'Stage or movement',
  'Loans',
  'Exposure',
  'Probability of default',
  'Loss given default',
  'Amount',
] as const;

/** The latest run's stages and totals, then the allowance's movement (opening, used, charge, closing). */
export function allowanceCsv(report: ProvisionsAnswer): string {
  const rows = [ALLOWANCE_COLUMNS.join(',')];
  const latest = report.latest;
  if (!latest) return rows.join('\r\n');
  for (const s of latest.stages) {
    rows.push(
      [line([latest.asOf, s.label, s.loans]), money(s.exposure), s.pd, s.lgd, money(s.ecl)].join(','),
    );
  }
  const t = latest.totals;
  rows.push([line([latest.asOf, 'Total', t.loans]), money(t.exposure), '', '', money(t.ecl)].join(','));
  const m = latest.movement;
  for (const [label, amount] of [
    ['Allowance at the run before', m.opening],
    ['Used by write-offs', m.usedByWriteOffs],
    ['Charged (released when negative)', m.charge],
    ['Allowance after this run', m.closing],
  ] as const) {
    rows.push([line([latest.asOf, label, '']), '', '', '', money(amount)].join(','));
  }
  return rows.join('\r\n');
}
