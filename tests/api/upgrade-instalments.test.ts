// An existing database upgrades: a book written before instalments existed (migrations 0000-0001) gets
// migration 0002 (calendar dates in South African time) and the start-up backfill (instalments from each
// schedule's start date, payments re-allocated oldest first), on PGlite and on PostgreSQL.
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
let ids: { owing: number; repaid: number };

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

beforeAll(async () => {
  ({ handle: database, drop } = await openTestDatabase({ empty: true }));
  await migrateTo(database, migrationsBefore(2));
  const db = database.db;
  // The old book, written as the old code wrote it (timestamps for days, no instalments).
  await db.execute(
    sql`insert into users (username, password_hash, first_name, last_name) values ('old@example.com', 'x', 'Old', 'Book')`,
  );
  const [owing] = await queryRows<{ id: number }>(
    db,
    sql`insert into financing_applications (user_id, monthly_revenue, requested_amount, status)
        select id, 5000, 2500, 'active' from users returning id`,
  );
  const [repaid] = await queryRows<{ id: number }>(
    db,
    sql`insert into financing_applications (user_id, monthly_revenue, requested_amount, status)
        select id, 5000, 2000, 'completed' from users returning id`,
  );
  ids = { owing: owing!.id, repaid: repaid!.id };
  await db.execute(sql`insert into repayment_schedules
      (application_id, start_date, end_date, total_amount, remaining_amount, installment_amount, cost_amount,
       frequency, next_payment_date, status, payment_method, withholding_percentage, platform_fee_rate)
    values
      (${ids.owing}, '2026-06-10T10:00:00+02:00', '2026-09-10T10:00:00+02:00', 3000, 1500, 1000, 500,
       'monthly', '2026-09-10T10:00:00+02:00', 'active', 'platform_earnings', 20, 2.5),
      (${ids.repaid}, '2026-06-10T10:00:00+02:00', '2026-07-10T10:00:00+02:00', 2000, 0, 2000, 0,
       'monthly', null, 'completed', 'manual', 20, 2.5)`);
  // 23:30 on 9 July in Johannesburg is 9 July; 22:30 UTC on 9 August is already 10 August there.
  await db.execute(sql`insert into payments (application_id, amount, payment_date, kind) values
      (${ids.owing}, 1000, '2026-07-09T23:30:00+02:00', 'manual'),
      (${ids.owing}, 500, '2026-08-09T22:30:00Z', 'manual'),
      (${ids.repaid}, 2000, '2026-06-01T09:00:00+02:00', 'manual')`);

  // Start the current app on it: migration 0002 and the backfill run at start-up.
  const app = await buildApp(config(), { database, clock: new ManualClock(TEST_EPOCH), logger: false });
  await app.close();
});

afterAll(async () => {
  await database.close();
  await drop();
});

describe('upgrading a database written before instalments', () => {
  it('turns day timestamps into South African calendar days', async () => {
    const payments = await queryRows<{ application_id: number; payment_date: string }>(
      database.db,
      sql`select application_id, to_char(payment_date, 'YYYY-MM-DD') as payment_date from payments order by id`,
    );
    expect(payments.map((p) => p.payment_date)).toEqual(['2026-07-09', '2026-08-10', '2026-06-01']);
  });

  it('gives each schedule its instalments from its start date and re-allocates its payments', async () => {
    const instalments = await queryRows<{
      application_id: number;
      number: number;
      due_date: string;
      amount_due: string;
      amount_paid: string;
    }>(
      database.db,
      sql`select s.application_id, i.number, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
            i.amount_due::text, i.amount_paid::text
          from repayment_instalments i join repayment_schedules s on s.id = i.schedule_id
          order by s.application_id, i.number`,
    );
    expect(instalments.filter((i) => i.application_id === ids.owing)).toEqual([
      {
        application_id: ids.owing,
        number: 1,
        due_date: '2026-07-10',
        amount_due: '1000.00',
        amount_paid: '1000.00',
      },
      {
        application_id: ids.owing,
        number: 2,
        due_date: '2026-08-10',
        amount_due: '1000.00',
        amount_paid: '500.00',
      },
      {
        application_id: ids.owing,
        number: 3,
        due_date: '2026-09-10',
        amount_due: '1000.00',
        amount_paid: '0.00',
      },
    ]);
    // A payment dated before the start (allowed before dates were checked) still pays the first instalment.
    expect(instalments.filter((i) => i.application_id === ids.repaid)).toEqual([
      {
        application_id: ids.repaid,
        number: 1,
        due_date: '2026-07-10',
        amount_due: '2000.00',
        amount_paid: '2000.00',
      },
    ]);
    const [allocated] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from payments p
          where p.amount <> (select coalesce(sum(a.amount), 0) from payment_allocations a where a.payment_id = p.id)`,
    );
    expect(allocated!.n).toBe(0);
  });

  it('sets the next due date to the oldest unpaid instalment, so days past due can be trusted', async () => {
    const schedules = await queryRows<{
      application_id: number;
      next: string | null;
      end: string;
      left: number;
    }>(
      database.db,
      sql`select application_id, to_char(next_payment_date, 'YYYY-MM-DD') as next, to_char(end_date, 'YYYY-MM-DD') as end,
            estimated_remaining_duration as left
          from repayment_schedules order by application_id`,
    );
    expect(schedules).toEqual([
      { application_id: ids.owing, next: '2026-08-10', end: '2026-09-10', left: 2 },
      { application_id: ids.repaid, next: null, end: '2026-07-10', left: 0 },
    ]);
  });

  it('is idempotent: starting again writes nothing twice', async () => {
    const app = await buildApp(config(), { database, clock: new ManualClock(TEST_EPOCH), logger: false });
    await app.close();
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`select (select count(*) from repayment_instalments)::int + (select count(*) from payment_allocations)::int as n`,
    );
    expect(count!.n).toBe(4 + 3); // 4 instalments, 3 allocations
  });
});
