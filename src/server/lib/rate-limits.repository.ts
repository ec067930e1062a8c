// The rate_limit_events rows behind lib/rate-limits.ts.
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { rateLimitEvents } from '../db/schema';

/** The key's events since `since`: how many, and when the oldest was (to say when a slot frees up). */
export async function rateEventsSince(tx: DbOrTx, key: string, since: Date) {
  const [row] = await queryRows<{ n: number; oldest: string | null }>(
    tx,
    sql`select count(*)::int as n, min(created_at)::text as oldest from rate_limit_events
        where key = ${key} and created_at > ${since.toISOString()}::timestamptz`,
  );
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function recordRateEvent(tx: DbOrTx, key: string, at: Date): Promise<void> {
  await tx.insert(rateLimitEvents).values({ key, createdAt: at });
}

/** Forgets events older than `before` (the hourly job; every rule's window is shorter than a day). */
export async function pruneRateEvents(db: DbOrTx, before: Date): Promise<void> {
  await db.execute(
    sql`delete from rate_limit_events where created_at < ${before.toISOString()}::timestamptz`,
  );
}

/**
 * Forgets the events counted against one account (its keys end in `:<id>`: `advisor:12`, `password-check:12`,
 * `mfa:12`), when its personal data is erased. Keys about addresses or other accounts are not touched.
 */
export async function deleteRateEventsOf(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(sql`delete from rate_limit_events where key ~ ${`^[a-z-]+:${userId}$`}`);
}
