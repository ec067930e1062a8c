// Write-off and recovery (docs/lending.md, "Write-off and recovery"): a defaulted loan is written off
// with a reason under dual control: what the books hold for it as receivable leaves them (its unearned cost reversed,
// the rest write-off expense), the creator's balance stays owed, and a later payment is a recovery. Refusals store
// nothing; of 20 approvals at once one writes the loan off.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { secondApprover, withSecondApproval } from '../support/approvals';
import { defaultedLoan, useNoticesHarness } from '../support/notices';
import { adminLoan, auditRows, loanBooks, payOk, quickUser, travelTo } from '../support/servicing';

describe('writing off a defaulted loan', () => {
  const h = useNoticesHarness('write-off');
  const ask = (id: number, reason = 'Creator unreachable for 120 days; no assets to pursue.') =>
    h.admin.post(`/api/admin/applications/${id}/write-off`, { reason });

  const books = (id: number) => loanBooks(h.t.database.db, id);
  const schedule = async (id: number) =>
    (
      await queryRows<{
        remaining: string;
        written_off_on: string | null;
        written_off_amount: string | null;
      }>(
        h.t.database.db,
        sql`select remaining_amount::text as remaining, to_char(written_off_on, 'YYYY-MM-DD') as written_off_on,
            written_off_amount::text from repayment_schedules where application_id = ${id}`,
      )
    )[0]!;

  const defaulted = (tag: string) => defaultedLoan(h, tag);

  it('takes the receivable off the books, reverses the unearned cost, and leaves the balance owed', async () => {
    const { creator, loan } = await defaulted('off');
    const before = await books(loan.id);
    const owed = (await schedule(loan.id)).remaining;
    const receivable = new Decimal(before.loans_receivable!);
    const unearned = new Decimal(before.deferred_cost_income!).negated();

    const res = await withSecondApproval(h.admin, ask(loan.id));
    expect(res.statusCode, res.body).toBe(200);
    const after = await books(loan.id);
    expect(after.loans_receivable).toBeUndefined();
    expect(after.deferred_cost_income).toBeUndefined();
    expect(after.write_off_expense).toBe(receivable.minus(unearned).toFixed(2));
    // Income already earned and the cash stay as they were.
    expect(after.cash).toBe(before.cash);
    expect(after.cost_income).toBe(before.cost_income);
    expect(await schedule(loan.id)).toEqual({
      remaining: owed,
      written_off_on: '2027-04-25',
      written_off_amount: receivable.toFixed(2),
    });
    const audit = await auditRows(h.t.database.db, creator.userId, 'loan_written_off');
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).toMatch(/The creator still owes/);

    // Asked again: refused up front, nothing waits.
    const again = await ask(loan.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already written off on 25 Apr 2027/);
  });

  it('books a later payment as a recovery; the balance owed falls by it; a reversed recovery is taken back', async () => {
    const { loan } = await defaulted('recovery');
    expect((await withSecondApproval(h.admin, ask(loan.id))).statusCode).toBe(200);
    const before = await books(loan.id);
    const owed = new Decimal((await schedule(loan.id)).remaining);

    const paid = await payOk(h.admin, loan.id, '1000.00', '2027-04-25');
    const after = await books(loan.id);
    expect(after.recoveries).toBe('-1000.00');
    expect(after.platform_fee_income).toBe(
      new Decimal(before.platform_fee_income!).minus('25.00').toFixed(2),
    );
    expect(after.cash).toBe(new Decimal(before.cash!).plus('1025.00').toFixed(2));
    expect(after.loans_receivable).toBeUndefined();
    expect((await schedule(loan.id)).remaining).toBe(owed.minus(1000).toFixed(2));

    const reversal = await withSecondApproval(
      h.admin,
      h.admin.post(`/api/admin/payments/${paid.payment.id}/reverse`, { reason: 'The transfer was recalled' }),
    );
    expect(reversal.statusCode, reversal.body).toBe(200);
    expect(await books(loan.id)).toEqual(before);
    expect((await schedule(loan.id)).remaining).toBe(owed.toFixed(2));
  });

  it('refuses a loan that is not in default, a short reason and the wrong role, storing nothing', async () => {
    travelTo(h.t, '2026-11-23');
    const creator = await h.newCreator('active');
    const loan = await adminLoan(h.admin, creator, { requestedAmount: 5_000 });
    const active = await ask(loan.id);
    expect(active.statusCode).toBe(409);
    expect(active.json().error).toMatch(/Only a defaulted loan can be written off/);
    const short = await ask(loan.id, 'bad');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/at least 5 characters/);
    const collector = await quickUser(h.t, `write-off-collector-${Date.now()}@example.com`, 'collector');
    expect(
      (await collector.post(`/api/admin/applications/${loan.id}/write-off`, { reason: 'Not mine to do' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await creator.post(`/api/admin/applications/${loan.id}/write-off`, { reason: 'Please forgive' }))
        .statusCode,
    ).toBe(403);
    const waiting = await queryRows<{ n: number }>(
      h.t.database.db,
      sql`select count(*)::int as n from approval_requests where kind = 'write_off' and application_id = ${loan.id}`,
    );
    expect(waiting[0]!.n).toBe(0);
    expect((await schedule(loan.id)).written_off_on).toBeNull();
  });

  it('of 20 approvals at once, one writes the loan off', async () => {
    const { loan } = await defaulted('burst');
    const asked = await ask(loan.id);
    expect(asked.statusCode, asked.body).toBe(202);
    const id = asked.json().pendingApproval.id as number;
    const approver = await secondApprover(h.t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => approver.post(`/api/admin/approvals/${id}/approve`)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const journals = await queryRows<{ n: number }>(
      h.t.database.db,
      sql`select count(*)::int as n from ledger_entries where kind = 'write_off' and application_id = ${loan.id}`,
    );
    expect(journals[0]!.n).toBe(1);
  });
});
