// Export CSV of the Applications tab: built in the browser from every page of the filtered,
// sorted set (fetched by export-pages.ts).
// Amounts are plain two-decimal numbers ('10000.00') so a spreadsheet reads them as numbers.
// One rule with the Lending CSV: statuses in the screens' words (statusLabel), dates as the South African
// calendar day 'yyyy-MM-dd' (formatCsvDate).
import { toDecimal, toMoneyString } from '../../../shared/finance/money';
import type { AdminApplicationRow } from '../../../shared/schemas/admin-lists';
import { statusLabel } from '../../../shared/status-machine';
import { datedCsvFileName, toCsvText } from '../../lib/csv';
import { formatCsvDate } from '../../lib/format';
import { applicantName, applicationTypeLabel } from './application-filters';

export const CSV_COLUMNS = [
  'ID',
  'Date',
  'Applicant',
  'Username',
  'Type',
  'Business Name',
  'Requested Amount',
  'Monthly Revenue',
  'Credit Score',
  'Status',
  'Remaining Balance',
] as const;

type CsvRow = Record<(typeof CSV_COLUMNS)[number], string>;

const money = (value: unknown) => {
  const amount = toDecimal(value);
  return amount ? toMoneyString(amount) : '';
};

export function csvRow(application: AdminApplicationRow): CsvRow {
  return {
    ID: String(application.id),
    Date: formatCsvDate(application.createdAt),
    Applicant: applicantName(application),
    Username: application.user?.username ?? '',
    Type: applicationTypeLabel(application.applicationType),
    'Business Name': application.businessName?.trim() ?? '',
    'Requested Amount': money(application.requestedAmount),
    'Monthly Revenue': money(application.monthlyRevenue),
    'Credit Score': application.creditScore === null ? '' : String(application.creditScore),
    Status: statusLabel(application.status),
    'Remaining Balance': money(application.repaymentSchedule?.remainingAmount),
  };
}

/** The CSV text (formula-like cells escaped, since names and business names are typed by creators). */
export function buildApplicationsCsv(applications: ReadonlyArray<AdminApplicationRow>): string {
  return toCsvText(CSV_COLUMNS, applications.map(csvRow));
}

/** 'applications-2026-11-21.csv', from the local date of the export. */
export const csvFileName = (now: Date = new Date()) => datedCsvFileName('applications', now);
