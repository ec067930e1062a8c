// The National Credit Act's monthly jobs on the 100 000-application book (docs/compliance.md): what the bureau file
// and the monthly statements read, timed without writing (the book stays as built). Run after `npm run bench:scale`
// has built the book: `npx tsx bench/scale/jobs.ts`. Budgets in bench/scale-budgets.json under "jobs"; it reports
// OVER like the endpoint bench and exits 0 unless it cannot run.
import { readFileSync } from 'node:fs';
import { and, eq, isNull } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { repaymentSchedules } from '../../src/server/db/schema';
import { bureauAccountsAt } from '../../src/server/features/compliance/bureau.repository';
import { buildBureauFile } from '../../src/server/features/compliance/bureau-file';
import { insertRun, stageLoans, stageTotals } from '../../src/server/features/ledger/provisions.repository';
import { accrueIncome, keepRateOf } from '../../src/server/features/loans/income-accrual.service';
import { instalmentsOfSchedules } from '../../src/server/features/loans/servicing.repository';
import { loansOwedStatement, paymentsFrom } from '../../src/server/features/notices/notices.repository';
import { computeVintages } from '../../src/server/features/reports/vintages.service';
import { ManualClock } from '../../src/server/lib/clock';
import type { IsoDate } from '../../src/shared/business-date';
import { BOOK_NOW, BOOK_TODAY, benchUrl, bookStatus } from './book';

/** Thrown to roll a timed transaction back. */
const ROLLBACK = new Error('rollback');

const budgets = JSON.parse(readFileSync(new URL('../scale-budgets.json', import.meta.url), 'utf8')) as {
  jobs: Record<string, { ms: number }>;
};
if ((await bookStatus(benchUrl())) !== 'ready') {
  console.error('The scale book is missing or stale: run `npm run bench:scale -- --rebuild` first.');
  process.exit(1);
}
const handle = await openDatabase({ driver: 'pg', url: benchUrl() });
const monthEnd = '2026-10-31' as IsoDate;
const time = async <T>(name: string, work: () => Promise<T>, summarise: (value: T) => string) => {
  const runs: number[] = [];
  let value: T | undefined;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    value = await work();
    runs.push(performance.now() - started);
  }
  const best = Math.min(...runs);
  const budget = budgets.jobs[name]?.ms ?? Number.POSITIVE_INFINITY;
  console.log(
    `${name.padEnd(40)} ${best.toFixed(0).padStart(7)} ms (best of 3)  budget ${budget} ms  ${best > budget ? 'OVER' : 'ok'}  ${summarise(value as T)}`,
  );
};
try {
  await time(
    'bureau file for October 2026',
    async () =>
      buildBureauFile({
        ncrRegistrationNumber: 'NCRCP00000',
        providerLegalName: 'Vuka Capital (Pty) Ltd',
        period: '2026-10',
        periodEnd: monthEnd,
        madeOn: BOOK_TODAY as IsoDate,
        accounts: await bureauAccountsAt(handle.db, monthEnd),
      }),
    (file) => `${file.rows} records, ${(file.content.length / 1024 / 1024).toFixed(1)} MB`,
  );
  await time(
    'monthly statements: loans owed one',
    async () => {
      const loans = await loansOwedStatement(handle.db, monthEnd, '2026-10');
      const payments = await paymentsFrom(
        handle.db,
        loans.map((l) => l.applicationId),
        '2026-10-01' as IsoDate,
      );
      return { loans: loans.length, payments: payments.length };
    },
    (r) => `${r.loans} loans, ${r.payments} payments since 1 October`,
  );
  // A provisioning run's work (docs/accounting.md, "Provisions"): every loan on the books staged with its expected
  // credit loss and added up by stage, in a transaction rolled back so the book stays as built.
  await time(
    'provisioning run: stage the book',
    async () => {
      let staged: Awaited<ReturnType<typeof stageTotals>> = [];
      await handle.db
        .transaction(async (tx) => {
          const runId = await insertRun(tx, {
            asOf: BOOK_TODAY,
            runAt: new Date(),
            allowanceBefore: '0.00',
            allowanceAfter: '0.00',
            parameters: {},
          });
          await stageLoans(tx, runId, BOOK_TODAY as IsoDate);
          staged = await stageTotals(tx, runId);
          throw ROLLBACK;
        })
        .catch((error) => {
          if (error !== ROLLBACK) throw error;
        });
      return staged;
    },
    (stages) => stages.map((s) => `stage ${s.stage}: ${s.loans} loans, ECL R ${s.ecl}`).join('; '),
  );
  // The vintage curves' daily job (docs/accounting.md, "Vintage curves"): every payout month of the last two years, its
  // defaults and its payments by month on book, kept in a snapshot (rolled back).
  await time(
    'vintage curves: compute',
    async () => {
      let cohorts = 0;
      await handle.db
        .transaction(async (tx) => {
          const clock = new ManualClock(BOOK_NOW);
          cohorts = (await computeVintages({ db: tx, clock }, null)).cohorts.length;
          throw ROLLBACK;
        })
        .catch((error) => {
          if (error !== ROLLBACK) throw error;
        });
      return cohorts;
    },
    (cohorts) => `${cohorts} payout months`,
  );
  // The income accrual (docs/accounting.md, "Income"): every loan being repaid brought to the charge it has earned by the
  // book's day, a journal for each whose income moves (the book was built with income earned by payments, so the first
  // run moves nearly every one: the worst day), rolled back.
  // A book written before charge rates were kept gets them once, at the first run, and keeps them (the column is
  // derived from the instalments): done here before the timing, kept, so the timed run is a day like any other.
  await fillChargeRates();
  await time(
    'income accrual: every loan being repaid',
    async () => {
      let outcome = { loans: 0, moved: '0.00' };
      await handle.db
        .transaction(async (tx) => {
          outcome = await accrueIncome({ db: tx, clock: new ManualClock(BOOK_NOW) });
          throw ROLLBACK;
        })
        .catch((error) => {
          if (error !== ROLLBACK) throw error;
        });
      return outcome;
    },
    (o) => `${o.loans} loans' income moved by R ${o.moved}`,
  );
} finally {
  await handle.close();
}

async function fillChargeRates() {
  const started = performance.now();
  const missing = await handle.db
    .select()
    .from(repaymentSchedules)
    .where(and(isNull(repaymentSchedules.chargeRate), eq(repaymentSchedules.status, 'active')));
  if (missing.length === 0) return;
  const instalments = await instalmentsOfSchedules(
    handle.db,
    missing.map((s) => s.id),
  );
  for (const s of missing) await keepRateOf(handle.db, s, instalments.get(s.id) ?? []);
  console.log(
    `charge rates kept for ${missing.length} loans in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
