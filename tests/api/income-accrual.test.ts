// Income by the effective interest method (docs/accounting.md, "Income"): a loan being repaid
// earns its finance charge day by day at the agreement's rate on the principal outstanding, booked by the hourly job
// (unearned finance charge to finance charge income); repayments earn nothing themselves; the payment that closes the
// loan releases what is left; a loan in default earns nothing more. The expected figures are worked out here from the
// rate and the days, not by the code under test.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { reviewLoans } from '../../src/server/features/loans/application-lifecycle.service';
import { accrueIncome } from '../../src/server/features/loans/income-accrual.service';
import { useNoticesHarness } from '../support/notices';
import { adminLoan, payOk, travelTo } from '../support/servicing';

const D = Decimal.clone({ precision: 40 });

describe('income by the effective interest method', () => {
  const h = useNoticesHarness('income');

  /** Each account's balance (debits less credits) in the loan's journals, with its journals' kinds. */
  const books = async (id: number) => {
    const rows = await queryRows<{ account: string; balance: string }>(
      h.t.database.db,
      sql`select l.account, sum(l.debit - l.credit)::numeric(14,2)::text as balance
        from ledger_lines l join ledger_entries e on e.id = l.entry_id
        where e.application_id = ${id} group by l.account`,
    );
    const of = (account: string) => new Decimal(rows.find((r) => r.account === account)?.balance ?? 0);
    return {
      income: of('cost_income').negated().toFixed(2),
      unearned: of('deferred_cost_income').negated().toFixed(2),
    };
  };
  const accruals = async (id: number) =>
    (
      await queryRows<{ n: number }>(
        h.t.database.db,
        sql`select count(*)::int as n from ledger_entries where application_id = ${id} and kind = 'income_accrual'`,
      )
    )[0]!.n;
  const terms = async (id: number) =>
    (
      await queryRows<{ principal: string; cost: string; rate: string }>(
        h.t.database.db,
        sql`select (total_amount - cost_amount)::text as principal, cost_amount::text as cost,
            charge_rate::text as rate from repayment_schedules where application_id = ${id}`,
      )
    )[0]!;
  const growth = (rate: string, days: number) => new D(rate).plus(1).pow(new D(days).div(365)).minus(1);

  it('is earned day by day on the principal outstanding, not by the payments, and stops at default', async () => {
    const loan = await adminLoan(h.admin, await h.newCreator('daily'), { requestedAmount: 10_000 });
    const { principal, cost, rate } = await terms(loan.id);
    expect(await books(loan.id)).toEqual({ income: '0.00', unearned: cost });

    // 30 days on: the principal has earned 30 days of charge at the agreement's rate.
    travelTo(h.t, '2026-12-23');
    await h.runJobs();
    const first = new D(principal).times(growth(rate, 30));
    expect((await books(loan.id)).income).toBe(first.toDecimalPlaces(2).toFixed(2));
    expect(await accruals(loan.id)).toBe(1);

    // The first instalment paid that day earns nothing itself: it pays the charge accrued, then principal.
    await payOk(h.admin, loan.id, loan.schedule.installmentAmount, '2026-12-23');
    expect((await books(loan.id)).income).toBe(first.toDecimalPlaces(2).toFixed(2));
    await h.runJobs();
    expect(await accruals(loan.id)).toBe(1);

    // 31 days more on what principal is left.
    travelTo(h.t, '2027-01-23');
    await h.runJobs();
    const left = new D(principal).minus(new D(loan.schedule.installmentAmount).minus(first));
    const second = first.plus(left.times(growth(rate, 31)));
    expect((await books(loan.id)).income).toBe(second.toDecimalPlaces(2).toFixed(2));
    const { income, unearned } = await books(loan.id);
    expect(new Decimal(income).plus(unearned).toFixed(2)).toBe(cost);

    // Unpaid since: in April the loan review defaults it, and it earns nothing more, a payment included.
    travelTo(h.t, '2027-04-25');
    await h.runJobs();
    const [status] = await queryRows<{ status: string }>(
      h.t.database.db,
      sql`select status from repayment_schedules where application_id = ${loan.id}`,
    );
    expect(status!.status).toBe('defaulted');
    expect((await books(loan.id)).income).toBe(second.toDecimalPlaces(2).toFixed(2));
    await payOk(h.admin, loan.id, '500.00', '2027-04-25');
    travelTo(h.t, '2027-05-25');
    await h.runJobs();
    expect((await books(loan.id)).income).toBe(second.toDecimalPlaces(2).toFixed(2));
  });

  it('the payment that closes the loan earns what is left, and the unearned charge ends at zero', async () => {
    const loan = await adminLoan(h.admin, await h.newCreator('closing'), { requestedAmount: 8_000 });
    const { cost } = await terms(loan.id);
    travelTo(h.t, '2026-12-10');
    await h.runJobs();
    expect(new Decimal((await books(loan.id)).income).gt(0)).toBe(true);
    // Everything owed, paid at once (no settlement, no rebate): the whole charge is earned by the end.
    await payOk(h.admin, loan.id, loan.schedule.totalAmount, '2026-12-10');
    expect(await books(loan.id)).toEqual({ income: cost, unearned: '0.00' });
    // Closed: later runs leave it alone.
    travelTo(h.t, '2027-01-10');
    await h.runJobs();
    expect(await books(loan.id)).toEqual({ income: cost, unearned: '0.00' });
  });

  it('a settlement earns what the settlement kept: the charge less its rebate', async () => {
    const loan = await adminLoan(h.admin, await h.newCreator('settled'), { requestedAmount: 10_000 });
    const { cost } = await terms(loan.id);
    travelTo(h.t, '2026-12-15');
    await h.runJobs();
    const quote = await loan.creator.post(`/api/applications/${loan.id}/settlement-quote`, {});
    expect(quote.statusCode, quote.body).toBe(201);
    const q = quote.json().quote as { id: number; amount: string; rebate: string };
    const settled = await h.admin.post(`/api/admin/settlement-quotes/${q.id}/settle`, {});
    expect(settled.statusCode, settled.body).toBe(201);
    expect(await books(loan.id)).toEqual({
      income: new Decimal(cost).minus(q.rebate).toFixed(2),
      unearned: '0.00',
    });
  });

  it('20 runs at once beside the payment that closes the loan count each rand of charge once', async () => {
    const loan = await adminLoan(h.admin, await h.newCreator('burst'), { requestedAmount: 6_000 });
    const { cost } = await terms(loan.id);
    travelTo(h.t, '2026-12-20');
    const deps = { db: h.t.database.db, clock: h.t.clock };
    // The loan review beside them takes each loan's locks as a payment does (a run holding schedules without their
    // applications deadlocked with it on PostgreSQL).
    const [closing] = await Promise.all([
      payOk(h.admin, loan.id, loan.schedule.totalAmount, '2026-12-20'),
      ...Array.from({ length: 20 }, () => accrueIncome(deps)),
      reviewLoans(deps.db, deps.clock),
      reviewLoans(deps.db, deps.clock),
    ]);
    expect(closing.completed).toBe(true);
    expect(await books(loan.id)).toEqual({ income: cost, unearned: '0.00' });
    expect(await accruals(loan.id)).toBeLessThanOrEqual(1);

    // And on loans still being repaid, each paid an instalment while 20 runs and the loan review go at once: every
    // run and payment goes through, and each loan's income and unearned charge still add up to its finance charge.
    const open = [];
    for (let i = 0; i < 6; i++)
      open.push(await adminLoan(h.admin, await h.newCreator(`burst-open-${i}`), { requestedAmount: 6_000 }));
    travelTo(h.t, '2027-01-20');
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 20 }, () => accrueIncome(deps)),
      ...open.map((l) => payOk(h.admin, l.id, l.schedule.installmentAmount, '2027-01-20')),
      reviewLoans(deps.db, deps.clock),
    ]);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    for (const l of open) {
      const { income, unearned } = await books(l.id);
      expect(new Decimal(income).plus(unearned).toFixed(2)).toBe((await terms(l.id)).cost);
      expect(await accruals(l.id)).toBeGreaterThanOrEqual(1);
    }
  });

  it.runIf(process.env.TEST_DB_DRIVER === 'pg')(
    'takes a loan before its schedule, as a payment does: a payment holding the loan never deadlocks with it (PostgreSQL only)',
    async () => {
      const loan = await adminLoan(h.admin, await h.newCreator('lock-order'), { requestedAmount: 6_000 });
      travelTo(h.t, '2026-12-21');
      // A payment's first two steps on a connection of its own: the application locked, then (once the run has begun)
      // the schedule. A run that locked the schedule first would then wait for the application (its journal's foreign
      // key) while the payment waits for the schedule: PostgreSQL would end one of them as a deadlock.
      let holding!: () => void;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      let running!: () => void;
      const started = new Promise<void>((resolve) => {
        running = resolve;
      });
      const payment = h.t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from financing_applications where id = ${loan.id} for update`);
        holding();
        await started;
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(
          sql`select id from repayment_schedules where application_id = ${loan.id} for update`,
        );
      });
      await held;
      const run = accrueIncome({ db: h.t.database.db, clock: h.t.clock });
      running();
      await expect(Promise.all([payment, run])).resolves.toBeDefined();
      expect(await accruals(loan.id)).toBe(1);
    },
  );
});
