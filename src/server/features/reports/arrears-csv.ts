// Aged arrears and roll rates as CSV files (docs/accounting.md): CRLF line ends, money as 0.00, text by csvCell.
import { csvCell } from '../../../shared/compliance/form39';
import type { AgedArrears, RollRates } from '../../../shared/schemas/reports';

export const AGED_ARREARS_COLUMNS = ['as_of', 'bucket', 'loans', 'balance'] as const;

export function agedArrearsCsv(report: AgedArrears): string {
  return [
    AGED_ARREARS_COLUMNS.join(','),
    ...report.buckets.map((b) => [report.asOf, b.label, b.loans, b.balance].map(csvCell).join(',')),
    [report.asOf, 'Total', report.total.loans, report.total.balance].map(csvCell).join(','),
  ].join('\r\n');
}

export const ROLL_RATES_COLUMNS = [
  'from_month',
  'to_month',
  'from_bucket',
  'to_bucket',
  'loans',
  'rate_percent',
  'balance',
] as const;

export function rollRatesCsv(report: RollRates): string {
  return [
    ROLL_RATES_COLUMNS.join(','),
    ...report.rows.flatMap((row) =>
      row.cells.map((c) =>
        [report.from, report.to, row.from, c.to, c.loans, c.rate, c.balance].map(csvCell).join(','),
      ),
    ),
  ].join('\r\n');
}
