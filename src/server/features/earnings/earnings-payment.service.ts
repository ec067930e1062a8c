// A month's earnings become a payment (docs/lending.md "Revenue-share plans", docs/platform-earnings.md): the one
// path for the admin's typed earnings and for an approved proposal from the review queue. Runs in the caller's
// transaction: the application then the schedule are locked (the order of every payment), the month is checked
// against the loan, the withholding is earnings × the schedule's share capped at the balance (the shared rule), and
// recordRepayment writes the payment, its allocation, the ledger journal and the audit row.
import Decimal from 'decimal.js';
import { businessDate, monthLabel, monthNumber, monthOf } from '../../../shared/business-date';
import { formatZar, toMoneyString } from '../../../shared/finance/money';
import { earningsWithholding } from '../../../shared/finance/platform-earnings';
import type { Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import {
  findEarningsPayment,
  lockApplication,
  lockScheduleByApplication,
  recordRepayment,
  scheduleStartDay,
} from '../loans';

const earningsMonthError = (message: string) =>
  badRequest(message, { earningsMonth: [message], earningsYear: [message] });

export type EarningsPaymentInput = {
  applicationId: number;
  earnings: Decimal;
  month: number;
  year: number;
  /** Words on the payment; by default what it withholds and from which earnings. */
  notes?: string | null;
  /** Where the figure came from, named in the default notes ('from YouTube, payout-verified'). */
  origin?: string;
  createdBy: number | null;
  now: Date;
};

export async function recordEarningsPayment(tx: Tx, input: EarningsPaymentInput) {
  const { now } = input;
  const today = businessDate(now);
  const app = await lockApplication(tx, input.applicationId);
  if (!app) throw notFound(`Could not find application with ID ${input.applicationId}`);
  const schedule = await lockScheduleByApplication(tx, input.applicationId);
  if (!schedule) throw conflict('This application has no repayment schedule yet.');
  const month = monthNumber(input.year, input.month);
  const firstMonth = monthOf(scheduleStartDay(schedule));
  if (month < firstMonth) {
    throw earningsMonthError(
      `The earnings month cannot be before the schedule's first month, ${monthLabel(firstMonth)}.`,
    );
  }
  if (month > monthOf(today)) {
    throw earningsMonthError(
      `The earnings month cannot be after the current month, ${monthLabel(monthOf(today))}.`,
    );
  }
  const withholding = new Decimal(schedule.withholdingPercentage ?? 0);
  if (withholding.lte(0)) throw conflict('This schedule has no withholding percentage.');
  const { payment } = earningsWithholding(input.earnings, withholding, schedule.remainingAmount);
  if (new Decimal(schedule.remainingAmount).lte(0)) throw conflict('Nothing is owed on this application.');
  if (payment.lte(0)) throw conflict('These earnings withhold nothing (their share rounds to R 0,00).');
  if (await findEarningsPayment(tx, input.applicationId, input.month, input.year)) {
    throw conflict('Earnings for this month are already recorded.');
  }
  const result = await recordRepayment(tx, {
    applicationId: input.applicationId,
    amount: payment,
    paymentDate: today,
    notes:
      input.notes ||
      `Withholding on ${monthLabel(month)} earnings of ${formatZar(input.earnings)}${input.origin ? ` ${input.origin}` : ''}`,
    createdBy: input.createdBy,
    kind: 'earnings',
    earnings: { amount: input.earnings, month: input.month, year: input.year },
    now,
  });
  return {
    paymentId: result.payment.id,
    payment: toMoneyString(payment),
    platformFee: result.payment.platformFee,
    remainingAmount: result.remainingAmount,
    completed: result.completed,
    userId: app.userId,
  };
}
