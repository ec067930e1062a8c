// SQL over a repayment schedule aliased `s` that several features' queries share (lending, collections, provisions):
// whether it is being repaid, and its days past due on a day.
import { type SQL, sql } from 'drizzle-orm';
import type { IsoDate } from '../../shared/business-date';

/**
 * The South African day schedule `s` was paid out: the payout's day, or (for loans set up before payouts were kept)
 * the day its schedule started.
 */
export const PAYOUT_DAY = sql`coalesce(s.paid_out_on, (s.start_date at time zone 'Africa/Johannesburg')::date)`;

/** Loans being repaid: only they have a delinquency bucket and are in arrears. */
export const SERVICED = sql`s.status in ('active', 'defaulted')`;

/**
 * Days past due of schedule `s` on `today`: days since the due date it is late from (arrears_from: the arrears
 * reached its tolerance there, docs/lending.md), 0 when not late.
 */
export const daysPastDue = (today: IsoDate): SQL =>
  sql`case when ${SERVICED} and s.arrears_from < ${today}::date then ${today}::date - s.arrears_from else 0 end`;
