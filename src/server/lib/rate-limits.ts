// Limits every instance shares, kept in the database (rate_limit_events): "at most `limit` events per `key` in
// `windowMs`". Each check takes a transaction-scoped advisory lock on its key, counts the key's events in the
// window and, when there is room, records one, all in the caller's transaction: two requests for one key run
// one after the other, so a burst of any size lets exactly `limit` through (never read-then-write). Old events
// are pruned by the hourly job.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { tooManyRequests } from './errors';
import { rateEventsSince, recordRateEvent } from './rate-limits.repository';

export { pruneRateEvents, rateEventsSince, recordRateEvent } from './rate-limits.repository';

export type RateRule = { key: string; limit: number; windowMs: number };

/** Serialises every transaction that checks or records `key` until this transaction ends. */
export async function lockRateKey(tx: DbOrTx, key: string): Promise<void> {
  // Two 32-bit halves of the key's hash: hashtext alone would make unrelated keys collide more often.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}), hashtext(reverse(${key})))`);
}

/** Seconds until the oldest event in the window leaves it (at least 1). */
export function secondsUntilFree(rule: RateRule, oldest: Date | null, now: Date): number {
  if (!oldest) return Math.ceil(rule.windowMs / 1000);
  return Math.max(1, Math.ceil((oldest.getTime() + rule.windowMs - now.getTime()) / 1000));
}

/**
 * Takes one slot of `rule` in the caller's transaction, or answers how long until one frees up. The lock is
 * held until the transaction ends, so what the slot guards (an e-mail, a model call) is best done in it too.
 */
export async function takeRateSlot(
  tx: DbOrTx,
  rule: RateRule,
  now: Date,
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  await lockRateKey(tx, rule.key);
  const recent = await rateEventsSince(tx, rule.key, new Date(now.getTime() - rule.windowMs));
  if (recent.count >= rule.limit)
    return { ok: false, retryAfterSeconds: secondsUntilFree(rule, recent.oldest, now) };
  await recordRateEvent(tx, rule.key, now);
  return { ok: true };
}

/** takeRateSlot that answers 429 (with Retry-After) when the rule is spent. */
export async function requireRateSlot(tx: DbOrTx, rule: RateRule, now: Date, message: string) {
  const slot = await takeRateSlot(tx, rule, now);
  if (!slot.ok) throw tooManyRequests(message, slot.retryAfterSeconds);
}
