// The books a finance team closes (docs/accounting.md): the trial balance on any day, accounting months closed in
// order under the books' lock, capital paid in, and the journal export for an accounting package.
import Decimal from 'decimal.js';
import { addDays, daysBetween, type IsoDate } from '../../../shared/business-date';
import { formatZar, toMoneyString } from '../../../shared/finance/money';
import { formatDate as day } from '../../../shared/format';
import { nextPeriod, periodEnd, periodLabel, periodOf } from '../../../shared/ledger/chart-of-accounts';
import { addTotals, trialBalanceLines } from '../../../shared/ledger/trial-balance';
import {
  type CapitalInput,
  JOURNAL_EXPORT_MAX_DAYS,
  type JournalExportQuery,
  type PeriodsAnswer,
  type TrialBalance,
  type TrialBalanceQuery,
} from '../../../shared/schemas/books';
import { today as todayOf } from '../../lib/clock';
import type { Deps } from '../../lib/deps';
import { badRequest, conflict } from '../../lib/errors';
import { recordAction } from '../audit/audit.repository';
import { snapshotPositions } from '../reports/arrears.service';
import type { SessionUser } from '../sessions/sessions.service';
import * as repo from './books.repository';
import { dailyJournalLines, entryJournalLines, journalCsv } from './journal-export';
import { lastClosedPeriod, lockBooksForClose } from './ledger.repository';
import { postJournal } from './ledger.service';

/** The balances on `asOf`: the last month closed by then, and what was booked after it. */
export async function trialBalance({ db, clock }: Deps, query: TrialBalanceQuery): Promise<TrialBalance> {
  const today = todayOf(clock);
  const asOf = query.asOf ?? today;
  if (asOf > today) {
    throw badRequest(`asOf cannot be after today (${day(today)})`, {
      asOf: ['Choose today or a day before'],
    });
  }
  // The month before asOf's own, unless asOf is its month's last day.
  const fullMonth =
    periodEnd(periodOf(asOf)) === asOf ? periodOf(asOf) : periodOf(addDays(`${periodOf(asOf)}-01`, -1));
  const fromClose = await repo.lastClosedAtOrBefore(db, fullMonth);
  const [opening, movements] = await Promise.all([
    fromClose ? repo.closingBalances(db, fromClose) : Promise.resolve([]),
    repo.movementsBooked(db, fromClose ? periodEnd(fromClose) : null, asOf),
  ]);
  return { success: true, asOf, fromClose, ...trialBalanceLines(addTotals(opening, movements)) };
}

/** Every month from the first booking to today's, newest first, closed or open; the next to close says if it may be. */
export async function listPeriods({ db, clock }: Deps): Promise<PeriodsAnswer> {
  const today = todayOf(clock);
  const [first, closed] = await Promise.all([repo.firstBookingDay(db), repo.closedPeriods(db)]);
  const lastClosed = closed[0]?.period ?? null;
  const current = periodOf(today);
  const start = [first ? periodOf(first) : current, closed.at(-1)?.period ?? current].sort()[0]!;
  const nextToClose = lastClosed ? nextPeriod(lastClosed) : start;
  const closedByPeriod = new Map(closed.map((c) => [c.period, c]));
  const periods: PeriodsAnswer['periods'] = [];
  for (let p = start; p <= current; p = nextPeriod(p)) {
    const close = closedByPeriod.get(p);
    periods.push({
      period: p,
      label: periodLabel(p),
      status: close ? 'closed' : 'open',
      closedAt: close?.closedAt.toISOString() ?? null,
      closedBy: close?.closedBy ?? null,
      closable: !close && p === nextToClose && periodEnd(p) < today,
    });
  }
  periods.reverse();
  return {
    success: true,
    today,
    lastClosed,
    nextToClose: nextToClose <= current ? nextToClose : null,
    periods,
  };
}

/**
 * Closes a month: under the books' lock (postings in flight finish first; later ones see it closed), months in order,
 * only once it has ended. Its closing balances are kept, so a trial balance after it starts from them. Audited.
 */
export async function closePeriod({ db, clock }: Deps, staff: SessionUser, period: string) {
  const now = clock.now();
  const today = todayOf(clock);
  return db.transaction(async (tx) => {
    await lockBooksForClose(tx);
    const lastClosed = await lastClosedPeriod(tx);
    if (lastClosed && period <= lastClosed) {
      throw conflict(
        `${periodLabel(period)} is already closed: the books are closed to the end of ${periodLabel(lastClosed)}.`,
      );
    }
    const first = await repo.firstBookingDay(tx);
    const expected = lastClosed
      ? nextPeriod(lastClosed)
      : [first ? periodOf(first) : period, period].sort()[0]!;
    if (period !== expected) {
      throw conflict(`Close ${periodLabel(expected)} first: months are closed in order.`);
    }
    if (periodEnd(period) >= today) {
      throw conflict(
        `${periodLabel(period)} has not ended: it can be closed from ${day(addDays(periodEnd(period), 1))}.`,
      );
    }
    const opening = lastClosed ? await repo.closingBalances(tx, lastClosed) : [];
    const previousEnd = lastClosed ? periodEnd(lastClosed) : null;
    const movements = await repo.movementsBooked(tx, previousEnd, periodEnd(period));
    const closing = addTotals(opening, movements);
    const check = trialBalanceLines(closing);
    if (!check.balanced) {
      // Every journal balances when it is posted (ledger.service.ts); books that do not are a fault to investigate.
      throw conflict(`${periodLabel(period)} cannot be closed: its trial balance does not balance.`);
    }
    await repo.insertClosedPeriod(tx, { period, closedAt: now, closedBy: staff.id }, closing);
    // Its days' totals, for its daily journals: the same lines the closing balances were summed from.
    await repo.keepDailyTotals(tx, period, previousEnd, periodEnd(period));
    // Each loan's position at the month's last day, for aged arrears and roll rates at month ends.
    await snapshotPositions(tx, period);
    const message = `${periodLabel(period)} closed: its trial balance stands at ${formatZar(check.totals.debit)} on each side. A payment dated in it from now on is booked in the open month.`;
    await recordAction(tx, {
      userId: null,
      adminId: staff.id,
      action: 'books_period_closed',
      notes: message,
      at: now,
    });
    return { success: true as const, message };
  });
}

/** Capital paid in by the lender's funders: the bank account rises, and so does funding capital. Audited. */
export async function recordCapital({ db, clock }: Deps, staff: SessionUser, input: CapitalInput) {
  const now = clock.now();
  const today = todayOf(clock);
  const receivedOn: IsoDate = input.receivedOn;
  if (receivedOn > today) {
    throw badRequest('Received on cannot be in the future', {
      receivedOn: ['Received on cannot be in the future'],
    });
  }
  const amount = new Decimal(input.amount);
  return db.transaction(async (tx) => {
    await postJournal(
      tx,
      {
        kind: 'capital',
        description: `Capital received: ${input.reference}`,
        createdBy: staff.id,
        at: now,
        concernsOn: receivedOn,
      },
      [
        { account: 'cash', debit: amount },
        { account: 'funding_capital', credit: amount },
      ],
    );
    const message = `${formatZar(toMoneyString(amount))} of capital received on ${day(receivedOn)} (${input.reference}).`;
    await recordAction(tx, {
      userId: null,
      adminId: staff.id,
      action: 'capital_received',
      notes: message,
      at: now,
    });
    return { success: true as const, message };
  });
}

/** The journal lines booked from `from` to `to` as a CSV file in the layout asked for. */
export async function journalExport({ db, clock }: Deps, query: JournalExportQuery) {
  const today = todayOf(clock);
  if (query.from > query.to)
    throw badRequest('from must be on or before to', { from: ['from must be on or before to'] });
  if (daysBetween(query.from, query.to) >= JOURNAL_EXPORT_MAX_DAYS) {
    throw badRequest(
      `A journal export covers at most ${JOURNAL_EXPORT_MAX_DAYS} days: export a year at a time`,
      {
        to: [`At most ${JOURNAL_EXPORT_MAX_DAYS} days after from`],
      },
    );
  }
  if (query.from > today)
    throw badRequest('from cannot be after today', { from: ['from cannot be after today'] });
  const lastClosed = query.detail === 'daily' ? await lastClosedPeriod(db) : null;
  const lines =
    query.detail === 'daily'
      ? dailyJournalLines(
          await repo.dailyTotalsBetween(db, query.from, query.to, lastClosed ? periodEnd(lastClosed) : null),
        )
      : entryJournalLines(await repo.linesBookedBetween(db, query.from, query.to));
  return {
    fileName: `vuka-${query.detail === 'daily' ? 'daily-journals' : 'journals'}-${query.layout}-${query.from}-to-${query.to}.csv`,
    text: journalCsv(lines, query.layout),
  };
}
