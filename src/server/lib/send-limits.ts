// Hourly limits on sign-ups and on every route that sends e-mail (docs/operations.md "Limits"):
// per client address and in all, kept in rate_limit_events so every instance shares them. A request to such a
// route takes its slots in the transaction that does its work, before anything is stored: refused, it stores
// nothing and answers 429 with Retry-After. The slot is taken whether or not the request ends in an e-mail (an
// unknown address for a reset still counts), so the answer never tells whether an account exists.
import type { SendLimits } from '../config';
import type { DbOrTx } from '../db/client';
import { tooManyRequests } from './errors';
import { type RateRule, takeRateSlot } from './rate-limits';

const HOUR_MS = 60 * 60 * 1000;

export type SendKind = 'signup' | 'email';

export const SIGNUPS_FROM_ADDRESS_MESSAGE =
  'Too many accounts have been started from your network in the last hour. Please try again later.';
export const SIGNUPS_BUSY_MESSAGE =
  'We are receiving an unusual number of sign-ups. Please try again in a few minutes.';
export const EMAILS_FROM_ADDRESS_MESSAGE =
  'Too many e-mails have been asked for from your network in the last hour. Please try again later.';
export const EMAILS_BUSY_MESSAGE =
  'We are sending an unusual number of e-mails. Please try again in a few minutes.';

/** The rules one request of `kind` from `ip` counts against, in the order every request takes their locks. */
export function sendRules(limits: SendLimits, kind: SendKind, ip: string) {
  const rules: Array<{ rule: RateRule; message: string }> = [];
  if (kind === 'signup') {
    rules.push(
      {
        rule: { key: `signup-ip:${ip}`, limit: limits.signupsPerAddress, windowMs: HOUR_MS },
        message: SIGNUPS_FROM_ADDRESS_MESSAGE,
      },
      {
        rule: { key: 'signup-all', limit: limits.signups, windowMs: HOUR_MS },
        message: SIGNUPS_BUSY_MESSAGE,
      },
    );
  }
  rules.push(
    {
      rule: { key: `email-ip:${ip}`, limit: limits.emailsPerAddress, windowMs: HOUR_MS },
      message: EMAILS_FROM_ADDRESS_MESSAGE,
    },
    { rule: { key: 'email-all', limit: limits.emails, windowMs: HOUR_MS }, message: EMAILS_BUSY_MESSAGE },
  );
  return rules;
}

/**
 * Takes one slot of each rule for this request in the caller's transaction, or answers 429 with the longest wait.
 * Every request takes the locks in the same order (address before all, sign-ups before e-mail): no deadlock.
 */
export async function requireSendSlots(
  tx: DbOrTx,
  limits: SendLimits,
  kind: SendKind,
  ip: string,
  now: Date,
): Promise<void> {
  for (const { rule, message } of sendRules(limits, kind, ip)) {
    const slot = await takeRateSlot(tx, rule, now);
    // The transaction rolls back with the error: slots taken for the earlier rules are not kept.
    if (!slot.ok) throw tooManyRequests(message, slot.retryAfterSeconds);
  }
}
