// Books closed before the kept daily totals existed (migration 0040): the months already closed get each day's
// totals per account from the lines they booked, and the open month gets none (its days are summed from the lines
// when asked, as they may still change).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { migrateTo, migrationsBefore } from '../support/old-migrations';
import { openTestDatabase } from '../support/test-app';

let database: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ handle: database, drop } = await openTestDatabase({ empty: true }));
  await migrateTo(database, migrationsBefore(40));
  // Three journals in closed October (two on one day), one in closed November, one in open December; October and
  // November closed.
  await database.db.execute(sql`
    with entries as (
      insert into ledger_entries (kind, concerns_on, booked_on)
      select 'capital', d, d from (values (1, date '2026-10-05'), (2, date '2026-10-05'), (3, date '2026-10-20'),
        (4, date '2026-11-30'), (5, date '2026-12-02')) v(n, d)
      order by n
      returning id, booked_on
    )
    insert into ledger_lines (entry_id, account, debit, credit, booked_on)
    select id, v.account, v.debit, v.credit, booked_on
    from entries cross join (values ('cash', 100.10, 0), ('funding_capital', 0, 100.10)) v(account, debit, credit)`);
  await database.db.execute(sql`
    insert into ledger_periods (period, closed_at) values ('2026-10', '2026-11-02T08:00:00Z'), ('2026-11', '2026-12-01T08:00:00Z')`);
  await runMigrations(database);
});

afterAll(async () => {
  await drop();
});

describe('upgrading to kept daily totals (migration 0040)', () => {
  it('keeps each closed day’s totals from its lines, and nothing for the open month', async () => {
    const kept = await queryRows<{
      period: string;
      booked_on: string;
      account: string;
      debit: string;
      credit: string;
    }>(
      database.db,
      sql`select period, booked_on::text, account, debit::text, credit::text from ledger_period_daily_totals
        order by booked_on, account`,
    );
    expect(kept).toEqual([
      { period: '2026-10', booked_on: '2026-10-05', account: 'cash', debit: '200.20', credit: '0.00' },
      {
        period: '2026-10',
        booked_on: '2026-10-05',
        account: 'funding_capital',
        debit: '0.00',
        credit: '200.20',
      },
      { period: '2026-10', booked_on: '2026-10-20', account: 'cash', debit: '100.10', credit: '0.00' },
      {
        period: '2026-10',
        booked_on: '2026-10-20',
        account: 'funding_capital',
        debit: '0.00',
        credit: '100.10',
      },
      { period: '2026-11', booked_on: '2026-11-30', account: 'cash', debit: '100.10', credit: '0.00' },
      {
        period: '2026-11',
        booked_on: '2026-11-30',
        account: 'funding_capital',
        debit: '0.00',
        credit: '100.10',
      },
    ]);
  });
});
