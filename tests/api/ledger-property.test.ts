// Property-based: whatever sequence of payments, monthly earnings, replays and overpayment attempts an
// admin makes, every journal balances and the ledger agrees with every balance shown, to the cent.

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { applicationBody, signedInUser } from '../support/accounts';
import { withSecondApproval } from '../support/approvals';
import { acceptAndPayOut, quickUser } from '../support/servicing';
import { type Client, createTestApp, TEST_EPOCH, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Client;
let runCount = 0;
beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_RATE: '2.5' });
  admin = await signedInUser(t, 'property-admin@example.com', 'admin');
});
afterAll(() => t.close());

async function activeLoan(creator: Client, requestedAmount: number, withholding: number): Promise<number> {
  const app = (
    await creator.post('/api/applications', applicationBody({ requestedAmount, monthlyRevenue: 15_000 }))
  ).json().application;
  // Above DUAL_CONTROL_APPROVAL_ABOVE the approval waits for a second admin (decision 028).
  await withSecondApproval(
    admin,
    admin.request({
      method: 'PATCH',
      url: `/api/admin/applications/${app.id}`,
      payload: { status: 'approved' },
    }),
  );
  const res = await admin.post(`/api/applications/${app.id}/repayment-schedule`, {
    withholdingPercentage: withholding,
  });
  expect(res.statusCode).toBe(200);
  await acceptAndPayOut(admin, creator, app.id);
  return app.id;
}

const cents = (n: number) => (n / 100).toFixed(2);
/** Loans start on the test epoch; payments and earnings are recorded a year later, when every 2027 month is past. */
const SERVICED_AT = '2027-12-20T08:00:00.000Z';
const PAID_ON = '2027-12-20';

type Op =
  | { kind: 'payment'; loan: number; cents: number; replay: boolean }
  | { kind: 'earnings'; loan: number; cents: number; month: number }
  | { kind: 'payoff'; loan: number; extraCents: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('payment' as const),
    loan: fc.nat(1),
    cents: fc.integer({ min: 1, max: 900_000 }),
    replay: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('earnings' as const),
    loan: fc.nat(1),
    cents: fc.integer({ min: 1, max: 5_000_000 }),
    month: fc.integer({ min: 1, max: 12 }),
  }),
  fc.record({
    kind: fc.constant('payoff' as const),
    loan: fc.nat(1),
    extraCents: fc.integer({ min: 0, max: 1 }),
  }),
);

async function apply(op: Op, loans: number[], step: number) {
  const id = loans[op.loan]!;
  if (op.kind === 'payment') {
    const headers = { 'idempotency-key': `prop-${id}-${step}-${runCount}` };
    const payload = { amount: cents(op.cents), paymentDate: PAID_ON };
    const first = await admin.request({
      method: 'POST',
      url: `/api/admin/applications/${id}/payments`,
      headers,
      payload,
    });
    expect([201, 409]).toContain(first.statusCode);
    if (op.replay) {
      const again = await admin.request({
        method: 'POST',
        url: `/api/admin/applications/${id}/payments`,
        headers,
        payload,
      });
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.json()).toEqual(first.json());
    }
  } else if (op.kind === 'earnings') {
    const res = await admin.post('/api/lending-management/record-earnings', {
      applicationId: id,
      earningsMonth: op.month,
      earningsYear: 2027,
      earningsAmount: op.cents / 100,
    });
    expect([200, 201, 409]).toContain(res.statusCode);
  } else {
    const [s] = await queryRows<{ remaining: string }>(
      t.database.db,
      sql`select remaining_amount::text as remaining from repayment_schedules where application_id = ${id}`,
    );
    const amount = (Math.round(Number(s!.remaining) * 100) + op.extraCents) / 100;
    if (amount <= 0) return;
    const res = await admin.post(`/api/admin/applications/${id}/payments`, {
      amount: amount.toFixed(2),
      paymentDate: PAID_ON,
    });
    // Exactly the balance pays it off; a cent more is an overpayment and is refused.
    expect(res.statusCode).toBe(op.extraCents === 0 ? 201 : 409);
  }
}

async function assertLedgerAgrees() {
  const unbalanced = await queryRows<{ entry_id: number }>(
    t.database.db,
    sql`select entry_id from ledger_lines group by entry_id having sum(debit) <> sum(credit)`,
  );
  expect(unbalanced).toEqual([]);
  const [totals] = await queryRows<{
    receivable: string;
    remaining: string;
    fees_ledger: string;
    fees_paid: string;
  }>(
    t.database.db,
    sql`select
      (select coalesce(sum(debit - credit), 0)::numeric(14,2)::text from ledger_lines where account = 'loans_receivable') as receivable,
      (select coalesce(sum(remaining_amount), 0)::numeric(14,2)::text from repayment_schedules) as remaining,
      (select coalesce(sum(credit - debit), 0)::numeric(14,2)::text from ledger_lines where account = 'platform_fee_income') as fees_ledger,
      (select coalesce(sum(platform_fee), 0)::numeric(14,2)::text from payments) as fees_paid`,
  );
  expect(totals!.receivable).toBe(totals!.remaining);
  expect(totals!.fees_ledger).toBe(totals!.fees_paid);
  const inconsistent = await queryRows<{ id: number }>(
    t.database.db,
    sql`select s.application_id as id from repayment_schedules s
        join financing_applications a on a.id = s.application_id
        left join (select application_id, sum(amount) as paid from payments group by application_id) p
          on p.application_id = s.application_id
        where s.remaining_amount < 0
           or s.total_amount - s.remaining_amount <> coalesce(p.paid, 0)
           or (s.remaining_amount = 0) <> (a.status = 'completed')`,
  );
  expect(inconsistent).toEqual([]);
  // The instalments are the schedule broken down: they add up to the total, what was paid on them adds up
  // to what was repaid, every payment is allocated in full, and the next due date is the oldest unpaid one.
  const instalmentsDisagree = await queryRows<{ id: number }>(
    t.database.db,
    sql`select s.application_id as id from repayment_schedules s
        join (select schedule_id, sum(amount_due) as due, sum(amount_paid) as paid,
                     min(due_date) filter (where amount_paid < amount_due) as oldest_unpaid
              from repayment_instalments where voided_on is null group by schedule_id) i on i.schedule_id = s.id
        where i.due <> s.total_amount or i.paid <> s.total_amount - s.remaining_amount
           or i.oldest_unpaid is distinct from s.next_payment_date`,
  );
  expect(instalmentsDisagree).toEqual([]);
  const unallocated = await queryRows<{ id: number }>(
    t.database.db,
    sql`select p.id from payments p left join payment_allocations a on a.payment_id = p.id
        group by p.id, p.amount having coalesce(sum(a.amount), 0) <> p.amount`,
  );
  expect(unallocated).toEqual([]);
}

describe('ledger (property-based)', () => {
  it('balances and agrees with every schedule after random sequences of operations', {
    timeout: 240_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2_000, max: 50_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.array(opArb, { minLength: 1, maxLength: 8 }),
        async (amount, withholding, ops) => {
          runCount++;
          t.clock.set(TEST_EPOCH);
          // A loan being repaid blocks a new application (decision 008), so each run has borrowers of its own.
          const loans = [
            await activeLoan(await quickUser(t, `prop-${runCount}-a@example.com`), amount, withholding),
            await activeLoan(await quickUser(t, `prop-${runCount}-b@example.com`), 2_000, 20),
          ];
          t.clock.set(SERVICED_AT);
          for (const [step, op] of ops.entries()) await apply(op, loans, step);
          await assertLedgerAgrees();
        },
      ),
      { numRuns: 12, seed: Number(process.env.FC_SEED ?? 20261121) },
    );
  });
});
