// Lending figures are computed by SQL in the database, never by loading rows into Node.
import { type SQL, sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/business-date';
import type { DashboardMode } from '../../../shared/constants';
import { BUCKET_DAYS, type DelinquencyBucket } from '../../../shared/finance/instalments';
import type { LendingDetailsQuery } from '../../../shared/schemas/admin-lists';
import { type DbOrTx, queryRows } from '../../db/client';
import { daysPastDue, SERVICED } from '../../db/schedule-sql';
import { type PageWindow, pageWindow } from '../../lib/paging';
import { applicationSearch } from '../../lib/sql-search';
import { loanInMode, scheduleInMode, statusInMode } from '../app-settings/app-settings.service';

export type LendingFilter = {
  month?: number;
  year?: number;
  userId?: number;
  /** Any of these statuses (the book: active and defaulted); every status when absent. */
  status?: readonly string[];
  platformId?: number;
  mode: DashboardMode;
  search?: string;
  bucket?: DelinquencyBucket;
};

/** The loans of one delinquency bucket, by the day they became late (served by the schedule index). */
function inBucket(bucket: DelinquencyBucket, today: IsoDate): SQL {
  const { min, max } = BUCKET_DAYS[bucket];
  if (bucket === 'current')
    return sql`(${SERVICED} and (s.arrears_from is null or s.arrears_from >= ${today}::date))`;
  const latest = sql`${today}::date - ${min}::int`;
  if (max === null) return sql`(${SERVICED} and s.arrears_from <= ${latest})`;
  return sql`(${SERVICED} and s.arrears_from between ${today}::date - ${max}::int and ${latest})`;
}

/**
 * The days a month and/or year filter covers, as [from, to) ranges of South African calendar days. A month without a
 * year means that month in every year from 2000 to the current one; nothing when neither is set.
 */
function periodRanges(f: LendingFilter, today: IsoDate): Array<[IsoDate, IsoDate]> {
  if (!f.month && !f.year) return [];
  const currentYear = Number(today.slice(0, 4));
  const years = f.year ? [f.year] : Array.from({ length: currentYear - 1999 }, (_, i) => 2000 + i);
  const day = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;
  return years.map((year) =>
    f.month
      ? [day(year, f.month), f.month === 12 ? day(year + 1, 1) : day(year, f.month + 1)]
      : [day(year, 1), day(year + 1, 1)],
  );
}

/** `column` (a calendar day) falls in the filter's period. */
const inPeriod = (column: SQL, ranges: Array<[IsoDate, IsoDate]>) =>
  sql`(${sql.join(
    ranges.map(([from, to]) => sql`(${column} >= ${from}::date and ${column} < ${to}::date)`),
    sql` or `,
  )})`;

/**
 * The loans money moved on in the filter's period (docs/lending.md, "Figures"): a payment received (not reversed) or
 * the payout made in it. Read from payments_date_idx and the schedules' payout day, not application by application.
 */
function movedWithin(f: LendingFilter, today: IsoDate, loan: SQL): SQL | undefined {
  const ranges = periodRanges(f, today);
  if (ranges.length === 0) return undefined;
  // `distinct` on the payments' side: the planner reads its estimate from the payments' statistics (one loan for
  // every 30-odd payments) instead of taking the union of 170 000 payments of a year for 170 000 loans, which made it
  // hash every application rather than look up the 7 000 it names (a year's list: 100 -> 55 ms a query).
  return sql`${loan} in (
    select distinct p.application_id from payments p
      where p.reversed_at is null and ${inPeriod(sql`p.payment_date`, ranges)}
    union
    select ps.application_id from repayment_schedules ps where ${inPeriod(sql`ps.paid_out_on`, ranges)})`;
}

/** The creator (an applications' or a schedules' user_id) has connected the platform. */
const onPlatform = (creator: SQL, platformId: number) =>
  sql`exists (select 1 from user_platforms up where up.user_id = ${creator} and up.platform_id = ${platformId})`;

/**
 * WHERE conditions over `a` (financing_applications), `u` (users, joined only when `needsUser`) and `s`
 * (repayment_schedules). Month/year select the loans money moved on in that period (movedWithin).
 */
function conditions(f: LendingFilter, today: IsoDate): SQL {
  const parts: SQL[] = [statusInMode(sql`a.status`, f.mode)];
  const moved = movedWithin(f, today, sql`a.id`);
  if (moved) parts.push(moved);
  if (f.userId) parts.push(sql`a.user_id = ${f.userId}`);
  if (f.status && f.status.length > 0) {
    parts.push(
      sql`a.status in (${sql.join(
        f.status.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    );
  }
  if (f.platformId) parts.push(onPlatform(sql`a.user_id`, f.platformId));
  // Application id, client name, e-mail or business name, as on the Applications tab.
  if (f.search) parts.push(applicationSearch(f.search));
  if (f.bucket) parts.push(inBucket(f.bucket, today));
  return sql.join(parts, sql` and `);
}

export type LendingSummaryRow = {
  total_credit_disbursed: string;
  total_repayments: string;
  total_platform_fees: string;
  average_interest_rate: string;
  expected_returns: string;
  total_expected_return: string;
  returned_so_far: string;
  remaining_returns: string;
  active_count: number;
  defaulted_count: number;
  financed_count: number;
  outstanding: string;
  outstanding_over_30: string;
  outstanding_over_90: string;
  principal_owed: string;
  principal_at_risk_30: string;
  principal_at_risk_90: string;
  probation_count: number;
  ever_defaulted_count: number;
  expected_returns_performing: string;
  weighted_annual_cost_rate: string;
};

/**
 * A filter that needs nothing of the applications but their world (mode), their schedules' state (bucket), their
 * creator, whom the schedule carries (userId, platformId), and the period money moved in (month, year: payments and
 * payouts name their loan): every other filter unset, as conditions() reads them, so a filter added later reads the
 * applications.
 */
const readsSchedulesOnly = ({
  mode: _mode,
  bucket: _bucket,
  userId: _userId,
  platformId: _platformId,
  month: _month,
  year: _year,
  ...onApplications
}: LendingFilter) => Object.values(onApplications).every((value) => !value);

/** Schedules `s` of the filter's world, period, bucket, creator and platform, read without their applications. */
function scheduleConditions(f: LendingFilter, today: IsoDate): SQL {
  const parts: SQL[] = [scheduleInMode(f.mode)];
  const moved = movedWithin(f, today, sql`s.application_id`);
  if (moved) parts.push(moved);
  if (f.bucket) parts.push(inBucket(f.bucket, today));
  if (f.userId) parts.push(sql`s.user_id = ${f.userId}`);
  if (f.platformId) parts.push(onPlatform(sql`s.user_id`, f.platformId));
  return sql.join(parts, sql` and `);
}

/**
 * The loans a summary adds up, with what it needs of each. Unfiltered, or by period, delinquency bucket, creator or
 * platform, they come from the schedules alone, which carry everything: the principal is the total less the cost
 * (the plan prices it so, and neither changes once the schedule is made), a schedule's status is its
 * application's without the `_testing` suffix (the servicing transactions change both together), and its creator
 * is the application's. That skips joining 30,000 schedules to 100,000 applications (53 -> 31 ms p50 for the
 * unfiltered summary at that size; by platform 107 -> 48 ms on a slower machine; a year's 139 -> 44 ms for the
 * statement). Any other filter reads the applications.
 */
function summedLoans(f: LendingFilter, today: IsoDate): SQL {
  // The principal still owed: the balance less its share of the finance charge (the ledger earns the charge in
  // proportion to what is repaid, so the same share of the balance is charge not yet earned).
  const loan = sql`s.total_amount, s.remaining_amount, s.cost_amount, s.cost_percentage, s.paid_amount, s.fees_paid,
    ${SERVICED} as serviced, ${daysPastDue(today)} as dpd,
    case when s.total_amount > 0 then s.remaining_amount * (s.total_amount - s.cost_amount) / s.total_amount else 0 end
      as principal_owed,
    s.forbearance = 'probation' as in_probation, s.defaulted_on is not null as ever_defaulted, s.charge_rate`;
  if (readsSchedulesOnly(f)) {
    return sql`select s.total_amount - s.cost_amount as principal, s.status = 'active' as is_active,
        s.status = 'defaulted' as is_defaulted, ${loan}
      from repayment_schedules s
      where ${scheduleConditions(f, today)}`;
  }
  return sql`select s.total_amount - s.cost_amount as principal, a.status in ('active', 'active_testing') as is_active,
      a.status in ('defaulted', 'defaulted_testing') as is_defaulted, ${loan}
    from financing_applications a
    join repayment_schedules s on s.application_id = a.id
    where ${conditions(f, today)}`;
}

export type PeriodFlowsRow = { repayments: string; fees: string; disbursed: string; paid_out: number };

/**
 * The money that moved in the filter's period on the loans its other filters select: payments received (not
 * reversed) by payment date, with their fees, and payouts by the day the money went out. Null without a period.
 */
export async function periodFlows(
  db: DbOrTx,
  f: LendingFilter,
  today: IsoDate,
): Promise<PeriodFlowsRow | null> {
  const ranges = periodRanges(f, today);
  if (ranges.length === 0) return null;
  const otherFilters: LendingFilter = { ...f, month: undefined, year: undefined };
  let paidFrom: SQL;
  let paidWhere: SQL;
  let outFrom: SQL;
  let outWhere: SQL;
  if (readsSchedulesOnly(otherFilters)) {
    // The loans' world, bucket, creator and platform from their schedules, and the payments by the loan they name:
    // no application is read. Joining a year's 170 000 payments to 100 000 applications only to know their world
    // was most of this figure's time (120 -> 32 ms for the statement at that size); the few test loans are looked
    // up by status instead (loanInMode).
    const onSchedule = Boolean(f.bucket || f.userId || f.platformId);
    paidFrom = onSchedule
      ? sql`payments p join repayment_schedules s on s.application_id = p.application_id`
      : sql`payments p`;
    paidWhere = onSchedule
      ? scheduleConditions(otherFilters, today)
      : loanInMode(sql`p.application_id`, f.mode);
    outFrom = sql`repayment_schedules s`;
    outWhere = scheduleConditions(otherFilters, today);
  } else {
    const others = conditions(otherFilters, today);
    // Only a bucket filter reads the schedule: the payments join it just then.
    const schedule = f.bucket ? sql`join repayment_schedules s on s.application_id = a.id` : sql``;
    paidFrom = sql`payments p join financing_applications a on a.id = p.application_id ${schedule}`;
    paidWhere = others;
    outFrom = sql`repayment_schedules s join financing_applications a on a.id = s.application_id`;
    outWhere = others;
  }
  const [row] = await queryRows<PeriodFlowsRow>(
    db,
    sql`with paid as (
        select coalesce(sum(p.amount), 0)::numeric(14,2)::text as repayments,
          coalesce(sum(p.platform_fee), 0)::numeric(14,2)::text as fees
        from ${paidFrom}
        where p.reversed_at is null and ${inPeriod(sql`p.payment_date`, ranges)} and ${paidWhere}
      ), out as (
        select coalesce(sum(s.total_amount - s.cost_amount), 0)::numeric(14,2)::text as disbursed,
          count(*)::int as paid_out
        from ${outFrom}
        where ${inPeriod(sql`s.paid_out_on`, ranges)} and ${outWhere}
      )
      select paid.repayments, paid.fees, out.disbursed, out.paid_out from paid, out`,
  );
  return row!;
}

export async function lendingSummary(
  db: DbOrTx,
  f: LendingFilter,
  today: IsoDate,
): Promise<LendingSummaryRow> {
  const [row] = await queryRows<LendingSummaryRow>(
    db,
    sql`
    with picked as (${summedLoans(f, today)})
    select
      coalesce(sum(picked.principal), 0)::numeric(14,2)::text as total_credit_disbursed,
      coalesce(sum(picked.paid_amount), 0)::numeric(14,2)::text as total_repayments,
      coalesce(sum(picked.fees_paid), 0)::numeric(14,2)::text as total_platform_fees,
      coalesce(round(avg(picked.cost_percentage), 2), 0)::text as average_interest_rate,
      coalesce(sum(picked.cost_amount), 0)::numeric(14,2)::text as expected_returns,
      coalesce(sum(picked.total_amount), 0)::numeric(14,2)::text as total_expected_return,
      coalesce(sum(picked.total_amount - picked.remaining_amount), 0)::numeric(14,2)::text as returned_so_far,
      coalesce(sum(picked.remaining_amount), 0)::numeric(14,2)::text as remaining_returns,
      count(*) filter (where picked.is_active)::int as active_count,
      count(*) filter (where picked.is_defaulted)::int as defaulted_count,
      count(*)::int as financed_count,
      coalesce(sum(picked.remaining_amount) filter (where picked.serviced), 0)::numeric(14,2)::text as outstanding,
      coalesce(sum(picked.remaining_amount) filter (where picked.serviced and picked.dpd > 30), 0)::numeric(14,2)::text as outstanding_over_30,
      coalesce(sum(picked.remaining_amount) filter (where picked.serviced and picked.dpd > 90), 0)::numeric(14,2)::text as outstanding_over_90,
      -- Portfolio at risk on the principal still owed; a forborne loan in probation is at risk whatever its lateness.
      coalesce(sum(picked.principal_owed) filter (where picked.serviced), 0)::numeric(14,2)::text as principal_owed,
      coalesce(sum(picked.principal_owed) filter (where picked.serviced and (picked.dpd > 30 or picked.in_probation)), 0)::numeric(14,2)::text as principal_at_risk_30,
      coalesce(sum(picked.principal_owed) filter (where picked.serviced and (picked.dpd > 90 or picked.in_probation)), 0)::numeric(14,2)::text as principal_at_risk_90,
      count(*) filter (where picked.serviced and picked.in_probation)::int as probation_count,
      count(*) filter (where picked.ever_defaulted)::int as ever_defaulted_count,
      -- Expected returns: the finance charge of the loans not in default.
      coalesce(sum(picked.cost_amount) filter (where not picked.is_defaulted), 0)::numeric(14,2)::text as expected_returns_performing,
      -- The annualised cost rate of the loans being repaid, weighted by the principal each still owes (percent).
      coalesce(round(100 * sum(picked.charge_rate * picked.principal_owed) filter (where picked.serviced and picked.charge_rate is not null)
        / nullif(sum(picked.principal_owed) filter (where picked.serviced and picked.charge_rate is not null), 0), 2), 0)::text
        as weighted_annual_cost_rate
    from picked`,
  );
  return row!;
}

export type LendingDetailRow = {
  id: number;
  user_id: number;
  client_name: string;
  user_email: string;
  requested_amount: string;
  monthly_revenue: string;
  status: string;
  created_at: string;
  credit_score: number | null;
  withholding_rate: string | null;
  /** The instalment (what falls due on each due date). */
  repayment_amount: string | null;
  platform_fee_rate: string | null;
  platform_fee: string | null;
  total_payments_made: string;
  remaining_amount: string | null;
  next_payment_date: string | null;
  schedule_start_date: string | null;
  days_past_due: number | null;
  amount_overdue: string | null;
  renegotiation_eligible: boolean;
  forbearance: string | null;
  serviced: boolean;
};

type LendingSort = LendingDetailsQuery['sort'];
type ScheduleColumn = 'remainingAmount' | 'nextPaymentDate' | 'daysPastDue';

/**
 * A schedule column's order: its value (null for the rows that have none: no schedule, or a loan that is not late),
 * which rows have one, and the indexed column that orders those rows (`inverted`: in the opposite direction, as the
 * oldest arrears are the most days past due).
 */
type ScheduleOrder = { value: SQL; present: SQL; indexed: SQL; inverted: boolean };

function scheduleOrder(column: ScheduleColumn, today: IsoDate): ScheduleOrder {
  if (column === 'daysPastDue') {
    const late = sql`${SERVICED} and s.arrears_from < ${today}::date`;
    return {
      value: sql`(case when ${late} then ${today}::date - s.arrears_from end)`,
      present: sql`(${late})`,
      indexed: sql`s.arrears_from`,
      inverted: true,
    };
  }
  const value = column === 'remainingAmount' ? sql`s.remaining_amount` : sql`s.next_payment_date`;
  return { value, present: sql`${value} is not null`, indexed: value, inverted: false };
}

/** The balance, the due date and the days past due are the schedule's: applications without one have none. */
const sortsBySchedule = (sort: LendingSort): sort is { column: ScheduleColumn; descending: boolean } =>
  sort.column === 'remainingAmount' || sort.column === 'nextPaymentDate' || sort.column === 'daysPastDue';

/** What a page is ordered by: an application column, or a schedule column's value. */
function orderValue(sort: LendingSort, today: IsoDate): SQL {
  if (sortsBySchedule(sort)) return scheduleOrder(sort.column, today).value;
  return sort.column === 'createdAt' ? sql`a.created_at` : sql`a.requested_amount`;
}
export type LendingPage = Pick<LendingDetailsQuery, 'page' | 'pageSize' | 'sort'>;

/**
 * Into a list sorted by a schedule column, pages up to this deep are read as two index-ordered parts (see
 * pickPage); deeper ones sort the whole filtered set, which costs the same at any depth.
 */
const SPLIT_SORT_DEPTH = 5_000;

/** The ids of one page of lending rows, in the page's order. */
function pickPage(
  f: LendingFilter,
  where: SQL,
  paging: LendingPage,
  window: PageWindow,
  order: (descending: boolean, nullsFirst: boolean) => SQL,
  splitSortDepth: number,
  today: IsoDate,
): SQL {
  const descending = paging.sort.descending !== window.reversed;
  const nullsFirst = window.reversed;
  const sort = paging.sort;
  const bySchedule = sortsBySchedule(sort);
  // Ordered by an application column, the ids are picked without the schedule unless a bucket filter needs it:
  // joined first, the schedule was looked up for every row the offset skips (a middle page: 78 -> 13 ms).
  if (!bySchedule || f.bucket || window.offset + window.limit > splitSortDepth) {
    const join =
      bySchedule || f.bucket ? sql`left join repayment_schedules s on s.application_id = a.id` : sql``;
    return sql`select a.id from financing_applications a ${join}
      where ${where}
      order by ${order(descending, nullsFirst)}
      limit ${window.limit} offset ${window.offset}`;
  }
  // Ordered by a schedule column, one sort over every application joined to its schedule took 90-130 ms at
  // 100,000 applications for any page. The order is two runs: the rows with a value, in the schedule index's
  // order, and the rows without one (no schedule, or none yet), by id; each run is read from its own index, as
  // deep as the page, and the page taken from the two (page 1: under 2 ms).
  const { value, present, indexed, inverted } = scheduleOrder(sort.column, today);
  const direction = descending ? sql`desc` : sql`asc`;
  const indexDirection = descending !== inverted ? sql`desc` : sql`asc`;
  const depth = window.offset + window.limit;
  return sql`select parts.id from (
      (select a.id, ${value} as sort_key, 0 as part
         from repayment_schedules s join financing_applications a on a.id = s.application_id
         where ${where} and ${present}
         order by ${indexed} ${indexDirection}, a.id ${direction} limit ${depth})
      union all
      (select a.id, null, 1 from financing_applications a
         where ${where}
           and not exists (select 1 from repayment_schedules s where s.application_id = a.id and ${present})
         order by a.id ${direction} limit ${depth})
    ) parts
    order by parts.part ${nullsFirst ? sql`desc` : sql`asc`}, parts.sort_key ${direction}, parts.id ${direction}
    limit ${window.limit} offset ${window.offset}`;
}

/** One page of lending rows and the number of rows the filters select. */
export async function lendingDetails(
  db: DbOrTx,
  f: LendingFilter,
  paging: LendingPage,
  today: IsoDate,
  /** How deep a page sorted by a schedule column is still read in two parts (tests compare both ways). */
  splitSortDepth = SPLIT_SORT_DEPTH,
): Promise<{ rows: LendingDetailRow[]; total: number }> {
  const where = conditions(f, today);
  // Only a bucket or a schedule order needs the schedule; the count joins nothing it does not filter on.
  const [{ total }] = (await queryRows<{ total: number }>(
    db,
    f.bucket
      ? sql`select count(*)::int as total from financing_applications a
            join repayment_schedules s on s.application_id = a.id where ${where}`
      : sql`select count(*)::int as total from financing_applications a where ${where}`,
  )) as [{ total: number }];
  const window = pageWindow(paging.page, paging.pageSize, total);
  if (!window) return { rows: [], total };
  // Rows without a schedule have no balance or due date: they come last whichever way those sort (first when
  // the page is read from the other end).
  const nullable = sortsBySchedule(paging.sort);
  const order = (descending: boolean, nullsFirst: boolean) => {
    const direction = descending ? sql`desc` : sql`asc`;
    const nulls = !nullable ? sql`` : nullsFirst ? sql`nulls first` : sql`nulls last`;
    return sql`${orderValue(paging.sort, today)} ${direction} ${nulls}, a.id ${direction}`;
  };
  const rows = await queryRows<LendingDetailRow>(
    db,
    sql`
    with page as (${pickPage(f, where, paging, window, order, splitSortDepth, today)})
    select a.id, a.user_id,
      u.first_name || ' ' || u.last_name as client_name, u.username as user_email,
      a.requested_amount::text, a.monthly_revenue::text, a.status, a.created_at::text, a.credit_score,
      s.withholding_percentage::text as withholding_rate,
      s.installment_amount::text as repayment_amount,
      s.platform_fee_rate::text as platform_fee_rate,
      round(s.installment_amount * s.platform_fee_rate / 100, 2)::text as platform_fee,
      coalesce(s.paid_amount, 0)::numeric(14,2)::text as total_payments_made,
      s.remaining_amount::text,
      to_char(s.next_payment_date, 'YYYY-MM-DD') as next_payment_date,
      to_char(s.start_date at time zone 'Africa/Johannesburg', 'YYYY-MM-DD') as schedule_start_date,
      case when ${SERVICED} then (${daysPastDue(today)})::int end as days_past_due,
      case when ${SERVICED} then coalesce((
        select sum(i.amount_due - i.amount_paid) from repayment_instalments i
        where i.schedule_id = s.id and i.voided_on is null and i.due_date < ${today}::date
      ), 0)::numeric(14,2)::text end as amount_overdue,
      coalesce(s.renegotiation_eligible_at is not null and ${SERVICED}, false) as renegotiation_eligible,
      s.forbearance,
      coalesce(${SERVICED}, false) as serviced
    from page
    join financing_applications a on a.id = page.id
    join users u on u.id = a.user_id
    left join repayment_schedules s on s.application_id = a.id
    order by ${order(paging.sort.descending, false)}`,
  );
  return { rows, total };
}

/** Loans by payout month: financed, in default now, ever in default (the first default stays on the schedule). */
export async function defaultCohorts(db: DbOrTx, mode: DashboardMode) {
  return queryRows<{
    cohort: string;
    financed: number;
    disbursed: string;
    defaulted_now: number;
    ever_defaulted: number;
  }>(
    db,
    sql`select to_char(s.paid_out_on, 'YYYY-MM') as cohort, count(*)::int as financed,
          sum(s.total_amount - s.cost_amount)::numeric(14,2)::text as disbursed,
          count(*) filter (where s.status = 'defaulted')::int as defaulted_now,
          count(*) filter (where s.defaulted_on is not null)::int as ever_defaulted
        from repayment_schedules s
        where s.paid_out_on is not null and ${scheduleInMode(mode)}
        group by 1 order by 1`,
  );
}
