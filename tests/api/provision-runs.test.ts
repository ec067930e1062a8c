// Provisioning runs under load and by role (docs/accounting.md, "Provisions"): 20 runs at once take turns and leave
// the loss allowance at the expected loss once; every member of staff reads the report, finance or an admin runs it.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import type { ProvisionsAnswer } from '../../src/shared/schemas/books';
import { useNoticesHarness } from '../support/notices';
import { adminLoan, quickUser } from '../support/servicing';

describe('provisioning runs', () => {
  const h = useNoticesHarness('provision-runs');

  const report = async () => {
    const res = await h.admin.get('/api/admin/books/provisions');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ProvisionsAnswer;
  };

  async function allowance() {
    const [row] = await queryRows<{ balance: string }>(
      h.t.database.db,
      sql`select coalesce(sum(debit - credit), 0)::numeric(14,2)::text as balance from ledger_lines
        where account = 'loss_allowance'`,
    );
    return row!.balance;
  }

  it('20 runs at once take turns: the allowance ends at the expected loss once', async () => {
    await adminLoan(h.admin, await h.newCreator('burst'), { requestedAmount: 5_000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => h.admin.post('/api/admin/books/provisions')),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const latest = (await report()).latest!;
    expect(await allowance()).toBe(new Decimal(latest.totals.ecl).negated().toFixed(2));
    // Each run after the first of the burst finds the allowance where it should be: nothing more to move.
    const runs = (await report()).runs.slice(0, 20);
    expect(runs.filter((r) => r.allowanceBefore !== r.allowanceAfter).length).toBeLessThanOrEqual(1);
    for (const r of runs) expect(r.allowanceAfter).toBe(latest.totals.ecl);
  });

  it('lets every member of staff read the provisions and only finance or an admin run them', async () => {
    const collector = await quickUser(h.t, 'provisions-collector@example.com', 'collector');
    const auditor = await quickUser(h.t, 'provisions-auditor@example.com', 'auditor');
    expect((await auditor.get('/api/admin/books/provisions')).statusCode).toBe(200);
    expect((await collector.post('/api/admin/books/provisions')).statusCode).toBe(403);
    expect((await auditor.post('/api/admin/books/provisions')).statusCode).toBe(403);
    const creator = await h.newCreator('roles');
    expect((await creator.get('/api/admin/books/provisions')).statusCode).toBe(403);
  });
});
