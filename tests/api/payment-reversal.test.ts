// Reversal (docs/lending.md, "Reversal"): an admin reverses a payment that bounced or was recorded in
// error, with a reason. A reversing journal, allocations undone and re-run, the creator told, the action audited; a
// reversed settlement reopens the loan; a reversed earnings month moves its shortfall back. Nothing is deleted.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { withSecondApproval } from '../support/approvals';
import { plain, useNoticesHarness, zar } from '../support/notices';
import {
  adminLoan,
  allocationsOf,
  auditRows,
  creatorPlanLoan,
  ledgerTotals,
  ownApplication,
  pay,
  payOk,
  recordEarnings,
  servicingOf,
  storedState,
  travelTo,
  unallocatedPayments,
} from '../support/servicing';
import { Client } from '../support/test-app';

describe('reversing a payment', () => {
  const h = useNoticesHarness('reversal');
  const askReversal = (paymentId: number, body: object) =>
    h.admin.post(`/api/admin/payments/${paymentId}/reverse`, body);
  /** Asked for and approved by a second admin (decision 028): the approval's answer, or the request's refusal. */
  const reverse = (
    paymentId: number,
    body: object = { reason: 'Recorded in error: R100.50 instead of R1,005.00' },
  ) => withSecondApproval(h.admin, askReversal(paymentId, body));
  const applicationOf = async (id: number) =>
    (await h.admin.get(`/api/admin/applications/${id}`)).json().application;
  const balances = async (id: number) =>
    Object.fromEntries(
      (await ledgerTotals(h.t.database.db, id))
        .map((r) => [r.account, new Decimal(r.debit).minus(r.credit).toFixed(2)])
        .filter(([, balance]) => balance !== '0.00'),
    );
  const paymentRows = (id: number) =>
    queryRows<{ id: number; reversed: boolean; reason: string | null }>(
      h.t.database.db,
      sql`select id, reversed_at is not null as reversed, reversal_reason as reason from payments
          where application_id = ${id} order by id`,
    );

  it('a payment recorded in error: the books, the instalments and the balance read as before it; the creator is told', async () => {
    const creator = await h.newCreator('error');
    const loan = await adminLoan(h.admin, creator, { requestedAmount: 10_000 });
    const before = await balances(loan.id);
    const stateBefore = await storedState(h.t.database.db, loan.id);
    const mistaken = await payOk(h.admin, loan.id, '100.50', '2026-11-23');
    const paymentId = mistaken.payment.id as number;
    await h.runJobs();

    const res = await reverse(paymentId);
    expect(res.statusCode, res.body).toBe(200);
    const application = await applicationOf(loan.id);
    expect(application.repaymentSchedule.remainingAmount).toBe(loan.schedule.totalAmount);
    // Kept, marked, and counting for nothing.
    expect(application.repaymentSchedule.payments).toEqual([
      expect.objectContaining({
        id: paymentId,
        amount: '100.50',
        reversedOn: '2026-11-23',
        reversalReason: 'Recorded in error: R100.50 instead of R1,005.00',
      }),
    ]);
    expect(await paymentRows(loan.id)).toEqual([
      { id: paymentId, reversed: true, reason: expect.any(String) },
    ]);
    const s = await servicingOf(creator, loan.id);
    expect(s.instalments.every((i) => i.amountPaid === '0.00')).toBe(true);
    expect(await allocationsOf(h.t.database.db, paymentId)).toEqual([]);
    // The journal is reversed beside the original: every account as before the payment.
    expect(await balances(loan.id)).toEqual(before);
    const [kinds] = await queryRows<{ n: number }>(
      h.t.database.db,
      sql`select count(*)::int as n from ledger_entries where payment_id = ${paymentId} and kind = 'reversal'`,
    );
    expect(kinds!.n).toBe(1);
    expect((await storedState(h.t.database.db, loan.id)).schedule).toBe(stateBefore.schedule);
    expect(await auditRows(h.t.database.db, creator.userId, 'payment_reversed')).toEqual([
      expect.objectContaining({ admin_id: h.admin.userId }),
    ]);
    await h.runJobs();
    const mail = h.only(creator.username, /was reversed/);
    expect(plain(mail.text)).toContain(`We have reversed the payment of ${zar('100.50')}`);
    expect(plain(mail.text)).toContain('Why: Recorded in error');

    // Once only; and only by an admin, with a reason, for a payment that exists.
    const again = await reverse(paymentId);
    expect(again.statusCode).toBe(409);
    expect(plain(again.json().message)).toBe(`Payment ${paymentId} was already reversed on 23 Nov 2026.`);
    expect((await reverse(paymentId + 1000)).statusCode).toBe(404);
    const noReason = await reverse(paymentId, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors.reason).toEqual([expect.any(String)]);
    expect((await reverse(paymentId, { reason: 'no' })).statusCode).toBe(400);
    expect(
      (await creator.post(`/api/admin/payments/${paymentId}/reverse`, { reason: 'Bounced by the bank' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await new Client(h.t.app).post(`/api/admin/payments/${paymentId}/reverse`, {
          reason: 'Bounced by the bank',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('allocations are undone and re-run: the payments still in force fill the oldest instalments', async () => {
    const creator = await h.newCreator('rerun');
    const loan = await adminLoan(h.admin, creator, { requestedAmount: 8_000 });
    const instalment = loan.schedule.installmentAmount;
    const first = (await payOk(h.admin, loan.id, instalment, '2026-11-23')).payment.id as number;
    const second = (await payOk(h.admin, loan.id, instalment, '2026-11-23')).payment.id as number;
    expect(await allocationsOf(h.t.database.db, second)).toEqual([{ number: 2, amount: instalment }]);
    // The first bounced: the second now pays instalment #1, and #2 is open again.
    expect((await reverse(first, { reason: 'Bounced: insufficient funds' })).statusCode).toBe(200);
    expect(await allocationsOf(h.t.database.db, second)).toEqual([{ number: 1, amount: instalment }]);
    expect(await unallocatedPayments(h.t.database.db, loan.id)).toEqual([]);
    const s = await servicingOf(creator, loan.id);
    expect(s.instalments.slice(0, 2).map((i) => i.status)).toEqual(['paid', 'upcoming']);
    // The undone allocations are kept, marked.
    const [kept] = await queryRows<{ n: number }>(
      h.t.database.db,
      sql`select count(*)::int as n from payment_allocations where payment_id = ${first} and reversed_at is not null`,
    );
    expect(kept!.n).toBe(1);
  });

  it('a reversed settlement reopens the loan: the rebate is owed again and the quote no longer settled', async () => {
    const creator = await h.newCreator('settled');
    const loan = await adminLoan(h.admin, creator, { requestedAmount: 5_000 });
    travelTo(h.t, '2026-12-23');
    const quote = (await creator.post(`/api/applications/${loan.id}/settlement-quote`, {})).json().quote;
    const settled = await h.admin.post(`/api/admin/settlement-quotes/${quote.id}/settle`, {});
    expect(settled.statusCode, settled.body).toBe(201);
    expect((await ownApplication(creator, loan.id)).status).toBe('completed');
    const settlement = (await ownApplication(creator, loan.id)).repaymentSchedule.payments.at(-1)!;

    const res = await reverse(settlement.id, { reason: 'The EFT was recalled by the bank' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await applicationOf(loan.id)).toMatchObject({
      status: 'active',
      repaymentSchedule: { status: 'active', remainingAmount: loan.schedule.totalAmount },
    });
    const s = await servicingOf(creator, loan.id);
    expect(s.instalments.every((i) => i.amountPaid === '0.00' && i.status !== 'settled')).toBe(true);
    const [q] = await queryRows<{ status: string }>(
      h.t.database.db,
      sql`select status from settlement_quotes where id = ${quote.id}`,
    );
    expect(q!.status).toBe('superseded');
    expect(await balances(loan.id)).toMatchObject({
      loans_receivable: new Decimal(loan.schedule.totalAmount).toFixed(2),
    });
  });

  it("a reversed month of earnings moves its shortfall back, and the month's earnings can be recorded again", async () => {
    const creator = await h.newCreator('earnings');
    const loan = await creatorPlanLoan(h.admin, creator, { requestedAmount: 10_000, monthlyRevenue: 3_000 });
    const planned = (await servicingOf(creator, loan.id)).instalments;
    travelTo(h.t, '2026-12-05');
    expect((await recordEarnings(h.admin, loan.id, 1_000, 11, 2026)).statusCode).toBe(201);
    const moved = await servicingOf(creator, loan.id);
    expect(moved.instalments).toHaveLength(planned.length + 1);
    const earningsPayment = (await ownApplication(creator, loan.id)).repaymentSchedule.payments.at(-1)!;

    expect(
      (await reverse(earningsPayment.id, { reason: 'Wrong month: these were December earnings' })).statusCode,
    ).toBe(200);
    const back = await servicingOf(creator, loan.id);
    expect(back.instalments.map((i) => [i.number, i.amountDue, i.amountPaid, i.amountDeferred])).toEqual(
      planned.map((i) => [i.number, i.amountDue, '0.00', '0.00']),
    );
    const again = await recordEarnings(h.admin, loan.id, 1_000, 11, 2026);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('twenty reversals of one payment at once: one reversal, the rest 409', async () => {
    const creator = await h.newCreator('burst');
    const loan = await adminLoan(h.admin, creator, { requestedAmount: 6_000 });
    const paid = await pay(h.admin, loan.id, '250.00', '2026-11-23');
    const paymentId = paid.json().data.payment.id as number;
    // Twenty requests at once: one waits for approval, the rest are told it already waits; approved, it is made once.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => askReversal(paymentId, { reason: 'Bounced by the bank' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, ...Array(19).fill(409)]);
    const waiting = answers.find((a) => a.statusCode === 202)!;
    expect((await withSecondApproval(h.admin, waiting)).statusCode).toBe(200);
    expect((await reverse(paymentId, { reason: 'Bounced by the bank' })).statusCode).toBe(409);
    const [journals] = await queryRows<{ n: number }>(
      h.t.database.db,
      sql`select count(*)::int as n from ledger_entries where payment_id = ${paymentId} and kind = 'reversal'`,
    );
    expect(journals!.n).toBe(1);
    expect(await auditRows(h.t.database.db, creator.userId, 'payment_reversed')).toHaveLength(1);
  });
});
