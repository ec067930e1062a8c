// Reversal of a payment (docs/lending.md, "Reversal"): a payment that bounced or was recorded in
// error is reversed by an admin, with a reason. Part of the application lifecycle: one transaction with the application
// and schedule rows locked. Nothing is deleted: the payment is marked, a reversing journal is posted beside its
// journal, its allocations (and every later one) are marked undone and the payments still in force are allocated
// again, oldest instalment first; a shortfall month it moved goes back; a reversed settlement's rebate is owed again
// and the loan reopens. The creator is told; the action is audited.
import Decimal from 'decimal.js';
import { businessDate } from '../../../shared/business-date';
import {
  allocatePayment,
  asScheduleFrequency,
  loanPosition,
  outstandingOf,
  remainingMonthsFor,
} from '../../../shared/finance/instalments';
import { toMoneyString } from '../../../shared/finance/money';
import { formatDate as day } from '../../../shared/format';
import { baseStatus, canTransition, sameWorld } from '../../../shared/status-machine';
import type { Deps } from '../../lib/deps';
import { conflict, notFound } from '../../lib/errors';
import { recordAction } from '../audit/audit.repository';
import { postPaymentReversal } from '../ledger/ledger.service';
import { noticePaymentReversed } from '../notices/notices.service';
import type { SessionUser } from '../sessions/sessions.service';
import { type ApplicationView, loadRecord } from './application-lifecycle.service';
import { lockApplication, updateApplication } from './applications.repository';
import { asBalance, money, scheduleDates } from './loan-position';
import {
  allocate,
  findPayment,
  instalmentsDeferredBy,
  instalmentsOf,
  lockScheduleByApplication,
  markPaymentReversed,
  moveDeferredBack,
  paymentsOf,
  reopenSettledQuote,
  undoAllocations,
  undoRebates,
  updateSchedule,
} from './servicing.repository';

export async function reversePayment<T>(
  { db, clock }: Deps,
  admin: SessionUser,
  paymentId: number,
  reason: string,
  view: ApplicationView<T>,
): Promise<T> {
  const now = clock.now();
  const today = businessDate(now);
  const unlocked = await findPayment(db, paymentId);
  if (!unlocked) throw notFound(`Could not find payment ${paymentId}`);
  return db.transaction(async (tx) => {
    // The application first, then the schedule: the order every payment takes, so the two cannot deadlock.
    const app = await lockApplication(tx, unlocked.applicationId);
    const schedule = await lockScheduleByApplication(tx, unlocked.applicationId);
    if (!app || !schedule) throw notFound(`Could not find payment ${paymentId}`);
    // A forgiven balance is final: reopening the loan would ask the creator again for what was forgiven. A payment that
    // bounced must be reversed before its loan's balance is forgiven (docs/lending.md, "Forgiving a written-off balance").
    if (schedule.forgivenOn) {
      throw conflict(
        `The balance of loan #${app.id} was forgiven on ${day(schedule.forgivenOn)}: its payments can no longer be reversed.`,
      );
    }
    // Read again under the lock: of any number of reversals at once, one finds it in force.
    const payment = (await findPayment(tx, paymentId))!;
    if (payment.reversedAt) {
      throw conflict(
        `Payment ${paymentId} was already reversed on ${day(businessDate(payment.reversedAt))}.`,
      );
    }
    const amount = new Decimal(payment.amount);
    const fee = new Decimal(payment.platformFee);
    const before = await instalmentsOf(tx, schedule.id);
    // A settlement rebated the charge not earned on every instalment it closed: owed again once it is reversed.
    const rebate =
      payment.kind === 'settlement'
        ? before.reduce((sum, i) => sum.plus(i.amountRebated), new Decimal(0))
        : new Decimal(0);

    await markPaymentReversed(tx, paymentId, { at: now, by: admin.id, reason });
    // A shortfall month this earnings payment moved to the end of the plan goes back where it was. A part that a later
    // month moved again cannot: that month's earnings are reversed first.
    for (const line of await instalmentsDeferredBy(tx, paymentId)) {
      if (new Decimal(line.amountDeferred).gt(0)) {
        throw conflict(
          `Instalment #${line.number}, which this payment's shortfall month added, was itself moved by a later month: reverse that month's earnings first.`,
        );
      }
      await moveDeferredBack(tx, schedule.id, line, today, now);
    }
    if (rebate.gt(0)) await undoRebates(tx, schedule.id, now);
    // Every allocation is undone and the payments still in force are allocated again, in the order they were
    // recorded, oldest instalment first: the instalments read as if the reversed payment had never been recorded.
    await undoAllocations(tx, schedule.id, now);
    const inForce = (await paymentsOf(tx, app.id)).sort((a, b) => a.id - b.id);
    for (const p of inForce) {
      const instalments = await instalmentsOf(tx, schedule.id);
      const allocations = allocatePayment(instalments.map(asBalance), new Decimal(p.amount));
      await allocate(tx, p.id, instalments, allocations, now);
    }
    const after = (await instalmentsOf(tx, schedule.id)).map(asBalance);
    const remaining = new Decimal(schedule.remainingAmount).plus(amount).plus(rebate);
    const stillOpen = after.reduce((sum, i) => sum.plus(outstandingOf(i)), new Decimal(0));
    if (!stillOpen.equals(remaining)) {
      throw new Error(`Schedule ${schedule.id}: instalments leave ${stillOpen}, the balance ${remaining}`);
    }
    const position = loanPosition(after, today, schedule.arrearsTolerance);
    // A loan the payment closed is open again; a defaulted one stays in default (the loan review decides a cure).
    const reopened = baseStatus(app.status) === 'completed';
    if (reopened && !canTransition(app.status, sameWorld(app.status, 'active'), 'admin')) {
      throw conflict(`Financing #${app.id} cannot be reopened from ${app.status}.`);
    }
    await updateSchedule(
      tx,
      schedule.id,
      {
        remainingAmount: toMoneyString(remaining),
        paidAmount: toMoneyString(new Decimal(schedule.paidAmount).minus(amount)),
        feesPaid: toMoneyString(new Decimal(schedule.feesPaid).minus(fee)),
        rebatedAmount: toMoneyString(new Decimal(schedule.rebatedAmount).minus(rebate)),
        status: reopened ? 'active' : schedule.status,
        ...scheduleDates(schedule, after),
        endDate: after
          .map((i) => i.dueDate)
          .sort()
          .at(-1)!,
        estimatedRemainingDuration: remainingMonthsFor(
          position.instalmentsRemaining,
          asScheduleFrequency(schedule.frequency),
        ),
      },
      now,
    );
    if (reopened) await updateApplication(tx, app.id, { status: sameWorld(app.status, 'active') }, now);
    if (payment.kind === 'settlement') await reopenSettledQuote(tx, paymentId, now);
    await postPaymentReversal(tx, { applicationId: app.id, paymentId, createdBy: admin.id, reason, at: now });
    await recordAction(tx, {
      userId: app.userId,
      adminId: admin.id,
      action: 'payment_reversed',
      notes: `#${app.id}: payment ${paymentId} of ${money(amount)} (fee ${money(fee)}) on ${day(payment.paymentDate)} reversed: ${reason}${rebate.gt(0) ? `; rebate of ${money(rebate)} owed again` : ''}${reopened ? '; the loan is open again' : ''}; remaining ${money(remaining)}`,
      at: now,
    });
    await noticePaymentReversed(tx, {
      app,
      payment: {
        id: paymentId,
        amount: payment.amount,
        fee: payment.platformFee,
        paymentDate: payment.paymentDate,
      },
      reason,
      remaining: toMoneyString(remaining),
      amountOverdue: position.amountOverdue,
      now,
    });
    return view(await loadRecord(tx, app.id), today);
  });
}
