import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DashboardMode } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import {
  type FinancingApplication,
  financingApplications,
  type Payment,
  payments,
  type RepaymentInstalment,
  type RepaymentSchedule,
  repaymentInstalments,
  repaymentSchedules,
} from '../../db/schema';
import { statusInMode } from '../app-settings/app-settings.service';

export type ApplicationRecord = FinancingApplication & {
  /** `instalments` is absent when the caller asked for the list without them. */
  schedule: (RepaymentSchedule & { payments: Payment[]; instalments?: RepaymentInstalment[] }) | null;
};

export async function insertApplication(db: DbOrTx, values: typeof financingApplications.$inferInsert) {
  const [row] = await db.insert(financingApplications).values(values).returning();
  return row!;
}

/** Applications with their schedule, payments and instalments, in four queries whatever the count (no N+1). */
export async function loadApplications(
  db: DbOrTx,
  where: { userId?: number; ids?: number[]; mode?: DashboardMode },
  options: { withInstalments?: boolean } = {},
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
  const paid = await db
    .select()
    .from(payments)
    .where(inArray(payments.applicationId, ids))
    .orderBy(asc(payments.paymentDate), asc(payments.id));
  const withInstalments = options.withInstalments ?? true;
  const instalments =
    withInstalments && schedules.length
      ? await db
          .select()
          .from(repaymentInstalments)
          .where(
            inArray(
              repaymentInstalments.scheduleId,
              schedules.map((s) => s.id),
            ),
          )
          .orderBy(asc(repaymentInstalments.scheduleId), asc(repaymentInstalments.number))
      : [];
  // Grouped once, so joining them back stays linear in the number of rows.
  const scheduleOf = new Map(schedules.map((s) => [s.applicationId, s]));
  const paymentsOf = groupBy(paid, (p) => p.applicationId);
  const instalmentsOf = groupBy(instalments, (i) => i.scheduleId);
  return apps.map<ApplicationRecord>((app) => {
    const schedule = scheduleOf.get(app.id);
    return {
      ...app,
      schedule: schedule
        ? {
            ...schedule,
            payments: paymentsOf.get(app.id) ?? [],
            instalments: instalmentsOf.get(schedule.id) ?? [],
          }
        : null,
    };
  });
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

/** Locks the application row for a state change (FOR UPDATE), so two changes cannot interleave. */
export async function lockApplication(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(financingApplications)
    .where(eq(financingApplications.id, id))
    .for('update');
  return row;
}

export async function updateApplication(
  db: DbOrTx,
  id: number,
  values: Partial<typeof financingApplications.$inferInsert>,
  now: Date,
) {
  const [row] = await db
    .update(financingApplications)
    .set({ ...values, updatedAt: now })
    .where(eq(financingApplications.id, id))
    .returning();
  return row!;
}

export async function findScheduleByApplication(db: DbOrTx, applicationId: number) {
  const [row] = await db
    .select()
    .from(repaymentSchedules)
    .where(eq(repaymentSchedules.applicationId, applicationId));
  return row;
}
