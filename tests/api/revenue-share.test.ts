// Revenue-share plans keep their deal (docs/lending.md, "Revenue-share plans"): a month whose
// reported earnings paid the agreed share is a shortfall month, not a missed payment; the part of the instalment the
// share did not cover moves to the end of the plan. Three in a row make the loan eligible for renegotiation; only a
// month with nothing received and no earnings reported ages into default. Bank-debit and manual plans keep instalment
// arrears. Through the real routes, with the loan review run as the scheduler runs it.
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { useNoticesHarness } from '../support/notices';
import {
  acceptAndPayOut,
  approvedApplication,
  auditRows,
  creatorPlanLoan,
  lendingRow,
  recordEarnings,
  servicingOf,
  travelTo,
} from '../support/servicing';

describe('revenue-share plans', () => {
  const h = useNoticesHarness('revenue-share');

  /** Earnings whose agreed share is exactly `share` (the withholding is a whole percentage). */
  const earningsFor = (share: Decimal, withholding: string) =>
    share.times(100).div(withholding).toDecimalPlaces(2).toNumber();

  it('a creator whose earnings halve and who remits the share for 7 months is not late, and may renegotiate', async () => {
    const creator = await h.newCreator('halved');
    const loan = await creatorPlanLoan(h.admin, creator, { requestedAmount: 10_000, monthlyRevenue: 3_000 });
    const before = await servicingOf(creator, loan.id);
    const instalment = new Decimal(before.instalments[0]!.amountDue);
    const total = before.instalments.reduce((sum, i) => sum.plus(i.amountDue), new Decimal(0));
    // Twelve instalments of a twelfth of the total (3 000 a month of revenue gives a smaller share).
    expect(before.instalments).toHaveLength(12);
    const withholding = (await lendingRow(h.admin, loan.id))!.withholdingRate as unknown as string;
    const half = instalment.div(2).toDecimalPlaces(2);
    const earnings = earningsFor(half, String(withholding));

    // November 2026 to May 2027: each month's earnings reported on the 5th of the next month, the share withheld.
    const months = [
      [11, 2026],
      [12, 2026],
      [1, 2027],
      [2, 2027],
      [3, 2027],
      [4, 2027],
      [5, 2027],
    ] as const;
    for (const [month, year] of months) {
      const reportedOn =
        month === 12 ? `${year + 1}-01-05` : `${year}-${String(month + 1).padStart(2, '0')}-05`;
      travelTo(h.t, reportedOn);
      const res = await recordEarnings(h.admin, loan.id, earnings, month, year);
      expect(res.statusCode, res.body).toBe(201);
      await h.runJobs();
    }
    travelTo(h.t, '2027-06-22');
    await h.runJobs();

    const s = await servicingOf(creator, loan.id);
    expect(s.position).toMatchObject({ amountOverdue: '0.00', daysPastDue: 0, bucket: 'current' });
    expect((await lendingRow(h.admin, loan.id))!.status).toBe('active');
    expect(h.matching(creator.username, /default|overdue/i)).toEqual([]);
    // Each of the 7 months' instalments kept what its share paid; the rest moved to 7 instalments at the end.
    const planned = s.instalments.filter((i) => i.deferredFrom === null);
    const moved = s.instalments.filter((i) => i.deferredFrom !== null);
    expect(planned.slice(0, 7).map((i) => [i.amountPaid, i.status])).toEqual(
      Array(7).fill([expect.any(String), 'paid']),
    );
    expect(moved.map((i) => i.deferredFrom)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(moved.map((i) => i.number)).toEqual(
      Array.from({ length: 7 }, (_, k) => before.instalments.length + 1 + k),
    );
    // Every rand of the plan is still owed: nothing added, nothing lost.
    const after = s.instalments.reduce((sum, i) => sum.plus(i.amountDue), new Decimal(0));
    expect(after.toFixed(2)).toBe(total.toFixed(2));
    expect(moved.reduce((sum, i) => sum.plus(i.amountDue), new Decimal(0)).toFixed(2)).toBe(
      planned
        .slice(0, 7)
        .reduce((sum, i) => sum.plus(i.amountDeferred), new Decimal(0))
        .toFixed(2),
    );
    // The third shortfall month in a row made it eligible for renegotiation, once.
    const { repaymentSchedule } = (await h.admin.get(`/api/admin/applications/${loan.id}`)).json()
      .application;
    expect(repaymentSchedule.servicing.renegotiationEligible).toBe(true);
    expect(await auditRows(h.t.database.db, creator.userId, 'renegotiation_eligible')).toHaveLength(1);
    expect(await auditRows(h.t.database.db, creator.userId, 'shortfall_deferred')).toHaveLength(7);
  });

  it('a month with nothing received and no earnings reported ages, and defaults after 90 days', async () => {
    const creator = await h.newCreator('silent');
    const loan = await creatorPlanLoan(h.admin, creator, { requestedAmount: 6_000, monthlyRevenue: 6_000 });
    const first = (await servicingOf(creator, loan.id)).instalments[0]!;
    const withholding = String((await lendingRow(h.admin, loan.id))!.withholdingRate);
    travelTo(h.t, '2026-12-05');
    const share = new Decimal(first.amountDue).div(2).toDecimalPlaces(2);
    expect(
      (await recordEarnings(h.admin, loan.id, earningsFor(share, withholding), 11, 2026)).statusCode,
    ).toBe(201);
    // Nothing after: #2, due 23 January, ages. 90 days on it is not yet in default; 91 days on it is.
    travelTo(h.t, '2027-04-23');
    await h.runJobs();
    expect((await lendingRow(h.admin, loan.id))!.status).toBe('active');
    travelTo(h.t, '2027-04-24');
    await h.runJobs();
    const s = await servicingOf(creator, loan.id);
    expect(s.position).toMatchObject({ daysPastDue: 91, bucket: '90+' });
    expect((await lendingRow(h.admin, loan.id))!.status).toBe('defaulted');
  });

  it('a manual plan keeps instalment arrears: a short month is owed, not moved', async () => {
    const creator = await h.newCreator('manual');
    const app = await approvedApplication(h.admin, creator, { requestedAmount: 6_000 });
    const offer = await h.admin.post(`/api/applications/${app.id}/repayment-schedule`, {
      frequency: 'monthly',
      paymentMethod: 'manual',
      withholdingPercentage: 20,
      estimatedPeriod: 6,
    });
    expect(offer.statusCode).toBe(200);
    await acceptAndPayOut(h.admin, creator, app.id);
    const first = (await servicingOf(creator, app.id)).instalments[0]!;
    travelTo(h.t, '2026-12-05');
    const share = new Decimal(first.amountDue).div(2).toDecimalPlaces(2);
    expect((await recordEarnings(h.admin, app.id, earningsFor(share, '20'), 11, 2026)).statusCode).toBe(201);
    travelTo(h.t, '2026-12-28');
    const s = await servicingOf(creator, app.id);
    expect(s.instalments.every((i) => i.deferredFrom === null && i.amountDeferred === '0.00')).toBe(true);
    expect(s.position).toMatchObject({ daysPastDue: 5, bucket: '1-30' });
  });
});
