// Queries of the servicing model: schedules, instalments, allocations, payments and settlement quotes.
import type Decimal from 'decimal.js';
import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/business-date';
import type { Allocation, PlannedInstalment } from '../../../shared/finance/instalments';
import { centsToMoneyString, toCents } from '../../../shared/finance/money';
import { type DbOrTx, queryRows } from '../../db/client';
import { insertRows } from '../../db/insert-rows';
import {
  financingApplications,
  instalmentInForce,
  loanRestructures,
  paymentAllocations,
  payments,
  type RepaymentInstalment,
  repaymentInstalments,
  repaymentSchedules,
  settlementQuotes,
  users,
} from '../../db/schema';

/** The schedule row locked for a balance change: concurrent payments wait here instead of losing an update. */
export async function lockScheduleByApplication(db: DbOrTx, applicationId: number) {
  const [row] = await db
    .select()
    .from(repaymentSchedules)
    .where(eq(repaymentSchedules.applicationId, applicationId))
    .for('update');
  return row;
}

/** Several loans' schedules locked (FOR UPDATE) in one statement, in application order (the order of every lock). */
export async function lockSchedulesByApplications(db: DbOrTx, applicationIds: ReadonlyArray<number>) {
  if (applicationIds.length === 0) return [];
  return db
    .select()
    .from(repaymentSchedules)
    .where(inArray(repaymentSchedules.applicationId, [...applicationIds]))
    .orderBy(asc(repaymentSchedules.applicationId))
    .for('update');
}

/** The columns a repayment writes on its schedule, for `updateSchedules`: each row as it is after the payment. */
export type ScheduleAfterPayment = Pick<
  typeof repaymentSchedules.$inferSelect,
  | 'id'
  | 'remainingAmount'
  | 'paidAmount'
  | 'feesPaid'
  | 'rebatedAmount'
  | 'status'
  | 'nextPaymentDate'
  | 'arrearsFrom'
  | 'endDate'
  | 'renegotiationEligibleAt'
  | 'estimatedRemainingDuration'
>;

/** Several schedules' balances, totals and dates after their payments, in one statement (rows locked by the caller). */
export async function updateSchedules(db: DbOrTx, rows: ReadonlyArray<ScheduleAfterPayment>, now: Date) {
  if (rows.length === 0) return;
  const values = rows.map(
    (r) =>
      sql`(${r.id}::integer, ${r.remainingAmount}::numeric, ${r.paidAmount}::numeric, ${r.feesPaid}::numeric,
           ${r.rebatedAmount}::numeric, ${r.status}::varchar, ${r.nextPaymentDate}::date, ${r.arrearsFrom}::date,
           ${r.endDate}::date, ${r.renegotiationEligibleAt?.toISOString() ?? null}::timestamptz,
           ${r.estimatedRemainingDuration}::integer)`,
  );
  await db.execute(
    sql`update repayment_schedules as s
        set remaining_amount = v.remaining, paid_amount = v.paid, fees_paid = v.fees, rebated_amount = v.rebated,
            status = v.status, next_payment_date = v.next_payment, arrears_from = v.arrears_from,
            end_date = v.end_date, renegotiation_eligible_at = v.renegotiable_at,
            estimated_remaining_duration = v.months, updated_at = ${now.toISOString()}::timestamptz
        from (values ${sql.join(values, sql`, `)})
          as v(id, remaining, paid, fees, rebated, status, next_payment, arrears_from, end_date, renegotiable_at, months)
        where s.id = v.id`,
  );
}

export async function insertSchedule(db: DbOrTx, values: typeof repaymentSchedules.$inferInsert) {
  const [row] = await db.insert(repaymentSchedules).values(values).returning();
  return row!;
}

export async function updateSchedule(
  db: DbOrTx,
  id: number,
  values: Partial<typeof repaymentSchedules.$inferInsert>,
  now: Date,
) {
  await db
    .update(repaymentSchedules)
    .set({ ...values, updatedAt: now })
    .where(eq(repaymentSchedules.id, id));
}

export async function insertInstalments(
  db: DbOrTx,
  scheduleId: number,
  planned: ReadonlyArray<PlannedInstalment>,
  now: Date,
) {
  if (planned.length === 0) return;
  await db.insert(repaymentInstalments).values(
    planned.map((p) => ({
      scheduleId,
      number: p.number,
      dueDate: p.dueDate,
      amountDue: p.amountDue,
      createdAt: now,
      updatedAt: now,
    })),
  );
}

/** A schedule's instalments in order (call with the schedule row locked when about to change them). */
export async function instalmentsOf(db: DbOrTx, scheduleId: number): Promise<RepaymentInstalment[]> {
  return db
    .select()
    .from(repaymentInstalments)
    .where(and(eq(repaymentInstalments.scheduleId, scheduleId), instalmentInForce))
    .orderBy(asc(repaymentInstalments.number));
}

/** Several schedules' instalments in force, by schedule, each in order. */
export async function instalmentsOfSchedules(
  db: DbOrTx,
  scheduleIds: ReadonlyArray<number>,
): Promise<Map<number, RepaymentInstalment[]>> {
  const bySchedule = new Map<number, RepaymentInstalment[]>(scheduleIds.map((id) => [id, []]));
  if (scheduleIds.length === 0) return bySchedule;
  const rows = await db
    .select()
    .from(repaymentInstalments)
    .where(and(inArray(repaymentInstalments.scheduleId, [...scheduleIds]), instalmentInForce))
    .orderBy(asc(repaymentInstalments.scheduleId), asc(repaymentInstalments.number));
  for (const row of rows) bySchedule.get(row.scheduleId)!.push(row);
  return bySchedule;
}

/** Stores a payment's allocations and raises each instalment's paid amount by its share. */
export function allocate(
  db: DbOrTx,
  paymentId: number,
  instalments: ReadonlyArray<RepaymentInstalment>,
  allocations: ReadonlyArray<Allocation>,
  now: Date,
) {
  return allocateMany(db, [{ paymentId, instalments, allocations }], now);
}

/**
 * The allocations of several payments (of different loans, or one after the other of one), in two statements: the
 * instalments' paid amounts raised by what each received, and the allocation rows.
 */
export async function allocateMany(
  db: DbOrTx,
  entries: ReadonlyArray<{
    paymentId: number;
    instalments: ReadonlyArray<RepaymentInstalment>;
    allocations: ReadonlyArray<Allocation>;
  }>,
  now: Date,
) {
  const rows = entries.flatMap(({ paymentId, instalments, allocations }) => {
    const byNumber = new Map(instalments.map((i) => [i.number, i]));
    return allocations.map((a) => ({
      paymentId,
      instalmentId: byNumber.get(a.number)!.id,
      amount: a.amount,
      createdAt: now,
    }));
  });
  if (rows.length === 0) return;
  const received = new Map<number, bigint>();
  for (const r of rows)
    received.set(r.instalmentId, (received.get(r.instalmentId) ?? 0n) + toCents(r.amount));
  await db.execute(
    sql`update repayment_instalments as i
        set amount_paid = i.amount_paid + v.amount, updated_at = ${now.toISOString()}::timestamptz
        from (values ${sql.join(
          [...received].map(([id, cents]) => sql`(${id}::integer, ${centsToMoneyString(cents)}::numeric)`),
          sql`, `,
        )}) as v(id, amount)
        where i.id = v.id`,
  );
  await insertRows(db, paymentAllocations, rows);
}

/** An early settlement's rebate on the instalments it closes (what it did not pay on each). */
export async function rebateInstalments(
  db: DbOrTx,
  instalments: ReadonlyArray<RepaymentInstalment>,
  rebates: ReadonlyArray<{ number: number; amount: Decimal }>,
  now: Date,
) {
  const byNumber = new Map(instalments.map((i) => [i.number, i]));
  for (const rebate of rebates) {
    await db
      .update(repaymentInstalments)
      .set({
        amountRebated: sql`${repaymentInstalments.amountRebated} + ${rebate.amount.toFixed(2)}`,
        updatedAt: now,
      })
      .where(eq(repaymentInstalments.id, byNumber.get(rebate.number)!.id));
  }
}

/**
 * Forgiveness of a written-off balance: what is still open on each instalment in force is forgiven. The instalments
 * whose amounts changed, with what was forgiven on each.
 */
export async function forgiveOpenInstalments(db: DbOrTx, scheduleId: number, now: Date) {
  return queryRows<{ number: number; forgiven: string }>(
    db,
    sql`update repayment_instalments
        set amount_forgiven = amount_forgiven + (amount_due - amount_paid - amount_rebated - amount_forgiven),
          updated_at = ${now.toISOString()}::timestamptz
        where schedule_id = ${scheduleId} and voided_on is null
          and amount_due - amount_paid - amount_rebated - amount_forgiven > 0
        returning number, amount_forgiven::text as forgiven`,
  );
}

/**
 * A revenue-share shortfall month: the part of the month's instalments the share did not cover moves to a new
 * instalment at the end of the plan (`deferred` maps instalment numbers to what moved off them).
 */
export async function deferToEnd(
  db: DbOrTx,
  scheduleId: number,
  instalments: ReadonlyArray<RepaymentInstalment>,
  deferred: ReadonlyMap<number, Decimal>,
  added: ReadonlyArray<{ number: number; dueDate: IsoDate; amountDue: string; deferredFrom: number }>,
  paymentId: number,
  now: Date,
) {
  const byNumber = new Map(instalments.map((i) => [i.number, i]));
  for (const [number, amount] of deferred) {
    await db
      .update(repaymentInstalments)
      .set({
        amountDue: sql`${repaymentInstalments.amountDue} - ${amount.toFixed(2)}`,
        amountDeferred: sql`${repaymentInstalments.amountDeferred} + ${amount.toFixed(2)}`,
        updatedAt: now,
      })
      .where(eq(repaymentInstalments.id, byNumber.get(number)!.id));
  }
  await db.insert(repaymentInstalments).values(
    added.map((a) => ({
      scheduleId,
      ...a,
      deferredByPaymentId: paymentId,
      createdAt: now,
      updatedAt: now,
    })),
  );
}

/** Restructure: an instalment keeps what was paid on it and is closed at that amount. */
export async function closeInstalmentAtPaid(db: DbOrTx, id: number, dueDate: IsoDate, now: Date) {
  await db
    .update(repaymentInstalments)
    .set({ amountDue: sql`${repaymentInstalments.amountPaid}`, dueDate, updatedAt: now })
    .where(eq(repaymentInstalments.id, id));
}

const PAYMENT_COLUMNS = Object.keys(getTableColumns(payments)) as Array<keyof typeof payments.$inferSelect>;

/** Several payments in one statement, each as stored, in the order given. */
export function insertPayments(db: DbOrTx, values: ReadonlyArray<typeof payments.$inferInsert>) {
  return insertRows(db, payments, values, { returning: PAYMENT_COLUMNS });
}

/** One application's payments in force (a reversed payment is no payment), oldest first. */
export async function paymentsOf(db: DbOrTx, applicationId: number) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.applicationId, applicationId), isNull(payments.reversedAt)))
    .orderBy(asc(payments.paymentDate), asc(payments.id));
}

/**
 * The numbers of the instalments an early settlement closed before they fell due: given money by the settlement
 * payment (in force), with a due date after its day. They read Settled, not Paid (docs/lending.md, "Early
 * settlement"); an instalment that was due and that the settlement paid reads Paid.
 */
export async function instalmentsSettledEarly(db: DbOrTx, scheduleId: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ number: repaymentInstalments.number })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .innerJoin(repaymentInstalments, eq(repaymentInstalments.id, paymentAllocations.instalmentId))
    .where(
      and(
        eq(repaymentInstalments.scheduleId, scheduleId),
        eq(payments.kind, 'settlement'),
        isNull(payments.reversedAt),
        isNull(paymentAllocations.reversedAt),
        sql`${repaymentInstalments.dueDate} > ${payments.paymentDate}`,
      ),
    );
  return new Set(rows.map((row) => row.number));
}

/** Several applications' payments in force, each application's oldest first (as paymentsOf). */
export async function paymentsOfLoans(db: DbOrTx, applicationIds: ReadonlyArray<number>) {
  const byLoan = new Map<number, Array<typeof payments.$inferSelect>>(applicationIds.map((id) => [id, []]));
  if (applicationIds.length === 0) return byLoan;
  const rows = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.applicationId, [...applicationIds]), isNull(payments.reversedAt)))
    .orderBy(asc(payments.applicationId), asc(payments.paymentDate), asc(payments.id));
  for (const row of rows) byLoan.get(row.applicationId)?.push(row);
  return byLoan;
}

/**
 * The loans whose finance charge is being earned (docs/accounting.md, "Income"): being repaid and not in default, with
 * a finance charge, not written off. Application ids, in order.
 */
export async function accruingLoanIds(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ application_id: number }>(
    db,
    sql`select application_id from repayment_schedules
        where status = 'active' and cost_amount > 0 and written_off_on is null order by application_id`,
  );
  return rows.map((r) => Number(r.application_id));
}

/** Keeps the charge rate worked out for a loan written before rates were kept (the column is null only for those). */
export async function keepChargeRate(db: DbOrTx, scheduleId: number, rate: string) {
  await db
    .update(repaymentSchedules)
    .set({ chargeRate: rate })
    .where(and(eq(repaymentSchedules.id, scheduleId), isNull(repaymentSchedules.chargeRate)));
}

/** Every payment on the user's applications, newest payment date first (the admin's user page). */
/** One page of a creator's payments, newest first, and how many there are. */
export async function paymentsOfUser(db: DbOrTx, userId: number, page: { limit: number; offset: number }) {
  const ofUser = eq(financingApplications.userId, userId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(financingApplications, eq(financingApplications.id, payments.applicationId))
      .where(ofUser)
      .orderBy(desc(payments.paymentDate), desc(payments.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(payments)
      .innerJoin(financingApplications, eq(financingApplications.id, payments.applicationId))
      .where(ofUser),
  ]);
  return { rows: rows.map((r) => r.payment), total: counted?.total ?? 0 };
}

export async function findEarningsPayment(db: DbOrTx, applicationId: number, month: number, year: number) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.applicationId, applicationId),
        eq(payments.kind, 'earnings'),
        eq(payments.earningsMonth, month),
        eq(payments.earningsYear, year),
        isNull(payments.reversedAt),
      ),
    )
    .limit(1);
  return row;
}

/** The deferred cost still unearned on each of several loans (0 for a loan without any). */
export async function deferredCostBalances(
  db: DbOrTx,
  applicationIds: ReadonlyArray<number>,
): Promise<Map<number, string>> {
  const balances = new Map<number, string>(applicationIds.map((id) => [id, '0']));
  if (applicationIds.length === 0) return balances;
  const rows = await queryRows<{ application_id: number; balance: string }>(
    db,
    sql`select e.application_id, sum(l.credit - l.debit)::text as balance
        from ledger_lines l join ledger_entries e on e.id = l.entry_id
        where e.application_id in (${sql.join(
          applicationIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and l.account = 'deferred_cost_income'
        group by e.application_id`,
  );
  for (const row of rows) balances.set(Number(row.application_id), row.balance);
  return balances;
}

/** Schedules written before instalments existed (the upgrade backfills them). */
export async function schedulesWithoutInstalments(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ application_id: number }>(
    db,
    sql`select s.application_id from repayment_schedules s
        where not exists (select 1 from repayment_instalments i where i.schedule_id = s.id)
        order by s.id`,
  );
  return rows.map((r) => r.application_id);
}

/** Active loans late since a due date before `before` (default candidates). */
export async function activeLoansPastDueBefore(db: DbOrTx, before: IsoDate): Promise<number[]> {
  const rows = await db
    .select({ applicationId: repaymentSchedules.applicationId })
    .from(repaymentSchedules)
    .where(and(eq(repaymentSchedules.status, 'active'), lt(repaymentSchedules.arrearsFrom, before)));
  return rows.map((r) => r.applicationId);
}

/** Loans in arrears today that are not yet eligible for renegotiation. */
export async function loansInArrearsNotYetRenegotiable(db: DbOrTx, today: IsoDate): Promise<number[]> {
  const rows = await db
    .select({ applicationId: repaymentSchedules.applicationId })
    .from(repaymentSchedules)
    .where(
      and(
        inArray(repaymentSchedules.status, ['active', 'defaulted']),
        lt(repaymentSchedules.nextPaymentDate, today),
        isNull(repaymentSchedules.renegotiationEligibleAt),
      ),
    );
  return rows.map((r) => r.applicationId);
}

/** Defaulted loans that are no longer late (arrears below their tolerance, or none fallen due). */
export async function defaultedLoansUpToDate(db: DbOrTx, today: IsoDate): Promise<number[]> {
  const rows = await queryRows<{ application_id: number }>(
    db,
    sql`select application_id from repayment_schedules
        where status = 'defaulted' and (arrears_from is null or arrears_from >= ${today})`,
  );
  return rows.map((r) => r.application_id);
}

export async function findOpenQuote(db: DbOrTx, applicationId: number) {
  const [row] = await db
    .select()
    .from(settlementQuotes)
    .where(and(eq(settlementQuotes.applicationId, applicationId), eq(settlementQuotes.status, 'open')));
  return row;
}

export async function findQuote(db: DbOrTx, id: number) {
  const [row] = await db.select().from(settlementQuotes).where(eq(settlementQuotes.id, id));
  return row;
}

export async function insertQuote(db: DbOrTx, values: typeof settlementQuotes.$inferInsert) {
  const [row] = await db.insert(settlementQuotes).values(values).returning();
  return row!;
}

/** Closes the application's open quote, if any: settled by a payment, or superseded by a new balance. */
export async function closeOpenQuote(
  db: DbOrTx,
  applicationId: number,
  outcome: { status: 'settled'; paymentId: number } | { status: 'superseded' },
  now: Date,
) {
  return db
    .update(settlementQuotes)
    .set({
      status: outcome.status,
      paymentId: outcome.status === 'settled' ? outcome.paymentId : null,
      closedAt: now,
    })
    .where(and(eq(settlementQuotes.applicationId, applicationId), eq(settlementQuotes.status, 'open')))
    .returning();
}

/** The open settlement quotes of several loans superseded by their payments. */
export async function supersedeOpenQuotes(db: DbOrTx, applicationIds: ReadonlyArray<number>, now: Date) {
  if (applicationIds.length === 0) return;
  await db
    .update(settlementQuotes)
    .set({ status: 'superseded', paymentId: null, closedAt: now })
    .where(
      and(inArray(settlementQuotes.applicationId, [...applicationIds]), eq(settlementQuotes.status, 'open')),
    );
}

/** Open quotes still valid on `today`, newest first, with the client's name (the admin's worklist). */
export async function openQuotes(db: DbOrTx, today: IsoDate) {
  return db
    .select({
      id: settlementQuotes.id,
      applicationId: settlementQuotes.applicationId,
      reference: settlementQuotes.reference,
      amount: settlementQuotes.amount,
      principal: settlementQuotes.principal,
      accruedCharge: settlementQuotes.accruedCharge,
      rebate: settlementQuotes.rebate,
      validUntil: settlementQuotes.validUntil,
      createdAt: settlementQuotes.createdAt,
      status: financingApplications.status,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(settlementQuotes)
    .innerJoin(financingApplications, eq(financingApplications.id, settlementQuotes.applicationId))
    .innerJoin(users, eq(users.id, financingApplications.userId))
    .where(and(eq(settlementQuotes.status, 'open'), gte(settlementQuotes.validUntil, today)))
    .orderBy(desc(settlementQuotes.createdAt), desc(settlementQuotes.id));
}

/**
 * Development only (the e2e journeys): moves one loan's whole history `days` back in time, which is what
 * the loan would look like `days` later. Nothing else in the book moves.
 */
export async function shiftLoanHistory(db: DbOrTx, applicationId: number, days: number) {
  await db.execute(
    sql`update financing_applications set created_at = created_at - make_interval(days => ${days}) where id = ${applicationId}`,
  );
  await db.execute(
    sql`update repayment_schedules set start_date = start_date - make_interval(days => ${days}),
          end_date = end_date - ${days}::int, next_payment_date = next_payment_date - ${days}::int,
          arrears_from = arrears_from - ${days}::int,
          restructured_on = restructured_on - ${days}::int, paid_out_on = paid_out_on - ${days}::int,
          defaulted_on = defaulted_on - ${days}::int, forbearance_cured_on = forbearance_cured_on - ${days}::int
        where application_id = ${applicationId}`,
  );
  await db.execute(
    sql`update repayment_instalments set due_date = due_date - ${days}::int
        where schedule_id in (select id from repayment_schedules where application_id = ${applicationId})`,
  );
  await db.execute(
    sql`update payments set payment_date = payment_date - ${days}::int where application_id = ${applicationId}`,
  );
  await db.execute(
    sql`update settlement_quotes set valid_until = valid_until - ${days}::int where application_id = ${applicationId}`,
  );
  // A debit order's dates are the loan's (docs/debit-orders.md).
  await db.execute(
    sql`update debit_mandates set first_collection_date = first_collection_date - ${days}::int,
          last_collection_date = last_collection_date - ${days}::int where application_id = ${applicationId}`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Reversal (docs/lending.md, "Reversal"): nothing is deleted; what no longer holds is marked.

/** A payment, to reverse it (read again under the application's lock). */
export async function findPayment(db: DbOrTx, id: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function markPaymentReversed(
  db: DbOrTx,
  id: number,
  reversal: { at: Date; by: number; reason: string },
) {
  await db
    .update(payments)
    .set({ reversedAt: reversal.at, reversedBy: reversal.by, reversalReason: reversal.reason })
    .where(eq(payments.id, id));
}

/**
 * Undoes every allocation in force on the schedule (marked, kept) and empties the instalments' paid amounts, so the
 * payments still in force can be allocated again from the start.
 */
export async function undoAllocations(db: DbOrTx, scheduleId: number, now: Date) {
  await db
    .update(paymentAllocations)
    .set({ reversedAt: now })
    .where(
      and(
        isNull(paymentAllocations.reversedAt),
        inArray(
          paymentAllocations.instalmentId,
          db
            .select({ id: repaymentInstalments.id })
            .from(repaymentInstalments)
            .where(eq(repaymentInstalments.scheduleId, scheduleId)),
        ),
      ),
    );
  await db
    .update(repaymentInstalments)
    .set({ amountPaid: '0', updatedAt: now })
    .where(eq(repaymentInstalments.scheduleId, scheduleId));
}

/** A reversed settlement: the finance charge it rebated is owed again. */
export async function undoRebates(db: DbOrTx, scheduleId: number, now: Date) {
  await db
    .update(repaymentInstalments)
    .set({ amountRebated: '0', updatedAt: now })
    .where(eq(repaymentInstalments.scheduleId, scheduleId));
}

/** The instalments a reversed earnings payment had added at the end (its shortfall month's parts). */
export async function instalmentsDeferredBy(db: DbOrTx, paymentId: number) {
  return db
    .select()
    .from(repaymentInstalments)
    .where(and(eq(repaymentInstalments.deferredByPaymentId, paymentId), instalmentInForce));
}

/** Moves a deferred part back onto the instalment it came from; the line at the end is voided (kept). */
export async function moveDeferredBack(
  db: DbOrTx,
  scheduleId: number,
  line: RepaymentInstalment,
  today: IsoDate,
  now: Date,
) {
  await db
    .update(repaymentInstalments)
    .set({
      amountDue: sql`${repaymentInstalments.amountDue} + ${line.amountDue}`,
      amountDeferred: sql`${repaymentInstalments.amountDeferred} - ${line.amountDue}`,
      updatedAt: now,
    })
    .where(
      and(
        eq(repaymentInstalments.scheduleId, scheduleId),
        eq(repaymentInstalments.number, line.deferredFrom!),
      ),
    );
  await db
    .update(repaymentInstalments)
    .set({ voidedOn: today, updatedAt: now })
    .where(eq(repaymentInstalments.id, line.id));
}

/** A restructure replaces the open instalments: voided (kept for the history), never deleted. */
export async function voidInstalments(db: DbOrTx, ids: number[], today: IsoDate, now: Date) {
  if (ids.length === 0) return;
  await db
    .update(repaymentInstalments)
    .set({ voidedOn: today, updatedAt: now })
    .where(inArray(repaymentInstalments.id, ids));
}

export async function insertRestructure(db: DbOrTx, values: typeof loanRestructures.$inferInsert) {
  const [row] = await db.insert(loanRestructures).values(values).returning({ id: loanRestructures.id });
  return row!.id;
}

/** A schedule's restructures, oldest first (the statement's history). */
export async function restructuresOf(db: DbOrTx, scheduleId: number) {
  return db
    .select()
    .from(loanRestructures)
    .where(eq(loanRestructures.scheduleId, scheduleId))
    .orderBy(asc(loanRestructures.id));
}

/** The settlement quote a payment settled: open no more, since the payment no longer holds. */
export async function reopenSettledQuote(db: DbOrTx, paymentId: number, now: Date) {
  await db
    .update(settlementQuotes)
    .set({ status: 'superseded', closedAt: now })
    .where(and(eq(settlementQuotes.paymentId, paymentId), eq(settlementQuotes.status, 'settled')));
}

// ---------------------------------------------------------------------------------------------------------
// Forbearance (docs/lending.md, "Forbearance")

/** Loans in probation after a restructure, being repaid. */
export async function loansInProbation(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ applicationId: repaymentSchedules.applicationId })
    .from(repaymentSchedules)
    .where(
      and(
        eq(repaymentSchedules.forbearance, 'probation'),
        inArray(repaymentSchedules.status, ['active', 'defaulted']),
      ),
    );
  return rows.map((r) => r.applicationId);
}

/** The schedule's instalments in force, each with the day the payments in force on it were made (the last of them). */
export async function instalmentsWithPaidOn(db: DbOrTx, scheduleId: number) {
  return queryRows<{
    number: number;
    due_date: IsoDate;
    amount_due: string;
    amount_paid: string;
    amount_rebated: string;
    paid_on: IsoDate | null;
  }>(
    db,
    sql`select i.number, i.due_date::text, i.amount_due::text, i.amount_paid::text, i.amount_rebated::text,
          (select max(p.payment_date)::text from payment_allocations a join payments p on p.id = a.payment_id
            where a.instalment_id = i.id and a.reversed_at is null) as paid_on
        from repayment_instalments i
        where i.schedule_id = ${scheduleId} and i.voided_on is null
        order by i.number`,
  );
}

/** The loans a person still owes on (being repaid, with a balance), largest first: [] when they owe nothing. */
export async function loansOwedBy(db: DbOrTx, userId: number) {
  return queryRows<{ application_id: number; remaining: string }>(
    db,
    sql`select application_id, remaining_amount::text as remaining from repayment_schedules
      where user_id = ${userId} and status in ('active', 'defaulted') and remaining_amount > 0
      order by remaining_amount desc, application_id`,
  );
}
