// The NCR statistical return (Form 39) read from the database for one quarter (docs/compliance.md, "NCR statistical
// return (Form 39)"). Test applications (`*_testing`) are never counted: the return is of real agreements only.
import { sql } from 'drizzle-orm';
import { addDays, type IsoDate, startOfBusinessDay } from '../../../shared/business-date';
import { type DbOrTx, queryRows } from '../../db/client';
import { statusInMode } from '../app-settings/app-settings.service';

/** Real applications: a test one (`*_testing`) is a rehearsal, never an agreement. */
const REAL = statusInMode(sql`a.status`, 'production');

/** The SA day a schedule's money went out: the payout's day, or for loans from before it was kept, the start's. */
const PAYOUT_DAY = sql`coalesce(s.paid_out_on, (s.start_date at time zone 'Africa/Johannesburg')::date)`;

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
 * application counts when it is rejected now and the status change to rejected was made in the quarter: the moment is
 * the newest audit row of that change (the lifecycle writes `#<id>: status <from> → rejected` in the change's
 * transaction), or the row's last update for rejections from before the audit note said so. One taken back (rejected
 * → under review) is not declined. `failing_affordability`: those whose stored assessment fails.
 */
export async function declinedInQuarter(db: DbOrTx, from: IsoDate, to: IsoDate) {
  const start = startOfBusinessDay(from).toISOString();
  const end = startOfBusinessDay(addDays(to, 1)).toISOString();
  return queryRows<DeclinedReasonRow>(
    db,
    sql`with declined as (
          select nullif(btrim(a.rejection_reason), '') as reason,
            coalesce(a.affordability->>'passes' = 'false', false) as fails,
            coalesce((select max(x.created_at) from user_admin_actions x
                where x.user_id = a.user_id and x.action = 'application_updated'
                  and x.notes like '#' || a.id || ': %status % → rejected%'), a.updated_at) as declined_at
          from financing_applications a
          where a.status = 'rejected'
        )
        select reason, count(*)::int as declined, count(*) filter (where fails)::int as failing_affordability
        from declined
        where declined_at >= ${start}::timestamptz and declined_at < ${end}::timestamptz
        group by reason
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
  }>;
};

/**
 * The book on `day`: every real loan paid out by then, with its instalments as they stood at the end of that day
 * (in force then: the schedule's own, or made by then, and not yet replaced by a restructure) and what payments dated by then had paid on each.
 * For today this is the loan's position as servicing reads it; for a quarter that has ended, the position at its last
 * day, so payments received after it do not change the return. The service works out the days past due with the
 * servicing rule (loanPosition) and keeps the loans with something owed.
 */
export async function bookOn(db: DbOrTx, day: IsoDate) {
  const endOfDay = startOfBusinessDay(addDays(day, 1)).toISOString();
  return queryRows<BookLoanRow>(
    db,
    sql`select a.id as application_id, s.arrears_tolerance::text as arrears_tolerance,
          coalesce((
            select json_agg(json_build_object(
              'number', i.number,
              'dueDate', to_char(i.due_date, 'YYYY-MM-DD'),
              'amountDue', i.amount_due::text,
              'amountPaid', coalesce((
                select sum(pa.amount) from payment_allocations pa join payments p on p.id = pa.payment_id
                where pa.instalment_id = i.id and pa.reversed_at is null and p.reversed_at is null
                  and p.payment_date <= ${day}::date), 0)::numeric(14,2)::text,
              'amountRebated', case when exists (
                select 1 from payments p where p.application_id = a.id and p.kind = 'settlement'
                  and p.reversed_at is null and p.payment_date <= ${day}::date)
                then i.amount_rebated else 0 end::numeric(14,2)::text
            ) order by i.number)
            from repayment_instalments i
            where i.schedule_id = s.id and (i.voided_on is null or i.voided_on > ${day}::date)
              -- Made with the schedule (a payout recorded after the day it is dated still had them from that day),
              -- or by a restructure or a shortfall month by the end of the day.
              and (i.created_at <= s.created_at or i.created_at < ${endOfDay}::timestamptz)
          ), '[]'::json) as instalments
        from repayment_schedules s
        join financing_applications a on a.id = s.application_id
        where ${PAYOUT_DAY} <= ${day}::date and s.status in ('active', 'defaulted', 'completed')
          and a.status in ('active', 'defaulted', 'completed')
        order by a.id`,
  );
}
