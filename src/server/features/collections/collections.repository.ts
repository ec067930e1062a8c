// Collections queries (docs/collections.md). The worklist is worked out in SQL from the schedules (days past due
// from arrears_from, as the lending figures do), and a promise's kept or broken from the payments themselves.
import { type SQL, sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/business-date';
import type { CollectionView, ContactChannel, ContactOutcome } from '../../../shared/collections';
import type { DashboardMode } from '../../../shared/constants';
import {
  BUCKET_DAYS,
  DELINQUENCY_BUCKETS,
  type DelinquencyBucket,
} from '../../../shared/finance/instalments';
import { STAFF_DUTIES } from '../../../shared/staff-roles';
import { type DbOrTx, queryRows } from '../../db/client';
import { daysPastDue, SERVICED } from '../../db/schedule-sql';
import { scheduleInMode } from '../app-settings/app-settings.service';

/** The bucket's place in the order of risk (0: current, 4: over 90 days), from the days past due `dpd`. */
const bucketRank = (dpd: SQL) =>
  sql`case ${sql.join(
    DELINQUENCY_BUCKETS.filter((b) => BUCKET_DAYS[b].max !== null).map(
      (b, rank) => sql`when ${dpd} <= ${BUCKET_DAYS[b].max}::int then ${rank}::int`,
    ),
    sql` `,
  )} else ${DELINQUENCY_BUCKETS.length - 1}::int end`;

/**
 * What has been handed over (instalment and fee, none reversed) towards promise `p`: the payments received from the
 * day it was made to its date, both included, but not one recorded on that first day before the promise was made
 * (the promise is for money still to come).
 */
const paidTowards = sql`coalesce((select sum(pay.amount + pay.platform_fee) from payments pay
    where pay.application_id = p.application_id and pay.reversed_at is null
      and pay.payment_date between p.made_on and p.promised_for
      and (pay.payment_date > p.made_on or pay.id > p.after_payment_id)), 0)`;

/** A promise `p` as kept, broken or open on `today` (src/shared/collections.ts). */
const promiseStatus = (today: IsoDate) =>
  sql`case when ${paidTowards} >= p.amount then 'kept'
    when p.promised_for < ${today}::date then 'broken' else 'open' end`;

const ROLES_WHO_COLLECT = sql.join(
  STAFF_DUTIES.collect.map((role) => sql`${role}`),
  sql`, `,
);

/** What the worklist reads of each schedule `s` and its collection account `ca`, as the rows below use it. */
const loanColumns = (today: IsoDate) => sql`s.application_id, s.user_id, s.remaining_amount, s.status,
    ${daysPastDue(today)} as dpd, ca.collector_id, ca.next_action_on,
    (select count(*) from payment_promises p where p.application_id = s.application_id
       and p.promised_for < ${today}::date and ${paidTowards} < p.amount)::int as broken`;

export type WorklistFilter = {
  view: CollectionView;
  bucket?: DelinquencyBucket;
  mode: DashboardMode;
  /** The staff member reading (for 'mine'). */
  staffId: number;
};

/**
 * The loans the worklist holds: in arrears, or with a request for help still open. Read from the schedules alone
 * (their world by scheduleInMode, the open requests as one hashed set): joining every application for its mode
 * and looking up each loan's request one by one cost 74 ms at 100,000 applications against 23 ms.
 */
function worklistLoans(f: WorklistFilter, today: IsoDate): SQL {
  const openRequests = sql`(select h.application_id from hardship_requests h where h.status = 'open')`;
  const parts: SQL[] = [
    SERVICED,
    sql`(s.arrears_from < ${today}::date or s.application_id in ${openRequests})`,
    scheduleInMode(f.mode),
  ];
  if (f.view === 'mine') parts.push(sql`ca.collector_id = ${f.staffId}`);
  if (f.view === 'unassigned') parts.push(sql`ca.collector_id is null`);
  if (f.view === 'due') parts.push(sql`ca.next_action_on <= ${today}::date`);
  if (f.view === 'requests') parts.push(sql`s.application_id in ${openRequests}`);
  if (f.bucket) {
    const { min, max } = BUCKET_DAYS[f.bucket];
    const dpd = daysPastDue(today);
    parts.push(max === null ? sql`${dpd} >= ${min}` : sql`${dpd} between ${min} and ${max}`);
  }
  return sql`select ${loanColumns(today)}
    from repayment_schedules s
    left join collection_accounts ca on ca.application_id = s.application_id
    where ${sql.join(parts, sql` and `)}`;
}

export type WorklistDbRow = {
  application_id: number;
  user_id: number;
  creator_name: string;
  creator_email: string;
  status: string;
  dpd: number;
  amount_overdue: string;
  balance: string;
  broken: number;
  promise_id: number | null;
  promise_amount: string | null;
  promise_for: string | null;
  promise_paid: string | null;
  collector_id: number | null;
  collector_name: string | null;
  next_action_on: string | null;
  asked_at: Date | string | null;
};

/** The row of each loan `loan` (application_id, user_id, remaining_amount, status, dpd, broken, collector). */
const worklistColumns = (today: IsoDate) => sql`loan.application_id, loan.user_id,
    u.first_name || ' ' || u.last_name as creator_name, u.username as creator_email,
    loan.status, loan.dpd::int as dpd, loan.broken, loan.remaining_amount::text as balance,
    coalesce((select sum(i.amount_due - i.amount_paid) from repayment_instalments i
      join repayment_schedules si on si.id = i.schedule_id
      where si.application_id = loan.application_id and i.voided_on is null and i.due_date < ${today}::date
    ), 0)::numeric(14,2)::text as amount_overdue,
    op.id as promise_id, op.amount::text as promise_amount, to_char(op.promised_for, 'YYYY-MM-DD') as promise_for,
    op.paid::numeric(14,2)::text as promise_paid,
    loan.collector_id, c.first_name || ' ' || c.last_name as collector_name,
    to_char(loan.next_action_on, 'YYYY-MM-DD') as next_action_on,
    (select h.created_at from hardship_requests h where h.application_id = loan.application_id and h.status = 'open')
      as asked_at`;

/** The open promise of each loan `loan` (none kept yet, its day not passed), as `op`. */
const openPromiseJoin = (today: IsoDate) => sql`left join lateral (
      select p.id, p.amount, p.promised_for,
        ${paidTowards} as paid
      from payment_promises p
      where p.application_id = loan.application_id and p.promised_for >= ${today}::date
      order by p.id desc limit 1
    ) op on op.paid < op.amount`;

/** Riskiest first: the later bucket, then the larger balance, then more broken promises. */
const RISK_ORDER = sql`${bucketRank(sql`loan.dpd`)} desc, loan.remaining_amount desc, loan.broken desc,
  loan.application_id`;

/**
 * One page of the worklist, riskiest first, and how many loans it holds in all: counted in the same pass as the
 * page (a window count), and alone only when the page is past the end.
 */
export async function worklist(
  db: DbOrTx,
  f: WorklistFilter,
  paging: { page: number; pageSize: number },
  today: IsoDate,
): Promise<{ rows: WorklistDbRow[]; total: number }> {
  const loans = worklistLoans(f, today);
  const rows = await queryRows<WorklistDbRow & { total: number }>(
    db,
    sql`with loan as (${loans}),
      page as (select loan.*, count(*) over ()::int as total from loan
        order by ${RISK_ORDER} limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize})
    select ${worklistColumns(today)}, loan.total
    from page loan
    join users u on u.id = loan.user_id
    left join users c on c.id = loan.collector_id
    ${openPromiseJoin(today)}
    order by ${RISK_ORDER}`,
  );
  if (rows.length > 0) return { rows, total: rows[0]!.total };
  const [{ total }] = (await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (${loans}) loan`,
  )) as [{ total: number }];
  return { rows: [], total };
}

/** One loan's worklist row, whether or not it is in the worklist now (null when it has no schedule). */
export async function loanRow(db: DbOrTx, applicationId: number, today: IsoDate) {
  const [row] = await queryRows<WorklistDbRow>(
    db,
    sql`with loan as (
        select ${loanColumns(today)}
        from repayment_schedules s
        left join collection_accounts ca on ca.application_id = s.application_id
        where s.application_id = ${applicationId}
      )
    select ${worklistColumns(today)}
    from loan
    join users u on u.id = loan.user_id
    left join users c on c.id = loan.collector_id
    ${openPromiseJoin(today)}`,
  );
  return row ?? null;
}

export type ContactDbRow = {
  id: number;
  channel: ContactChannel;
  outcome: ContactOutcome;
  note: string;
  contacted_at: Date | string;
  staff_id: number | null;
  staff_name: string | null;
};

/** The loan's contacts, newest first (the latest `limit`). */
export async function contactsOf(db: DbOrTx, applicationId: number, limit: number) {
  return queryRows<ContactDbRow>(
    db,
    sql`select cc.id, cc.channel, cc.outcome, cc.note, cc.contacted_at, cc.staff_id,
        st.first_name || ' ' || st.last_name as staff_name
      from collection_contacts cc left join users st on st.id = cc.staff_id
      where cc.application_id = ${applicationId}
      order by cc.id desc limit ${limit}`,
  );
}

export type PromiseDbRow = {
  id: number;
  amount: string;
  made_on: string;
  promised_for: string;
  paid: string;
  status: 'open' | 'kept' | 'broken';
  made_by: number | null;
  made_by_name: string | null;
};

/** The loan's promises, newest first, each kept, broken or open as the payments say on `today`. */
export async function promisesOf(db: DbOrTx, applicationId: number, today: IsoDate) {
  return queryRows<PromiseDbRow>(
    db,
    sql`select p.id, p.amount::text, to_char(p.made_on, 'YYYY-MM-DD') as made_on,
        to_char(p.promised_for, 'YYYY-MM-DD') as promised_for,
        ${paidTowards}::numeric(14,2)::text as paid,
        ${promiseStatus(today)} as status, p.made_by, m.first_name || ' ' || m.last_name as made_by_name
      from payment_promises p left join users m on m.id = p.made_by
      where p.application_id = ${applicationId}
      order by p.id desc`,
  );
}

export type HelpRequestDbRow = {
  id: number;
  reason: string;
  can_pay: string | null;
  status: 'open' | 'closed';
  created_at: Date | string;
  closed_at: Date | string | null;
  outcome: string | null;
};

/** The loan's requests for help, newest first. */
export async function helpRequestsOf(db: DbOrTx, applicationId: number, limit = 50) {
  return queryRows<HelpRequestDbRow>(
    db,
    sql`select id, reason, can_pay::text, status, created_at, closed_at, outcome
      from hardship_requests where application_id = ${applicationId}
      order by id desc limit ${limit}`,
  );
}

/** Active staff who collect (an admin or a collector), by name: whom a loan may be assigned to. */
export async function collectors(db: DbOrTx) {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`select id, first_name || ' ' || last_name as name from users
      where role in (${ROLES_WHO_COLLECT}) and status = 'active'
      order by first_name, last_name, id`,
  );
}

/**
 * Locks loan `applicationId` for a collections change (its schedule row, the lock every payment also takes), so
 * that the open-promise rule holds however many requests arrive at once. Null when the application has no schedule.
 */
export async function lockLoan(tx: DbOrTx, applicationId: number) {
  const [row] = await queryRows<{ user_id: number; status: string; remaining_amount: string }>(
    tx,
    sql`select user_id, status, remaining_amount::text from repayment_schedules
      where application_id = ${applicationId} for update`,
  );
  return row ?? null;
}

export async function saveAccount(
  tx: DbOrTx,
  applicationId: number,
  change: { collectorId: number | null; nextActionOn: IsoDate | null },
  now: Date,
) {
  await tx.execute(
    sql`insert into collection_accounts (application_id, collector_id, next_action_on, updated_at)
      values (${applicationId}, ${change.collectorId}, ${change.nextActionOn}, ${now})
      on conflict (application_id) do update
        set collector_id = excluded.collector_id, next_action_on = excluded.next_action_on,
          updated_at = excluded.updated_at`,
  );
}

/** Sets the next action to `day` unless the loan already has one sooner. */
export async function bringNextActionForward(tx: DbOrTx, applicationId: number, day: IsoDate, now: Date) {
  await tx.execute(
    sql`insert into collection_accounts (application_id, next_action_on, updated_at)
      values (${applicationId}, ${day}, ${now})
      on conflict (application_id) do update
        set next_action_on = least(coalesce(collection_accounts.next_action_on, excluded.next_action_on),
          excluded.next_action_on),
          updated_at = excluded.updated_at`,
  );
}

export async function insertContact(
  tx: DbOrTx,
  contact: {
    applicationId: number;
    staffId: number;
    channel: ContactChannel;
    outcome: ContactOutcome;
    note: string;
    at: Date;
  },
) {
  await tx.execute(
    sql`insert into collection_contacts (application_id, staff_id, channel, outcome, note, contacted_at)
      values (${contact.applicationId}, ${contact.staffId}, ${contact.channel}, ${contact.outcome},
        ${contact.note}, ${contact.at})`,
  );
}

/** The loan's open promise on `today` (its day not passed, not yet kept), if any. */
export async function openPromise(db: DbOrTx, applicationId: number, today: IsoDate) {
  const [row] = (await promisesOf(db, applicationId, today)).filter((p) => p.status === 'open');
  return row ?? null;
}

export async function insertPromise(
  tx: DbOrTx,
  promise: {
    applicationId: number;
    amount: string;
    madeOn: IsoDate;
    promisedFor: IsoDate;
    madeBy: number;
    at: Date;
  },
) {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into payment_promises (application_id, amount, made_on, promised_for, made_by, after_payment_id,
        created_at)
      values (${promise.applicationId}, ${promise.amount}, ${promise.madeOn}, ${promise.promisedFor},
        ${promise.madeBy},
        (select coalesce(max(id), 0) from payments where application_id = ${promise.applicationId}),
        ${promise.at})
      returning id`,
  );
  return row!.id;
}

/** Opens a request for help; null when the loan already has one open (the partial unique index decides). */
export async function insertHelpRequest(
  tx: DbOrTx,
  request: { applicationId: number; reason: string; canPay: string | null; at: Date },
) {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into hardship_requests (application_id, reason, can_pay, status, created_at)
      values (${request.applicationId}, ${request.reason}, ${request.canPay}, 'open', ${request.at})
      on conflict (application_id) where status = 'open' do nothing
      returning id`,
  );
  return row?.id ?? null;
}

/** Closes an open request with what was agreed; null when it is not open (or not this loan's). */
export async function closeHelpRequest(
  tx: DbOrTx,
  close: { applicationId: number; requestId: number; outcome: string; by: number; at: Date },
) {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`update hardship_requests set status = 'closed', closed_at = ${close.at}, closed_by = ${close.by},
        outcome = ${close.outcome}
      where id = ${close.requestId} and application_id = ${close.applicationId} and status = 'open'
      returning id`,
  );
  return row?.id ?? null;
}

/** The creator's latest request for help on their loan, or null. */
export async function latestHelpRequest(db: DbOrTx, applicationId: number) {
  const [row] = await helpRequestsOf(db, applicationId, 1);
  return row ?? null;
}

/** A loan's owner and state, or null when `applicationId` has no schedule (not a loan). */
export async function loanOwner(db: DbOrTx, applicationId: number) {
  const [row] = await queryRows<{ user_id: number; status: string }>(
    db,
    sql`select user_id, status from repayment_schedules where application_id = ${applicationId}`,
  );
  return row ?? null;
}
