// Forbearance is visible and the book figures are honest (docs/lending.md "Forbearance" and
// "Figures"): a restructured loan is forborne, in probation until three instalments of the new plan in a row are paid
// on time; its instalment numbers run on; the statement shows the history; PAR is on the principal owed and counts
// loans in probation; the default rate is shown now and ever, by payout cohort; expected returns leave out defaulted
// loans, and the flat "Average Interest Rate" stands beside the balance-weighted annualised cost rate.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { withSecondApproval } from '../support/approvals';
import { useNoticesHarness } from '../support/notices';
import { adminLoan, auditRows, lendingRow, payOk, servicingOf, travelTo } from '../support/servicing';

describe('forbearance and the book figures', () => {
  const h = useNoticesHarness('forbearance');
  const summaryOf = async (userId: number) =>
    (await h.admin.get(`/api/lending-management/summary?userId=${userId}`)).json().data;
  const cohort = async (month: string) =>
    (
      (await h.admin.get('/api/lending-management/default-cohorts')).json().data as Array<
        Record<string, unknown>
      >
    ).find((c) => c.cohort === month) ?? { financed: 0, everDefaulted: 0, defaultedNow: 0 };

  it('a defaulted loan restructured: forborne in probation, numbers run on, counted at risk and as ever defaulted; cured after three on time', async () => {
    const before = await cohort('2026-11');
    const creator = await h.newCreator('restructured');
    const loan = await adminLoan(h.admin, creator, { requestedAmount: 10_000 });
    const instalment = loan.schedule.installmentAmount;
    // Two instalments paid on their due dates, then nothing: #3 (23 Feb) is 91 days late on 25 May.
    travelTo(h.t, '2026-12-23');
    await payOk(h.admin, loan.id, instalment, '2026-12-23');
    travelTo(h.t, '2027-01-23');
    await payOk(h.admin, loan.id, instalment, '2027-01-23');
    travelTo(h.t, '2027-05-25');
    await h.runJobs();
    expect((await lendingRow(h.admin, loan.id))!.status).toBe('defaulted');
    expect(await cohort('2026-11')).toMatchObject({
      everDefaulted: (before.everDefaulted as number) + 1,
      defaultedNow: (before.defaultedNow as number) + 1,
    });

    const restructured = await withSecondApproval(
      h.admin,
      h.admin.post(`/api/admin/applications/${loan.id}/restructure`, { estimatedPeriod: 6 }),
    );
    expect(restructured.statusCode, restructured.body).toBe(200);
    const s = await servicingOf(creator, loan.id);
    // 1-2 paid and kept; the new plan runs on from 3.
    expect(s.instalments.map((i) => i.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const row = (await lendingRow(h.admin, loan.id))!;
    expect(row).toMatchObject({ status: 'active', forbearance: 'probation' });
    // Back to active, but not cured: in default no more, ever defaulted still; at risk while in probation.
    expect(await cohort('2026-11')).toMatchObject({
      everDefaulted: (before.everDefaulted as number) + 1,
      defaultedNow: before.defaultedNow,
    });
    const summary = await summaryOf(creator.userId);
    expect(summary).toMatchObject({ forborneInProbationCount: 1, defaultedCount: 0, everDefaultedCount: 1 });
    expect(summary.principalAtRisk30).toBe(summary.outstandingPrincipal);
    expect(summary.portfolioAtRisk30).toBe(100);
    // PAR on the principal owed: the balance less its share of the finance charge.
    const schedule = (await h.admin.get(`/api/admin/applications/${loan.id}`)).json().application
      .repaymentSchedule;
    const principal = new Decimal(schedule.remainingAmount)
      .times(new Decimal(schedule.totalAmount).minus(schedule.costAmount))
      .div(schedule.totalAmount)
      .toFixed(2);
    expect(summary.outstandingPrincipal).toBe(principal);

    // The statement shows the history: what was replaced, and with what.
    const statement = (await creator.get(`/api/applications/${loan.id}/statement`)).json();
    expect(statement.restructures).toEqual([
      expect.objectContaining({
        restructuredOn: '2027-05-25',
        months: 6,
        firstNumber: 3,
        lastNumber: 8,
        replacedCount: 10,
        wasDefaulted: true,
        previousInstalmentAmount: instalment,
      }),
    ]);
    expect(statement.forbearance).toEqual({ status: 'probation', curedOn: null });
    // The replaced instalments are kept, voided.
    const [voided] = await queryRows<{ n: number }>(
      h.t.database.db,
      sql`select count(*)::int as n from repayment_instalments i join repayment_schedules s on s.id = i.schedule_id
          where s.application_id = ${loan.id} and i.voided_on = '2027-05-25'`,
    );
    expect(voided!.n).toBe(10);

    // Three instalments of the new plan paid on their due dates: out of probation.
    for (const i of s.instalments.slice(2, 5)) {
      travelTo(h.t, i.dueDate);
      await payOk(h.admin, loan.id, i.amountDue, i.dueDate);
      await h.runJobs();
      const expected = i.number === 5 ? 'cured' : 'probation';
      expect((await lendingRow(h.admin, loan.id))!.forbearance, `after #${i.number}`).toBe(expected);
    }
    expect(await auditRows(h.t.database.db, creator.userId, 'forbearance_cured')).toHaveLength(1);
    const after = await summaryOf(creator.userId);
    expect(after).toMatchObject({ forborneInProbationCount: 0, portfolioAtRisk30: 0 });
  });

  it('expected returns leave out defaulted loans; the annualised cost rate is weighted by principal owed', async () => {
    const creator = await h.newCreator('figures');
    const loan = await adminLoan(h.admin, creator, { requestedAmount: 10_000 });
    const figures = await summaryOf(creator.userId);
    const schedule = (await h.admin.get(`/api/admin/applications/${loan.id}`)).json().application
      .repaymentSchedule;
    expect(figures.expectedReturns).toBe(schedule.costAmount);
    // One loan: the weighted rate is its own charge rate (the agreement's annual rate of the finance charge).
    const [stored] = await queryRows<{ rate: string }>(
      h.t.database.db,
      sql`select round(charge_rate * 100, 2)::text as rate from repayment_schedules where application_id = ${loan.id}`,
    );
    expect(figures.averageAnnualCostRate).toBe(Number(stored!.rate));
    expect(figures.averageAnnualCostRate).toBeGreaterThan(figures.averageInterestRate);
    // In default: its finance charge is no longer an expected return.
    travelTo(h.t, '2027-03-24');
    await h.runJobs();
    expect((await lendingRow(h.admin, loan.id))!.status).toBe('defaulted');
    expect((await summaryOf(creator.userId)).expectedReturns).toBe('0.00');
  });
});
