// A loan's position read from its instalments and payments: instalment status, arrears, shortfall runs. Shared
// by servicing (the instalment table) and the application lifecycle (defaults, cures, renegotiation).
import type Decimal from 'decimal.js';
import { businessDate, type IsoDate } from '../../../shared/business-date';
import type { DeferrableInstalment } from '../../../shared/finance/earnings-shortfall';
import {
  arrearsFrom,
  type InstalmentBalance,
  instalmentStatuses,
  loanPosition,
  outstandingOf,
  shortfallPeriods,
  shortfallRuns,
} from '../../../shared/finance/instalments';
import { formatZar, toMoneyString } from '../../../shared/finance/money';
import { platformFeeOn } from '../../../shared/finance/platform-fee';
import { settlementOfLoan } from '../../../shared/finance/settlement';
import type { InstalmentView } from '../../../shared/schemas/servicing';
import type { DbOrTx } from '../../db/client';
import type { RepaymentInstalment, RepaymentSchedule } from '../../db/types';
import { paymentsOf } from './servicing.repository';

export const money = (amount: Decimal | string) => formatZar(amount);
/** Statuses of a loan being repaid (payments, settlement, restructuring apply): the shared rule. */
export { SERVICED_STATUSES } from '../../../shared/status-machine';

export const asBalance = (i: RepaymentInstalment): DeferrableInstalment => ({
  number: i.number,
  dueDate: i.dueDate,
  amountDue: i.amountDue,
  amountPaid: i.amountPaid,
  amountRebated: i.amountRebated,
  amountForgiven: i.amountForgiven,
  amountDeferred: i.amountDeferred,
  deferredFrom: i.deferredFrom,
});

/** The SA calendar day the schedule started on (the disbursement). */
export const scheduleStartDay = (schedule: Pick<RepaymentSchedule, 'startDate'>): IsoDate =>
  businessDate(schedule.startDate);

/**
 * The two dates a schedule keeps from its instalments, written with them by every change: the oldest unpaid due
 * date, and the due date from which the loan is late by at least its arrears tolerance (docs/lending.md).
 */
export function scheduleDates(
  schedule: Pick<RepaymentSchedule, 'arrearsTolerance'>,
  instalments: ReadonlyArray<InstalmentBalance>,
): { nextPaymentDate: IsoDate | null; arrearsFrom: IsoDate | null } {
  const oldestOpen = [...instalments].sort((a, b) => a.number - b.number).find((i) => outstandingOf(i).gt(0));
  return {
    nextPaymentDate: oldestOpen?.dueDate ?? null,
    arrearsFrom: arrearsFrom(instalments, schedule.arrearsTolerance),
  };
}

/**
 * Instalments with their status, and the loan's position, as of `today` (with the loan's arrears tolerance).
 * `settledEarly`: the numbers of the instalments an early settlement closed before they fell due (they read Settled).
 */
export function describeInstalments(
  schedule: Pick<RepaymentSchedule, 'arrearsTolerance' | 'platformFeeRate'>,
  instalments: ReadonlyArray<RepaymentInstalment>,
  today: IsoDate,
  settledEarly: ReadonlySet<number> = new Set(),
) {
  const balances = instalments.map(asBalance);
  return {
    instalments: instalmentStatuses(balances, today, settledEarly).map<InstalmentView>((i) => {
      // The fee the quote showed for this instalment: the rule on its amount.
      const fee = platformFeeOn(i.amountDue, schedule.platformFeeRate);
      return {
        number: i.number,
        dueDate: i.dueDate,
        amountDue: i.amountDue,
        amountPaid: i.amountPaid,
        outstanding: toMoneyString(outstandingOf(i)),
        fee: toMoneyString(fee),
        total: toMoneyString(fee.plus(i.amountDue)),
        status: i.status,
        amountDeferred: i.amountDeferred ?? '0.00',
        deferredFrom: i.deferredFrom ?? null,
      };
    }),
    position: loanPosition(balances, today, schedule.arrearsTolerance),
  };
}

/**
 * What settles the loan on `today` (docs/lending.md, "Early settlement"): the principal owed and the charge accrued
 * at the agreement's rate, the rest of the finance charge rebated. A loan written before the rate was kept gets it
 * from its instalments.
 */
export async function settlementOf(
  db: DbOrTx,
  schedule: RepaymentSchedule,
  instalments: ReadonlyArray<RepaymentInstalment>,
  today: IsoDate,
) {
  return settlementOfLoan(
    {
      ...schedule,
      startDay: scheduleStartDay(schedule),
      instalments,
      payments: await paymentsOf(db, schedule.applicationId),
    },
    today,
  );
}

/** Shortfall months since the schedule started or was last restructured. */
export async function shortfallsOf(
  db: DbOrTx,
  schedule: RepaymentSchedule,
  instalments: RepaymentInstalment[],
  today: IsoDate,
) {
  const paid = await paymentsOf(db, schedule.applicationId);
  const since = schedule.restructuredOn ?? scheduleStartDay(schedule);
  const periods = shortfallPeriods(
    instalments.map(asBalance),
    paid.map((p) => ({ paymentDate: p.paymentDate, amount: p.amount })),
    since,
    today,
  );
  return { periods, ...shortfallRuns(periods) };
}
