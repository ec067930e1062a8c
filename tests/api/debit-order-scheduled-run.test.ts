// The collection run built by itself (docs/debit-orders.md, "Built by itself"): the scheduled job
// builds the run of the business day DEBIT_ORDER_RUN_LEAD_BUSINESS_DAYS ahead when something falls due by then, one
// run whatever the number of ticks at once, and leaves a date with nothing to collect and a submitted run alone.
// Its own file: a fresh book, whose tests (in any order) each use loans of their own with due dates apart.
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

/** The day whose scheduled run (two business days ahead) is `collectionDate`. */
function dayThatBuilds(collectionDate: string) {
  let day = collectionDate;
  while (scheduledCollectionDate(new Date(`${day}T10:00:00+02:00`), 2) > collectionDate)
    day = addDays(day, -1);
  return day;
}

const deps = () => t.deps;

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
    const today = dayThatBuilds(first.dueDate);
    expect(scheduledCollectionDate(new Date(`${today}T10:00:00+02:00`), 2)).toBe(first.dueDate);

    // A week earlier nothing falls due by the run's date: no run, and nothing in the audit trail.
    travelTo(t, addDays(today, -7));
    expect(await buildScheduledRun(deps())).toBeNull();

    // On the day, twenty ticks at once build the one run.
    travelTo(t, today);
    const built = await Promise.all(Array.from({ length: 20 }, () => buildScheduledRun(deps())));
    const ids = new Set(built.filter((id) => id !== null));
    expect(ids.size).toBe(1);
    const runs = (await runsList()).data.filter((r) => r.collectionDate === first.dueDate);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.id).toBe([...ids][0]);
    expect(runs[0]).toMatchObject({ collectionDate: first.dueDate, items: 1, status: 'built' });
    const detail = (await admin.get(`/api/admin/debit-orders/runs/${runs[0]!.id}`)).json();
    expect(detail.items.data[0]).toMatchObject({
      applicationId: loan,
      amount: first.amountDue,
      attempt: 1,
    });
    const trail = await queryRows<{ admin_id: number | null; notes: string }>(
      t.database.db,
      sql`select admin_id, notes from user_admin_actions
          where action = 'debit_run_built' and notes like ${`Debit-order run ${runs[0]!.id} %`}`,
    );
    expect(trail).toHaveLength(1);
    expect(trail[0]!.admin_id).toBeNull();
    expect(trail[0]!.notes).toMatch(/built by the scheduled job\): 1 new item/);

    // Once its file is downloaded for the bank the run stays as it is: the next tick changes nothing.
    expect((await admin.get(`/api/admin/debit-orders/runs/${runs[0]!.id}/file`)).statusCode).toBe(200);
    travelTo(t, today, '11:00');
    expect(await buildScheduledRun(deps())).toBeNull();
    expect((await runsList()).data.filter((r) => r.collectionDate === first.dueDate)).toEqual([
      expect.objectContaining({ id: runs[0]!.id, items: 1, status: 'submitted' }),
    ]);
  });

  it('is brought up to date when its file is downloaded: a cancelled debit order leaves it, a part-paid instalment is collected in part', async () => {
    travelTo(t, '2026-12-01');
    const cancels = await quickUser(t, 'scheduled-run-cancels@example.com');
    const pays = await quickUser(t, 'scheduled-run-pays@example.com');
    const cancelled = await debitLoan(admin, cancels);
    const partPaid = await debitLoan(admin, pays);
    await authoriseMandate(cancels, cancelled, { accountNumber: '62001111' });
    await authoriseMandate(pays, partPaid, { accountNumber: '62002222' });
    const first = (await servicingOf(pays, partPaid)).instalments[0]!;
    const today = dayThatBuilds(first.dueDate);
    travelTo(t, today);
    const runId = await buildScheduledRun(deps());
    expect(runId).not.toBeNull();
    const built = (await admin.get(`/api/admin/debit-orders/runs/${runId}?pageSize=50`)).json();
    const mine = (loan: number) =>
      built.items.data.find((i: { applicationId: number }) => i.applicationId === loan);
    expect(mine(cancelled)).toBeDefined();
    expect(mine(partPaid)).toMatchObject({ amount: first.amountDue });

    // After the build, before the file: one creator cancels, the other pays R 100 of the instalment.
    travelTo(t, today, '14:00');
    expect((await cancels.post(`/api/applications/${cancelled}/debit-mandate/cancel`)).statusCode).toBe(200);
    const paid = await admin.post(`/api/admin/applications/${partPaid}/payments`, {
      amount: '100.00',
      paymentDate: today,
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const file = await admin.get(`/api/admin/debit-orders/runs/${runId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.body).not.toContain('62001111');
    const detail = (await admin.get(`/api/admin/debit-orders/runs/${runId}?pageSize=50`)).json();
    expect(detail.items.data.map((i: { applicationId: number }) => i.applicationId)).not.toContain(cancelled);
    const refreshed = detail.items.data.find((i: { applicationId: number }) => i.applicationId === partPaid);
    // The same item (its id in the file), for what is still open on the instalment.
    expect(refreshed.id).toBe(mine(partPaid).id);
    expect(Number(refreshed.amount)).toBeLessThan(Number(first.amountDue));
    expect(file.body).toContain(`D,${refreshed.id},`);
    expect(detail.run.excluded).toContainEqual({
      applicationId: cancelled,
      reason: 'The debit order is no longer active.',
    });
    const [downloaded] = await queryRows<{ notes: string }>(
      t.database.db,
      sql`select notes from user_admin_actions where action = 'debit_run_file_downloaded' and notes like ${`Debit-order run ${runId} %`}`,
    );
    expect(downloaded!.notes).toMatch(/0 added, 1 changed, 1 removed since it was built/);
  });

  it('a run never downloaded by its date holds nothing back: the next run collects those debit orders', async () => {
    travelTo(t, '2027-01-04');
    const creator = await quickUser(t, 'scheduled-run-missed@example.com');
    const loan = await debitLoan(admin, creator);
    await authoriseMandate(creator, loan, { accountNumber: '62003333' });
    const first = (await servicingOf(creator, loan)).instalments[0]!;
    const today = dayThatBuilds(first.dueDate);
    travelTo(t, today);
    const missed = await buildScheduledRun(deps());
    expect(missed).not.toBeNull();
    // Nobody downloads it; a week later the job's run (or an admin's) collects the instalment.
    travelTo(t, addDays(first.dueDate, 7));
    const next = await buildScheduledRun(deps());
    expect(next).not.toBeNull();
    expect(next).not.toBe(missed);
    const detail = (await admin.get(`/api/admin/debit-orders/runs/${next}?pageSize=50`)).json();
    expect(detail.items.data.map((i: { applicationId: number }) => i.applicationId)).toContain(loan);
    // The missed run, downloaded late after all, no longer collects what the newer run does: never twice.
    const late = await admin.get(`/api/admin/debit-orders/runs/${missed}/file`);
    expect(late.statusCode).toBe(200);
    expect(late.body).not.toContain('62003333');
  });
});
