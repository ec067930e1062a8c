// A per-user sliding-window limit for AI calls, kept in this process's memory. Decision 014: one server
// process serves the product; a shared store would replace this map if it ever ran as several.
import { tooManyRequests } from '../../lib/errors';

export function createUserRateLimit(limit: number, windowMs: number, now: () => number = Date.now) {
  const hits = new Map<number, number[]>();
  return {
    /** Counts one request for the user, or throws 429 with Retry-After when over the limit. */
    take(userId: number, message: string) {
      const t = now();
      const recent = (hits.get(userId) ?? []).filter((at) => t - at < windowMs);
      if (recent.length >= limit) {
        const retryAfter = Math.max(1, Math.ceil((recent[0]! + windowMs - t) / 1000));
        hits.set(userId, recent);
        throw tooManyRequests(message, retryAfter);
      }
      recent.push(t);
      hits.set(userId, recent);
    },
  };
}
