// Idempotency-Key: the first answer to a key is stored; a replay with the same key and body gets that answer
// again without doing the work twice; the same key with a different body is a 409.
//
// The answer is stored in the same transaction as the work it answers for, under a transaction-scoped lock on the
// key: concurrent requests with one key run one after the other (the second finds the first's answer), and a
// crash at any moment leaves either both the work and its answer or neither, so a replay after a crash returns
// the original answer or does the work once. Answers that are errors are not stored: the
// request may be retried.
import type { Db, DbOrTx } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { conflict } from '../../lib/errors';
import { lockRateKey } from '../../lib/rate-limits';
import {
  findStoredAnswer,
  insertStoredAnswer,
  purgeStoredAnswers,
  type StoredAnswer,
} from './idempotency.repository';

/**
 * How long a stored answer is replayed (docs/operations.md, "Idempotency-Key"): a client retries within minutes;
 * after a day the answer is forgotten, so what it says about a person is not kept for ever. A payment key used
 * again after that is refused (409), never paid twice: the payment keeps its key.
 */
export const IDEMPOTENCY_ANSWER_TTL_MS = 24 * 60 * 60 * 1000;

type Outcome = {
  statusCode: number;
  body: unknown;
  /** Whom the answer is about (the creator whose loan was paid): their erasure scrubs it. */
  subjectUserId?: number | null;
  /**
   * Work that must see the stored answer, in the same transaction: an erasure that this request carried out
   * scrubs the answer it is about to be replayed with (docs/privacy.md).
   */
  afterStore?: (tx: DbOrTx) => Promise<void>;
};

export async function withIdempotency(
  db: Db,
  options: {
    key: string | undefined;
    userId: number;
    route: string;
    request: unknown;
    now: Date;
    /** The work, in the transaction that will also hold its stored answer. */
    run: (tx: DbOrTx) => Promise<Outcome>;
  },
): Promise<{ statusCode: number; body: unknown }> {
  const answer = ({ statusCode, body }: Outcome) => ({ statusCode, body });
  if (!options.key) return db.transaction(async (tx) => answer(await options.run(tx)));
  const requestHash = sha256(JSON.stringify(options.request));
  const scopedKey = scopedIdempotencyKey(options.userId, options.key)!;
  const notBefore = new Date(options.now.getTime() - IDEMPOTENCY_ANSWER_TTL_MS);
  const replay = (seen: StoredAnswer) => {
    if (seen.requestHash !== requestHash || seen.route !== options.route) {
      throw conflict('This Idempotency-Key was already used for a different request.');
    }
    return { statusCode: seen.statusCode, body: seen.responseBody };
  };
  const stored = (tx: DbOrTx) => findStoredAnswer(tx, scopedKey, notBefore);
  // Most replays find the answer without waiting for anything.
  const seen = await stored(db);
  if (seen) return replay(seen);
  return db.transaction(async (tx) => {
    await lockRateKey(tx, `idempotency:${scopedKey}`);
    const raced = await stored(tx);
    if (raced) return replay(raced);
    const outcome = await options.run(tx);
    await insertStoredAnswer(tx, {
      key: scopedKey,
      userId: options.userId,
      subjectUserId: outcome.subjectUserId ?? null,
      route: options.route,
      requestHash,
      statusCode: outcome.statusCode,
      responseBody: outcome.body as object,
      createdAt: options.now,
    });
    await outcome.afterStore?.(tx);
    return answer(outcome);
  });
}

/** The hourly purge of answers past IDEMPOTENCY_ANSWER_TTL_MS. */
export const purgeExpiredAnswers = (db: DbOrTx, now: Date) =>
  purgeStoredAnswers(db, new Date(now.getTime() - IDEMPOTENCY_ANSWER_TTL_MS));

/** Both columns that hold a scoped key (idempotency_keys.key, payments.idempotency_key) are varchar(100). */
const STORED_KEY_MAX = 100;

/**
 * The key as stored with the work it guards: scoped to the user, like the idempotency record. Keys are 8-100
 * characters of [\w-], so `${userId}:${key}` can outgrow its column; such a key is stored as
 * `${userId}:~${sha256(key)}` (75 characters at most) instead. '~' is not a key character, so the two forms never
 * meet, and a key that fits keeps the form it always had: records written before keys were hashed still match.
 */
export function scopedIdempotencyKey(userId: number, key: string | undefined): string | null {
  if (!key) return null;
  const plain = `${userId}:${key}`;
  return plain.length <= STORED_KEY_MAX ? plain : `${userId}:~${sha256(key)}`;
}
