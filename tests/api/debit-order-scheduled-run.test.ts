// The collection run built by itself (issue 33 item 4; docs/debit-orders.md, "Built by itself"): the scheduled job
// builds the run of the business day DEBIT_ORDER_RUN_LEAD_BUSINESS_DAYS ahead when something falls due by then, one
// run whatever the number of ticks at once, and leaves a date with nothing to collect and a submitted run alone.
// Its own file: a fresh book, so no other test's mandates have something due on the dates it asks about.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import {
  buildScheduledRun,
  scheduledCollectionDate,
} from '../../src/server/features/debit-orders/runs.service';
import { addDays } from '../../src/shared/business-date';
import { authoriseMandate, debitLoan } from '../support/debit-orders';
import { quickUser, type SignedIn, servicingOf, travelTo } from '../support/servicing';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, 'scheduled-run-admin@example.com', 'admin');
});
afterAll(() => t.close());

const deps = () => ({ db: t.database.db, config: t.app.ctx.config, clock: t.clock });

async function runsList() {
  const res = await admin.get('/api/admin/debit-orders/runs?pageSize=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Array<{ id: number; collectionDate: string; items: number; status: string }> };
}

describe('the scheduled collection run', () => {
  it('is built two business days before an instalment falls due, once, with the loan in it', async () => {
    travelTo(t, '2026-11-23');
    const creator = await quickUser(t, 'scheduled-run-creator@example.com');
    const loan = await debitLoan(admin, creator);
    await authoriseMandate(creator, loan);
    const first = (await servicingOf(creator, loan)).instalments[0]!;

    // The day whose run, two business days ahead, is the first due date.
    let today = first.dueDate;
    while (scheduledCollectionDate(new Date(`${today}T10:00:00+02:00`), 2) > first.dueDate)
      today = addDays(today, -1);
    expect(scheduledCollectionDate(new Date(`${today}T10:00:00+02:00`), 2)).toBe(first.dueDate);

    // A week earlier nothing falls due by the run's date: no run, and nothing in the audit trail.
    travelTo(t, addDays(today, -7));
    expect(await buildScheduledRun(deps())).toBeNull();
    expect((await runsList()).data).toHaveLength(0);

    // On the day, twenty ticks at once build the one run.
    travelTo(t, today);
    const built = await Promise.all(Array.from({ length: 20 }, () => buildScheduledRun(deps())));
    const ids = new Set(built.filter((id) => id !== null));
    expect(ids.size).toBe(1);
    const runs = (await runsList()).data;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ collectionDate: first.dueDate, items: 1, status: 'built' });
    const detail = (await admin.get(`/api/admin/debit-orders/runs/${runs[0]!.id}`)).json();
    expect(detail.items.data[0]).toMatchObject({
      applicationId: loan,
      amount: first.amountDue,
      attempt: 1,
    });
    const trail = await queryRows<{ admin_id: number | null; notes: string }>(
      t.database.db,
      sql`select admin_id, notes from user_admin_actions where action = 'debit_run_built'`,
    );
    expect(trail).toHaveLength(1);
    expect(trail[0]!.admin_id).toBeNull();
    expect(trail[0]!.notes).toMatch(/built by the scheduled job\): 1 new item/);

    // Once its file is downloaded for the bank the run stays as it is: the next tick changes nothing.
    expect((await admin.get(`/api/admin/debit-orders/runs/${runs[0]!.id}/file`)).statusCode).toBe(200);
    travelTo(t, today, '11:00');
    expect(await buildScheduledRun(deps())).toBeNull();
    expect((await runsList()).data).toEqual([expect.objectContaining({ id: runs[0]!.id, items: 1 })]);
  });
});
