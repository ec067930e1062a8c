import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { businessDate, daysBetween, type IsoDate } from '../../../shared/business-date';
import { type DashboardMode, PAYMENT_HISTORY_PREVIEW } from '../../../shared/constants';
import type { SettlementLoan } from '../../../shared/finance/settlement';
import type { RepaymentRecord } from '../../../shared/scoring/repayment-history';
import { PAID_OUT_STATUSES } from '../../../shared/status-machine';
import type { Db, DbOrTx } from '../../db/client';
import { coalescedPreparedRead, type JsonRow, jsonRow, preparedStatement } from '../../db/prepared';
import {
  type FinancingApplication,
  financingApplications,
  instalmentInForce,
  type Payment,
  payments,
  type RepaymentInstalment,
  type RepaymentSchedule,
  repaymentInstalments,
  repaymentSchedules,
} from '../../db/schema';
import { statusInMode } from '../app-settings/app-settings.service';

/** What a schedule's payments add up to, read in SQL when the payments themselves are not (a reversed one counts nothing). */
export interface PaymentTotals {
  count: number;
  paid: string;
  fees: string;
}

export type ApplicationRecord = FinancingApplication & {
  /**
   * `instalments` is absent when the caller asked for the list without them; `payments` is empty and `totals` set when
   * it asked for the totals only.
   */
  schedule:
    | (RepaymentSchedule & {
        payments: Payment[];
        instalments?: RepaymentInstalment[];
        totals?: PaymentTotals;
      })
    | null;
  /** A top-up's old loan as it stands now (its status, balance and fee rate); absent when not a top-up. */
  topUpSource?: TopUpSource | null;
};

/**
 * The loan a top-up settles, as it stands now: its status, and what its settlement today is computed from (null
 * when it has no schedule).
 */
export type TopUpSource = { status: string; loan: SettlementLoan | null };

type ScheduleOfLoan = Pick<
  RepaymentSchedule,
  'totalAmount' | 'costAmount' | 'remainingAmount' | 'startDate' | 'chargeRate'
>;

/** A stored loan as the settlement rule reads it. */
const settlementLoan = (
  schedule: ScheduleOfLoan,
  instalments: ReadonlyArray<{ dueDate: string; amountDue: string }>,
  paid: ReadonlyArray<{ paymentDate: string; amount: string }>,
): SettlementLoan => ({
  totalAmount: schedule.totalAmount,
  costAmount: schedule.costAmount,
  remainingAmount: schedule.remainingAmount,
  startDay: businessDate(schedule.startDate),
  chargeRate: schedule.chargeRate,
  instalments,
  payments: paid,
});

export type NewApplication = typeof financingApplications.$inferInsert;
/** The columns a state change or an edit may set (updatedAt is set by updateApplication). */
export type ApplicationChanges = Partial<NewApplication>;

export async function insertApplication(db: DbOrTx, values: NewApplication) {
  const [row] = await db.insert(financingApplications).values(values).returning();
  return row!;
}

/** Applications with their schedule, payments and instalments, in four queries whatever the count (no N+1). */
export async function loadApplications(
  db: DbOrTx,
  where: { userId?: number; ids?: number[]; mode?: DashboardMode },
  /** `payments: 'totals'` reads what the payments add up to instead of every payment (a page lists them instead). */
  options: { withInstalments?: boolean; payments?: 'all' | 'totals' } = {},
) {
  const conditions = [];
  if (where.userId !== undefined) conditions.push(eq(financingApplications.userId, where.userId));
  if (where.ids) conditions.push(inArray(financingApplications.id, where.ids));
  if (where.mode) conditions.push(statusInMode(financingApplications.status, where.mode));
  const apps = await db
    .select()
    .from(financingApplications)
    .where(and(...conditions))
    .orderBy(desc(financingApplications.createdAt), desc(financingApplications.id));
  if (apps.length === 0) return [];
  const ids = apps.map((a) => a.id);
  const schedules = await db
    .select()
    .from(repaymentSchedules)
    .where(inArray(repaymentSchedules.applicationId, ids));
  const onlyTotals = options.payments === 'totals';
  const paid = onlyTotals
    ? []
    : await db
        .select()
        .from(payments)
        .where(inArray(payments.applicationId, ids))
        .orderBy(asc(payments.paymentDate), asc(payments.id));
  const totals = onlyTotals ? await paymentTotalsOf(db, ids) : new Map<number, PaymentTotals>();
  const withInstalments = options.withInstalments ?? true;
  const instalments =
    withInstalments && schedules.length
      ? await db
          .select()
          .from(repaymentInstalments)
          .where(
            and(
              instalmentInForce,
              inArray(
                repaymentInstalments.scheduleId,
                schedules.map((s) => s.id),
              ),
            ),
          )
          .orderBy(asc(repaymentInstalments.scheduleId), asc(repaymentInstalments.number))
      : [];
  // Grouped once, so joining them back stays linear in the number of rows.
  const scheduleOf = new Map(schedules.map((s) => [s.applicationId, s]));
  const paymentsOf = groupBy(paid, (p) => p.applicationId);
  const instalmentsOf = groupBy(instalments, (i) => i.scheduleId);
  const sources = await topUpSources(
    db,
    apps.flatMap((a) => (a.topUpOfApplicationId === null ? [] : [a.topUpOfApplicationId])),
  );
  return apps.map<ApplicationRecord>((app) => {
    const schedule = scheduleOf.get(app.id);
    return {
      ...app,
      topUpSource: app.topUpOfApplicationId === null ? null : (sources.get(app.topUpOfApplicationId) ?? null),
      schedule: schedule
        ? {
            ...schedule,
            payments: paymentsOf.get(app.id) ?? [],
            instalments: instalmentsOf.get(schedule.id) ?? [],
            ...(onlyTotals ? { totals: totals.get(app.id) ?? { count: 0, paid: '0.00', fees: '0.00' } } : {}),
          }
        : null,
    };
  });
}

// Only what the creator's list shows is read: not the score breakdowns (the detail has them), not the admins'
// notes, not the ledger-side totals or the payments' idempotency keys and earnings (the poll's
// instalments and payments were most of its database time). toApiListedApplication takes exactly this shape.
const listedApplication = jsonRow(financingApplications, 'a', ['creditScoreBreakdown', 'notes']);
const listedSchedule = jsonRow(repaymentSchedules, 's', [
  'arrearsFrom',
  'paidAmount',
  'restructuredOn',
  'createdAt',
  'updatedAt',
]);
const listedPayment = jsonRow(payments, 'p', [
  'reversedBy',
  'applicationId',
  'earningsAmount',
  'earningsMonth',
  'earningsYear',
  'idempotencyKey',
  'createdBy',
]);
const listedInstalment = jsonRow(repaymentInstalments, 'i', ['id', 'scheduleId', 'createdAt', 'updatedAt']);

type Read<J> = J extends JsonRow<infer Row> ? Row : never;
export type ListedPayment = Read<typeof listedPayment>;
export type ListedInstalment = Read<typeof listedInstalment>;
export type ListedSchedule = Read<typeof listedSchedule> & {
  payments: ListedPayment[];
  /** Set when the payments were read as their totals only (loadApplications' `payments: 'totals'`). */
  totals?: PaymentTotals;
  /** Absent when the caller read the list without them (the admin list); the poll always has them. */
  instalments?: ListedInstalment[];
};
/**
 * An application as the creator's list shows it, and what toApiListedApplication maps (an ApplicationRecord
 * is one too): the detail routes add the score breakdown, the admin routes the notes.
 */
export type ListedApplication = Read<typeof listedApplication> & {
  schedule: ListedSchedule | null;
  topUpSource?: TopUpSource | null;
};

// The creator's poll (GET /api/applications, every second while the dashboard is open): one prepared read
// by owner, each application a row with its schedule, its latest PAYMENT_HISTORY_PREVIEW payments (what the plan
// card lists), what all its payments add up to, and its instalments as JSON, each part found by an index
// (applications_user_idx, the schedule's unique application_id, payments_application_idx,
// instalments_schedule_number_idx); an application without a schedule skips the subqueries. A loan with a thousand
// payments sends three: the rest are read a page at a time (GET /api/applications/:id/payments).
// Like the session read, the lists asked for at once are read by one statement (db/coalesced-read.ts): the
// owners are one JSON parameter (a generic plan, see sessions.repository.ts), each owner's list a lateral
// subquery, the rows in the owners' order and each list newest first.
const creatorApplications = preparedStatement(
  'creator_applications',
  `select b.i::int, x.application, x.schedule, x.payments, x.instalments, x.payment_totals
   from json_array_elements_text($1::json) with ordinality as b(user_id, i)
   cross join lateral (
     select ${listedApplication.sql} as application,
       case when s.id is null then null else ${listedSchedule.sql} end as schedule,
       case when s.id is null then null else
         (select json_agg(latest.payment order by latest.payment_date, latest.id)
            from (select ${listedPayment.sql} as payment, p.payment_date, p.id
                  from payments p where p.application_id = a.id
                  order by p.payment_date desc, p.id desc
                  limit ${PAYMENT_HISTORY_PREVIEW}) latest) end as payments,
       case when s.id is null then null else
         (select json_build_array(count(*)::int,
                   coalesce(sum(p.amount) filter (where p.reversed_at is null), 0)::numeric(14,2)::text,
                   coalesce(sum(p.platform_fee) filter (where p.reversed_at is null), 0)::numeric(14,2)::text)
            from payments p where p.application_id = a.id) end as payment_totals,
       case when s.id is null then null else
         (select json_agg(${listedInstalment.sql} order by i.number)
            from repayment_instalments i
            where i.schedule_id = s.id and i.voided_on is null) end as instalments,
       a.created_at, a.id
     from financing_applications a
     left join repayment_schedules s on s.application_id = a.id
     where a.user_id = b.user_id::int
     offset 0
   ) x
   order by b.i, x.created_at desc, x.id desc`,
);

type ListedRow = Omit<ListedApplication, 'topUpSource'>;

function creatorLists(rows: unknown[][], userIds: number[]): ListedRow[][] {
  const lists = userIds.map((): ListedRow[] => []);
  // Each row's objects are fresh, so their parts are attached in place rather than copied (the poll reads
  // them on every changed answer).
  for (const row of rows) {
    const schedule = listedSchedule.read(row[2]);
    const [count, paid, fees] = (row[5] as [number, string, string] | null) ?? [0, '0.00', '0.00'];
    lists[(row[0] as number) - 1]!.push(
      Object.assign(listedApplication.read(row[1])!, {
        schedule: schedule
          ? Object.assign(schedule, {
              payments: ((row[3] as unknown[] | null) ?? []).map((p) => listedPayment.read(p)!),
              totals: { count, paid, fees },
              instalments: ((row[4] as unknown[] | null) ?? []).map((i) => listedInstalment.read(i)!),
            })
          : null,
      }),
    );
  }
  return lists;
}

const readCreatorList = coalescedPreparedRead({
  statement: creatorApplications,
  params: (userIds: number[]) => [JSON.stringify(userIds)],
  answers: creatorLists,
});

/**
 * One creator's applications, newest first, with schedules, their latest payments and payment totals, and instalments,
 * in one read (three more when a top-up is not yet paid out: its old loan as it stands).
 */
export async function loadCreatorApplications(db: Db, userId: number): Promise<ListedApplication[]> {
  const list = (await readCreatorList(db, userId)) ?? [];
  // A top-up not yet paid out shows what settling its old loan costs today, which takes every payment of that loan
  // (the list holds its latest few): read as the detail routes read it. Once paid out, what it settled is fixed.
  const sources = await topUpSources(
    db,
    list.flatMap((a) =>
      a.topUpOfApplicationId !== null && a.topUpSettledAmount === null ? [a.topUpOfApplicationId] : [],
    ),
  );
  // A top-up's old loan is the same creator's, so it is in the list already.
  const byId = new Map(list.map((a) => [a.id, a]));
  return list.map((app) => {
    const id = app.topUpOfApplicationId;
    const source = id === null ? undefined : byId.get(id);
    return Object.assign(app, {
      topUpSource: source ? (sources.get(id!) ?? { status: source.status, loan: null }) : null,
    });
  });
}

/** The loans that top-ups settle, as they stand now, by application id (three queries, none for no ids). */
export async function topUpSources(db: DbOrTx, ids: number[]): Promise<Map<number, TopUpSource>> {
  if (ids.length === 0) return new Map();
  const unique = [...new Set(ids)];
  const rows = await db
    .select({
      id: financingApplications.id,
      status: financingApplications.status,
      schedule: repaymentSchedules,
    })
    .from(financingApplications)
    .leftJoin(repaymentSchedules, eq(repaymentSchedules.applicationId, financingApplications.id))
    .where(inArray(financingApplications.id, unique));
  const scheduleIds = rows.flatMap((r) => (r.schedule ? [r.schedule.id] : []));
  const instalments = scheduleIds.length
    ? await db
        .select({
          scheduleId: repaymentInstalments.scheduleId,
          dueDate: repaymentInstalments.dueDate,
          amountDue: repaymentInstalments.amountDue,
        })
        .from(repaymentInstalments)
        .where(and(instalmentInForce, inArray(repaymentInstalments.scheduleId, scheduleIds)))
        .orderBy(asc(repaymentInstalments.scheduleId), asc(repaymentInstalments.number))
    : [];
  const paid = await db
    .select({
      applicationId: payments.applicationId,
      paymentDate: payments.paymentDate,
      amount: payments.amount,
    })
    .from(payments)
    .where(and(inArray(payments.applicationId, unique), sql`${payments.reversedAt} is null`))
    .orderBy(asc(payments.id));
  const instalmentsOf = groupBy(instalments, (i) => i.scheduleId);
  const paymentsOf = groupBy(paid, (p) => p.applicationId);
  return new Map(
    rows.map(({ id, status, schedule }) => [
      id,
      {
        status,
        loan: schedule
          ? settlementLoan(schedule, instalmentsOf.get(schedule.id) ?? [], paymentsOf.get(id) ?? [])
          : null,
      },
    ]),
  );
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const list = grouped.get(key(row));
    if (list) list.push(row);
    else grouped.set(key(row), [row]);
  }
  return grouped;
}

/** An application only as its owner sees it: another user's id is simply not found. */
export async function findOwnedApplication(db: DbOrTx, id: number, userId: number) {
  const [row] = await loadApplications(db, { ids: [id] });
  return row && row.userId === userId ? row : undefined;
}

/** Who owns an application (undefined when there is none): an access check that reads one column. */
export async function applicationOwnerId(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: financingApplications.userId })
    .from(financingApplications)
    .where(eq(financingApplications.id, id));
  return row?.userId;
}

/** The application row as it is now, unlocked (a read before a transaction that locks it). */
export async function findApplicationRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(financingApplications).where(eq(financingApplications.id, id));
  return row;
}

/** Locks the application row for a state change (FOR UPDATE), so two changes cannot interleave. */
export async function lockApplication(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(financingApplications)
    .where(eq(financingApplications.id, id))
    .for('update');
  return row;
}

/** Several applications locked (FOR UPDATE) in one statement, in id order (the order of every lock). */
export async function lockApplications(db: DbOrTx, ids: ReadonlyArray<number>) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(financingApplications)
    .where(inArray(financingApplications.id, [...ids]))
    .orderBy(asc(financingApplications.id))
    .for('update');
}

export async function updateApplication(db: DbOrTx, id: number, values: ApplicationChanges, now: Date) {
  const [row] = await db
    .update(financingApplications)
    .set({ ...values, updatedAt: now })
    .where(eq(financingApplications.id, id))
    .returning();
  return row!;
}

/**
 * The creator's loans with Vuka (paid out, production only) as they stand on `today`, for the repayment-history factor
 * of the score (docs/credit-scoring.md): the days past due from the schedule's arrears day, and whether it ever
 * defaulted. An application being scored has no schedule yet, so it is never one of them.
 */
export async function repaymentRecordsOf(
  db: DbOrTx,
  userId: number,
  today: IsoDate,
): Promise<RepaymentRecord[]> {
  const rows = await db
    .select({
      applicationId: financingApplications.id,
      status: financingApplications.status,
      arrearsFrom: repaymentSchedules.arrearsFrom,
      defaultedOn: repaymentSchedules.defaultedOn,
    })
    .from(financingApplications)
    .innerJoin(repaymentSchedules, eq(repaymentSchedules.applicationId, financingApplications.id))
    .where(
      and(
        eq(financingApplications.userId, userId),
        inArray(financingApplications.status, [...PAID_OUT_STATUSES]),
      ),
    )
    .orderBy(asc(financingApplications.id));
  return rows.map((row) => ({
    applicationId: row.applicationId,
    status: row.status as RepaymentRecord['status'],
    daysPastDue: row.arrearsFrom ? Math.max(0, daysBetween(row.arrearsFrom, today)) : 0,
    everDefaulted: row.defaultedOn !== null,
  }));
}

/** The creator's newest application that is not cancelled (the one the dashboard's score card shows), with its score. */
export async function latestApplicationScore(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: financingApplications.id,
      creditScore: financingApplications.creditScore,
      breakdown: financingApplications.creditScoreBreakdown,
    })
    .from(financingApplications)
    .where(
      and(
        eq(financingApplications.userId, userId),
        sql`${financingApplications.status} not like 'cancelled%'`,
      ),
    )
    .orderBy(desc(financingApplications.createdAt), desc(financingApplications.id))
    .limit(1);
  return row ?? null;
}

export async function findScheduleByApplication(db: DbOrTx, applicationId: number) {
  const [row] = await db
    .select()
    .from(repaymentSchedules)
    .where(eq(repaymentSchedules.applicationId, applicationId));
  return row;
}

/**
 * Locks the user's applications in one of `statuses` (FOR UPDATE) and returns their ids: the open-request check
 * of a new submission, made under the creator's row lock.
 */
export async function lockApplicationsOfUserIn(db: DbOrTx, userId: number, statuses: string[]) {
  return openApplicationsQuery(db, userId, statuses).for('update');
}

/** The user's applications in one of `statuses`, newest first, without a lock: what the eligibility answer reads. */
export async function applicationsOfUserIn(db: DbOrTx, userId: number, statuses: string[]) {
  return openApplicationsQuery(db, userId, statuses);
}

function openApplicationsQuery(db: DbOrTx, userId: number, statuses: string[]) {
  return db
    .select({
      id: financingApplications.id,
      status: financingApplications.status,
      requestedAmount: financingApplications.requestedAmount,
      approvedAmount: financingApplications.approvedAmount,
      topUpOfApplicationId: financingApplications.topUpOfApplicationId,
    })
    .from(financingApplications)
    .where(and(eq(financingApplications.userId, userId), inArray(financingApplications.status, statuses)))
    .orderBy(desc(financingApplications.createdAt), desc(financingApplications.id));
}

/** The user's applications that cite a proof file among their manual platforms, locked, oldest first. */
export async function lockApplicationsCitingProof(db: DbOrTx, userId: number, proofFileId: number) {
  return db
    .select()
    .from(financingApplications)
    .where(
      and(
        eq(financingApplications.userId, userId),
        sql`${financingApplications.manualPlatforms} @> ${JSON.stringify([{ proofFileId }])}::jsonb`,
      ),
    )
    .orderBy(financingApplications.id)
    .for('update');
}

/** Whether any payment was recorded against the application. */
export async function applicationHasPayments(db: DbOrTx, applicationId: number): Promise<boolean> {
  const paid = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.applicationId, applicationId))
    .limit(1);
  return paid.length > 0;
}

export async function deleteApplicationRow(db: DbOrTx, id: number) {
  await db.delete(financingApplications).where(eq(financingApplications.id, id));
}

/** One page of an application's payments, newest first (by day, then as recorded), and how many there are. */
export async function paymentsPage(
  db: DbOrTx,
  applicationId: number,
  window: { limit: number; offset: number },
): Promise<{ rows: Payment[]; total: number }> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.applicationId, applicationId))
    .orderBy(desc(payments.paymentDate), desc(payments.id))
    .limit(window.limit)
    .offset(window.offset);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(payments)
    .where(eq(payments.applicationId, applicationId));
  return { rows, total: counted?.total ?? 0 };
}

/** What each application's payments add up to, by application id: one grouped read. */
async function paymentTotalsOf(db: DbOrTx, ids: number[]): Promise<Map<number, PaymentTotals>> {
  const rows = await db
    .select({
      applicationId: payments.applicationId,
      count: sql<number>`count(*)::int`,
      paid: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.reversedAt} is null), 0)::numeric(14,2)::text`,
      fees: sql<string>`coalesce(sum(coalesce(${payments.platformFee}, 0)) filter (where ${payments.reversedAt} is null), 0)::numeric(14,2)::text`,
    })
    .from(payments)
    .where(inArray(payments.applicationId, ids))
    .groupBy(payments.applicationId);
  return new Map(rows.map(({ applicationId, ...sums }) => [applicationId, sums]));
}
