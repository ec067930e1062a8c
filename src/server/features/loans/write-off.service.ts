// Write-off (docs/lending.md, "Write-off and recovery"): a defaulted loan the lender no longer expects to collect
// leaves the books. Part of the application lifecycle: one transaction with the application and schedule rows
// locked (the order every payment takes). What the books hold for the loan as receivable is written off, its
// unearned financing cost reversed and the rest booked as write-off expense; the creator's balance stays owed, and
// what they pay later is booked as a recovery (repayments.service.ts). What the loss allowance held for the loan at the
// latest provisioning run is used first (provisions.service.ts). Asked for by one member of staff and made
// when a second approves it (docs/decisions/028-dual-control.md). Audited.
import Decimal from 'decimal.js';
import { businessDate } from '../../../shared/business-date';
import { formatZar, toMoneyString } from '../../../shared/finance/money';
import { formatDate as day } from '../../../shared/format';
import { baseStatus } from '../../../shared/status-machine';
import type { Deps } from '../../lib/deps';
import { conflict } from '../../lib/errors';
import { recordAction } from '../audit/audit.repository';
import { accountBalancesOf } from '../ledger/ledger.repository';
import { postWriteOff } from '../ledger/ledger.service';
import { allowanceBalance, latestEclOf } from '../ledger/provisions.repository';
import type { SessionUser } from '../sessions/sessions.service';
import { lockLoan } from './loan-lock';
import { updateSchedule } from './servicing.repository';

export type WriteOffResult = {
  applicationId: number;
  writtenOffOn: string;
  writtenOffAmount: string;
  message: string;
};

export async function writeOffLoan(
  { db, clock }: Deps,
  staff: SessionUser,
  applicationId: number,
  reason: string,
): Promise<WriteOffResult> {
  const now = clock.now();
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    const { app, schedule } = await lockLoan(tx, applicationId);
    if (schedule.writtenOffOn) {
      throw conflict(`Loan #${applicationId} was already written off on ${day(schedule.writtenOffOn)}.`);
    }
    if (baseStatus(app.status) !== 'defaulted') {
      throw conflict(
        `Only a defaulted loan can be written off: loan #${applicationId} is ${baseStatus(app.status)}.`,
      );
    }
    const balances = await accountBalancesOf(tx, applicationId);
    const receivable = new Decimal(balances.get('loans_receivable') ?? '0');
    // The deferred account holds credits: its unearned cost is the negative of its balance.
    const unearned = new Decimal(balances.get('deferred_cost_income') ?? '0').negated();
    if (receivable.lte(0))
      throw conflict(`Loan #${applicationId} has nothing left on the books to write off.`);
    // The allowance the latest provisioning run held for this loan is used first, never more than the allowance holds
    // nor than the loan's net receivable.
    const held = Decimal.min(
      await latestEclOf(tx, applicationId),
      await allowanceBalance(tx, today),
      receivable.minus(unearned),
    );
    const allowanceUsed = Decimal.max(held, 0);
    await postWriteOff(
      tx,
      { applicationId, createdBy: staff.id, at: now, reason },
      { receivable, unearned, allowanceUsed },
    );
    const amount = toMoneyString(receivable);
    await updateSchedule(
      tx,
      schedule.id,
      { writtenOffOn: today, writtenOffAmount: amount, writeOffReason: reason },
      now,
    );
    const allowancePart = allowanceUsed.gt(0)
      ? `${formatZar(toMoneyString(allowanceUsed))} from the loss allowance, `
      : '';
    const message = `Loan #${applicationId} written off on ${day(today)}: ${formatZar(amount)} left the books (${allowancePart}${formatZar(toMoneyString(receivable.minus(unearned).minus(allowanceUsed)))} write-off expense, ${formatZar(toMoneyString(unearned))} unearned cost reversed). The creator still owes ${formatZar(schedule.remainingAmount)}.`;
    await recordAction(tx, {
      userId: app.userId,
      adminId: staff.id,
      action: 'loan_written_off',
      notes: `${message} Reason: ${reason}`,
      at: now,
    });
    return { applicationId, writtenOffOn: today, writtenOffAmount: amount, message };
  });
}
