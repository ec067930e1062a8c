// Aged arrears, roll rates and vintage curves as CSV files (docs/accounting.md): CRLF line ends, money as 0.00, text by csvCell.
// Files a person opens, not imports: headers and buckets in the Reports screen's words; days, months and amounts as
// a spreadsheet reads them (yyyy-MM-dd, yyyy-MM, 0.00).
import { csvCell } from '../../../shared/compliance/form39';
import { ROLL_FROM_LABELS, ROLL_TO_LABELS } from '../../../shared/finance/roll-rate-labels';
import type { AgedArrears, RollRates, Vintages } from '../../../shared/schemas/reports';

export const AGED_ARREARS_COLUMNS = ['As at', 'Days past due', 'Loans', 'Balance'] as const;

export function agedArrearsCsv(report: AgedArrears): string {
  return [
    AGED_ARREARS_COLUMNS.join(','),
    ...report.buckets.map((b) => [report.asOf, b.label, b.loans, b.balance].map(csvCell).join(',')),
    [report.asOf, 'Total', report.total.loans, report.total.balance].map(csvCell).join(','),
  ].join('\r\n');
}

export const ROLL_RATES_COLUMNS = [
  'From month',
  'To month',
  'From',
  'To',
  'Loans',
  'Share of loans (%)',
  'Balance',
] as const;

export function rollRatesCsv(report: RollRates): string {
  return [
    ROLL_RATES_COLUMNS.join(','),
    ...report.rows.flatMap((row) =>
      row.cells.map((c) =>
        [report.from, report.to, ROLL_FROM_LABELS[row.from], ROLL_TO_LABELS[c.to], c.loans, c.rate, c.balance]
          .map(csvCell)
          .join(','),
      ),
    ),
  ].join('\r\n');
}

export const VINTAGE_COLUMNS = [
  'As at',
  'Payout month',
  'Months on book',
  'Loans',
  'Principal',
  'Owed',
  'Defaulted loans',
  'Defaulted principal',
  'Default rate (%)',
  'Collected',
  'Collection rate (%)',
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
