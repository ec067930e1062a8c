import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvRows, exportFileName, toCsv } from './lending-csv';
import type { LendingRow } from './types';

const row: LendingRow = {
  id: 12,
  userId: 4,
  clientName: 'Naledi Khumalo',
  userEmail: 'naledi@example.com',
  requestedAmount: 10000,
  monthlyRevenue: '8000.00',
  status: 'active',
  createdAt: '2026-11-02T08:00:00.000Z',
  creditScore: 71,
  estimatedEarnings: '8000.00',
  withholdingRate: 17,
  repaymentAmount: '1360.00',
  installmentAmount: '1360.00',
  estimatedMonthlyWithholding: '1360.00',
  platformFeeRate: 2.5,
  platformFee: '34.00',
  totalPaymentsMade: '2098.76',
  remainingAmount: '10601.24',
  nextPaymentDate: '2026-10-09',
  scheduleStartDate: '2026-09-09',
  daysPastDue: 45,
  delinquencyBucket: '31-60',
  amountOverdue: '2720.00',
  renegotiationEligible: true,
  forbearance: null,
};

const pending: LendingRow = {
  ...row,
  id: 13,
  clientName: '=HYPERLINK("http://evil")',
  status: 'pending_review',
  withholdingRate: null,
  repaymentAmount: null,
  installmentAmount: null,
  estimatedMonthlyWithholding: null,
  platformFeeRate: null,
  platformFee: null,
  totalPaymentsMade: '0.00',
  remainingAmount: null,
  nextPaymentDate: null,
  scheduleStartDate: null,
  creditScore: null,
  daysPastDue: null,
  delinquencyBucket: null,
  amountOverdue: null,
  renegotiationEligible: false,
};

const current: LendingRow = {
  ...row,
  id: 14,
  daysPastDue: 0,
  delinquencyBucket: 'current',
  amountOverdue: '0.00',
  renegotiationEligible: false,
};

describe('csvRows', () => {
  it('keeps the server figures as plain numbers and leaves missing ones blank', () => {
    const [active, waiting] = csvRows([row, pending]);
    expect(active).toMatchObject({
      'Application ID': 12,
      Client: 'Naledi Khumalo',
      Email: 'naledi@example.com',
      // The screens' words, never the stored code or a lower-case one.
      Status: 'Active',
      'Requested Amount': '10000.00',
      'Withholding Rate (%)': 17,
      Instalment: '1360.00',
      'Estimated Monthly Withholding': '1360.00',
      'Platform Fee': '34.00',
      'Total Payments Made': '2098.76',
      'Remaining Amount': '10601.24',
      'Delinquency Bucket': '31-60 days',
      'Days Past Due': 45,
      'Amount Overdue': '2720.00',
      'Eligible for Renegotiation': 'Yes',
      'Next Payment Date': '2026-10-09',
      'Created At': '2026-11-02',
    });
    expect(waiting).toMatchObject({
      // The one status vocabulary, never the stored code ('pending_review').
      Status: 'Under Review',
      'Withholding Rate (%)': '',
      Instalment: '',
      'Estimated Monthly Withholding': '',
      'Remaining Amount': '',
      'Credit Score': '',
      'Delinquency Bucket': '',
      'Days Past Due': '',
      'Amount Overdue': '',
      'Eligible for Renegotiation': '',
      'Next Payment Date': '',
    });
  });

  it('writes dates as the Applications CSV does: the South African calendar day, yyyy-MM-dd', () => {
    // 22:30 UTC on the 2nd is already the 3rd in Johannesburg (UTC+2).
    const [late] = csvRows([{ ...row, createdAt: '2026-11-02T22:30:00.000Z' }]);
    expect(late?.['Created At']).toBe('2026-11-03');
    expect(csvRows([{ ...row, status: 'defaulted_testing' }])[0]?.Status).toBe('Defaulted (test)');
  });

  it('words the bucket so a spreadsheet cannot read "1-30" as a date, and says No for a loan in good standing', () => {
    const [late, onTime] = csvRows([{ ...row, delinquencyBucket: '1-30', daysPastDue: 3 }, current]);
    expect(late?.['Delinquency Bucket']).toBe('1-30 days');
    expect(onTime).toMatchObject({
      'Delinquency Bucket': 'Current',
      'Days Past Due': 0,
      'Amount Overdue': '0.00',
      'Eligible for Renegotiation': 'No',
    });
  });

  it('has the servicing columns, named once each', () => {
    for (const column of [
      'Delinquency Bucket',
      'Days Past Due',
      'Amount Overdue',
      'Instalment',
      'Estimated Monthly Withholding',
      'Eligible for Renegotiation',
    ]) {
      expect(CSV_COLUMNS.filter((c) => c === column)).toHaveLength(1);
    }
    expect(CSV_COLUMNS).not.toContain('Monthly Repayment');
  });
});

describe('toCsv', () => {
  it('has a header and one line per row, and reads back to the same cells', () => {
    const csv = toCsv([row, pending]);
    const lines = csv.split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    const parsed = Papa.parse<string[]>(csv).data;
    expect(parsed[1]?.slice(0, 5)).toEqual([
      '12',
      'Naledi Khumalo',
      'naledi@example.com',
      'Active',
      '10000.00',
    ]);
  });

  it('escapes cells a spreadsheet would run as a formula', () => {
    const parsed = Papa.parse<string[]>(toCsv([pending])).data;
    expect(parsed[1]?.[1]).toBe(`'=HYPERLINK("http://evil")`);
  });

  it('is only the header without rows', () => {
    expect(toCsv([]).trimEnd()).toBe(CSV_COLUMNS.join(','));
  });
});

describe('exportFileName', () => {
  it('is lending-YYYY-MM-DD.csv from the local date', () => {
    expect(exportFileName(new Date(2026, 10, 21, 23, 59))).toBe('lending-2026-11-21.csv');
    expect(exportFileName(new Date(2027, 0, 5))).toBe('lending-2027-01-05.csv');
  });
});
