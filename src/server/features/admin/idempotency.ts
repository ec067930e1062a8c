// Idempotency-Key: the first answer to a key is stored; a replay with the same key and body gets that answer
// again without doing the work twice; the same key with a different body is a 409. Concurrent requests with
// one key serialise on the key's primary key, so only one does the work.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { conflict } from '../../lib/errors';

type Outcome = { statusCode: number; body: unknown };

export async function withIdempotency(
  db: Db,
  options: {
    key: string | undefined;
    userId: number;
    route: string;
    request: unknown;
    run: () => Promise<Outcome>;
  },
): Promise<Outcome> {
  if (!options.key) return options.run();
  const requestHash = sha256(JSON.stringify(options.request));
  const scopedKey = scopedIdempotencyKey(options.userId, options.key)!;
  const previous = async () => {
    const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, scopedKey));
    return row;
  };
  const seen = await previous();
  if (seen) {
    if (seen.requestHash !== requestHash || seen.route !== options.route) {
      throw conflict('This Idempotency-Key was already used for a different request.');
    }
    return { statusCode: seen.statusCode, body: seen.responseBody };
  }
  let outcome: Outcome;
  try {
    outcome = await options.run();
  } catch (error) {
    // The work itself is keyed too (payments.idempotency_key is unique): a concurrent twin that lost the race
    // fails there, and answers with the winner's stored answer once it is written.
    if (!isUniqueViolation(error)) throw error;
    for (let i = 0; i < 20; i++) {
      const winner = await previous();
      if (winner) return { statusCode: winner.statusCode, body: winner.responseBody };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw conflict('A request with this Idempotency-Key is still being processed. Try again shortly.');
  }
  const inserted = await db
    .insert(idempotencyKeys)
    .values({
      key: scopedKey,
      userId: options.userId,
      route: options.route,
      requestHash,
      statusCode: outcome.statusCode,
      responseBody: outcome.body as object,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 0) {
    // A concurrent request with the same key won the race; its answer is the answer.
    const winner = await previous();
    return { statusCode: winner!.statusCode, body: winner!.responseBody };
  }
  return outcome;
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

/** The key as stored with the work it guards: scoped to the user, like the idempotency record. */
export const scopedIdempotencyKey = (userId: number, key: string | undefined) =>
  key ? `${userId}:${key}` : null;
