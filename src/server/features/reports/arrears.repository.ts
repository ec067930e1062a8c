// Table access of aged arrears and roll rates (docs/accounting.md, "Aged arrears and roll rates"): the loans' positions
// kept at each month-end close, read by bucket or month against month, and the book's buckets today from the
// schedules.
import { desc, sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/business-date';
import { type DbOrTx, queryRows } from '../../db/client';
import { insertRows } from '../../db/insert-rows';
import { daysPastDue, SERVICED } from '../../db/schedule-sql';
import { ledgerPeriodPositions, ledgerPeriods } from '../../db/schema';
import { scheduleInMode } from '../app-settings/app-settings.service';
import type { BookPosition } from './book-positions';

export async function insertPositions(db: DbOrTx, period: string, positions: ReadonlyArray<BookPosition>) {
  await insertRows(
    db,
    ledgerPeriodPositions,
    positions.map((p) => ({ period, ...p })),
  );
}

/** The closed months, newest first, with when each was closed (their positions were kept then). */
export async function closedMonths(db: DbOrTx) {
  return db
    .select({ period: ledgerPeriods.period, closedAt: ledgerPeriods.closedAt })
    .from(ledgerPeriods)
    .orderBy(desc(ledgerPeriods.period));
}

export type BucketRow = { bucket: string; loans: number; balance: string };

/** The loans kept at a month's close, by bucket. */
export async function bucketsAtClose(db: DbOrTx, period: string): Promise<BucketRow[]> {
  return queryRows<BucketRow>(
    db,
    sql`select bucket, count(*)::int as loans, sum(balance)::numeric(14,2)::text as balance
      from ledger_period_positions where period = ${period} group by bucket`,
  );
}

/** The book today by bucket, from the schedules (the Lending page's rule): loans being repaid with a balance. */
export async function bucketsToday(db: DbOrTx, today: IsoDate): Promise<BucketRow[]> {
  return queryRows<BucketRow>(
    db,
    sql`select case when dpd <= 0 then 'current' when dpd <= 30 then '1-30' when dpd <= 60 then '31-60'
          when dpd <= 90 then '61-90' else '90+' end as bucket,
        count(*)::int as loans, sum(remaining_amount)::numeric(14,2)::text as balance
      from (select ${daysPastDue(today)} as dpd, s.remaining_amount from repayment_schedules s
            where ${SERVICED} and s.remaining_amount > 0 and ${scheduleInMode('production')}) b
      group by 1`,
  );
}

export type RollRow = { from_bucket: string; to_bucket: string; loans: number; balance: string };

/**
 * Each loan's move from its bucket at one close to its bucket at the next: 'new' for a loan paid out between them,
 * 'left' for one that left the book (repaid, settled or written off). The balance is the later one ('left': the
 * earlier).
 */
export async function rolls(db: DbOrTx, from: string, to: string): Promise<RollRow[]> {
  return queryRows<RollRow>(
    db,
    sql`select coalesce(f.bucket, 'new') as from_bucket, coalesce(t.bucket, 'left') as to_bucket,
        count(*)::int as loans, sum(coalesce(t.balance, f.balance))::numeric(14,2)::text as balance
      from (select application_id, bucket, balance from ledger_period_positions where period = ${from}) f
      full join (select application_id, bucket, balance from ledger_period_positions where period = ${to}) t
        on t.application_id = f.application_id
      group by 1, 2`,
  );
}
