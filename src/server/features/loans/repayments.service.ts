// Repayments: the one place a balance falls (docs/lending.md, "Allocation"; completion, cure of a default).
//
// A repayment is planned from its loan as locked (the checks, the allocation over the instalments, the new balance,
// position and dates, the journal and the audit rows: no writes, so a loan that refuses the money leaves nothing
// behind) and then written. Several loans' repayments (a bank statement's batch) are locked, planned and written as
// sets: a few statements for the batch instead of some eighteen a payment, and the same rows as one at a time,
// because one payment is a batch of one. Everything runs in the caller's transaction, which may also hold an
// Idempotency-Key answer, a settlement quote or a statement's lines.
import Decimal from 'decimal.js';
import { businessDate, type IsoDate, monthLabel, monthNumber } from '../../../shared/business-date';
import {
  deferEarningsShortfall,
  makesRenegotiable,
  shortfallMonthsInARow,
} from '../../../shared/finance/earnings-shortfall';
import {
  type Allocation,
  allocatePayment,
  applyAllocations,
  asScheduleFrequency,
  type InstalmentBalance,
  type LoanPosition,
  loanPosition,
  outstandingOf,
  remainingMonthsFor,
  SHORTFALLS_FOR_RENEGOTIATION,
} from '../../../shared/finance/instalments';
import { roundToCent, toMoneyString } from '../../../shared/finance/money';
import { feeWithinQuote, splitReceipt } from '../../../shared/finance/platform-fee';
import { formatDate as day } from '../../../shared/format';
import { type ManualPaymentChannel, receivedByText } from '../../../shared/payment-channels';
import { baseStatus, sameWorld, statusLabel } from '../../../shared/status-machine';
import type { DbOrTx } from '../../db/client';
import type { FinancingApplication, RepaymentInstalment, RepaymentSchedule } from '../../db/types';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { giveWay } from '../../lib/event-loop';
import { recordActions } from '../audit/audit.repository';
import { postJournals } from '../ledger/ledger.service';
import { noticePayments } from '../notices/notices.service';
import { eraseIfRequested } from '../privacy/privacy.service';
import { lockApplications, updateApplication } from './applications.repository';
import { asBalance, money, SERVICED_STATUSES, scheduleDates, scheduleStartDay } from './loan-position';
import {
  allocateMany,
  closeOpenQuote,
  deferredCostBalances,
  deferToEnd,
  insertPayments,
  instalmentsOfSchedules,
  lockSchedulesByApplications,
  rebateInstalments,
  type ScheduleAfterPayment,
  supersedeOpenQuotes,
  updateSchedules,
} from './servicing.repository';

export type RepaymentInput = {
  applicationId: number;
  amount: Decimal;
  /** The SA calendar day the money came in (already a real 'YYYY-MM-DD'; checked against the loan here). */
  paymentDate: IsoDate;
  notes?: string | null;
  /** A payment recorded by hand: how the money came in and its bank statement reference. */
  channel?: ManualPaymentChannel;
  bankReference?: string | null;
  createdBy: number | null;
  kind: 'manual' | 'earnings' | 'settlement' | 'bank_transfer' | 'debit_order';
  earnings?: { amount: Decimal; month: number; year: number };
  idempotencyKey?: string | null;
  /**
   * An early settlement's rebate: the finance charge not earned (docs/lending.md, "Early settlement"). With it, the
   * payment and the rebate together must close the loan exactly; every instalment still open is rebated.
   */
  rebate?: Decimal;
  /**
   * The fee the cash carried when the cash is what is fixed (a bank line, money out of suspense: `receiveCash`): the
   * rule's fee or a cent less (splitReceipt), never more. Without it the rule's fee applies.
   */
  fee?: Decimal;
  /** The ledger account the money comes from: cash (the default), or suspense when an admin allocates from it. */
  sourceAccount?: 'cash' | 'suspense';
  now: Date;
};

/** Cash of a fixed amount for a loan (a bank line, money out of suspense): split into a repayment and its fee. */
export type CashReceipt = Omit<RepaymentInput, 'amount' | 'fee' | 'rebate' | 'earnings'> & { cash: Decimal };

/** A loan as locked for its repayment: the application, its schedule, its instalments in force, the cost unearned. */
type LockedLoan = {
  app: FinancingApplication;
  schedule: RepaymentSchedule | undefined;
  instalments: RepaymentInstalment[];
  deferredCost: Decimal;
};

/** 'November 2026' for an earnings month. */
const monthName = ({ month, year }: { month: number; year: number }) => monthLabel(monthNumber(year, month));

const paymentDateError = (message: string) => badRequest(message, { paymentDate: [message] });

/**
 * Locks several loans (applications, then schedules, each in id order: the order of every lock, so two batches
 * never wait on each other) and reads what their repayments are planned from.
 */
async function lockLoans(
  tx: DbOrTx,
  applicationIds: ReadonlyArray<number>,
): Promise<Map<number, LockedLoan>> {
  const ids = [...new Set(applicationIds)].sort((a, b) => a - b);
  const apps = await lockApplications(tx, ids);
  const schedules = await lockSchedulesByApplications(
    tx,
    apps.map((a) => a.id),
  );
  const instalments = await instalmentsOfSchedules(
    tx,
    schedules.map((s) => s.id),
  );
  const deferred = await deferredCostBalances(
    tx,
    schedules.map((s) => s.applicationId),
  );
  const scheduleOf = new Map(schedules.map((s) => [s.applicationId, s]));
  return new Map(
    apps.map((app) => {
      const schedule = scheduleOf.get(app.id);
      return [
        app.id,
        {
          app,
          schedule,
          instalments: schedule ? instalments.get(schedule.id)! : [],
          deferredCost: new Decimal(deferred.get(app.id) ?? '0'),
        },
      ];
    }),
  );
}

type RepaymentPlan = ReturnType<typeof planRepayment>;

/**
 * Plans a repayment on a locked loan, writing nothing: the checks (an AppError when the loan refuses the payment),
 * the payment, its allocation over the instalments (in due-date order, the oldest unpaid first; a prepayment covers
 * the coming ones: docs/lending.md, "Allocation"), a settlement's rebate, a revenue-share month's shortfall, the new
 * balance, position and dates, completion or cure, and the cost it earns.
 */
function planRepayment(input: RepaymentInput, loan: LockedLoan | undefined) {
  const today = businessDate(input.now);
  if (!loan) throw notFound(`Could not find application with ID ${input.applicationId}`);
  const { app, schedule, instalments } = loan;
  if (!schedule) throw conflict('This application has no repayment schedule yet.');
  if (schedule.forgivenOn) {
    throw conflict(
      `The balance of loan #${app.id} was forgiven on ${day(schedule.forgivenOn)}: nothing is owed on it.`,
    );
  }
  if (!SERVICED_STATUSES.includes(baseStatus(app.status))) {
    throw conflict(
      `Payments can be recorded only for active or defaulted financing (this one is ${app.status}).`,
    );
  }
  if (input.paymentDate > today) {
    throw paymentDateError(
      `The payment date cannot be in the future: today is ${day(today)} in South Africa.`,
    );
  }
  const startDay = scheduleStartDay(schedule);
  if (input.paymentDate < startDay) {
    throw paymentDateError(
      `The payment date cannot be before the financing was paid out on ${day(startDay)}.`,
    );
  }
  const amount = roundToCent(input.amount);
  if (amount.lte(0)) throw badRequest('Amount must be a positive number');
  const remaining = new Decimal(schedule.remainingAmount);
  if (amount.gt(remaining)) {
    throw conflict(
      `This payment of ${money(amount)} is more than the remaining balance of ${money(remaining)}.`,
    );
  }
  const rebate = roundToCent(input.rebate ?? new Decimal(0));
  if (rebate.gt(0) && (input.kind !== 'settlement' || !amount.plus(rebate).equals(remaining))) {
    throw conflict(
      `A settlement of ${money(amount)} with a rebate of ${money(rebate)} does not close a balance of ${money(remaining)}.`,
    );
  }
  // The one fee rule, shared with the quote the creator was shown before signing. A settlement carries no fee
  // of any kind (docs/lending.md, "Early settlement").
  const ruleFee =
    input.kind === 'settlement'
      ? new Decimal(0)
      : feeWithinQuote(amount, schedule.platformFeeRate, schedule.quotedFees, schedule.feesPaid);
  const fee = input.fee ?? ruleFee;
  if (fee.lt(0) || fee.gt(ruleFee)) throw new Error(`A fee of ${fee} is outside 0-${ruleFee}`);

  const allocations: Allocation[] = allocatePayment(instalments.map(asBalance), amount);
  let after: InstalmentBalance[] = applyAllocations(instalments.map(asBalance), allocations);
  // What a settlement did not pay is the charge not earned: rebated on each instalment still open.
  const rebates = rebate.gt(0)
    ? after.filter((i) => outstandingOf(i).gt(0)).map((i) => ({ number: i.number, amount: outstandingOf(i) }))
    : [];
  if (rebates.length > 0) {
    const byNumber = new Map(rebates.map((r) => [r.number, r.amount]));
    after = after.map((i) =>
      byNumber.has(i.number)
        ? {
            ...i,
            amountRebated: toMoneyString(new Decimal(i.amountRebated ?? 0).plus(byNumber.get(i.number)!)),
          }
        : i,
    );
  }
  // A revenue-share plan's month whose share of earnings came in short: the part of the month's instalments it did not
  // cover moves to the end of the plan instead of ageing (docs/lending.md, "Revenue-share plans").
  const shortfall =
    input.kind === 'earnings' && input.earnings && schedule.paymentMethod === 'platform_earnings'
      ? deferEarningsShortfall(after, {
          earnings: input.earnings,
          share: amount,
          frequency: asScheduleFrequency(schedule.frequency),
        })
      : null;
  let renegotiable = false;
  if (shortfall) {
    after = shortfall.instalments;
    renegotiable =
      schedule.renegotiationEligibleAt === null &&
      makesRenegotiable(shortfallMonthsInARow(after, input.earnings!));
  }
  const newRemaining = remaining.minus(amount).minus(rebate);
  const stillOpen = after.reduce((sum, i) => sum.plus(outstandingOf(i)), new Decimal(0));
  // The instalments are the schedule broken down: if they disagree with the balance, something upstream is
  // wrong, and nothing of this payment may be kept.
  if (!stillOpen.equals(newRemaining)) {
    throw new Error(`Schedule ${schedule.id}: instalments leave ${stillOpen}, the balance ${newRemaining}`);
  }
  const position: LoanPosition = loanPosition(after, today, schedule.arrearsTolerance);
  const paidInFull = newRemaining.isZero();
  const cured = !paidInFull && baseStatus(app.status) === 'defaulted' && position.daysPastDue === 0;
  const scheduleAfter: ScheduleAfterPayment = {
    id: schedule.id,
    remainingAmount: toMoneyString(newRemaining),
    // Running totals for the lending figures, kept under the lock this transaction already holds.
    paidAmount: toMoneyString(new Decimal(schedule.paidAmount).plus(amount)),
    feesPaid: toMoneyString(new Decimal(schedule.feesPaid).plus(fee)),
    rebatedAmount: toMoneyString(new Decimal(schedule.rebatedAmount).plus(rebate)),
    status: paidInFull ? 'completed' : cured ? 'active' : schedule.status,
    ...scheduleDates(schedule, after),
    endDate: shortfall ? shortfall.added.at(-1)!.dueDate : schedule.endDate,
    renegotiationEligibleAt: renegotiable ? input.now : schedule.renegotiationEligibleAt,
    estimatedRemainingDuration: remainingMonthsFor(
      position.instalmentsRemaining,
      asScheduleFrequency(schedule.frequency),
    ),
  };
  // The finance charge is earned day by day by the income accrual (income-accrual.service.ts), not by payments. The
  // payment that closes the loan releases what is left unearned: a settlement's rebate is the part never to be
  // earned, and the rest (the charge accrued since the last accrual run, or all that is left when the last
  // instalment is paid) is earned now, so the deferred balance ends at exactly zero.
  const released = paidInFull ? loan.deferredCost : new Decimal(0);
  return {
    input,
    app,
    schedule,
    instalments,
    amount,
    fee,
    rebate,
    allocations,
    rebates,
    shortfall,
    renegotiable,
    newRemaining,
    position,
    paidInFull,
    cured,
    scheduleAfter,
    released,
    earned: released.minus(rebate),
  };
}

/** What a repayment did, for its caller's answer. */
export type RepaymentResult = Awaited<ReturnType<typeof writeRepayments>>[number];

/**
 * Writes planned repayments (of different loans) as sets: the payments, their allocations, the schedules, the
 * statuses that change, the quotes they close, the journals, the audit rows and the creators' notices; then any
 * deletion a creator asked for while a loan now paid up was open (docs/privacy.md).
 */
async function writeRepayments(tx: DbOrTx, plans: ReadonlyArray<RepaymentPlan>) {
  if (plans.length === 0) return [];
  const payments = await insertPayments(
    tx,
    plans.map(({ input, app, amount, fee }) => ({
      applicationId: app.id,
      amount: toMoneyString(amount),
      platformFee: toMoneyString(fee),
      kind: input.kind,
      notes: input.notes ?? null,
      channel: input.channel ?? null,
      bankReference: input.bankReference ?? null,
      paymentDate: input.paymentDate,
      createdBy: input.createdBy,
      idempotencyKey: input.idempotencyKey ?? null,
      earningsAmount: input.earnings ? toMoneyString(input.earnings.amount) : null,
      earningsMonth: input.earnings?.month ?? null,
      earningsYear: input.earnings?.year ?? null,
      createdAt: input.now,
    })),
  );
  const now = plans[0]!.input.now;
  await allocateMany(
    tx,
    plans.map((p, i) => ({
      paymentId: payments[i]!.id,
      instalments: p.instalments,
      allocations: p.allocations,
    })),
    now,
  );
  for (const [i, p] of plans.entries()) {
    if (p.rebates.length > 0) await rebateInstalments(tx, p.instalments, p.rebates, now);
    if (p.shortfall) {
      const { deferred, added } = p.shortfall;
      await deferToEnd(tx, p.schedule.id, p.instalments, deferred, added, payments[i]!.id, now);
    }
  }
  await updateSchedules(
    tx,
    plans.map((p) => p.scheduleAfter),
    now,
  );
  for (const p of plans) {
    if (p.paidInFull)
      await updateApplication(tx, p.app.id, { status: sameWorld(p.app.status, 'completed') }, now);
    if (p.cured) await updateApplication(tx, p.app.id, { status: sameWorld(p.app.status, 'active') }, now);
  }
  // A quote holds only for the balance it was made for: the payment that closes the loan settles it, any other
  // payment supersedes it.
  for (const [i, p] of plans.entries()) {
    if (p.paidInFull)
      await closeOpenQuote(tx, p.app.id, { status: 'settled', paymentId: payments[i]!.id }, now);
  }
  await supersedeOpenQuotes(
    tx,
    plans.filter((p) => !p.paidInFull).map((p) => p.app.id),
    now,
  );
  await giveWay();
  await postJournals(
    tx,
    plans.map((p, i) => ({
      entry: {
        kind: 'repayment',
        applicationId: p.app.id,
        paymentId: payments[i]!.id,
        description: p.schedule.writtenOffOn
          ? 'Recovery received on a written-off loan'
          : p.input.kind === 'settlement'
            ? 'Early settlement received'
            : 'Repayment received',
        createdBy: p.input.createdBy,
        at: now,
        concernsOn: p.input.paymentDate,
      },
      lines: p.schedule.writtenOffOn
        ? // A written-off loan is off the books (write-off.service.ts): what comes in is a recovery, and the creator's
          // balance still falls by it.
          [
            { account: p.input.sourceAccount ?? 'cash', debit: p.amount.plus(p.fee) },
            { account: 'recoveries', credit: p.amount },
            { account: 'platform_fee_income', credit: p.fee },
          ]
        : [
            { account: p.input.sourceAccount ?? 'cash', debit: p.amount.plus(p.fee) },
            { account: 'loans_receivable', credit: p.amount.plus(p.rebate) },
            { account: 'platform_fee_income', credit: p.fee },
            { account: 'deferred_cost_income', debit: p.released },
            p.earned.gte(0)
              ? { account: 'cost_income', credit: p.earned }
              : { account: 'cost_income', debit: p.earned.negated() },
          ],
    })),
  );
  await giveWay();
  await recordActions(tx, plans.flatMap(auditRows));
  // A receipt with the new balance, or the paid-up letter for the payment that closes the loan (docs/notices.md).
  await noticePayments(
    tx,
    plans.map((p, i) => ({
      app: p.app,
      schedule: p.schedule,
      payment: payments[i]!,
      position: p.position,
      remaining: p.newRemaining,
      rebate: p.rebate,
      now,
    })),
  );
  const results = [];
  for (const [i, p] of plans.entries()) {
    // A deletion the creator asked for while this loan was open is carried out now (docs/privacy.md); what the
    // caller stores after this (an Idempotency-Key answer) is scrubbed with `erasure.scrubStoredAnswers`.
    const erasure = p.paidInFull ? await eraseIfRequested(tx, p.app.userId, now, p.app.id) : null;
    results.push({
      payment: payments[i]!,
      remainingAmount: toMoneyString(p.newRemaining),
      completed: p.paidInFull,
      cured: p.cured,
      allocations: p.allocations,
      creatorId: p.app.userId,
      erasure,
    });
  }
  return results;
}

/** ", by EFT (bank transfer), reference VUKA-12": how money recorded by hand came in, for its audit note. */
function receivedBy(input: RepaymentInput): string {
  const text = receivedByText(input);
  return text ? `, by ${text}` : '';
}

/** A repayment's audit rows: the payment, and a shortfall deferred, renegotiation eligibility or a cure with it. */
function auditRows(p: RepaymentPlan) {
  const { input, app, amount, fee, rebate, newRemaining } = p;
  const at = input.now;
  const split = p.allocations.map((a) => `#${a.number} ${money(a.amount)}`).join(', ');
  const rows = [
    {
      userId: app.userId,
      adminId: input.createdBy,
      action:
        input.kind === 'earnings'
          ? 'earnings_recorded'
          : input.kind === 'settlement'
            ? 'loan_settled'
            : 'payment_added',
      notes: `#${app.id}: ${money(amount)} on ${day(input.paymentDate)}${receivedBy(input)} (fee ${money(fee)}) to instalments ${split}${rebate.gt(0) ? `; finance charge not earned rebated ${money(rebate)}` : ''}; remaining ${money(newRemaining)}`,
      at,
    },
  ];
  if (p.shortfall) {
    const { deferred, added, moved } = p.shortfall;
    rows.push({
      userId: app.userId,
      adminId: input.createdBy,
      action: 'shortfall_deferred',
      notes: `#${app.id}: ${monthName(input.earnings!)} earnings paid the agreed share; ${money(moved)} of instalment${deferred.size > 1 ? 's' : ''} #${[...deferred.keys()].join(', #')} moved to ${added.map((a) => `#${a.number}, due ${day(a.dueDate)}`).join('; ')}`,
      at,
    });
  }
  if (p.renegotiable) {
    rows.push({
      userId: app.userId,
      adminId: null,
      action: 'renegotiation_eligible',
      notes: `#${app.id}: ${SHORTFALLS_FOR_RENEGOTIATION} shortfall months in a row (the latest ${monthName(input.earnings!)})`,
      at,
    });
  }
  if (p.cured) {
    rows.push({
      userId: app.userId,
      adminId: null,
      action: 'loan_cured',
      notes: `#${app.id}: arrears cleared, back to ${statusLabel(sameWorld(app.status, 'active'))}`,
      at,
    });
  }
  return rows;
}

/**
 * Records a repayment: the payment, its allocation, the new balance and next due date, completion or cure, the
 * ledger journal, the audit rows and the creator's notice. Locks the loan in the caller's transaction.
 */
export async function recordRepayment(tx: DbOrTx, input: RepaymentInput): Promise<RepaymentResult> {
  const loans = await lockLoans(tx, [input.applicationId]);
  const [result] = await writeRepayments(tx, [planRepayment(input, loans.get(input.applicationId))]);
  return result!;
}

/** The repayment and its platform fee that make a sum of cash (splitReceipt), and what is beyond the balance. */
function planCash(receipt: CashReceipt, loan: LockedLoan | undefined) {
  if (!loan) throw notFound(`Could not find application with ID ${receipt.applicationId}`);
  const { app, schedule } = loan;
  if (!schedule || !SERVICED_STATUSES.includes(baseStatus(app.status))) {
    throw conflict(`Loan #${app.id} is ${app.status}: it takes no payments.`);
  }
  const { amount, fee, excess } = splitReceipt(schedule, receipt.cash, schedule.remainingAmount);
  if (amount.lte(0)) throw conflict(`Loan #${app.id} has nothing left to pay.`);
  const { cash: _cash, ...rest } = receipt;
  return { plan: planRepayment({ ...rest, amount, fee }, loan), amount, fee, excess };
}

/** Repayments planned between two turns of the event loop: a few milliseconds of arithmetic. */
const PLANS_PER_SLICE = 10;

/** What cash received for a loan became: a repayment (with any excess to hold), or the loan's refusal. */
export type CashOutcome =
  | (RepaymentResult & { refused?: undefined; amount: Decimal; fee: Decimal; excess: Decimal })
  | { refused: AppError };

/**
 * Cash received for loans where the cash is what is fixed (bank statement lines, money allocated out of suspense;
 * docs/bank-statements.md): each pays the repayment and its platform fee that make it, at most the balance with its
 * fee; what is beyond comes back as `excess` for the caller to keep in suspense, and a loan that refuses the money
 * (closed, paid before it started) leaves nothing behind and says why. Receipts for one loan are taken in the order
 * given, each seeing the ones before it; receipts for different loans are written together, in rounds of one
 * receipt per loan. Outcomes come back in the receipts' order.
 */
export async function receiveCashAll(
  tx: DbOrTx,
  receipts: ReadonlyArray<CashReceipt>,
): Promise<CashOutcome[]> {
  const outcomes: CashOutcome[] = new Array(receipts.length);
  let pending = receipts.map((_, index) => index);
  while (pending.length > 0) {
    const round: number[] = [];
    const later: number[] = [];
    const inRound = new Set<number>();
    for (const index of pending) {
      const loanId = receipts[index]!.applicationId;
      if (inRound.has(loanId)) later.push(index);
      else {
        inRound.add(loanId);
        round.push(index);
      }
    }
    const loans = await lockLoans(tx, [...inRound]);
    const planned: Array<{ index: number } & ReturnType<typeof planCash>> = [];
    for (const [n, index] of round.entries()) {
      if (n % PLANS_PER_SLICE === PLANS_PER_SLICE - 1) await giveWay();
      const receipt = receipts[index]!;
      try {
        planned.push({ index, ...planCash(receipt, loans.get(receipt.applicationId)) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes[index] = { refused: error };
      }
    }
    // Written in the creators' order: the rows each payment touches that belong to its creator (the creator's data
    // version) are then locked in one order by every batch, so two batches side by side never wait on each other.
    planned.sort((a, b) => a.plan.app.userId - b.plan.app.userId || a.plan.app.id - b.plan.app.id);
    const results = await writeRepayments(
      tx,
      planned.map((p) => p.plan),
    );
    for (const [i, p] of planned.entries()) {
      outcomes[p.index] = { ...results[i]!, amount: p.amount, fee: p.fee, excess: p.excess };
    }
    pending = later;
  }
  return outcomes;
}

/** One sum of cash received for a loan (`receiveCashAll` of one); the loan's refusal is thrown. */
export async function receiveCash(tx: DbOrTx, receipt: CashReceipt) {
  const outcome = (await receiveCashAll(tx, [receipt]))[0]!;
  if (outcome.refused) throw outcome.refused;
  return outcome;
}
