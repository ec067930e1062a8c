// What the dashboard reads that no other feature's repository answers: the manual platforms a creator listed on
// their applications, newest application first (only the column the Monthly Earnings card needs).
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { financingApplications, type ManualPlatformEntry } from '../../db/schema';

export async function manualPlatformsNewestFirst(
  db: DbOrTx,
  userId: number,
): Promise<Array<{ manualPlatforms: ManualPlatformEntry[] }>> {
  return db
    .select({ manualPlatforms: financingApplications.manualPlatforms })
    .from(financingApplications)
    .where(eq(financingApplications.userId, userId))
    .orderBy(desc(financingApplications.createdAt), desc(financingApplications.id));
}
