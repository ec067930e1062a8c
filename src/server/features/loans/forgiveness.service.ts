// Forgiving a written-off balance (docs/lending.md, "Forgiving a written-off balance"): the lender gives up its claim on
// what a written-off loan still owes. A write-off takes the loan off the books and leaves the balance owed; forgiving
// is the separate, later decision that the creator owes nothing more. Part of the application lifecycle: one
// transaction with the application and schedule rows locked (the order every payment takes), so no payment can land
// between reading the balance and forgiving it. What is open on each instalment is forgiven, the loan closes
// (completed, with the day and amount forgiven kept), open settlement quotes lapse and the creator is told in writing.
// The books held nothing for the loan since its write-off, so no journal moves money: later receipts would have been
// recoveries, and none can be taken now. Asked for by one member of staff and made when a second approves it
// (docs/decisions/028-dual-control.md). Audited.
import Decimal from 'decimal.js';
import { businessDate } from '../../../shared/business-date';
import { formatZar, toMoneyString } from '../../../shared/finance/money';
import { formatDate as day } from '../../../shared/format';
import { baseStatus, canTransition, sameWorld } from '../../../shared/status-machine';
import type { Deps } from '../../lib/deps';
import { conflict } from '../../lib/errors';
import { recordAction } from '../audit/audit.repository';
import { noticeBalanceForgiven } from '../notices/notices.service';
import type { SessionUser } from '../sessions/sessions.service';
import { updateApplication } from './applications.repository';
import { lockLoan } from './loan-lock';
import { forgiveOpenInstalments, supersedeOpenQuotes, updateSchedule } from './servicing.repository';

export type ForgivenessResult = {
  applicationId: number;
  forgivenOn: string;
  forgivenAmount: string;
  message: string;
};

/** Why a loan's balance cannot be forgiven now, or null when it can (checked again under the lock when carried out). */
export function forgivenessRefusal(
  applicationId: number,
  status: string,
  schedule: { writtenOffOn: string | null; forgivenOn: string | null; remainingAmount: string } | undefined,
): string | null {
  if (!schedule) return `Could not find a loan for application ${applicationId}`;
  if (schedule.forgivenOn) {
    return `The balance of loan #${applicationId} was already forgiven on ${day(schedule.forgivenOn)}.`;
  }
  if (!schedule.writtenOffOn) {
    return `Only a written-off loan's balance can be forgiven: write loan #${applicationId} off first.`;
  }
  if (baseStatus(status) !== 'defaulted' || new Decimal(schedule.remainingAmount).lte(0)) {
    return `Loan #${applicationId} has no balance left to forgive.`;
  }
  return null;
}

export async function forgiveBalance(
  { db, clock }: Deps,
  staff: SessionUser,
  applicationId: number,
  reason: string,
): Promise<ForgivenessResult> {
  const now = clock.now();
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    const { app, schedule } = await lockLoan(tx, applicationId);
    const refusal = forgivenessRefusal(applicationId, app.status, schedule);
    if (refusal) throw conflict(refusal);
    if (!canTransition(app.status, 'completed', 'admin')) {
      throw conflict(`Loan #${applicationId} cannot be closed from ${baseStatus(app.status)}.`);
    }
    const amount = schedule.remainingAmount;
    const forgiven = await forgiveOpenInstalments(tx, schedule.id, now);
    const onInstalments = forgiven.reduce((sum, i) => sum.plus(i.forgiven), new Decimal(0));
    // The instalments are the schedule broken down: if they disagree with the balance, nothing may be kept.
    if (!onInstalments.equals(amount)) {
      throw new Error(
        `Schedule ${schedule.id}: instalments held ${onInstalments} open, the balance ${amount}`,
      );
    }
    await updateSchedule(
      tx,
      schedule.id,
      {
        remainingAmount: '0.00',
        status: 'completed',
        nextPaymentDate: null,
        arrearsFrom: null,
        estimatedRemainingDuration: 0,
        forgivenOn: today,
        forgivenAmount: amount,
        forgiveReason: reason,
      },
      now,
    );
    await updateApplication(tx, applicationId, { status: sameWorld(app.status, 'completed') }, now);
    await supersedeOpenQuotes(tx, [applicationId], now);
    const totalRepaid = toMoneyString(new Decimal(schedule.paidAmount));
    await noticeBalanceForgiven(tx, { app, forgivenOn: today, forgivenAmount: amount, totalRepaid, now });
    const message = `The balance of loan #${applicationId}, ${formatZar(amount)}, was forgiven on ${day(today)}: the creator owes nothing more on it. The books are unchanged (the loan was written off on ${day(schedule.writtenOffOn!)}).`;
    await recordAction(tx, {
      userId: app.userId,
      adminId: staff.id,
      action: 'loan_balance_forgiven',
      notes: `${message} Reason: ${reason}`,
      at: now,
    });
    return { applicationId, forgivenOn: today, forgivenAmount: amount, message };
  });
}
