// An existing book upgrades to oldest-first allocation (migration 0009): a database written by the
// previous version, where a prepayment paid the last instalments first, gets every loan's payments allocated again
// in due-date order. Every rand stays where the books have it (payments, balances, the ledger); only which instalment
// received it changes, with the schedules' next due date, the day they are late from and the months to go. On
// PGlite and on PostgreSQL.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type DatabaseHandle, queryRows } from '../../src/server/db/client';
import { ManualClock } from '../../src/server/lib/clock';
import { migrateTo, migrationsBefore } from '../support/old-migrations';
import { openTestDatabase, TEST_EPOCH } from '../support/test-app';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let ids: { prepaid: number; late: number; repaid: number };

const config = () =>
  Object.assign(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vuka-upgrade-')),
      SESSION_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'silent',
    }),
    { runJobs: false },
  );

/** What the books say, loan by loan: must be the same before and after. */
const books = () =>
  queryRows<{ application_id: number; paid: string; allocated: string; remaining: string; ledger: string }>(
    database.db,
    sql`select s.application_id,
          (select coalesce(sum(amount), 0)::text from payments p where p.application_id = s.application_id) as paid,
          (select coalesce(sum(amount_paid), 0)::text from repayment_instalments i where i.schedule_id = s.id) as allocated,
          s.remaining_amount::text as remaining,
          (select coalesce(sum(l.debit - l.credit), 0)::text from ledger_lines l join ledger_entries e on e.id = l.entry_id
             where e.application_id = s.application_id and l.account = 'loans_receivable') as ledger
        from repayment_schedules s order by s.application_id`,
  );

let before: Awaited<ReturnType<typeof books>>;

beforeAll(async () => {
  ({ handle: database, drop } = await openTestDatabase({ empty: true }));
  await migrateTo(database, migrationsBefore(9));
  const db = database.db;
  await db.execute(
    sql`insert into users (username, password_hash, first_name, last_name, verified) values ('old@example.com', 'x', 'Old', 'Book', true)`,
  );
  const apps = await queryRows<{ id: number }>(
    db,
    sql`insert into financing_applications (user_id, monthly_revenue, requested_amount, status)
        select users.id, 5000, v.amount, v.status from users,
          (values (10000, 'active', 1), (5000, 'active', 2), (2000, 'completed', 3)) v(amount, status, n)
        order by n returning id`,
  );
  ids = { prepaid: apps[0]!.id, late: apps[1]!.id, repaid: apps[2]!.id };
  // Three loans as the previous version wrote them (12 x R1 000, 6 x R1 000, 2 x R1 000 from 10 June 2026).
  await db.execute(sql`insert into repayment_schedules
      (application_id, user_id, start_date, end_date, total_amount, remaining_amount, installment_amount, cost_amount,
       frequency, next_payment_date, status, payment_method, withholding_percentage, platform_fee_rate, paid_amount,
       estimated_remaining_duration)
    select a.id, a.user_id, '2026-06-10T10:00:00+02:00', v.end_date::date, v.total, v.remaining, 1000, v.total - a.requested_amount,
       'monthly', v.next::date, v.status, 'manual', 20, 2.5, v.total - v.remaining, v.months_left
    from financing_applications a join (values
      (${ids.prepaid}::int, '2027-06-10', 12000, 9000, '2026-07-10', 'active', 9),
      (${ids.late}, '2026-12-10', 6000, 5500, '2026-07-10', 'active', 6),
      (${ids.repaid}, '2026-08-10', 2000, 0, null::text, 'completed', 0)
    ) v(id, end_date, total, remaining, next, status, months_left) on v.id = a.id`);
  await db.execute(sql`insert into repayment_instalments (schedule_id, number, due_date, amount_due, amount_paid)
    select s.id, n, (date '2026-06-10' + make_interval(months => n))::date, 1000,
      case
        when s.application_id = ${ids.prepaid} and n in (1, 11, 12) then 1000
        when s.application_id = ${ids.late} and n = 6 then 500
        when s.application_id = ${ids.repaid} then 1000
        else 0 end
    from repayment_schedules s, generate_series(1, 12) n
    where n <= s.total_amount / 1000`);
  // The prepaid loan: R 3 000 on its first day, which the old rule put on #1, #12 and #11. The late loan: R 500
  // paid early, on its last instalment; nothing since.
  await db.execute(sql`insert into payments (application_id, amount, payment_date, kind, platform_fee) values
      (${ids.prepaid}, 3000, '2026-06-10', 'manual', 75),
      (${ids.late}, 500, '2026-06-20', 'manual', 12.5),
      (${ids.repaid}, 1000, '2026-07-10', 'manual', 25),
      (${ids.repaid}, 1000, '2026-08-10', 'manual', 25)`);
  await db.execute(sql`insert into payment_allocations (payment_id, instalment_id, amount)
    select p.id, i.id, i.amount_paid from payments p
      join repayment_schedules s on s.application_id = p.application_id
      join repayment_instalments i on i.schedule_id = s.id and i.amount_paid > 0
    where p.application_id in (${ids.prepaid}, ${ids.late})
    union all
    select p.id, i.id, 1000 from payments p
      join repayment_schedules s on s.application_id = p.application_id
      join repayment_instalments i on i.schedule_id = s.id
        and i.number = case when p.payment_date = '2026-07-10' then 1 else 2 end
    where p.application_id = ${ids.repaid}`);
  // The disbursement and the repayments in the ledger, as the old code posted them (receivable side).
  await db.execute(sql`insert into ledger_entries (kind, application_id, description)
    select 'disbursement', id, 'Disbursement' from financing_applications`);
  await db.execute(sql`insert into ledger_lines (entry_id, account, debit, credit)
    select e.id, 'loans_receivable', s.total_amount, 0 from ledger_entries e
      join repayment_schedules s on s.application_id = e.application_id
    union all
    select e.id, 'cash', 0, s.total_amount from ledger_entries e
      join repayment_schedules s on s.application_id = e.application_id`);
  await db.execute(sql`insert into ledger_entries (kind, application_id, payment_id, description)
    select 'repayment', application_id, id, 'Repayment received' from payments`);
  await db.execute(sql`insert into ledger_lines (entry_id, account, debit, credit)
    select e.id, 'cash', p.amount, 0 from ledger_entries e join payments p on p.id = e.payment_id
    union all
    select e.id, 'loans_receivable', 0, p.amount from ledger_entries e join payments p on p.id = e.payment_id`);
  before = await books();

  // Start the current app on it: migration 0009 runs at start-up.
  const app = await buildApp(config(), { database, clock: new ManualClock(TEST_EPOCH), logger: false });
  await app.close();
});

afterAll(async () => {
  await database.close();
  await drop();
});

const instalmentsOf = (applicationId: number) =>
  queryRows<{ number: number; amount_paid: string }>(
    database.db,
    sql`select i.number, i.amount_paid::text from repayment_instalments i
        join repayment_schedules s on s.id = i.schedule_id
        where s.application_id = ${applicationId} order by i.number`,
  );

describe('upgrading to oldest-first allocation (migration 0009)', () => {
  it('keeps every rand: payments, what the instalments received, balances and the ledger', async () => {
    expect(await books()).toEqual(before);
    for (const loan of before) expect(loan.allocated).toBe(loan.paid);
  });

  it('re-allocates each loan oldest first, and each payment to where its slice of the total fell', async () => {
    expect((await instalmentsOf(ids.prepaid)).map((i) => i.amount_paid)).toEqual([
      ...Array(3).fill('1000.00'),
      ...Array(9).fill('0.00'),
    ]);
    expect((await instalmentsOf(ids.late)).map((i) => i.amount_paid)).toEqual([
      '500.00',
      ...Array(5).fill('0.00'),
    ]);
    const allocations = await queryRows<{ application_id: number; number: number; amount: string }>(
      database.db,
      sql`select p.application_id, i.number, a.amount::text from payment_allocations a
          join payments p on p.id = a.payment_id join repayment_instalments i on i.id = a.instalment_id
          order by p.application_id, p.id, i.number`,
    );
    expect(allocations).toEqual([
      { application_id: ids.prepaid, number: 1, amount: '1000.00' },
      { application_id: ids.prepaid, number: 2, amount: '1000.00' },
      { application_id: ids.prepaid, number: 3, amount: '1000.00' },
      { application_id: ids.late, number: 1, amount: '500.00' },
      { application_id: ids.repaid, number: 1, amount: '1000.00' },
      { application_id: ids.repaid, number: 2, amount: '1000.00' },
    ]);
  });

  it('sets the next due date, the day each loan is late from, and the months to go', async () => {
    const schedules = await queryRows<{
      application_id: number;
      next: string | null;
      late: string | null;
      tolerance: string;
      left: number;
    }>(
      database.db,
      sql`select application_id, to_char(next_payment_date, 'YYYY-MM-DD') as next,
            to_char(arrears_from, 'YYYY-MM-DD') as late, arrears_tolerance::text as tolerance,
            estimated_remaining_duration as left
          from repayment_schedules order by application_id`,
    );
    expect(schedules).toEqual([
      { application_id: ids.prepaid, next: '2026-10-10', late: '2026-10-10', tolerance: '10.00', left: 9 },
      // R 500 open on #1 from 10 July: late since then.
      { application_id: ids.late, next: '2026-07-10', late: '2026-07-10', tolerance: '10.00', left: 6 },
      { application_id: ids.repaid, next: null, late: null, tolerance: '10.00', left: 0 },
    ]);
  });
});
