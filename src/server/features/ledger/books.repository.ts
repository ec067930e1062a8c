// Table access of the books (docs/accounting.md): closed months with their closing balances and daily totals, the
// movements booked between two days, and the journal lines of a period for export.
import { asc, desc, eq, sql } from 'drizzle-orm';
import { addDays, type IsoDate } from '../../../shared/business-date';
import type { LedgerAccount } from '../../../shared/ledger/chart-of-accounts';
import { type DbOrTx, queryRows } from '../../db/client';
import { ledgerPeriodBalances, ledgerPeriods, users } from '../../db/schema';

export type AccountTotals = { account: LedgerAccount; debit: string; credit: string };

/** The first day anything is booked on, or null while the books are empty. */
export async function firstBookingDay(db: DbOrTx): Promise<IsoDate | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`select min(booked_on)::text as day from ledger_entries`,
  );
  return row?.day ?? null;
}

/** Every closed month, newest first, with who closed it. */
export async function closedPeriods(db: DbOrTx) {
  return db
    .select({
      period: ledgerPeriods.period,
      closedAt: ledgerPeriods.closedAt,
      closedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(ledgerPeriods)
    .leftJoin(users, eq(users.id, ledgerPeriods.closedBy))
    .orderBy(desc(ledgerPeriods.period));
}

/** The last closed month at or before `period`, or null. */
export async function lastClosedAtOrBefore(db: DbOrTx, period: string): Promise<string | null> {
  const [row] = await db
    .select({ period: ledgerPeriods.period })
    .from(ledgerPeriods)
    .where(sql`${ledgerPeriods.period} <= ${period}`)
    .orderBy(desc(ledgerPeriods.period))
    .limit(1);
  return row?.period ?? null;
}

/** Each account's debits and credits from the start of the books to the end of a closed month. */
export async function closingBalances(db: DbOrTx, period: string): Promise<AccountTotals[]> {
  const rows = await db
    .select({
      account: ledgerPeriodBalances.account,
      debit: ledgerPeriodBalances.debit,
      credit: ledgerPeriodBalances.credit,
    })
    .from(ledgerPeriodBalances)
    .where(eq(ledgerPeriodBalances.period, period))
    .orderBy(asc(ledgerPeriodBalances.account));
  return rows as AccountTotals[];
}

/**
 * Each account's debits and credits booked after `after` (null: from the start) up to and including `through`, from
 * the lines alone (ledger_lines_booked_idx holds all this query reads).
 */
export async function movementsBooked(
  db: DbOrTx,
  after: IsoDate | null,
  through: IsoDate,
): Promise<AccountTotals[]> {
  return queryRows<AccountTotals>(
    db,
    sql`select account, sum(debit)::text as debit, sum(credit)::text as credit
      from ledger_lines
      where ${bookedAfterThrough(after, through)}
      group by account`,
  );
}

/** Lines booked after `after` (null: from the start) up to and including `through`: what a close sums. */
const bookedAfterThrough = (after: IsoDate | null, through: IsoDate) =>
  sql`booked_on <= ${through} ${after ? sql`and booked_on > ${after}` : sql``}`;

export async function insertClosedPeriod(
  db: DbOrTx,
  period: { period: string; closedAt: Date; closedBy: number },
  balances: ReadonlyArray<AccountTotals>,
) {
  await db.insert(ledgerPeriods).values(period);
  if (balances.length > 0) {
    await db.insert(ledgerPeriodBalances).values(balances.map((b) => ({ ...b, period: period.period })));
  }
}

export type ExportLine = {
  entry_id: number;
  booked_on: string;
  concerns_on: string;
  kind: string;
  description: string | null;
  application_id: number | null;
  account: LedgerAccount;
  debit: string;
  credit: string;
};

/** Every journal line booked from `from` to `to`, journal by journal in booking order. */
export async function linesBookedBetween(db: DbOrTx, from: IsoDate, to: IsoDate): Promise<ExportLine[]> {
  return queryRows<ExportLine>(
    db,
    sql`select e.id as entry_id, e.booked_on::text as booked_on, e.concerns_on::text as concerns_on, e.kind,
        e.description, e.application_id, l.account, l.debit::text as debit, l.credit::text as credit
      from ledger_entries e join ledger_lines l on l.entry_id = e.id
      where e.booked_on between ${from} and ${to}
      order by e.booked_on, e.id, l.id`,
  );
}

export type DailyTotal = { booked_on: string; account: LedgerAccount; debit: string; credit: string };

/**
 * Keeps a month's daily totals at its close: each day's debits and credits per account of the lines booked after
 * `after` (the previous close's last day; null: from the start) up to and including `through` (its last day).
 */
export async function keepDailyTotals(db: DbOrTx, period: string, after: IsoDate | null, through: IsoDate) {
  await db.execute(
    sql`insert into ledger_period_daily_totals (period, booked_on, account, debit, credit)
      select ${period}, booked_on, account, sum(debit), sum(credit)
      from ledger_lines
      where ${bookedAfterThrough(after, through)}
      group by booked_on, account`,
  );
}

/**
 * Each day's debits and credits per account from `from` to `to`: the days up to `closedThrough` (the last closed
 * month's last day; null while none is closed) from the totals kept at their close, the others from the lines.
 * A month's daily journals at 100,000 applications summed 230,000 lines (bench/README.md).
 */
export async function dailyTotalsBetween(
  db: DbOrTx,
  from: IsoDate,
  to: IsoDate,
  closedThrough: IsoDate | null,
): Promise<DailyTotal[]> {
  // The last day read as kept (none when the period starts after the last close), and the first summed from lines.
  const keptThrough =
    closedThrough && closedThrough >= from ? (to < closedThrough ? to : closedThrough) : null;
  const openFrom = keptThrough ? addDays(keptThrough, 1) : from;
  return queryRows<DailyTotal>(
    db,
    sql`select booked_on, account, debit, credit from (
        ${
          keptThrough
            ? sql`select booked_on::text as booked_on, account, debit::text as debit, credit::text as credit
                from ledger_period_daily_totals
                where booked_on between ${from} and ${keptThrough}
                union all `
            : sql``
        }
        select booked_on::text as booked_on, account, sum(debit)::text as debit, sum(credit)::text as credit
        from ledger_lines where booked_on between ${openFrom} and ${to}
        group by booked_on, account
      ) days
      order by booked_on, account`,
  );
}
