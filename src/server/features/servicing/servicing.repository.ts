import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { payments, repaymentSchedules } from '../../db/schema';

/** The schedule row locked for a balance change: concurrent payments wait here instead of losing an update. */
export async function lockScheduleByApplication(db: DbOrTx, applicationId: number) {
  const [row] = await db
    .select()
    .from(repaymentSchedules)
    .where(eq(repaymentSchedules.applicationId, applicationId))
    .for('update');
  return row;
}

export async function updateSchedule(
  db: DbOrTx,
  id: number,
  values: Partial<typeof repaymentSchedules.$inferInsert>,
) {
  await db
    .update(repaymentSchedules)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(repaymentSchedules.id, id));
}

export async function insertPayment(db: DbOrTx, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

/** What is still deferred (unearned) financing cost for one application, from the ledger. */
export async function deferredCostBalance(db: DbOrTx, applicationId: number): Promise<string> {
  const [row] = await queryRows<{ balance: string | null }>(
    db,
    sql`select coalesce(sum(l.credit - l.debit), 0)::text as balance
        from ledger_lines l join ledger_entries e on e.id = l.entry_id
        where e.application_id = ${applicationId} and l.account = 'deferred_cost_income'`,
  );
  return row?.balance ?? '0';
}
