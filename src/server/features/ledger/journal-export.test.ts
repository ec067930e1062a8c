import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { DailyTotal, ExportLine } from './books.repository';
import { dailyJournalLines, entryJournalLines, journalCsv } from './journal-export';

const line = (over: Partial<ExportLine>): ExportLine => ({
  entry_id: 7,
  booked_on: '2026-12-03',
  concerns_on: '2026-12-03',
  kind: 'repayment',
  description: 'Repayment received',
  application_id: 4,
  account: 'cash',
  debit: '0.00',
  credit: '0.00',
  ...over,
});

/** A line of capital recorded on 5 January for money received on 28 November (a closed month then). */
const capital = (over: Partial<ExportLine>) =>
  line({
    entry_id: 8,
    kind: 'capital',
    application_id: null,
    description: '=cmd|"/c calc"!A1, a funder\'s "reference"',
    booked_on: '2027-01-05',
    concerns_on: '2026-11-28',
    ...over,
  });

const journal = [
  line({ account: 'cash', debit: '1030.00' }),
  line({ account: 'loans_receivable', credit: '1000.00' }),
  line({ account: 'platform_fee_income', credit: '30.00' }),
  capital({ account: 'cash', debit: '500.00' }),
  capital({ account: 'funding_capital', credit: '500.00' }),
];

describe('the journal export', () => {
  it("writes Xero's manual journal layout: amounts signed, dates day first, No VAT, text cells escaped", () => {
    const text = journalCsv(entryJournalLines(journal), 'xero');
    expect(text.split('\r\n')[0]).toBe('*Narration,*Date,Description,*AccountCode,*TaxRate,*Amount');
    const rows = Papa.parse<Record<string, string>>(text, { header: true }).data;
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual({
      '*Narration': 'Vuka journal 7: Repayment received (loan #4)',
      '*Date': '03/12/2026',
      Description: 'Bank',
      '*AccountCode': '1000',
      '*TaxRate': 'No VAT',
      '*Amount': '1030.00',
    });
    expect(rows[1]!['*Amount']).toBe('-1000.00');
    // A formula-like description is written as text; the day the entry concerns is named.
    expect(rows[3]!['*Narration']).toBe(
      'Vuka journal 8: =cmd|"/c calc"!A1, a funder\'s "reference" (concerns 28 Nov 2026)',
    );
    expect(text).not.toMatch(/^=|,=/m);
  });

  it("writes Sage Accounting's layout: a reference per journal, debit and credit columns", () => {
    const rows = Papa.parse<Record<string, string>>(journalCsv(entryJournalLines(journal), 'sage'), {
      header: true,
    }).data;
    expect(Object.keys(rows[0]!)).toEqual([
      'Reference',
      'Date',
      'Description',
      'Ledger Account Number',
      'Details',
      'Debit',
      'Credit',
    ]);
    expect(rows.map((r) => r.Reference)).toEqual(['VUKA-7', 'VUKA-7', 'VUKA-7', 'VUKA-8', 'VUKA-8']);
    expect(rows[1]).toMatchObject({
      'Ledger Account Number': '1100',
      Details: 'Loans receivable',
      Debit: '',
      Credit: '1000.00',
    });
    expect(rows[4]).toMatchObject({ Date: '05/01/2027', 'Ledger Account Number': '3000', Credit: '500.00' });
  });

  it("writes one journal a day: each account's net movement on its side, accounts at zero left out", () => {
    const day: DailyTotal[] = [
      { booked_on: '2026-10-03', account: 'cash', debit: '5000.00', credit: '8000.00' },
      { booked_on: '2026-10-03', account: 'loans_receivable', debit: '10000.00', credit: '4800.00' },
      { booked_on: '2026-10-03', account: 'deferred_cost_income', debit: '300.00', credit: '2000.00' },
      { booked_on: '2026-10-03', account: 'platform_fee_income', debit: '0.00', credit: '200.00' },
      { booked_on: '2026-10-03', account: 'cost_income', debit: '0.00', credit: '300.00' },
      { booked_on: '2026-10-04', account: 'suspense', debit: '70.00', credit: '70.00' },
    ];
    const rows = Papa.parse<Record<string, string>>(journalCsv(dailyJournalLines(day), 'xero'), {
      header: true,
    }).data;
    expect(rows.map((r) => [r['*AccountCode'], r['*Amount']])).toEqual([
      ['1000', '-3000.00'],
      ['1100', '5200.00'],
      ['1110', '-1700.00'],
      ['4100', '-200.00'],
      ['4000', '-300.00'],
    ]);
    expect(new Set(rows.map((r) => r['*Narration']))).toEqual(
      new Set(['Vuka daily journal for 03 Oct 2026']),
    );
    expect(rows.reduce((sum, r) => sum + Math.round(Number(r['*Amount']) * 100), 0)).toBe(0);
  });
});
