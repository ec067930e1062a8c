// The Lending page's month and year (docs/lending.md, "Figures"): they pick the money that moved in
// the period, payments by the day they were received (a reversed one counts for nothing) and payouts by the day the
// money went out, and the loans it moved on, whenever their applications were made. Figures against sums computed
// here from the payments and schedules.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { withSecondApproval } from '../support/approvals';
import { useNoticesHarness } from '../support/notices';
import { adminLoan, payOk, travelTo } from '../support/servicing';

describe('the lending month and year', () => {
  const h = useNoticesHarness('lending-period');

  it('add up the payments and payouts of the period and list the loans they moved on', async () => {
    // A: applied and paid out on 23 November; pays on 23 December and on 10 January.
    const a = await adminLoan(h.admin, await h.newCreator('a'), { requestedAmount: 10_000 });
    // B: applied on 23 November, paid out on 5 December; pays on 20 December, and a payment there is reversed.
    travelTo(h.t, '2026-12-05');
    const b = await adminLoan(h.admin, await h.newCreator('b'), { requestedAmount: 8_000 });
    travelTo(h.t, '2027-01-12');
    await payOk(h.admin, a.id, a.schedule.installmentAmount, '2026-12-23');
    await payOk(h.admin, b.id, b.schedule.installmentAmount, '2026-12-20');
    const bounced = await payOk(h.admin, b.id, '100.00', '2026-12-21');
    await payOk(h.admin, a.id, a.schedule.installmentAmount, '2027-01-10');
    const reversed = await withSecondApproval(
      h.admin,
      h.admin.post(`/api/admin/payments/${bounced.payment.id}/reverse`, { reason: 'The debit bounced' }),
    );
    expect(reversed.statusCode, reversed.body).toBe(200);

    /** Payments received from `from` to `to` (not reversed), computed here. */
    const received = async (from: string, to: string) => {
      const [row] = await queryRows<{ amount: string; fees: string }>(
        h.t.database.db,
        sql`select coalesce(sum(amount), 0)::numeric(14,2)::text as amount,
            coalesce(sum(platform_fee), 0)::numeric(14,2)::text as fees
          from payments where reversed_at is null and payment_date between ${from} and ${to}`,
      );
      return row!;
    };
    const principal = async (id: number) => {
      const [row] = await queryRows<{ principal: string }>(
        h.t.database.db,
        sql`select (total_amount - cost_amount)::text as principal from repayment_schedules where application_id = ${id}`,
      );
      return row!.principal;
    };
    const summary = async (query: string) => {
      const res = await h.admin.get(`/api/lending-management/summary?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const listed = async (query: string) => {
      const res = await h.admin.get(`/api/lending-management/details?${query}&pageSize=100`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Array<{ id: number }>).map((r) => r.id).sort((x, y) => x - y);
    };

    const december = await received('2026-12-01', '2026-12-31');
    expect(new Decimal(december.amount).toFixed(2)).toBe(
      new Decimal(a.schedule.installmentAmount).plus(b.schedule.installmentAmount).toFixed(2),
    );
    expect(await summary('month=12&year=2026')).toMatchObject({
      totalRepayments: december.amount,
      totalPlatformFees: december.fees,
      totalCreditDisbursed: await principal(b.id),
      paidOutInPeriod: 1,
    });
    expect(await listed('month=12&year=2026')).toEqual([a.id, b.id]);

    // November: A's payout, no payment; both applications were made in November, but only A's money moved.
    expect(await summary('month=11&year=2026')).toMatchObject({
      totalRepayments: '0.00',
      totalCreditDisbursed: await principal(a.id),
      paidOutInPeriod: 1,
    });
    expect(await listed('month=11&year=2026')).toEqual([a.id]);

    // A year, and a month in every year.
    const y2027 = await received('2027-01-01', '2027-12-31');
    expect(await summary('year=2027')).toMatchObject({ totalRepayments: y2027.amount, paidOutInPeriod: 0 });
    expect(await listed('year=2027')).toEqual([a.id]);
    expect(await listed('month=1')).toEqual([a.id]);
    expect(await listed('month=2')).toEqual([]);

    // The other filters still apply: B's creator alone.
    expect(await listed(`month=12&year=2026&userId=${b.creator.userId}`)).toEqual([b.id]);
    expect(await summary(`month=12&year=2026&userId=${b.creator.userId}`)).toMatchObject({
      totalRepayments: new Decimal(b.schedule.installmentAmount).toFixed(2),
      paidOutInPeriod: 1,
    });

    // Without a period: everything the loans ever moved, as before.
    const all = await summary('');
    expect(all.paidOutInPeriod).toBeNull();
    expect(all.totalRepayments).toBe((await received('2000-01-01', '2099-12-31')).amount);
  });
});
