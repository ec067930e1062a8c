// Forgiving a written-off balance (docs/lending.md, "Forgiving a written-off balance"): a separate, audited action under
// dual control, only for a loan already written off. What is still owed is forgiven on its instalments, the loan
// closes, the books (which wrote it off) do not move, the creator is told in writing, and nothing more can be paid or
// forgiven. Refusals store nothing; of 20 approvals at once one forgives the balance.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { secondApprover, withSecondApproval } from '../support/approvals';
import { defaultedLoan, plain, useNoticesHarness, zar } from '../support/notices';
import { auditRows, loanBooks, payOk, quickUser, travelTo } from '../support/servicing';

describe('forgiving a written-off balance', () => {
  const h = useNoticesHarness('forgive');
  const forgive = (id: number, reason = 'Creator deceased; the estate has no assets.') =>
    h.admin.post(`/api/admin/applications/${id}/forgive`, { reason });
  const writeOff = (id: number) =>
    withSecondApproval(
      h.admin,
      h.admin.post(`/api/admin/applications/${id}/write-off`, { reason: 'Unreachable for 120 days.' }),
    );

  const books = (id: number) => loanBooks(h.t.database.db, id);
  const loanRow = async (id: number) =>
    (
      await queryRows<{
        status: string;
        schedule_status: string;
        remaining: string;
        forgiven_on: string | null;
        forgiven_amount: string | null;
        forgiven_on_instalments: string;
      }>(
        h.t.database.db,
        sql`select a.status, s.status as schedule_status, s.remaining_amount::text as remaining,
            to_char(s.forgiven_on, 'YYYY-MM-DD') as forgiven_on, s.forgiven_amount::text,
            (select sum(i.amount_forgiven) from repayment_instalments i
              where i.schedule_id = s.id and i.voided_on is null)::text as forgiven_on_instalments
          from financing_applications a join repayment_schedules s on s.application_id = a.id
          where a.id = ${id}`,
      )
    )[0]!;

  const defaulted = (tag: string) => defaultedLoan(h, tag);

  it('forgives what is owed on its instalments, closes the loan, leaves the books alone and tells the creator', async () => {
    const { creator, loan } = await defaulted('forgive');
    expect((await writeOff(loan.id)).statusCode).toBe(200);
    // A recovery after the write-off: the balance forgiven is what is owed after it.
    travelTo(h.t, '2027-05-10');
    const recovery = await payOk(h.admin, loan.id, '1500.00', '2027-05-10');
    const owed = (await loanRow(loan.id)).remaining;
    const booksBefore = await books(loan.id);

    travelTo(h.t, '2027-05-20');
    const asked = await forgive(loan.id);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(plain(asked.json().pendingApproval.summary)).toContain(zar(owed));
    // Nothing happens until a second person approves.
    expect((await loanRow(loan.id)).forgiven_on).toBeNull();
    const approver = await secondApprover(h.t.app);
    const approved = await approver.post(`/api/admin/approvals/${asked.json().pendingApproval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);

    expect(await loanRow(loan.id)).toEqual({
      status: 'completed',
      schedule_status: 'completed',
      remaining: '0.00',
      forgiven_on: '2027-05-20',
      forgiven_amount: owed,
      forgiven_on_instalments: owed,
    });
    expect(await books(loan.id)).toEqual(booksBefore);

    // The creator's plan: every instalment closed, the unpaid ones forgiven, nothing overdue, the day and amount.
    const servicing = await creator.get(`/api/applications/${loan.id}/servicing`);
    expect(servicing.statusCode, servicing.body).toBe(200);
    const view = servicing.json();
    expect(view.forgiven).toEqual({ on: '2027-05-20', amount: owed });
    expect(view.position.amountOverdue).toBe('0.00');
    expect(view.position.daysPastDue).toBe(0);
    // The first instalment and what the recovery covered in full read Paid; every other one Forgiven.
    type Line = { status: string; amountDue: string; amountPaid: string; outstanding: string };
    const lines: Line[] = view.instalments;
    expect(lines[0]!.status).toBe('paid');
    expect(lines.filter((i) => i.status === 'forgiven').length).toBeGreaterThan(1);
    for (const i of lines) {
      expect(i.outstanding).toBe('0.00');
      expect(i.status).toBe(i.amountPaid === i.amountDue ? 'paid' : 'forgiven');
    }

    // The statement says so, to the creator and to staff.
    for (const reader of [creator, h.admin]) {
      const statement = await reader.get(`/api/applications/${loan.id}/statement`);
      expect(statement.statusCode, statement.body).toBe(200);
      expect(statement.json().schedule.forgiven).toEqual({ on: '2027-05-20', amount: owed });
    }

    // The jobs on 20 May make April's bureau file: the account as it stood at April's end, before the recovery and the
    // forgiveness, in default.
    await h.runJobs();
    const ref = `VUKA${String(loan.id).padStart(8, '0')}`;
    const bureauRecord = async (month: string) => {
      const file = await h.admin.get(`/api/admin/bureau-submissions/${month}`);
      expect(file.statusCode, file.body).toBe(200);
      return file.body
        .split('\r\n')
        .find((l) => l.includes(ref))
        ?.split(',');
    };
    const april = await bureauRecord('2027-04');
    expect(april?.[12]).toBe(new Decimal(owed).plus('1500.00').toFixed(2));
    const letter = h.only(creator.username, /the balance is forgiven/);
    expect(letter.text).toContain(`forgave the ${zar(owed)} still owed on your financing #${loan.id}`);
    expect(letter.text).toContain('You owe Vuka Capital nothing more on it');

    const audit = await auditRows(h.t.database.db, creator.userId, 'loan_balance_forgiven');
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).toMatch(/Creator deceased/);

    // Nothing more can be paid, nor forgiven again; and the loan review leaves the closed loan alone.
    const paid = await h.admin.post(`/api/admin/applications/${loan.id}/payments`, {
      amount: 100,
      paymentDate: '2027-05-20',
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toMatch(/was forgiven on 20 May 2027: nothing is owed/);
    const reversal = await h.admin.post(`/api/admin/payments/${recovery.payment.id}/reverse`, {
      reason: 'The transfer was recalled',
    });
    expect(reversal.statusCode).toBe(409);
    expect(reversal.json().error).toMatch(/forgiven on 20 May 2027: its payments can no longer be reversed/);
    const again = await forgive(loan.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already forgiven on 20 May 2027/);
    const reminders = h.matching(creator.username, /overdue|default|due/i).length;
    travelTo(h.t, '2027-07-01');
    await h.runJobs();
    expect((await loanRow(loan.id)).status).toBe('completed');
    expect(h.matching(creator.username, /overdue|default|due/i)).toHaveLength(reminders);
    // June's file (made on 1 July) no longer lists the account: nothing is owed.
    expect(await bureauRecord('2027-06')).toBeUndefined();
  });

  it('refuses a loan not written off, a short reason and the wrong roles, storing nothing', async () => {
    const { creator, loan } = await defaulted('refuse');
    const notWrittenOff = await forgive(loan.id);
    expect(notWrittenOff.statusCode).toBe(409);
    expect(notWrittenOff.json().error).toMatch(/Only a written-off loan's balance can be forgiven/);
    expect((await writeOff(loan.id)).statusCode).toBe(200);
    const short = await forgive(loan.id, 'no');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/at least 5 characters/);
    const collector = await quickUser(h.t, `forgive-collector-${Date.now()}@example.com`, 'collector');
    expect(
      (await collector.post(`/api/admin/applications/${loan.id}/forgive`, { reason: 'Not mine to do' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await creator.post(`/api/admin/applications/${loan.id}/forgive`, { reason: 'Please forgive me' }))
        .statusCode,
    ).toBe(403);
    const visitor = await h.t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${loan.id}/forgive`,
      payload: { reason: 'Anonymous' },
    });
    expect(visitor.statusCode).toBe(401);
    const missing = await forgive(999_999);
    expect(missing.statusCode).toBe(404);
    const waiting = await queryRows<{ n: number }>(
      h.t.database.db,
      sql`select count(*)::int as n from approval_requests where kind = 'balance_forgiveness'
          and application_id = ${loan.id}`,
    );
    expect(waiting[0]!.n).toBe(0);
    const row = await loanRow(loan.id);
    expect(row.forgiven_on).toBeNull();
    expect(new Decimal(row.remaining).gt(0)).toBe(true);
  });

  it('of 20 approvals at once, one forgives the balance', async () => {
    const { loan } = await defaulted('burst');
    expect((await writeOff(loan.id)).statusCode).toBe(200);
    const owed = (await loanRow(loan.id)).remaining;
    const asked = await forgive(loan.id);
    expect(asked.statusCode, asked.body).toBe(202);
    const approver = await secondApprover(h.t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        approver.post(`/api/admin/approvals/${asked.json().pendingApproval.id}/approve`),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const row = await loanRow(loan.id);
    expect(row.forgiven_amount).toBe(owed);
    expect(row.forgiven_on_instalments).toBe(owed);
  });
});
