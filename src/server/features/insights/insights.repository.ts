// Stored analyses of a user (user_insights).
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userInsights } from '../../db/schema';

export type InsightRow = typeof userInsights.$inferSelect;

export async function insertInsight(
  db: DbOrTx,
  values: typeof userInsights.$inferInsert,
): Promise<InsightRow> {
  const [row] = await db.insert(userInsights).values(values).returning();
  return row!;
}

/** The user's latest analyses, newest first. */
export function insightsOf(db: DbOrTx, userId: number, limit: number): Promise<InsightRow[]> {
  return db
    .select()
    .from(userInsights)
    .where(eq(userInsights.userId, userId))
    .orderBy(desc(userInsights.timestamp), desc(userInsights.id))
    .limit(limit);
}
