// Stored answers to Idempotency-Keys (idempotency_keys).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

export type StoredAnswer = typeof idempotencyKeys.$inferSelect;

export async function findStoredAnswer(db: DbOrTx, scopedKey: string): Promise<StoredAnswer | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, scopedKey));
  return row;
}

export async function insertStoredAnswer(db: DbOrTx, values: typeof idempotencyKeys.$inferInsert) {
  await db.insert(idempotencyKeys).values(values);
}
