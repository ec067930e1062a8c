// Table access of the vintage curves (docs/accounting.md, "Vintage curves"): the payout cohorts and, by months on
// book, their defaults and collections, read in three grouped statements; and the snapshots the daily job keeps.
import { desc, sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/business-date';
import { type DbOrTx, queryRows } from '../../db/client';
import { PAYOUT_DAY } from '../../db/schedule-sql';
import { vintageSnapshots } from '../../db/schema';
import { scheduleInMode } from '../app-settings/app-settings.service';

/** The real loans paid out from `firstDay` to `asOf`, with their payout month's first day. */
const cohortLoans = (firstDay: IsoDate, asOf: IsoDate) => sql`
  select s.application_id, date_trunc('month', ${PAYOUT_DAY})::date as cohort,
    s.total_amount - s.cost_amount as principal, s.total_amount - s.rebated_amount as owed, s.defaulted_on
  from repayment_schedules s
  where s.status in ('active', 'defaulted', 'completed') and ${scheduleInMode('production')}
    and ${PAYOUT_DAY} between ${firstDay}::date and ${asOf}::date`;

/** Whole months from a cohort's month to the month of `day`: 0 in the payout month. */
const monthsOnBook = (day: ReturnType<typeof sql>) =>
  sql`((extract(year from ${day}) - extract(year from l.cohort)) * 12
    + extract(month from ${day}) - extract(month from l.cohort))::int`;

export type CohortRow = { cohort: string; loans: number; principal: string; owed: string };
export type CohortMonthRow = { cohort: string; months_on_book: number; loans: number; amount: string };

export async function cohorts(db: DbOrTx, firstDay: IsoDate, asOf: IsoDate): Promise<CohortRow[]> {
  return queryRows<CohortRow>(
    db,
    sql`select to_char(l.cohort, 'YYYY-MM') as cohort, count(*)::int as loans,
        sum(l.principal)::numeric(16,2)::text as principal, sum(l.owed)::numeric(16,2)::text as owed
      from (${cohortLoans(firstDay, asOf)}) l group by l.cohort order by l.cohort`,
  );
}

/** The loans of each cohort that first went into default in each month on book, and their principal. */
export async function defaultsByMonth(
  db: DbOrTx,
  firstDay: IsoDate,
  asOf: IsoDate,
): Promise<CohortMonthRow[]> {
  return queryRows<CohortMonthRow>(
    db,
    sql`select to_char(l.cohort, 'YYYY-MM') as cohort, ${monthsOnBook(sql`l.defaulted_on`)} as months_on_book,
        count(*)::int as loans, sum(l.principal)::numeric(16,2)::text as amount
      from (${cohortLoans(firstDay, asOf)}) l
      where l.defaulted_on <= ${asOf}::date
      group by 1, 2`,
  );
}

/** What each cohort collected in each month on book: its payments by payment date, reversed ones left out. */
export async function collectionsByMonth(
  db: DbOrTx,
  firstDay: IsoDate,
  asOf: IsoDate,
): Promise<CohortMonthRow[]> {
  return queryRows<CohortMonthRow>(
    db,
    sql`select to_char(l.cohort, 'YYYY-MM') as cohort, ${monthsOnBook(sql`p.payment_date`)} as months_on_book,
        count(*)::int as loans, sum(p.amount)::numeric(16,2)::text as amount
      from (${cohortLoans(firstDay, asOf)}) l
      join payments p on p.application_id = l.application_id
      where p.reversed_at is null and p.payment_date <= ${asOf}::date
      group by 1, 2`,
  );
}

export async function insertSnapshot(
  db: DbOrTx,
  row: { asOf: IsoDate; computedAt: Date; computedBy: number | null; cohorts: unknown },
) {
  await db.insert(vintageSnapshots).values(row);
}

export async function latestSnapshot(db: DbOrTx) {
  const [row] = await db
    .select({
      asOf: vintageSnapshots.asOf,
      computedAt: vintageSnapshots.computedAt,
      cohorts: vintageSnapshots.cohorts,
    })
    .from(vintageSnapshots)
    .orderBy(desc(vintageSnapshots.computedAt), desc(vintageSnapshots.id))
    .limit(1);
  return row ?? null;
}
