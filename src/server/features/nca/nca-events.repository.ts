// The National Credit Act's record of each loan (nca_events; docs/compliance.md): what was sent, delivered, recorded
// and ordered, read back as the loan's timeline. An event that must happen once carries a key the unique index holds.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/business-date';
import type { NcaEventKind } from '../../../shared/compliance/nca-events';
import { type DbOrTx, queryRows } from '../../db/client';
import { ncaEvents } from '../../db/schema';

export type NcaEventRow = typeof ncaEvents.$inferSelect;

/** Records an event; with a once-key, false (nothing written) when it was already recorded. */
export async function insertNcaEvent(
  db: DbOrTx,
  event: {
    applicationId: number;
    kind: NcaEventKind;
    occurredOn: IsoDate;
    recordedBy?: number | null;
    onceKey?: string;
    details?: Record<string, unknown>;
    at: Date;
  },
): Promise<boolean> {
  const rows = await db
    .insert(ncaEvents)
    .values({
      applicationId: event.applicationId,
      kind: event.kind,
      occurredOn: event.occurredOn,
      recordedBy: event.recordedBy ?? null,
      onceKey: event.onceKey ?? null,
      details: event.details ?? {},
      createdAt: event.at,
    })
    .onConflictDoNothing({ target: ncaEvents.onceKey })
    .returning({ id: ncaEvents.id });
  return rows.length > 0;
}

/** A loan's events, oldest first. */
export function ncaEventsOf(db: DbOrTx, applicationId: number): Promise<NcaEventRow[]> {
  return db
    .select()
    .from(ncaEvents)
    .where(eq(ncaEvents.applicationId, applicationId))
    .orderBy(asc(ncaEvents.id));
}

/** The latest event of a kind for a loan, or undefined. */
export async function latestNcaEvent(db: DbOrTx, applicationId: number, kind: NcaEventKind) {
  const [row] = await db
    .select()
    .from(ncaEvents)
    .where(and(eq(ncaEvents.applicationId, applicationId), eq(ncaEvents.kind, kind)))
    .orderBy(desc(ncaEvents.id))
    .limit(1);
  return row;
}

/**
 * SQL that is true for a loan (`a`, financing_applications) under debt review: a counsellor's notice not followed by
 * its end. Used by the notices job and the bureau file.
 */
export const underDebtReviewSql = sql`exists (select 1 from nca_events dr where dr.application_id = a.id
  and dr.kind = 'debt_review' and not exists (select 1 from nca_events de where de.application_id = a.id
  and de.kind = 'debt_review_ended' and de.id > dr.id))`;

/** Whether a loan is under debt review now. */
export async function isUnderDebtReview(db: DbOrTx, applicationId: number): Promise<boolean> {
  const [row] = await queryRows<{ under: boolean }>(
    db,
    sql`select ${underDebtReviewSql} as under from financing_applications a where a.id = ${applicationId}`,
  );
  return row?.under === true;
}
