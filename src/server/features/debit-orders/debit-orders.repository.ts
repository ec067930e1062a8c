// Every query on the debit-order tables (docs/debit-orders.md): mandates, runs and their items.
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/business-date';
import type { ItemStatus, MandateStatus } from '../../../shared/debit-orders';
import { type DbOrTx, queryRows } from '../../db/client';
import { debitMandates, debitOrderItems, debitOrderRuns, users } from '../../db/schema';
import type { DebitMandate, DebitOrderItem, DebitOrderRun } from '../../db/types';
import { underDebtReviewSql } from '../nca/nca-events.repository';

// ---------------------------------------------------------------------------------------------------------
// Mandates

/** The new mandate, or null when the loan already has an active one (the partial unique index decides). */
export async function insertMandate(
  tx: DbOrTx,
  values: typeof debitMandates.$inferInsert,
): Promise<DebitMandate | null> {
  const [row] = await tx.insert(debitMandates).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The loan's mandate in force (active or suspended), the newest; null without one. */
export async function currentMandate(db: DbOrTx, applicationId: number): Promise<DebitMandate | null> {
  const [row] = await db
    .select()
    .from(debitMandates)
    .where(
      and(
        eq(debitMandates.applicationId, applicationId),
        sql`${debitMandates.status} in ('active', 'suspended')`,
      ),
    )
    .orderBy(desc(debitMandates.id))
    .limit(1);
  return row ?? null;
}

export async function lockMandate(tx: DbOrTx, id: number): Promise<DebitMandate | null> {
  const [row] = await tx.select().from(debitMandates).where(eq(debitMandates.id, id)).for('update');
  return row ?? null;
}

export async function updateMandate(
  tx: DbOrTx,
  id: number,
  changes: Partial<Pick<DebitMandate, 'status' | 'statusReason' | 'cancelledAt' | 'cancelledBy'>>,
) {
  await tx.update(debitMandates).set(changes).where(eq(debitMandates.id, id));
}

/** The loan's suspended mandates are replaced by a new authorisation: cancelled with the reason. */
export async function cancelSuspendedMandates(tx: DbOrTx, applicationId: number, at: Date, by: number) {
  await tx
    .update(debitMandates)
    .set({
      status: 'cancelled',
      statusReason: 'Replaced by a new authorisation',
      cancelledAt: at,
      cancelledBy: by,
    })
    .where(and(eq(debitMandates.applicationId, applicationId), eq(debitMandates.status, 'suspended')));
}

const creatorName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

export async function mandatesPage(
  db: DbOrTx,
  query: { status?: MandateStatus; page: number; pageSize: number },
) {
  const where = query.status ? eq(debitMandates.status, query.status) : undefined;
  const [total] = await db.select({ n: count() }).from(debitMandates).where(where);
  const rows = await db
    .select({ mandate: debitMandates, creatorName })
    .from(debitMandates)
    .innerJoin(users, eq(users.id, debitMandates.userId))
    .where(where)
    .orderBy(desc(debitMandates.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------------------
// Building a run

/**
 * The run for a collection date, made if it is not there yet, locked: builds of the same date at once queue here,
 * and each sees the items the one before it wrote.
 */
export async function findRunByDate(db: DbOrTx, collectionDate: IsoDate): Promise<DebitOrderRun | null> {
  const [run] = await db
    .select()
    .from(debitOrderRuns)
    .where(eq(debitOrderRuns.collectionDate, collectionDate));
  return run ?? null;
}

/** The run of a date, made if there is none (by an admin, or null: the scheduled job), and locked. */
export async function lockRunForDate(tx: DbOrTx, collectionDate: IsoDate, by: number | null, at: Date) {
  await tx
    .insert(debitOrderRuns)
    .values({ collectionDate, createdBy: by, createdAt: at })
    .onConflictDoNothing({ target: debitOrderRuns.collectionDate });
  const [run] = await tx
    .select()
    .from(debitOrderRuns)
    .where(eq(debitOrderRuns.collectionDate, collectionDate))
    .for('update');
  return run!;
}

export async function lockRun(tx: DbOrTx, id: number): Promise<DebitOrderRun | null> {
  const [run] = await tx.select().from(debitOrderRuns).where(eq(debitOrderRuns.id, id)).for('update');
  return run ?? null;
}

export async function findRun(db: DbOrTx, id: number): Promise<DebitOrderRun | null> {
  const [run] = await db.select().from(debitOrderRuns).where(eq(debitOrderRuns.id, id));
  return run ?? null;
}

export async function updateRun(
  tx: DbOrTx,
  id: number,
  changes: Partial<
    Pick<DebitOrderRun, 'status' | 'excluded' | 'submittedAt' | 'submittedBy' | 'resultSummary'>
  >,
) {
  await tx.update(debitOrderRuns).set(changes).where(eq(debitOrderRuns.id, id));
}

/** An active mandate and what a run needs to know about its loan. */
export type RunCandidate = {
  mandate: DebitMandate;
  applicationStatus: string;
  underDebtReview: boolean;
  schedule: {
    id: number;
    remainingAmount: string;
    platformFeeRate: string;
    quotedFees: string | null;
    feesPaid: string;
  } | null;
  /** The mandate's latest collection, if any. */
  last: DebitOrderItem | null;
};

type CandidateRow = {
  mandate_id: number;
  application_status: string;
  under_debt_review: boolean;
  schedule_id: number | null;
  remaining_amount: string | null;
  platform_fee_rate: string | null;
  quoted_fees: string | null;
  fees_paid: string | null;
};

/**
 * Every active mandate with what a run on `collectionDate` needs of it, and its last collection. A run never
 * downloaded by its own date holds nothing (it was never sent, and a bank collects on no day already past), so its
 * items are not a mandate's last; `refreshing` a run leaves out its own items too, so they are worked out afresh.
 */
export async function runCandidates(
  db: DbOrTx,
  collectionDate: IsoDate,
  refreshing?: { runId: number },
): Promise<RunCandidate[]> {
  const mandates = await db.select().from(debitMandates).where(eq(debitMandates.status, 'active'));
  if (mandates.length === 0) return [];
  const ids = mandates.map((m) => m.id);
  const rows = await queryRows<CandidateRow>(
    db,
    sql`select m.id as mandate_id, a.status as application_status, ${underDebtReviewSql} as under_debt_review,
          s.id as schedule_id, s.remaining_amount::text as remaining_amount,
          s.platform_fee_rate::text as platform_fee_rate, s.quoted_fees::text as quoted_fees,
          s.fees_paid::text as fees_paid
        from debit_mandates m
        join financing_applications a on a.id = m.application_id
        left join repayment_schedules s on s.application_id = a.id
        where m.id in (${sql.join(ids, sql`, `)})`,
  );
  const lastItems = await db
    .selectDistinctOn([debitOrderItems.mandateId])
    .from(debitOrderItems)
    .where(
      sql`${debitOrderItems.mandateId} in (${sql.join(ids, sql`, `)})
        and not exists (select 1 from debit_order_runs r where r.id = ${debitOrderItems.runId}
          and r.status = 'built' and r.collection_date < ${collectionDate})
        ${refreshing ? sql`and ${debitOrderItems.runId} <> ${refreshing.runId}` : sql``}`,
    )
    .orderBy(debitOrderItems.mandateId, desc(debitOrderItems.collectionDate), desc(debitOrderItems.id));
  const lastBy = new Map(lastItems.map((i) => [i.mandateId, i]));
  const facts = new Map(rows.map((r) => [r.mandate_id, r]));
  return mandates.map((mandate) => {
    const r = facts.get(mandate.id)!;
    return {
      mandate,
      applicationStatus: r.application_status,
      underDebtReview: r.under_debt_review,
      schedule:
        r.schedule_id === null
          ? null
          : {
              id: r.schedule_id,
              remainingAmount: r.remaining_amount!,
              platformFeeRate: r.platform_fee_rate!,
              quotedFees: r.quoted_fees,
              feesPaid: r.fees_paid!,
            },
      last: lastBy.get(mandate.id) ?? null,
    };
  });
}

/** The instalments in force of these schedules falling due on or before `by`, each with what is still open. */
export async function instalmentsDueBy(db: DbOrTx, scheduleIds: number[], by: IsoDate) {
  if (scheduleIds.length === 0) return [];
  return queryRows<{ schedule_id: number; due_date: string; open: string }>(
    db,
    sql`select schedule_id, due_date::text as due_date,
          (amount_due - amount_paid - amount_rebated - amount_forgiven)::text as open
        from repayment_instalments
        where schedule_id in (${sql.join(scheduleIds, sql`, `)}) and voided_on is null and due_date <= ${by}
          and amount_due - amount_paid - amount_rebated - amount_forgiven > 0`,
  );
}

/** The items of a built run, by mandate (to refresh them before its file is written). */
export async function itemsOfRun(tx: DbOrTx, runId: number) {
  return tx.select().from(debitOrderItems).where(eq(debitOrderItems.runId, runId));
}

export async function deleteItems(tx: DbOrTx, ids: number[]) {
  if (ids.length === 0) return;
  await tx.delete(debitOrderItems).where(inArray(debitOrderItems.id, ids));
}

export async function insertItems(tx: DbOrTx, items: Array<typeof debitOrderItems.$inferInsert>) {
  if (items.length === 0) return;
  await tx
    .insert(debitOrderItems)
    .values(items)
    .onConflictDoNothing({ target: [debitOrderItems.mandateId, debitOrderItems.collectionDate] });
}

// ---------------------------------------------------------------------------------------------------------
// Reading runs

type RunFigures = { items: number; total: string; paid: number; unpaid: number; pending: number };

async function figuresOf(db: DbOrTx, runIds: number[]): Promise<Map<number, RunFigures>> {
  if (runIds.length === 0) return new Map();
  const rows = await queryRows<{
    run_id: number;
    items: number;
    total: string;
    paid: number;
    unpaid: number;
    pending: number;
  }>(
    db,
    sql`select run_id, count(*)::int as items, coalesce(sum(total), 0)::text as total,
          (count(*) filter (where status = 'paid'))::int as paid,
          (count(*) filter (where status = 'unpaid'))::int as unpaid,
          (count(*) filter (where status = 'pending'))::int as pending
        from debit_order_items where run_id in (${sql.join(runIds, sql`, `)}) group by run_id`,
  );
  return new Map(rows.map((r) => [r.run_id, { ...r, total: r.total }]));
}

const NO_FIGURES: RunFigures = { items: 0, total: '0', paid: 0, unpaid: 0, pending: 0 };

export async function runWithFigures(db: DbOrTx, run: DebitOrderRun) {
  const figures = await figuresOf(db, [run.id]);
  return { run, figures: figures.get(run.id) ?? NO_FIGURES };
}

export async function runsPage(db: DbOrTx, query: { page: number; pageSize: number }) {
  const [total] = await db.select({ n: count() }).from(debitOrderRuns);
  const runs = await db
    .select()
    .from(debitOrderRuns)
    .orderBy(desc(debitOrderRuns.collectionDate))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const figures = await figuresOf(
    db,
    runs.map((r) => r.id),
  );
  return {
    rows: runs.map((run) => ({ run, figures: figures.get(run.id) ?? NO_FIGURES })),
    total: total?.n ?? 0,
  };
}

export async function itemsPage(
  db: DbOrTx,
  runId: number,
  query: { status?: ItemStatus; page: number; pageSize: number },
) {
  const where = and(
    eq(debitOrderItems.runId, runId),
    query.status ? eq(debitOrderItems.status, query.status) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(debitOrderItems).where(where);
  const rows = await db
    .select({ item: debitOrderItems, mandate: debitMandates, creatorName })
    .from(debitOrderItems)
    .innerJoin(debitMandates, eq(debitMandates.id, debitOrderItems.mandateId))
    .innerJoin(users, eq(users.id, debitMandates.userId))
    .where(where)
    .orderBy(debitOrderItems.id)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows, total: total?.n ?? 0 };
}

/** Every item of a run with its mandate (the sealed account number included): for the run file only. */
export async function itemsForFile(db: DbOrTx, runId: number) {
  return db
    .select({ item: debitOrderItems, mandate: debitMandates })
    .from(debitOrderItems)
    .innerJoin(debitMandates, eq(debitMandates.id, debitOrderItems.mandateId))
    .where(eq(debitOrderItems.runId, runId))
    .orderBy(debitOrderItems.id);
}

// ---------------------------------------------------------------------------------------------------------
// Results

export async function lockItem(tx: DbOrTx, id: number): Promise<DebitOrderItem | null> {
  const [row] = await tx.select().from(debitOrderItems).where(eq(debitOrderItems.id, id)).for('update');
  return row ?? null;
}

/** The item of a run collecting from this contract reference, locked; null when the run has none. */
export async function lockItemByReference(tx: DbOrTx, runId: number, reference: string) {
  const [row] = await tx
    .select({ id: debitOrderItems.id })
    .from(debitOrderItems)
    .innerJoin(debitMandates, eq(debitMandates.id, debitOrderItems.mandateId))
    .where(and(eq(debitOrderItems.runId, runId), eq(debitMandates.contractReference, reference)))
    .orderBy(desc(debitOrderItems.id))
    .limit(1);
  return row ? lockItem(tx, row.id) : null;
}

export async function updateItem(
  tx: DbOrTx,
  id: number,
  changes: Partial<
    Pick<
      DebitOrderItem,
      | 'status'
      | 'reasonCode'
      | 'outcome'
      | 'representOn'
      | 'paymentId'
      | 'resultAt'
      | 'attempt'
      | 'amount'
      | 'fee'
      | 'total'
    >
  >,
) {
  await tx.update(debitOrderItems).set(changes).where(eq(debitOrderItems.id, id));
}

export async function pendingItemCount(db: DbOrTx, runId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(debitOrderItems)
    .where(and(eq(debitOrderItems.runId, runId), eq(debitOrderItems.status, 'pending')));
  return row?.n ?? 0;
}

export async function findMandate(db: DbOrTx, id: number): Promise<DebitMandate | null> {
  const [row] = await db.select().from(debitMandates).where(eq(debitMandates.id, id));
  return row ?? null;
}

/**
 * The run whose paid collections add up to `amount` and whose credit has not been found on a statement yet, locked;
 * the oldest such run first. The results must have been imported (a run still pending pays nothing).
 */
export async function lockUnsettledRunPaying(tx: DbOrTx, amount: string): Promise<{ id: number } | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select r.id from debit_order_runs r
        where r.settled_by_line_id is null and r.status in ('submitted', 'completed')
          and (select coalesce(sum(i.total), 0) from debit_order_items i where i.run_id = r.id and i.status = 'paid')
            = ${amount}::numeric
        order by r.collection_date, r.id
        limit 1
        for update of r`,
  );
  return row ?? null;
}

/** Marks the run's credit found on the statement line (once: the column is unique and set only while empty). */
export async function settleRun(tx: DbOrTx, runId: number, lineId: number): Promise<boolean> {
  const rows = await tx
    .update(debitOrderRuns)
    .set({ settledByLineId: lineId })
    .where(and(eq(debitOrderRuns.id, runId), isNull(debitOrderRuns.settledByLineId)))
    .returning({ id: debitOrderRuns.id });
  return rows.length === 1;
}
