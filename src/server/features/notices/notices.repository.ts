// What the daily notices job reads: open instalments falling due soon (reminders) and loans with an unpaid
// instalment past its due date (overdue notices), each with the person to write to. Only real loans being
// repaid (active or defaulted, never a `_testing` application), only accounts not deleted or anonymised.
import { sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/business-date';
import { type DbOrTx, queryRows } from '../../db/client';
import { underDebtReviewSql } from '../nca/nca-events.repository';

export type NoticeInstalment = {
  id: number;
  number: number;
  dueDate: IsoDate;
  amountDue: string;
  amountPaid: string;
};

/** A loan to write to, with all its instalments in order (the position is computed from them). */
export type NoticeLoan = {
  applicationId: number;
  userId: number;
  email: string;
  firstName: string;
  remindersEnabled: boolean;
  remainingAmount: string;
  /** The loan's arrears tolerance: less than this open is not overdue (docs/lending.md). */
  arrearsTolerance: string;
  /** The loan's fee terms: what a payment carries as platform fee (src/shared/finance/platform-fee.ts). */
  platformFeeRate: string;
  quotedFees: string | null;
  feesPaid: string;
  /** The oldest unpaid due date of the arrears (null when none), and whether a debt counsellor's notice holds. */
  arrearsFrom: IsoDate | null;
  underDebtReview: boolean;
  paidOutOn: IsoDate | null;
  instalments: NoticeInstalment[];
};

type Row = {
  application_id: number;
  user_id: number;
  username: string;
  first_name: string;
  reminders_enabled: boolean;
  remaining_amount: string;
  arrears_tolerance: string;
  platform_fee_rate: string;
  quoted_fees: string | null;
  fees_paid: string;
  arrears_from: string | null;
  under_debt_review: boolean;
  paid_out_on: string | null;
  instalment_id: number;
  number: number;
  due_date: string;
  amount_due: string;
  amount_paid: string;
};

const LOANS_TO_WRITE_TO = sql`
  from repayment_schedules s
  join financing_applications a on a.id = s.application_id
  join users u on u.id = a.user_id
  join repayment_instalments i on i.schedule_id = s.id and i.voided_on is null
  where s.status in ('active', 'defaulted') and a.status in ('active', 'defaulted')
    and u.status <> 'deleted' and u.anonymised_at is null`;

async function loansWhere(db: DbOrTx, condition: ReturnType<typeof sql>): Promise<NoticeLoan[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select a.id as application_id, u.id as user_id, u.username, u.first_name, u.reminders_enabled,
          s.remaining_amount::text as remaining_amount, s.arrears_tolerance::text as arrears_tolerance,
          s.platform_fee_rate::text as platform_fee_rate, s.quoted_fees::text as quoted_fees, s.fees_paid::text as fees_paid,
          s.arrears_from::text as arrears_from, ${underDebtReviewSql} as under_debt_review,
          s.paid_out_on::text as paid_out_on, i.id as instalment_id, i.number, i.due_date::text as due_date,
          i.amount_due::text as amount_due, i.amount_paid::text as amount_paid
        ${LOANS_TO_WRITE_TO} and ${condition}
        order by a.id, i.number`,
  );
  const loans = new Map<number, NoticeLoan>();
  for (const row of rows) {
    let loan = loans.get(row.application_id);
    if (!loan) {
      loan = {
        applicationId: row.application_id,
        userId: row.user_id,
        email: row.username,
        firstName: row.first_name,
        remindersEnabled: row.reminders_enabled,
        remainingAmount: row.remaining_amount,
        arrearsTolerance: row.arrears_tolerance,
        platformFeeRate: row.platform_fee_rate,
        quotedFees: row.quoted_fees,
        feesPaid: row.fees_paid,
        arrearsFrom: (row.arrears_from as IsoDate | null) ?? null,
        underDebtReview: row.under_debt_review,
        paidOutOn: (row.paid_out_on as IsoDate | null) ?? null,
        instalments: [],
      };
      loans.set(row.application_id, loan);
    }
    loan.instalments.push({
      id: row.instalment_id,
      number: row.number,
      dueDate: row.due_date as IsoDate,
      amountDue: row.amount_due,
      amountPaid: row.amount_paid,
    });
  }
  return [...loans.values()];
}

/** Loans of creators who want reminders, with an open instalment falling due from `from` to `to` (inclusive). */
export function loansWithInstalmentsDueBetween(db: DbOrTx, from: IsoDate, to: IsoDate) {
  return loansWhere(
    db,
    sql`u.reminders_enabled and exists (select 1 from repayment_instalments d where d.schedule_id = s.id
          and d.voided_on is null and d.due_date between ${from} and ${to} and d.amount_due > d.amount_paid)`,
  );
}

/** Loans late on `today`: arrears of at least their tolerance since a due date before today. */
export function loansInArrears(db: DbOrTx, today: IsoDate) {
  return loansWhere(db, sql`s.arrears_from < ${today}`);
}

/**
 * Loans with a balance, paid out on or before `day`, whose statement keyed `statement:<id>:<period>` has not been
 * written yet: the ones a monthly statement is still owed to (the key's unique index makes the check a lookup).
 */
export function loansOwedStatement(db: DbOrTx, day: IsoDate, period: string) {
  return loansWhere(
    db,
    sql`s.remaining_amount > 0
      and coalesce(s.paid_out_on, (s.start_date at time zone 'Africa/Johannesburg')::date) <= ${day} and not exists (select 1 from mail_outbox m
      where m.notice_key = 'statement:' || a.id || ${`:${period}`})`,
  );
}

export type StatementPayment = { applicationId: number; date: IsoDate; amount: string; fee: string };

/** The payments that count (not reversed) on these loans from `from` on, oldest first. */
export async function paymentsFrom(
  db: DbOrTx,
  applicationIds: number[],
  from: IsoDate,
): Promise<StatementPayment[]> {
  if (applicationIds.length === 0) return [];
  const rows = await queryRows<{
    application_id: number;
    payment_date: string;
    amount: string;
    platform_fee: string;
  }>(
    db,
    sql`select application_id, payment_date::text as payment_date, amount::text as amount,
          platform_fee::text as platform_fee
        from payments
        where application_id in (${sql.join(
          applicationIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and payment_date >= ${from} and reversed_at is null
        order by application_id, payment_date, id`,
  );
  return rows.map((r) => ({
    applicationId: r.application_id,
    date: r.payment_date as IsoDate,
    amount: r.amount,
    fee: r.platform_fee,
  }));
}
