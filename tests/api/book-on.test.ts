// The book on a past day (reports/form39.repository.ts bookOn, read by the Form 39 return and the month-end close's
// aged arrears): what payments dated by that day had paid on each instalment. It is read as what is paid now less what
// payments dated after the day paid, which holds only while each instalment's amount_paid is the sum of its
// allocations in force. So the loan here has what moves both: a payment after the day, then a reversal (made after the
// day) of the payment before it, which gives its instalment back and moves the later payment onto it. Each instalment
// is checked against the allocations themselves.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { bookOn } from '../../src/server/features/reports/form39.repository';
import type { IsoDate } from '../../src/shared/business-date';
import { withSecondApproval } from '../support/approvals';
import { adminLoan, payOk, quickUser, type SignedIn, travelTo } from '../support/servicing';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;
let loanId: number;

/** What payments dated by `day` (and in force) paid on each of the loan's instalments, from the allocations. */
async function paidByAllocations(day: string) {
  const rows = await queryRows<{ number: number; paid: string }>(
    t.database.db,
    sql`select i.number, coalesce(sum(pa.amount) filter (
            where pa.reversed_at is null and p.reversed_at is null and p.payment_date <= ${day}::date), 0
          )::numeric(14,2)::text as paid
        from repayment_instalments i
        join repayment_schedules s on s.id = i.schedule_id
        left join payment_allocations pa on pa.instalment_id = i.id
        left join payments p on p.id = pa.payment_id
        where s.application_id = ${loanId} and i.voided_on is null
        group by i.number order by i.number`,
  );
  return rows.map((row) => ({ number: row.number, amountPaid: row.paid }));
}

async function bookedPaid(day: IsoDate) {
  const loan = (await bookOn(t.database.db, day)).find((row) => row.application_id === loanId);
  return loan?.instalments.map(({ number, amountPaid }) => ({ number, amountPaid }));
}

beforeAll(async () => {
  t = await createTestApp();
  travelTo(t, '2026-10-05');
  admin = await quickUser(t, 'book-on-admin@example.com', 'admin');
  const loan = await adminLoan(admin, await quickUser(t, 'book-on-creator@example.com'));
  loanId = loan.id;
  travelTo(t, '2026-11-10');
  const before = await payOk(admin, loanId, '700.00', '2026-11-10');
  // After the day the book is read on (30 November): a payment, then the reversal of the one before it.
  travelTo(t, '2026-12-15');
  await payOk(admin, loanId, '1500.00', '2026-12-15');
  const reversed = await withSecondApproval(
    admin,
    admin.post(`/api/admin/payments/${before.payment.id}/reverse`, {
      reason: 'The debit bounced: returned by the bank',
    }),
  );
  expect(reversed.statusCode, reversed.body).toBe(200);
}, 60_000);
afterAll(() => t.close());

describe('the book on a past day', () => {
  it('counts what payments dated by the day paid, after a later payment and a later reversal', async () => {
    const onTheDay = await bookedPaid('2026-11-30');
    expect(onTheDay).toEqual(await paidByAllocations('2026-11-30'));
    // The only payment dated by then was reversed: nothing is paid on the day.
    expect(onTheDay?.every((i) => i.amountPaid === '0.00')).toBe(true);

    const today = await bookedPaid('2026-12-15');
    expect(today).toEqual(await paidByAllocations('2026-12-15'));
    expect(today?.[0]?.amountPaid).not.toBe('0.00');
  });
});
