// What the monthly credit bureau submission reads and keeps (docs/compliance.md, "Credit bureau"): every real loan
// paid out by the month's end with a balance then (read back from today's balance and the payments since), its
// arrears at the month's end, and the Act's records about it; the files made, one per month.
import Decimal from 'decimal.js';
import { desc, eq, sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/business-date';
import { toMoneyString } from '../../../shared/finance/money';
import { type DbOrTx, queryRows } from '../../db/client';
import { PAYOUT_DAY } from '../../db/schedule-sql';
import { bureauSubmissions } from '../../db/schema';
import { underDebtReviewSql } from '../nca/nca-events.repository';
import type { BureauAccount } from './bureau-file';

/** The SA day a schedule's money went out: the payout's day, or for loans from before it was kept, the start's. */

type Row = {
  application_id: number;
  id_number: string | null;
  passport_number: string | null;
  registration_number: string | null;
  date_of_birth: string | null;
  surname: string;
  forenames: string;
  agreement_class: string | null;
  opened_on: string;
  principal: string;
  instalment: string;
  balance: string;
  arrears_from: string | null;
  amount_overdue: string;
  last_payment_on: string | null;
  defaulted: boolean;
  under_debt_review: boolean;
  handed_over: boolean;
  listable_from: string | null;
};

export async function bureauAccountsAt(db: DbOrTx, periodEnd: IsoDate): Promise<BureauAccount[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select a.id as application_id, a.id_number, a.passport_number, a.registration_number,
          a.date_of_birth::text as date_of_birth,
          coalesce(a.last_name, a.business_name, u.last_name) as surname,
          coalesce(a.first_name, u.first_name) as forenames,
          (select q.quote->>'agreementClass' from credit_quotes q
            where q.application_id = a.id and q.status = 'accepted' limit 1) as agreement_class,
          ${PAYOUT_DAY}::text as opened_on,
          coalesce(a.approved_amount, a.requested_amount)::text as principal,
          s.installment_amount::text as instalment,
          (s.remaining_amount + coalesce((select sum(p.amount) from payments p where p.application_id = a.id
            and p.reversed_at is null and p.payment_date > ${periodEnd}), 0)
            + case when s.forgiven_on > ${periodEnd} then s.forgiven_amount else 0 end)::text as balance,
          s.arrears_from::text as arrears_from,
          coalesce((select sum(greatest(i.amount_due - i.amount_paid, 0)) from repayment_instalments i
            where i.schedule_id = s.id and i.voided_on is null and i.due_date < ${periodEnd}), 0)::text
            as amount_overdue,
          (select max(p.payment_date) from payments p where p.application_id = a.id and p.reversed_at is null
            and p.payment_date <= ${periodEnd})::text as last_payment_on,
          -- A loan forgiven after the month's end was still in default at it.
          (a.status = 'defaulted' or s.forgiven_on > ${periodEnd}) as defaulted,
          ${underDebtReviewSql} as under_debt_review,
          exists (select 1 from nca_events e where e.application_id = a.id and e.kind = 'enforcement'
            and e.details->>'arrearsFrom' = s.arrears_from::text) as handed_over,
          (select e.details->>'listableFrom' from nca_events e where e.application_id = a.id
            and e.kind = 'bureau_adverse_notice' and e.details->>'arrearsFrom' = s.arrears_from::text
            order by e.id desc limit 1) as listable_from
        from financing_applications a
        join repayment_schedules s on s.application_id = a.id
        join users u on u.id = a.user_id
        where a.status in ('active', 'defaulted', 'completed') and ${PAYOUT_DAY} <= ${periodEnd}
          and u.anonymised_at is null
        order by a.id`,
  );
  return rows
    .filter((r) => new Decimal(r.balance).gt(0))
    .map((r) => ({
      applicationId: r.application_id,
      idNumber: r.id_number,
      passportNumber: r.passport_number,
      registrationNumber: r.registration_number,
      dateOfBirth: r.date_of_birth,
      surname: r.surname,
      forenames: r.forenames,
      agreementClass: r.agreement_class,
      openedOn: r.opened_on as IsoDate,
      principal: r.principal,
      instalment: r.instalment,
      balance: toMoneyString(new Decimal(r.balance)),
      arrearsFrom: (r.arrears_from as IsoDate | null) ?? null,
      amountOverdue: toMoneyString(new Decimal(r.amount_overdue)),
      lastPaymentOn: (r.last_payment_on as IsoDate | null) ?? null,
      defaulted: r.defaulted,
      underDebtReview: r.under_debt_review,
      handedOver: r.handed_over,
      adverseListingAllowedFrom: (r.listable_from as IsoDate | null) ?? null,
    }));
}

/** Keeps a month's file; false when that month's was already made (by another run or instance). */
export async function insertBureauSubmission(
  db: DbOrTx,
  file: { period: string; rows: number; totalBalance: string; content: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(bureauSubmissions)
    .values({
      period: file.period,
      rows: file.rows,
      totalBalance: file.totalBalance,
      content: file.content,
      createdAt: file.at,
    })
    .onConflictDoNothing({ target: bureauSubmissions.period })
    .returning({ id: bureauSubmissions.id });
  return rows.length > 0;
}

export function listBureauSubmissions(db: DbOrTx) {
  return db
    .select({
      period: bureauSubmissions.period,
      rows: bureauSubmissions.rows,
      totalBalance: bureauSubmissions.totalBalance,
      createdAt: bureauSubmissions.createdAt,
    })
    .from(bureauSubmissions)
    .orderBy(desc(bureauSubmissions.period));
}

export async function findBureauSubmission(db: DbOrTx, period: string) {
  const [row] = await db.select().from(bureauSubmissions).where(eq(bureauSubmissions.period, period));
  return row;
}
