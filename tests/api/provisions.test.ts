// Provisions (docs/accounting.md, "Provisions"): on a fixed book (one loan current, one 46
// days late, one in default) a run stages each loan and adds up PD x LGD x exposure as this test computes it, and one
// journal moves the loss allowance there; a write-off uses what the allowance held for its loan; the next run's
// movement adds up (opening - used + charge = closing). The book is this file's alone: one test, in order.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { ECL_PARAMETERS, type ProvisionStage } from '../../src/shared/ledger/provisioning';
import type { ProvisionsAnswer } from '../../src/shared/schemas/books';
import { withSecondApproval } from '../support/approvals';
import { useNoticesHarness } from '../support/notices';
import { adminLoan, travelTo } from '../support/servicing';

describe('provisions for expected credit losses', () => {
  const h = useNoticesHarness('provisions');

  /** An account's balance (debits less credits) over every journal. */
  async function balanceOf(account: string) {
    const [row] = await queryRows<{ balance: string }>(
      h.t.database.db,
      sql`select coalesce(sum(debit - credit), 0)::numeric(14,2)::text as balance from ledger_lines
        where account = ${account}`,
    );
    return row!.balance;
  }

  /** What this test expects of a loan: its stage from its state, exposure and ECL computed here. */
  async function expected(id: number, stage: ProvisionStage) {
    const [s] = await queryRows<{ remaining: string; total: string; cost: string }>(
      h.t.database.db,
      sql`select remaining_amount::text as remaining, total_amount::text as total, cost_amount::text as cost
        from repayment_schedules where application_id = ${id}`,
    );
    const exposure = new Decimal(s!.remaining)
      .times(new Decimal(s!.total).minus(s!.cost))
      .div(s!.total)
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const { pd, lgd } = ECL_PARAMETERS[stage];
    const ecl = exposure.times(pd).times(lgd).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    return { stage, exposure, ecl };
  }

  const report = async () => {
    const res = await h.admin.get('/api/admin/books/provisions');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ProvisionsAnswer;
  };

  it('stages a fixed book, books the allowance, uses it on a write-off, and its movement adds up', async () => {
    expect((await report()).latest).toBeNull();
    // A loan that never pays, paid out on 23 November 2026: in default by late April.
    const defaulted = await adminLoan(h.admin, await h.newCreator('c'), { requestedAmount: 10_000 });
    travelTo(h.t, '2027-02-10');
    const late = await adminLoan(h.admin, await h.newCreator('b'), { requestedAmount: 8_000 });
    travelTo(h.t, '2027-04-27');
    await h.runJobs();
    const current = await adminLoan(h.admin, await h.newCreator('a'), { requestedAmount: 6_000 });
    const statuses = await queryRows<{ id: number; status: string; dpd: number }>(
      h.t.database.db,
      sql`select a.id, a.status, coalesce('2027-04-27'::date - s.arrears_from, 0) as dpd
        from financing_applications a join repayment_schedules s on s.application_id = a.id order by a.id`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['defaulted', 'active', 'active']);
    expect(statuses[1]!.dpd).toBeGreaterThan(30);
    expect(statuses[1]!.dpd).toBeLessThanOrEqual(90);

    const book = [await expected(defaulted.id, 3), await expected(late.id, 2), await expected(current.id, 1)];
    const required = book.reduce((sum, l) => sum.plus(l.ecl), new Decimal(0));

    const ran = await h.admin.post('/api/admin/books/provisions');
    expect(ran.statusCode, ran.body).toBe(201);
    expect(ran.json().message).toMatch(/on 3 loans; the loss allowance raised by R/);
    const first = await report();
    expect(first.latest!.stages.map((s) => [s.stage, s.loans, s.exposure, s.ecl])).toEqual(
      [1, 2, 3].map((stage) => {
        const loan = book.find((l) => l.stage === stage)!;
        return [stage, 1, loan.exposure.toFixed(2), loan.ecl.toFixed(2)];
      }),
    );
    expect(first.latest!.totals.ecl).toBe(required.toFixed(2));
    expect(first.latest!.movement).toEqual({
      opening: '0.00',
      usedByWriteOffs: '0.00',
      charge: required.toFixed(2),
      closing: required.toFixed(2),
    });
    expect(await balanceOf('loss_allowance')).toBe(required.negated().toFixed(2));
    expect(await balanceOf('impairment_expense')).toBe(required.toFixed(2));

    // The write-off of the defaulted loan uses what the allowance held for it.
    const heldForDefaulted = book[0]!.ecl;
    const written = await withSecondApproval(
      h.admin,
      h.admin.post(`/api/admin/applications/${defaulted.id}/write-off`, {
        reason: 'Creator unreachable for 120 days; no assets to pursue.',
      }),
    );
    expect(written.statusCode, written.body).toBe(200);
    const [lines] = await queryRows<{ allowance: string; expense: string }>(
      h.t.database.db,
      sql`select sum(l.debit) filter (where l.account = 'loss_allowance')::text as allowance,
          sum(l.debit) filter (where l.account = 'write_off_expense')::text as expense
        from ledger_lines l join ledger_entries e on e.id = l.entry_id
        where e.kind = 'write_off' and e.application_id = ${defaulted.id}`,
    );
    expect(lines!.allowance).toBe(heldForDefaulted.toFixed(2));
    expect(new Decimal(lines!.allowance).plus(lines!.expense).toFixed(2)).toBe(book[0]!.exposure.toFixed(2));
    expect((await report()).allowanceNow).toBe(required.minus(heldForDefaulted).toFixed(2));

    // The next run: the written-off loan is off the books; the movement adds up.
    expect((await h.admin.post('/api/admin/books/provisions')).statusCode).toBe(201);
    const second = await report();
    const stillRequired = book[1]!.ecl.plus(book[2]!.ecl);
    const m = second.latest!.movement;
    expect(m.opening).toBe(required.toFixed(2));
    expect(m.usedByWriteOffs).toBe(heldForDefaulted.toFixed(2));
    expect(m.closing).toBe(stillRequired.toFixed(2));
    expect(new Decimal(m.opening).minus(m.usedByWriteOffs).plus(m.charge).toFixed(2)).toBe(m.closing);
    expect(second.latest!.stages.find((s) => s.stage === 3)!.loans).toBe(0);
    expect(second.runs).toHaveLength(2);
    expect(await balanceOf('loss_allowance')).toBe(stillRequired.negated().toFixed(2));

    // The allowance report as a CSV file: the stages, the total, the movement.
    const csv = await h.admin.get('/api/admin/books/provisions.csv');
    expect(csv.statusCode).toBe(200);
    const rows = Papa.parse<Record<string, string>>(csv.body, { header: true, skipEmptyLines: true }).data;
    expect(Object.keys(rows[0]!)).toEqual([
      'As at',
      'Stage or movement',
      'Loans',
      'Exposure',
      'Probability of default',
      'Loss given default',
      'Amount',
    ]);
    expect(rows.map((r) => [r['Stage or movement'], r.Amount])).toEqual([
      ...second.latest!.stages.map((st) => [st.label, st.ecl]),
      ['Total', second.latest!.totals.ecl],
      ['Allowance at the run before', m.opening],
      ['Used by write-offs', m.usedByWriteOffs],
      ['Charged (released when negative)', m.charge],
      ['Allowance after this run', m.closing],
    ]);

    const audit = await queryRows<{ n: number }>(
      h.t.database.db,
      sql`select count(*)::int as n from user_admin_actions where action = 'provisions_run'`,
    );
    expect(audit[0]!.n).toBe(2);
  });
});
