import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { AdminApplicationRow } from '../../../shared/schemas/admin-lists';
import { buildApplicationsCsv, CSV_COLUMNS, csvFileName, csvRow } from './applications-csv';

// A row as GET /api/admin/applications answers it (the contract's row schema).
const base: AdminApplicationRow = {
  id: 12,
  userId: 3,
  createdAt: '2026-03-05T10:00:00.000Z',
  status: 'active',
  applicationType: 'business',
  businessName: 'Thandi Cooks Media',
  firstName: null,
  lastName: null,
  requestedAmount: 10_000,
  monthlyRevenue: '8000.5',
  creditScore: 74,
  currency: 'ZAR',
  estimatedPeriod: 12,
  topUpOfApplicationId: null,
  user: { id: 3, username: 'thandi@vuka.demo', firstName: 'Thandi', lastName: 'Nkosi' },
  repaymentSchedule: {
    id: 4,
    status: 'active',
    totalAmount: '10800.00',
    remainingAmount: '9265.5',
    paidAmount: '1534.50',
    currency: 'ZAR',
    forgiven: false,
  },
};

describe('csvRow', () => {
  it('has the useful columns with plain two-decimal amounts', () => {
    expect(csvRow(base)).toEqual({
      ID: '12',
      Date: '2026-03-05',
      Applicant: 'Thandi Nkosi',
      Username: 'thandi@vuka.demo',
      Type: 'Business',
      'Business Name': 'Thandi Cooks Media',
      'Requested Amount': '10000.00',
      'Monthly Revenue': '8000.50',
      'Credit Score': '74',
      Status: 'Active',
      'Remaining Balance': '9265.50',
    });
  });

  it('writes the date and status as the Lending CSV does: the South African calendar day and the shared words', () => {
    // 22:30 UTC on the 5th is already the 6th in Johannesburg (UTC+2).
    const row = csvRow({ ...base, createdAt: '2026-03-05T22:30:00.000Z', status: 'rejected_testing' });
    expect(row.Date).toBe('2026-03-06');
    expect(row.Status).toBe('Rejected (test)');
  });

  it('leaves the score and balance empty when there are none', () => {
    const row = csvRow({ ...base, creditScore: null, repaymentSchedule: null });
    expect(row['Credit Score']).toBe('');
    expect(row['Remaining Balance']).toBe('');
  });
});

describe('buildApplicationsCsv', () => {
  it('writes the header and one row per application, quoting commas and neutralising formulas', () => {
    const risky = {
      ...base,
      id: 13,
      businessName: '=HYPERLINK("http://evil")',
      user: { ...base.user, firstName: 'Ama, Jr.', lastName: 'Mensah' },
    };
    const text = buildApplicationsCsv([base, risky]);
    const parsed = Papa.parse<string[]>(text.trim());
    expect(parsed.data[0]).toEqual([...CSV_COLUMNS]);
    expect(parsed.data).toHaveLength(3);
    expect(parsed.data[2]![2]).toBe('Ama, Jr. Mensah');
    expect(parsed.data[2]![5]).toBe(`'=HYPERLINK("http://evil")`);
  });

  it('writes only the header for no rows', () => {
    expect(buildApplicationsCsv([])).toBe(CSV_COLUMNS.join(','));
  });
});

describe('csvFileName', () => {
  it('is named after the local date of the export', () => {
    expect(csvFileName(new Date(2026, 10, 21, 9, 30))).toBe('applications-2026-11-21.csv');
    expect(csvFileName(new Date(2026, 0, 5))).toBe('applications-2026-01-05.csv');
  });
});
