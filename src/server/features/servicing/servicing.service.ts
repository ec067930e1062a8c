// Repayments: the one place a balance falls. Runs inside the caller's transaction with the schedule row
// locked; writes the payment, the new balance, the ledger journal and the audit row together.
import Decimal from 'decimal.js';
import { roundToCent, toMoneyString } from '../../../shared/finance/money';
import { addCalendarMonths } from '../../../shared/finance/repayment-plan';
import { baseStatus, sameWorld } from '../../../shared/status-machine';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { lockApplication, updateApplication } from '../applications/applications.repository';
import { recordAction } from '../audit/audit.repository';
import { postJournal } from '../ledger/ledger.service';
import {
  deferredCostBalance,
  insertPayment,
  lockScheduleByApplication,
  updateSchedule,
} from './servicing.repository';

export type RepaymentInput = {
  applicationId: number;
  amount: Decimal;
  paymentDate: Date;
  notes?: string | null;
  createdBy: number | null;
  kind: 'manual' | 'earnings';
  earnings?: { amount: Decimal; month: number; year: number };
  idempotencyKey?: string | null;
};

export async function recordRepayment(tx: DbOrTx, input: RepaymentInput) {
  const app = await lockApplication(tx, input.applicationId);
  if (!app) throw notFound(`Could not find application with ID ${input.applicationId}`);
  const schedule = await lockScheduleByApplication(tx, input.applicationId);
  if (!schedule) throw conflict('This application has no repayment schedule yet.');
  if (!['active', 'defaulted'].includes(baseStatus(app.status))) {
    throw conflict(
      `Payments can be recorded only for active or defaulted financing (this one is ${app.status}).`,
    );
  }
  const amount = roundToCent(input.amount);
  if (amount.lte(0)) throw badRequest('Amount must be a positive number');
  const remaining = new Decimal(schedule.remainingAmount);
  if (amount.gt(remaining)) {
    throw conflict(
      `This payment of R${toMoneyString(amount)} is more than the remaining balance of R${schedule.remainingAmount}.`,
    );
  }
  const fee = roundToCent(amount.times(schedule.platformFeeRate).div(100));
  const payment = await insertPayment(tx, {
    applicationId: app.id,
    amount: toMoneyString(amount),
    platformFee: toMoneyString(fee),
    kind: input.kind,
    notes: input.notes ?? null,
    paymentDate: input.paymentDate,
    createdBy: input.createdBy,
    idempotencyKey: input.idempotencyKey ?? null,
    earningsAmount: input.earnings ? toMoneyString(input.earnings.amount) : null,
    earningsMonth: input.earnings?.month ?? null,
    earningsYear: input.earnings?.year ?? null,
  });

  const newRemaining = remaining.minus(amount);
  const paidInFull = newRemaining.isZero();
  const installment = new Decimal(schedule.installmentAmount);
  await updateSchedule(tx, schedule.id, {
    remainingAmount: toMoneyString(newRemaining),
    status: paidInFull ? 'completed' : schedule.status,
    nextPaymentDate: paidInFull ? null : addCalendarMonths(schedule.nextPaymentDate ?? schedule.startDate, 1),
    estimatedRemainingDuration: installment.gt(0) ? newRemaining.div(installment).ceil().toNumber() : null,
  });
  if (paidInFull) await updateApplication(tx, app.id, { status: sameWorld(app.status, 'completed') });

  // Cost is earned in proportion to what is repaid; the last payment takes whatever is left, so the deferred
  // balance ends at exactly zero.
  const deferred = new Decimal(await deferredCostBalance(tx, app.id));
  const total = new Decimal(schedule.totalAmount);
  const earned = paidInFull
    ? deferred
    : Decimal.min(deferred, roundToCent(amount.times(schedule.costAmount).div(total.isZero() ? 1 : total)));
  await postJournal(
    tx,
    {
      kind: 'repayment',
      applicationId: app.id,
      paymentId: payment.id,
      description: 'Repayment received',
      createdBy: input.createdBy,
    },
    [
      { account: 'cash', debit: amount.plus(fee) },
      { account: 'loans_receivable', credit: amount },
      { account: 'platform_fee_income', credit: fee },
      { account: 'deferred_cost_income', debit: earned },
      { account: 'cost_income', credit: earned },
    ],
  );
  await recordAction(tx, {
    userId: app.userId,
    adminId: input.createdBy,
    action: input.kind === 'earnings' ? 'earnings_recorded' : 'payment_added',
    notes: `#${app.id}: R${toMoneyString(amount)} (fee R${toMoneyString(fee)}), remaining R${toMoneyString(newRemaining)}`,
  });
  return { payment, remainingAmount: toMoneyString(newRemaining), completed: paidInFull };
}
