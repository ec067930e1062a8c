import type { DbOrTx } from '../../db/client';
import { userAdminActions } from '../../db/schema';

/** One audit row per state change, written in the same transaction as the change. */
export async function recordAction(
  db: DbOrTx,
  entry: {
    userId: number | null;
    adminId?: number | null;
    action: string;
    notes?: string | null;
    /** When it happened, from the injected clock (servicing, jobs, seeds); the database's time otherwise. */
    at?: Date;
  },
) {
  await db.insert(userAdminActions).values({
    userId: entry.userId,
    adminId: entry.adminId ?? null,
    action: entry.action,
    notes: entry.notes ?? null,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}
