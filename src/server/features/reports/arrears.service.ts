// Aged arrears and roll rates (docs/accounting.md, "Aged arrears and roll rates"). A month-end close keeps each loan's
// position at the month's last day (snapshotPositions, under the books' lock), so the book at any closed month end
// and the moves between two months are read from what was kept, in milliseconds at 100 000 loans; the screen says
// when it was computed. Today's book is read from the schedules.
import Decimal from 'decimal.js';
import type { IsoDate } from '../../../shared/business-date';
import { DELINQUENCY_BUCKET_LABELS, DELINQUENCY_BUCKETS } from '../../../shared/finance/instalments';
import { toMoneyString } from '../../../shared/finance/money';
import { nextPeriod, periodEnd, periodLabel } from '../../../shared/ledger/chart-of-accounts';
import {
  type AgedArrears,
  type AgedArrearsQuery,
  ROLL_FROM,
  ROLL_TO,
  type RollRates,
  type RollRatesQuery,
} from '../../../shared/schemas/reports';
import type { DbOrTx } from '../../db/client';
import { today as todayOf } from '../../lib/clock';
import type { Deps } from '../../lib/deps';
import { conflict } from '../../lib/errors';
import * as repo from './arrears.repository';
import { bookPositions } from './book-positions';

/** Keeps every loan's position at `period`'s last day: called by the month-end close in its transaction. */
export async function snapshotPositions(tx: DbOrTx, period: string) {
  await repo.insertPositions(tx, period, await bookPositions(tx, periodEnd(period) as IsoDate));
}

export async function agedArrears({ db, clock }: Deps, query: AgedArrearsQuery): Promise<AgedArrears> {
  const closed = await repo.closedMonths(db);
  const close = query.period ? closed.find((c) => c.period === query.period) : undefined;
  if (query.period && !close) {
    throw conflict(
      `${periodLabel(query.period)} is not closed: aged arrears are kept when a month is closed.`,
    );
  }
  const rows = close
    ? await repo.bucketsAtClose(db, close.period)
    : await repo.bucketsToday(db, todayOf(clock));
  const byBucket = new Map(rows.map((r) => [r.bucket, r]));
  const buckets = DELINQUENCY_BUCKETS.map((bucket) => ({
    bucket,
    label: DELINQUENCY_BUCKET_LABELS[bucket],
    loans: byBucket.get(bucket)?.loans ?? 0,
    balance: byBucket.get(bucket)?.balance ?? '0.00',
  }));
  return {
    success: true,
    asOf: close ? periodEnd(close.period) : todayOf(clock),
    period: close?.period ?? null,
    computedAt: (close ? close.closedAt : clock.now()).toISOString(),
    closedPeriods: closed.map((c) => c.period),
    buckets,
    total: {
      loans: buckets.reduce((n, b) => n + b.loans, 0),
      balance: toMoneyString(buckets.reduce((sum, b) => sum.plus(b.balance), new Decimal(0))),
    },
  };
}

export async function rollRates({ db }: Deps, query: RollRatesQuery): Promise<RollRates> {
  const closed = new Set((await repo.closedMonths(db)).map((c) => c.period));
  const to = query.period;
  const from = [...closed].find((p) => nextPeriod(p) === to);
  if (!closed.has(to) || !from) {
    throw conflict(
      `Roll rates need ${periodLabel(to)} and the month before it closed: both are kept at their close.`,
    );
  }
  const moves = await repo.rolls(db, from, to);
  const rows = ROLL_FROM.map((start) => {
    const mine = moves.filter((m) => m.from_bucket === start);
    const loans = mine.reduce((n, m) => n + m.loans, 0);
    return {
      from: start,
      loans,
      cells: ROLL_TO.map((end) => {
        const cell = mine.find((m) => m.to_bucket === end);
        const count = cell?.loans ?? 0;
        return {
          to: end,
          loans: count,
          rate: loans ? new Decimal(count).div(loans).times(100).toDecimalPlaces(2).toNumber() : 0,
          balance: cell?.balance ?? '0.00',
        };
      }),
    };
  });
  return { success: true, from, to, rows };
}
