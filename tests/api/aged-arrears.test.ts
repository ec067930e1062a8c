// Aged arrears and roll rates (docs/accounting.md, "Aged arrears and roll rates"): a month-end close
// keeps each loan's position at the month's last day; aged arrears read a closed month from it (and today from the
// schedules), roll rates the moves between two closed months; both as CSV files. Two loans paid out on 23 November:
// A never pays, B pays its first instalment; the figures are held to what this test knows of them.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import type { AgedArrears, RollRates } from '../../src/shared/schemas/reports';
import { useNoticesHarness } from '../support/notices';
import { adminLoan, payOk, travelTo } from '../support/servicing';

describe('aged arrears and roll rates', () => {
  const h = useNoticesHarness('aged-arrears');

  it('are kept at each close and read back by bucket and month against month', async () => {
    const a = await adminLoan(h.admin, await h.newCreator('a'), { requestedAmount: 10_000 });
    const b = await adminLoan(h.admin, await h.newCreator('b'), { requestedAmount: 8_000 });
    travelTo(h.t, '2026-12-23');
    await payOk(h.admin, b.id, b.schedule.installmentAmount, '2026-12-23');
    travelTo(h.t, '2027-01-02');
    // Not closed yet: nothing was kept.
    const early = await h.admin.get('/api/admin/reports/aged-arrears?period=2026-11');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/November 2026 is not closed/);
    for (const period of ['2026-11', '2026-12']) {
      const closed = await h.admin.post(`/api/admin/books/periods/${period}/close`);
      expect(closed.statusCode, closed.body).toBe(200);
    }
    const balances = Object.fromEntries(
      (
        await queryRows<{ id: number; remaining: string }>(
          h.t.database.db,
          sql`select application_id as id, remaining_amount::text as remaining from repayment_schedules`,
        )
      ).map((r) => [r.id, r.remaining]),
    );
    const report = async (query: string) => {
      const res = await h.admin.get(`/api/admin/reports/aged-arrears${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AgedArrears;
    };
    const line = (r: AgedArrears, bucket: string) => r.buckets.find((x) => x.bucket === bucket)!;

    // 30 November: both current, nothing due yet.
    const november = await report('?period=2026-11');
    expect(november.asOf).toBe('2026-11-30');
    expect(line(november, 'current')).toMatchObject({
      loans: 2,
      balance: new Decimal(a.schedule.totalAmount).plus(b.schedule.totalAmount).toFixed(2),
    });
    expect(november.total.loans).toBe(2);
    expect(november.closedPeriods).toEqual(['2026-12', '2026-11']);

    // 31 December: A's first instalment (due 23 December) is 8 days late; B paid its own.
    const december = await report('?period=2026-12');
    expect(line(december, '1-30')).toMatchObject({ loans: 1, balance: balances[a.id] });
    expect(line(december, 'current')).toMatchObject({ loans: 1, balance: balances[b.id] });

    // Today, from the schedules: the same two loans where they stand.
    const today = await report('');
    expect(today.period).toBeNull();
    expect(today.asOf).toBe('2027-01-02');
    expect(line(today, '1-30').loans).toBe(1);
    expect(line(today, 'current').loans).toBe(1);

    // Roll rates from November to December: of the two current loans one stayed, one rolled to 1-30.
    const rolls = await h.admin.get('/api/admin/reports/roll-rates?period=2026-12');
    expect(rolls.statusCode, rolls.body).toBe(200);
    const rates = rolls.json() as RollRates;
    expect([rates.from, rates.to]).toEqual(['2026-11', '2026-12']);
    const current = rates.rows.find((r) => r.from === 'current')!;
    expect(current.loans).toBe(2);
    expect(current.cells.find((c) => c.to === 'current')).toMatchObject({ loans: 1, rate: 50 });
    expect(current.cells.find((c) => c.to === '1-30')).toMatchObject({
      loans: 1,
      rate: 50,
      balance: balances[a.id],
    });
    expect(rates.rows.find((r) => r.from === 'new')!.loans).toBe(0);
    // November has no closed month before it.
    const first = await h.admin.get('/api/admin/reports/roll-rates?period=2026-11');
    expect(first.statusCode).toBe(409);
    expect((await h.admin.get('/api/admin/reports/roll-rates?period=2026-13')).statusCode).toBe(400);
    expect((await h.admin.get('/api/admin/reports/roll-rates')).statusCode).toBe(400);

    // Both as CSV files.
    const csv = await h.admin.get('/api/admin/reports/aged-arrears.csv?period=2026-12');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/vuka-aged-arrears-2026-12-31\.csv/);
    const rows = Papa.parse<Record<string, string>>(csv.body, { header: true, skipEmptyLines: true }).data;
    expect(Object.keys(rows[0]!)).toEqual(['As at', 'Days past due', 'Loans', 'Balance']);
    expect(rows.map((r) => [r['Days past due'], r.Loans, r.Balance])).toEqual([
      ...december.buckets.map((x) => [x.label, String(x.loans), x.balance]),
      ['Total', String(december.total.loans), december.total.balance],
    ]);
    const rollCsv = await h.admin.get('/api/admin/reports/roll-rates.csv?period=2026-12');
    expect(rollCsv.statusCode).toBe(200);
    const moves = Papa.parse<Record<string, string>>(rollCsv.body, {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(Object.keys(moves[0]!)).toEqual([
      'From month',
      'To month',
      'From',
      'To',
      'Loans',
      'Share of loans (%)',
      'Balance',
    ]);
    // Buckets in the Reports screen's words, as the matrix says them.
    expect(moves.find((m) => m.From === 'Current' && m.To === '1-30 days')).toMatchObject({
      'From month': '2026-11',
      'To month': '2026-12',
      Loans: '1',
      'Share of loans (%)': '50',
      Balance: balances[a.id],
    });
    expect(moves.filter((m) => m.From === 'New in the book')).toHaveLength(6);
    expect(moves.filter((m) => m.To === 'Left the book')).toHaveLength(6);
  });
});
