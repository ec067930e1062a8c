// Aged arrears, roll rates and vintage curves as CSV files (docs/accounting.md): CRLF line ends, money as 0.00, text by csvCell.
import { csvCell } from '../../../shared/compliance/form39';
import type { AgedArrears, RollRates, Vintages } from '../../../shared/schemas/reports';

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

export const VINTAGE_COLUMNS = [
  'as_of',
  'payout_month',
  'months_on_book',
  'loans',
  'principal',
  'owed',
  'defaulted_loans',
  'defaulted_principal',
  'default_rate_percent',
  'collected',
  'collection_rate_percent',
] as const;

/** One line per payout month and month on book, the figures cumulative to that month's end. */
export function vintagesCsv(report: Vintages): string {
  return [
    VINTAGE_COLUMNS.join(','),
    ...report.cohorts.flatMap((c) =>
      c.points.map((p) =>
        [
          report.asOf,
          c.cohort,
          p.monthsOnBook,
          c.loans,
          c.principal,
          c.owed,
          p.defaultedLoans,
          p.defaultedPrincipal,
          p.defaultRate,
          p.collected,
          p.collectionRate,
        ]
          .map(csvCell)
          .join(','),
      ),
    ),
  ].join('\r\n');
}
