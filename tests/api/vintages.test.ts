// Vintage curves (docs/accounting.md, "Vintage curves"): for each payout month, cumulative default and
// collections by months on book, computed by a daily job (or when finance asks) and read back as it kept them, with
// when it was computed; the CSV. Two loans paid out on 23 November 2026: A pays its first instalment and then nothing
// (the loan review defaults it in April), B pays two instalments, one of them reversed. The figures are held to what
// this test knows of them.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import type { Vintages } from '../../src/shared/schemas/reports';
import { withSecondApproval } from '../support/approvals';
import { useNoticesHarness } from '../support/notices';
import { adminLoan, payOk, quickUser, travelTo } from '../support/servicing';

describe('vintage curves', () => {
  const h = useNoticesHarness('vintages');
  const snapshots = async () =>
    (
      await queryRows<{ n: number }>(h.t.database.db, sql`select count(*)::int as n from vintage_snapshots`)
    )[0]!.n;

  it('follow each payout month by months on book, as the job or finance computed them', async () => {
    const a = await adminLoan(h.admin, await h.newCreator('a'), { requestedAmount: 10_000 });
    const b = await adminLoan(h.admin, await h.newCreator('b'), { requestedAmount: 8_000 });
    travelTo(h.t, '2026-12-23');
    await payOk(h.admin, a.id, a.schedule.installmentAmount, '2026-12-23');
    await payOk(h.admin, b.id, b.schedule.installmentAmount, '2026-12-23');
    travelTo(h.t, '2027-01-23');
    await payOk(h.admin, b.id, b.schedule.installmentAmount, '2027-01-23');
    const mistaken = await payOk(h.admin, b.id, '150.00', '2027-01-23');
    const reversed = await withSecondApproval(
      h.admin,
      h.admin.post(`/api/admin/payments/${mistaken.payment.id}/reverse`, {
        reason: 'Bounced: unpaid by the bank',
      }),
    );
    expect(reversed.statusCode, reversed.body).toBe(200);
    travelTo(h.t, '2027-04-25');
    await h.runJobs();

    const loans = await queryRows<{
      id: number;
      principal: string;
      owed: string;
      defaulted_on: string | null;
    }>(
      h.t.database.db,
      sql`select application_id as id, (total_amount - cost_amount)::text as principal,
          (total_amount - rebated_amount)::text as owed, to_char(defaulted_on, 'YYYY-MM-DD') as defaulted_on
        from repayment_schedules where application_id in (${a.id}, ${b.id})`,
    );
    const loanA = loans.find((l) => l.id === a.id)!;
    const loanB = loans.find((l) => l.id === b.id)!;
    expect(loanA.defaulted_on?.slice(0, 7)).toBe('2027-04');
    expect(loanB.defaulted_on).toBeNull();

    // The job kept today's curves; a second run the same day keeps no other.
    expect(await snapshots()).toBe(1);
    await h.runJobs();
    expect(await snapshots()).toBe(1);

    const res = await h.admin.get('/api/admin/reports/vintages');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as Vintages;
    expect(report.asOf).toBe('2027-04-25');
    expect(report.computedAt).toBe(new Date('2027-04-25T10:00:00+02:00').toISOString());
    expect(report.cohorts.map((c) => c.cohort)).toEqual(['2026-11']);
    const november = report.cohorts[0]!;
    const principal = new Decimal(loanA.principal).plus(loanB.principal);
    const owed = new Decimal(loanA.owed).plus(loanB.owed);
    expect(november).toMatchObject({ loans: 2, principal: principal.toFixed(2), owed: owed.toFixed(2) });
    // November to April: months 0 to 5 on book.
    expect(november.points.map((p) => p.monthsOnBook)).toEqual([0, 1, 2, 3, 4, 5]);
    const december = new Decimal(a.schedule.installmentAmount).plus(b.schedule.installmentAmount);
    const january = december.plus(b.schedule.installmentAmount); // the reversed R 150 is not collected
    const rate = (part: Decimal, whole: Decimal) => part.div(whole).times(100).toDecimalPlaces(2).toNumber();
    expect(november.points.map((p) => p.collected)).toEqual([
      '0.00',
      december.toFixed(2),
      january.toFixed(2),
      january.toFixed(2),
      january.toFixed(2),
      january.toFixed(2),
    ]);
    expect(november.points[2]!.collectionRate).toBe(rate(january, owed));
    // A went into default in April, month 5 on book: nothing before it.
    expect(november.points.map((p) => p.defaultedLoans)).toEqual([0, 0, 0, 0, 0, 1]);
    expect(november.points[5]).toMatchObject({
      defaultedPrincipal: loanA.principal,
      defaultRate: rate(new Decimal(loanA.principal), principal),
    });

    // Finance asks for fresh figures after a payment: they count it and say when they were computed.
    travelTo(h.t, '2027-04-25', '15:30');
    await payOk(h.admin, b.id, '500.00', '2027-04-25');
    expect((await h.admin.get('/api/admin/reports/vintages')).json().cohorts[0].points[5].collected).toBe(
      january.toFixed(2),
    );
    const fresh = await h.admin.post('/api/admin/reports/vintages');
    expect(fresh.statusCode, fresh.body).toBe(201);
    const after = (await h.admin.get('/api/admin/reports/vintages')).json() as Vintages;
    expect(after.computedAt).toBe(new Date('2027-04-25T15:30:00+02:00').toISOString());
    expect(after.cohorts[0]!.points[5]!.collected).toBe(january.plus(500).toFixed(2));
    expect(await snapshots()).toBe(2);

    // Every member of staff reads them; only finance (or an admin) computes them.
    const auditor = await quickUser(h.t, 'vintages-auditor@example.com', 'auditor');
    expect((await auditor.get('/api/admin/reports/vintages')).statusCode).toBe(200);
    expect((await auditor.post('/api/admin/reports/vintages')).statusCode).toBe(403);
    expect((await a.creator.get('/api/admin/reports/vintages')).statusCode).toBe(403);
    expect(await snapshots()).toBe(2);

    // The CSV: one line per payout month and month on book, the same figures.
    const csv = await h.admin.get('/api/admin/reports/vintages.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/vuka-vintages-2027-04-25\.csv/);
    const rows = Papa.parse<Record<string, string>>(csv.body, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(6);
    expect(rows[5]).toMatchObject({
      'As at': '2027-04-25',
      'Payout month': '2026-11',
      'Months on book': '5',
      Loans: '2',
      'Defaulted loans': '1',
      'Defaulted principal': loanA.principal,
      Collected: january.plus(500).toFixed(2),
    });
  });
});
