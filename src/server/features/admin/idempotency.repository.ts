// Stored answers to Idempotency-Keys (idempotency_keys).
import { and, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idempotencyKeys, payments } from '../../db/schema';

export type StoredAnswer = typeof idempotencyKeys.$inferSelect;

/** The key's stored answer, if it was stored at or after `notBefore` (older answers have expired). */
export async function findStoredAnswer(
  db: DbOrTx,
  scopedKey: string,
  notBefore: Date,
): Promise<StoredAnswer | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.key, scopedKey), gte(idempotencyKeys.createdAt, notBefore)));
  return row;
}

/** Stores an answer, replacing an expired one under the same key (the caller holds the key's lock). */
export async function insertStoredAnswer(db: DbOrTx, values: typeof idempotencyKeys.$inferInsert) {
  await db
    .insert(idempotencyKeys)
    .values(values)
    .onConflictDoUpdate({
      target: idempotencyKeys.key,
      set: {
        userId: values.userId,
        subjectUserId: values.subjectUserId ?? null,
        route: values.route,
        requestHash: values.requestHash,
        statusCode: values.statusCode,
        responseBody: values.responseBody,
        createdAt: values.createdAt,
      },
    });
}

/** The hourly purge: answers stored before `before` are forgotten. Returns how many went. */
export async function purgeStoredAnswers(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}

/** Whether a payment was already recorded under this scoped key (its answer may have expired since). */
export async function paymentWithKeyExists(db: DbOrTx, scopedKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.idempotencyKey, scopedKey))
    .limit(1);
  return row !== undefined;
}
