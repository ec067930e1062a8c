import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userAdminActions, users } from '../../db/schema';

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

/** The user's audit log, newest first, each row with the acting admin's name ('who did what' in one read). */
export async function actionsForUser(db: DbOrTx, userId: number, limit: number) {
  return db
    .select({
      action: userAdminActions,
      admin: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(userAdminActions)
    .leftJoin(users, eq(users.id, userAdminActions.adminId))
    .where(eq(userAdminActions.userId, userId))
    .orderBy(desc(userAdminActions.createdAt), desc(userAdminActions.id))
    .limit(limit);
}
