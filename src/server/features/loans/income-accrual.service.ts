// Income by the effective interest method (docs/accounting.md, "Income"): each day, every loan being
// repaid and not in default earns its finance charge as the charge accrues at the agreement's rate on the principal
// outstanding (chargeEarned, the figure an early settlement keeps). A job brings each loan's income recognised to
// that figure with a journal of the difference: unearned finance charge debit, finance charge income credit (the other
// way when a reversed payment leaves less earned). A loan in default earns nothing more; if it is cured, the charge
// accrued meanwhile is recognised at the next run. Repayments no longer earn income themselves: the payment that
// closes a loan releases whatever is left unearned (repayments.service.ts).
import Decimal from 'decimal.js';
import { chargeEarned, chargeRateOf } from '../../../shared/finance/settlement';
import { formatDate } from '../../../shared/format';
import type { DbOrTx } from '../../db/client';
import type { RepaymentInstalment, RepaymentSchedule } from '../../db/types';
import { type Clock, today as todayOf } from '../../lib/clock';
import { postJournals } from '../ledger/ledger.service';
import { lockApplications } from './applications.repository';
import { scheduleStartDay } from './loan-position';
import {
  accruingLoanIds,
  deferredCostBalances,
  instalmentsOfSchedules,
  keepChargeRate,
  lockSchedulesByApplications,
  paymentsOfLoans,
} from './servicing.repository';

/** Loans per transaction: they are locked while the run reads and posts (a payment on one waits that long). */
const CHUNK = 500;

/**
 * Brings every accruing loan's income to what it has earned by the end of today; returns the loans whose income moved
 * and by how much in all. Idempotent: a second run the same day finds nothing to move.
 */
export async function accrueIncome({ db, clock }: { db: DbOrTx; clock: Clock }) {
  const today = todayOf(clock);
  const ids = await accruingLoanIds(db);
  let loans = 0;
  let moved = new Decimal(0);
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const result = await db.transaction(async (tx) => {
      // Under the loans' locks, taken as a repayment takes them (applications, then schedules, each in id order): the
      // payment that closes a loan releases what is left unearned, so the two never count the same charge twice. The
      // applications first, always: a journal names its application, whose foreign key check waits for a loan's
      // lock, so a run holding schedules alone would deadlock with a payment or the loan review holding that loan.
      await lockApplications(tx, chunk);
      const schedules = (await lockSchedulesByApplications(tx, chunk)).filter(
        (s) => s.status === 'active' && s.writtenOffOn === null,
      );
      const appIds = schedules.map((s) => s.applicationId);
      // Instalments only for loans without a kept charge rate: the rate is worked out from them once.
      const instalments = await instalmentsOfSchedules(
        tx,
        schedules.filter((s) => s.chargeRate === null).map((s) => s.id),
      );
      const payments = await paymentsOfLoans(tx, appIds);
      const deferred = await deferredCostBalances(tx, appIds);
      const journals: Array<Parameters<typeof postJournals>[1][number]> = [];
      let total = new Decimal(0);
      for (const s of schedules) {
        const chargeRate = s.chargeRate ?? (await keepRateOf(tx, s, instalments.get(s.id) ?? []));
        const earned = new Decimal(
          chargeEarned(
            {
              totalAmount: s.totalAmount,
              costAmount: s.costAmount,
              startDay: scheduleStartDay(s),
              chargeRate,
              instalments: [],
              payments: payments.get(s.applicationId) ?? [],
            },
            today,
          ),
        );
        const recognised = new Decimal(s.costAmount).minus(deferred.get(s.applicationId) ?? '0');
        const difference = earned.minus(recognised);
        if (difference.isZero()) continue;
        total = total.plus(difference);
        journals.push({
          entry: {
            kind: 'income_accrual',
            applicationId: s.applicationId,
            description: `Finance charge earned to ${formatDate(today)}`,
            at: clock.now(),
          },
          lines: difference.gt(0)
            ? [
                { account: 'deferred_cost_income', debit: difference },
                { account: 'cost_income', credit: difference },
              ]
            : [
                { account: 'cost_income', debit: difference.negated() },
                { account: 'deferred_cost_income', credit: difference.negated() },
              ],
        });
      }
      await postJournals(tx, journals);
      return { loans: journals.length, total };
    });
    loans += result.loans;
    moved = moved.plus(result.total);
  }
  return { loans, moved: moved.toFixed(2) };
}

/**
 * A loan written before charge rates were kept gets its rate from its instalments (as a settlement works it out) once:
 * kept on its schedule, whose lock the run holds, so the next run reads it (working it out takes some milliseconds).
 */
export async function keepRateOf(
  tx: DbOrTx,
  schedule: RepaymentSchedule,
  instalments: ReadonlyArray<RepaymentInstalment>,
): Promise<string> {
  const principal = new Decimal(schedule.totalAmount).minus(schedule.costAmount);
  const rate = chargeRateOf(principal, scheduleStartDay(schedule), instalments).toFixed(18);
  await keepChargeRate(tx, schedule.id, rate);
  return rate;
}
