// Export Data: CSV exports are built on the client, with no call. The rows are the
// server's own figures; money stays in its plain two-decimal form so a spreadsheet reads it as a number.
// One rule with the Applications CSV: statuses in the screens' words (statusLabel), dates as the South African
// calendar day 'yyyy-MM-dd' (formatCsvDate).
import { DELINQUENCY_BUCKET_LABELS } from '../../../shared/finance/instalments';
import { statusLabel } from '../../../shared/status-machine';
import { datedCsvFileName, toCsvText } from '../../lib/csv';
import { formatCsvDate } from '../../lib/format';
import type { LendingRow } from './types';

export const CSV_COLUMNS = [
  'Application ID',
  'Client',
  'Email',
  'Status',
  'Requested Amount',
  'Monthly Revenue',
  'Withholding Rate (%)',
  'Instalment',
  'Estimated Monthly Withholding',
  'Platform Fee Rate (%)',
  'Platform Fee',
  'Total Payments Made',
  'Remaining Amount',
  'Credit Score',
  'Delinquency Bucket',
  'Days Past Due',
  'Amount Overdue',
  'Eligible for Renegotiation',
  'Next Payment Date',
  'Created At',
] as const;

type CsvRow = Record<(typeof CSV_COLUMNS)[number], string | number>;

const blank = (value: string | number | null | undefined): string | number => value ?? '';

export function csvRows(rows: ReadonlyArray<LendingRow>): CsvRow[] {
  return rows.map((row) => ({
    'Application ID': row.id,
    Client: row.clientName,
    Email: row.userEmail,
    Status: statusLabel(row.status),
    'Requested Amount': row.requestedAmount.toFixed(2),
    'Monthly Revenue': row.monthlyRevenue,
    'Withholding Rate (%)': blank(row.withholdingRate),
    Instalment: blank(row.installmentAmount),
    'Estimated Monthly Withholding': blank(row.estimatedMonthlyWithholding),
    'Platform Fee Rate (%)': blank(row.platformFeeRate),
    'Platform Fee': blank(row.platformFee),
    'Total Payments Made': row.totalPaymentsMade,
    'Remaining Amount': blank(row.remainingAmount),
    'Credit Score': blank(row.creditScore),
    'Delinquency Bucket': row.delinquencyBucket ? DELINQUENCY_BUCKET_LABELS[row.delinquencyBucket] : '',
    'Days Past Due': blank(row.daysPastDue),
    'Amount Overdue': blank(row.amountOverdue),
    // Only loans being repaid can be renegotiated; the others are left blank rather than 'No'.
    'Eligible for Renegotiation': row.delinquencyBucket ? (row.renegotiationEligible ? 'Yes' : 'No') : '',
    'Next Payment Date': formatCsvDate(row.nextPaymentDate),
    'Created At': formatCsvDate(row.createdAt),
  }));
}

/** The CSV text (formula-like cells escaped). */
export const toCsv = (rows: ReadonlyArray<LendingRow>) => toCsvText(CSV_COLUMNS, csvRows(rows));

/** 'lending-2026-11-21.csv', from the local calendar date. */
export const exportFileName = (now: Date = new Date()) => datedCsvFileName('lending', now);
