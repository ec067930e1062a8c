// The NCR statistical return (Form 39) read from the database for one quarter (docs/compliance.md, "NCR statistical
// return (Form 39)"). Test applications (`*_testing`) are never counted: the return is of real agreements only.
import { sql } from 'drizzle-orm';
import { addDays, type IsoDate, startOfBusinessDay } from '../../../shared/business-date';
import { type DbOrTx, queryRows } from '../../db/client';
import { PAYOUT_DAY } from '../../db/schedule-sql';
import { statusInMode } from '../app-settings/app-settings.service';

/** Real applications: a test one (`*_testing`) is a rehearsal, never an agreement. */
const REAL = statusInMode(sql`a.status`, 'production');

export type GrantedRow = {
  application_id: number;
  principal: string;
  monthly_revenue: string;
  /** The class the accepted quote carries; null on quotes from before the class was kept. */
  agreement_class: string | null;
  /** The term in months the class is decided on where the quote has none. */
  months: number | null;
};

/**
 * Agreements granted in the quarter: loans whose money went out between `from` and `to` (SA days). The principal is
 * the amount financed (total less the finance charge, as the lending figures read it); the class is the one the
 * accepted quote (the contract) carries. A quarter's payouts are few, so each is answered and added up by the
 * service, with the class and income band rules of src/shared (never a second copy in SQL).
 */
export async function grantedInQuarter(db: DbOrTx, from: IsoDate, to: IsoDate) {
  return queryRows<GrantedRow>(
    db,
    sql`select a.id as application_id, (s.total_amount - s.cost_amount)::numeric(14,2)::text as principal,
          a.monthly_revenue::text as monthly_revenue,
          coalesce(q.quote->>'agreementClass', q.terms->'legal'->>'agreementClass') as agreement_class,
          coalesce((q.terms->'legal'->>'months')::int, s.estimated_period, a.estimated_period) as months
        from repayment_schedules s
        join financing_applications a on a.id = s.application_id
        left join credit_quotes q on q.id = s.quote_id
        where ${PAYOUT_DAY} between ${from}::date and ${to}::date and ${REAL}
        order by a.id`,
  );
}

/** Applications received (submitted) in the quarter: created between the first day's 00:00 and the next quarter's. */
export async function receivedInQuarter(db: DbOrTx, from: IsoDate, to: IsoDate): Promise<number> {
  const [row] = await queryRows<{ received: number }>(
    db,
    sql`select count(*)::int as received from financing_applications a
        where a.created_at >= ${startOfBusinessDay(from).toISOString()}::timestamptz
          and a.created_at < ${startOfBusinessDay(addDays(to, 1)).toISOString()}::timestamptz
          and ${REAL}`,
  );
  return row?.received ?? 0;
}

export type DeclinedReasonRow = { reason: string | null; declined: number; failing_affordability: number };

/**
 * Applications declined in the quarter, by the reason the admin gave the creator (the same words, trimmed). An
 * application counts when it is rejected now and was rejected in the quarter (`rejected_at`, set with the rejection
 * and cleared when it is taken back; migration 0019 filled it for older rejections from their audit rows), read by
 * its partial index. `failing_affordability`: those whose stored assessment fails.
 */
export async function declinedInQuarter(db: DbOrTx, from: IsoDate, to: IsoDate) {
  const start = startOfBusinessDay(from).toISOString();
  const end = startOfBusinessDay(addDays(to, 1)).toISOString();
  return queryRows<DeclinedReasonRow>(
    db,
    sql`select nullif(btrim(a.rejection_reason), '') as reason, count(*)::int as declined,
          count(*) filter (where a.affordability->>'passes' = 'false')::int as failing_affordability
        from financing_applications a
        where a.rejected_at >= ${start}::timestamptz and a.rejected_at < ${end}::timestamptz
          and a.status = 'rejected'
        group by 1
        order by count(*) desc, reason nulls last`,
  );
}

export type BookLoanRow = {
  application_id: number;
  arrears_tolerance: string;
  instalments: Array<{
    number: number;
    dueDate: IsoDate;
    amountDue: string;
    /** Paid by payments dated on or before the book's day (allocations in force, payments not reversed). */
    amountPaid: string;
    /** The rebate of an early settlement paid on or before the book's day. */
    amountRebated: string;
    /** What was forgiven on it on or before the book's day. */
    amountForgiven: string;
  }>;
};

/** An instalment as the book query sends it: [number, due date, due, paid, rebated, forgiven], the money as text. */
type InstalmentTuple = [number, IsoDate, string, string, string, string];

/**
 * The book on `day`: every real loan paid out by then, with its instalments as they stood at the end of that day
 * (in force then: the schedule's own, or made by then, and not yet replaced by a restructure) and what payments dated
 * by then had paid on each. For today this is the loan's position as servicing reads it; for a quarter that has ended,
 * the position at its last day, so payments received after it do not change the return. The service works out the
 * days past due with the servicing rule (loanPosition) and keeps the loans with something owed.
 */
export async function bookOn(db: DbOrTx, day: IsoDate): Promise<BookLoanRow[]> {
  const endOfDay = startOfBusinessDay(addDays(day, 1)).toISOString();
  // What payments dated by the day had paid on an instalment is what is paid on it now (amount_paid: the sum of its
  // allocations in force, kept by every allocation and reversal) less what payments dated after the day paid. Those
  // are the few since the day (none for today), read by payment day, where summing every allocation of the book took
  // a second on the 100 000-application book. Each instalment comes as an array, not an object with named fields:
  // building and parsing 250 000 of those objects took most of the rest (bench/README.md).
  const rows = await queryRows<{
    application_id: number;
    arrears_tolerance: string;
    instalments: InstalmentTuple[];
  }>(
    db,
    sql`with paid_after as (
          select pa.instalment_id, sum(pa.amount) as amount
          from payments p join payment_allocations pa on pa.payment_id = p.id
          where p.payment_date > ${day}::date and p.reversed_at is null and pa.reversed_at is null
          group by pa.instalment_id
        ), settled as (
          select distinct p.application_id from payments p
          where p.kind = 'settlement' and p.reversed_at is null and p.payment_date <= ${day}::date
        )
        select a.id as application_id, s.arrears_tolerance::text as arrears_tolerance,
          json_agg(json_build_array(
            i.number,
            i.due_date::text,
            i.amount_due::text,
            (i.amount_paid - coalesce(later.amount, 0))::numeric(14,2)::text,
            case when st.application_id is not null then i.amount_rebated else 0 end::numeric(14,2)::text,
            case when s.forgiven_on <= ${day}::date then i.amount_forgiven else 0 end::numeric(14,2)::text
          ) order by i.number) as instalments
        from repayment_schedules s
        join financing_applications a on a.id = s.application_id
        join repayment_instalments i on i.schedule_id = s.id
          and (i.voided_on is null or i.voided_on > ${day}::date)
          -- Made with the schedule (a payout recorded after the day it is dated still had them from that day), or by a
          -- restructure or a shortfall month by the end of the day.
          and (i.created_at <= s.created_at or i.created_at < ${endOfDay}::timestamptz)
        left join paid_after later on later.instalment_id = i.id
        left join settled st on st.application_id = a.id
        where ${PAYOUT_DAY} <= ${day}::date and s.status in ('active', 'defaulted', 'completed')
          and a.status in ('active', 'defaulted', 'completed')
        group by a.id, s.arrears_tolerance
        order by a.id`,
  );
  return rows.map((row) => ({
    application_id: row.application_id,
    arrears_tolerance: row.arrears_tolerance,
    instalments: row.instalments.map(
      ([number, dueDate, amountDue, amountPaid, amountRebated, amountForgiven]) => ({
        number,
        dueDate,
        amountDue,
        amountPaid,
        amountRebated,
        amountForgiven,
      }),
    ),
  }));
}
