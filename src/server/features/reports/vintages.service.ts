// Vintage curves (docs/accounting.md, "Vintage curves"): for each payout month of the last two years,
// the share of its principal that had gone into default and the share of what it owes that had been collected, month
// by month on book. Reading every payment of the book costs about a second at 100 000 applications, so a daily job
// computes the curves and keeps them (vintage_snapshots); the screen reads the latest and says when it was computed,
// and finance can ask for a fresh one.
import Decimal from 'decimal.js';
import { addMonths, type IsoDate, monthOf } from '../../../shared/business-date';
import { toMoneyString } from '../../../shared/finance/money';
import {
  VINTAGE_COHORT_MONTHS,
  type VintageCohort,
  type Vintages,
  vintageCohortSchema,
} from '../../../shared/schemas/reports';
import type { DbOrTx } from '../../db/client';
import { type Clock, today as todayOf } from '../../lib/clock';
import type { Deps } from '../../lib/deps';
import * as repo from './vintages.repository';

const percentOf = (part: Decimal.Value, whole: Decimal.Value) =>
  new Decimal(whole).isZero() ? 0 : new Decimal(part).div(whole).times(100).toDecimalPlaces(2).toNumber();

/**
 * The curves from the grouped rows: each cohort from month 0 on book to the month of `asOf`, every figure cumulative
 * to the end of its month (a month with nothing new repeats the one before, so each curve only rises).
 */
export function vintageCurves(
  asOf: IsoDate,
  cohorts: ReadonlyArray<repo.CohortRow>,
  defaults: ReadonlyArray<repo.CohortMonthRow>,
  collections: ReadonlyArray<repo.CohortMonthRow>,
): VintageCohort[] {
  const key = (cohort: string, month: number) => `${cohort}/${month}`;
  const defaulted = new Map(defaults.map((d) => [key(d.cohort, d.months_on_book), d]));
  const collected = new Map(collections.map((c) => [key(c.cohort, c.months_on_book), c.amount]));
  return cohorts.map((c) => {
    const age = monthOf(asOf) - monthOf(`${c.cohort}-01` as IsoDate);
    let loans = 0;
    let principal = new Decimal(0);
    let money = new Decimal(0);
    const points = Array.from({ length: age + 1 }, (_, monthsOnBook) => {
      const d = defaulted.get(key(c.cohort, monthsOnBook));
      loans += d?.loans ?? 0;
      principal = principal.plus(d?.amount ?? 0);
      money = money.plus(collected.get(key(c.cohort, monthsOnBook)) ?? 0);
      return {
        monthsOnBook,
        defaultedLoans: loans,
        defaultedPrincipal: toMoneyString(principal),
        defaultRate: percentOf(principal, c.principal),
        collected: toMoneyString(money),
        collectionRate: percentOf(money, c.owed),
      };
    });
    return { cohort: c.cohort, loans: c.loans, principal: c.principal, owed: c.owed, points };
  });
}

/** Computes the curves as at today and keeps them; `by` is the member of staff who asked (null: the job). */
export async function computeVintages({ db, clock }: { db: DbOrTx; clock: Clock }, by: number | null) {
  const asOf = todayOf(clock);
  const firstDay = `${addMonths(asOf, -(VINTAGE_COHORT_MONTHS - 1)).slice(0, 7)}-01` as IsoDate;
  // One statement after another: the job may run them in a transaction, whose one connection takes one at a time.
  const cohorts = await repo.cohorts(db, firstDay, asOf);
  const defaults = await repo.defaultsByMonth(db, firstDay, asOf);
  const collections = await repo.collectionsByMonth(db, firstDay, asOf);
  const curves = vintageCurves(asOf, cohorts, defaults, collections);
  const computedAt = clock.now();
  await repo.insertSnapshot(db, { asOf, computedAt, computedBy: by, cohorts: curves });
  return { success: true as const, asOf, computedAt: computedAt.toISOString(), cohorts: curves };
}

/** The latest curves kept; computed now when none has been kept yet (a new book, before the job's first run). */
export async function vintageReport(deps: Deps): Promise<Vintages> {
  const kept = await repo.latestSnapshot(deps.db);
  if (!kept) return computeVintages(deps, null);
  return {
    success: true,
    asOf: kept.asOf as IsoDate,
    computedAt: kept.computedAt.toISOString(),
    cohorts: vintageCohortSchema.array().parse(kept.cohorts),
  };
}

/** The daily job: computes the curves unless today's are kept already. */
export async function refreshVintagesDaily(deps: Pick<Deps, 'db' | 'clock'>) {
  const kept = await repo.latestSnapshot(deps.db);
  if (kept && kept.asOf >= todayOf(deps.clock)) return false;
  await computeVintages(deps, null);
  return true;
}
