// Loan servicing: the one place a schedule is written (activation), the one place a balance falls
// (recordRepayment), and the rules that follow a loan over time (arrears, default and cure, shortfalls and
// restructuring, early settlement). Each change runs inside one transaction with the application and
// schedule rows locked, and writes its instalments, allocations, ledger journal and audit row together.
// The rules are in docs/lending.md; "now" always comes from the injected clock.
import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import {
  addDays,
  businessDate,
  formatCalendarDay as day,
  type IsoDate,
  maxDate,
  minDate,
} from '../../../shared/business-date';
import {
  allocatePayment,
  applyAllocations,
  asScheduleFrequency,
  DEFAULT_AFTER_DAYS,
  type InstalmentBalance,
  instalmentStatuses,
  loanPosition,
  outstandingOf,
  planInstalments,
  planRestructure,
  remainingMonthsFor,
  type ScheduleFrequency,
  SHORTFALLS_FOR_RENEGOTIATION,
  shortfallPeriods,
  shortfallRuns,
} from '../../../shared/finance/instalments';
import { formatZar, roundToCent, toMoneyString } from '../../../shared/finance/money';
import type { InstalmentView, LoanServicing, SettlementQuoteView } from '../../../shared/schemas/servicing';
import { baseStatus, canTransition, sameWorld } from '../../../shared/status-machine';
import type { Db, DbOrTx } from '../../db/client';
import type { FinancingApplication, RepaymentInstalment, RepaymentSchedule, User } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Deps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import {
  findScheduleByApplication,
  lockApplication,
  updateApplication,
} from '../applications/applications.repository';
import { recordAction } from '../audit/audit.repository';
import { postDisbursement, postJournal } from '../ledger/ledger.service';
import { enqueueMail } from '../mail/mail.service';
import { loanSettledMail } from '../mail/mail.templates';
import { findUserById } from '../users/users.repository';
import {
  activeLoansPastDueBefore,
  allocate,
  closeInstalmentAtPaid,
  closeOpenQuote,
  defaultedLoansUpToDate,
  deferredCostBalance,
  deleteInstalments,
  findOpenQuote,
  findQuote,
  insertInstalments,
  insertPayment,
  insertQuote,
  insertSchedule,
  instalmentsOf,
  loansInArrearsNotYetRenegotiable,
  lockScheduleByApplication,
  openQuotes,
  paymentsOf,
  schedulesWithoutInstalments,
  updateSchedule,
} from './servicing.repository';

const money = (amount: Decimal | string) => formatZar(amount);
const SERVICED_STATUSES = ['active', 'defaulted'];

const asBalance = (i: RepaymentInstalment): InstalmentBalance => ({
  number: i.number,
  dueDate: i.dueDate,
  amountDue: i.amountDue,
  amountPaid: i.amountPaid,
});

/** The SA calendar day the schedule started on (the disbursement). */
export const scheduleStartDay = (schedule: Pick<RepaymentSchedule, 'startDate'>): IsoDate =>
  businessDate(schedule.startDate);

/** The terms a schedule is written with (the creator plan's or the admin setup's). */
export interface ScheduleTerms {
  totalAmount: string;
  costAmount: string;
  costPercentage: number;
  installmentAmount: string;
  /** How many instalments; without it, as many as the instalment needs to cover the total. */
  instalmentCount?: number;
  withholdingPercentage: number;
  estimatedPeriod: number;
  frequency: ScheduleFrequency;
  paymentMethod: string;
}

export type ActivationActor = { kind: 'creator'; user: User } | { kind: 'admin'; admin: User };

/**
 * approved -> active with its schedule: the one money-moving sequence of a disbursement. Locks the
 * application, checks the status machine, writes the schedule and its instalments, the disbursement
 * journal and the audit row, in the caller's transaction. `price` computes the terms from the locked row,
 * so nothing the browser sent is trusted.
 */
export async function activateSchedule(
  tx: DbOrTx,
  input: {
    applicationId: number;
    actor: ActivationActor;
    price: (app: FinancingApplication) => ScheduleTerms;
    feeRate: number;
    now: Date;
  },
) {
  const { applicationId: id, actor, now } = input;
  const app = await lockApplication(tx, id);
  if (!app || (actor.kind === 'creator' && app.userId !== actor.user.id)) {
    throw notFound(`Could not find application with ID ${id}`);
  }
  if (await findScheduleByApplication(tx, id))
    throw conflict('This application already has a repayment schedule.');
  if (!canTransition(app.status, sameWorld(app.status, 'active'), actor.kind)) {
    throw conflict(
      actor.kind === 'creator'
        ? 'A repayment plan can be chosen only for an approved application.'
        : 'A repayment schedule can be set up only for an approved application.',
    );
  }
  const terms = input.price(app);
  const start = businessDate(now);
  const planned = planInstalments({
    start,
    frequency: terms.frequency,
    total: new Decimal(terms.totalAmount),
    instalment: new Decimal(terms.installmentAmount),
    count: terms.instalmentCount,
  });
  // Status first, then the schedule (spec section 4), inside the same transaction.
  await updateApplication(
    tx,
    id,
    { status: sameWorld(app.status, 'active'), estimatedPeriod: terms.estimatedPeriod },
    now,
  );
  const schedule = await insertSchedule(tx, {
    applicationId: id,
    startDate: now,
    endDate: planned.at(-1)!.dueDate,
    nextPaymentDate: planned[0]!.dueDate,
    totalAmount: terms.totalAmount,
    remainingAmount: terms.totalAmount,
    installmentAmount: terms.installmentAmount,
    costAmount: terms.costAmount,
    costPercentage: String(terms.costPercentage),
    withholdingPercentage: String(terms.withholdingPercentage),
    platformFeeRate: String(input.feeRate),
    frequency: terms.frequency,
    paymentMethod: terms.paymentMethod,
    status: 'active',
    estimatedPeriod: terms.estimatedPeriod,
    estimatedRemainingDuration: remainingMonthsFor(planned.length, terms.frequency),
    createdAt: now,
    updatedAt: now,
  });
  await insertInstalments(tx, schedule.id, planned, now);
  const actorId = actor.kind === 'creator' ? actor.user.id : actor.admin.id;
  await postDisbursement(
    tx,
    id,
    new Decimal(app.requestedAmount),
    new Decimal(terms.costAmount),
    actorId,
    now,
  );
  const summary = `total ${money(terms.totalAmount)} in ${planned.length} instalments of ${money(terms.installmentAmount)} (${terms.frequency}), first due ${day(planned[0]!.dueDate)}, ${terms.withholdingPercentage}% withholding`;
  await recordAction(tx, {
    userId: app.userId,
    adminId: actor.kind === 'admin' ? actor.admin.id : null,
    action: actor.kind === 'creator' ? 'repayment_plan_chosen' : 'repayment_schedule_created',
    notes: `#${id}: ${actor.kind === 'creator' ? 'platform earnings, ' : ''}${summary}`,
    at: now,
  });
  return schedule;
}

export type RepaymentInput = {
  applicationId: number;
  amount: Decimal;
  /** The SA calendar day the money came in (already a real 'YYYY-MM-DD'; checked against the loan here). */
  paymentDate: IsoDate;
  notes?: string | null;
  createdBy: number | null;
  kind: 'manual' | 'earnings' | 'settlement';
  earnings?: { amount: Decimal; month: number; year: number };
  idempotencyKey?: string | null;
  now: Date;
};

const paymentDateError = (message: string) => badRequest(message, { paymentDate: [message] });

/**
 * Records a repayment: the payment, its allocation over the instalments (oldest due first; a prepayment
 * pays the last instalments first), the new balance and next due date, completion or cure, the ledger
 * journal and the audit row. Runs in the caller's transaction with the application and schedule locked.
 */
export async function recordRepayment(tx: DbOrTx, input: RepaymentInput) {
  const { now } = input;
  const today = businessDate(now);
  const app = await lockApplication(tx, input.applicationId);
  if (!app) throw notFound(`Could not find application with ID ${input.applicationId}`);
  const schedule = await lockScheduleByApplication(tx, input.applicationId);
  if (!schedule) throw conflict('This application has no repayment schedule yet.');
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
    createdAt: now,
  });

  const instalments = await instalmentsOf(tx, schedule.id);
  const allocations = allocatePayment(instalments.map(asBalance), amount, input.paymentDate);
  await allocate(tx, payment.id, instalments, allocations, now);
  const after = applyAllocations(instalments.map(asBalance), allocations);
  const newRemaining = remaining.minus(amount);
  const stillOpen = after.reduce((sum, i) => sum.plus(outstandingOf(i)), new Decimal(0));
  // The instalments are the schedule broken down: if they disagree with the balance, something upstream is
  // wrong, and nothing of this payment may be kept.
  if (!stillOpen.equals(newRemaining)) {
    throw new Error(`Schedule ${schedule.id}: instalments leave ${stillOpen}, the balance ${newRemaining}`);
  }
  const position = loanPosition(after, today);
  const paidInFull = newRemaining.isZero();
  const cured = !paidInFull && baseStatus(app.status) === 'defaulted' && position.daysPastDue === 0;
  await updateSchedule(
    tx,
    schedule.id,
    {
      remainingAmount: toMoneyString(newRemaining),
      // Running totals for the lending figures, kept under the lock this transaction already holds.
      paidAmount: toMoneyString(new Decimal(schedule.paidAmount).plus(amount)),
      feesPaid: toMoneyString(new Decimal(schedule.feesPaid).plus(fee)),
      status: paidInFull ? 'completed' : cured ? 'active' : schedule.status,
      nextPaymentDate: position.nextPaymentDate,
      estimatedRemainingDuration: remainingMonthsFor(
        position.instalmentsRemaining,
        asScheduleFrequency(schedule.frequency),
      ),
    },
    now,
  );
  if (paidInFull) await updateApplication(tx, app.id, { status: sameWorld(app.status, 'completed') }, now);
  if (cured) await updateApplication(tx, app.id, { status: sameWorld(app.status, 'active') }, now);

  // A quote holds only for the balance it was made for: the payment that closes the loan settles it, any
  // other payment supersedes it.
  const [closedQuote] = await closeOpenQuote(
    tx,
    app.id,
    paidInFull ? { status: 'settled', paymentId: payment.id } : { status: 'superseded' },
    now,
  );

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
      description: input.kind === 'settlement' ? 'Early settlement received' : 'Repayment received',
      createdBy: input.createdBy,
      at: now,
    },
    [
      { account: 'cash', debit: amount.plus(fee) },
      { account: 'loans_receivable', credit: amount },
      { account: 'platform_fee_income', credit: fee },
      { account: 'deferred_cost_income', debit: earned },
      { account: 'cost_income', credit: earned },
    ],
  );
  const split = allocations.map((a) => `#${a.number} ${money(a.amount)}`).join(', ');
  await recordAction(tx, {
    userId: app.userId,
    adminId: input.createdBy,
    action:
      input.kind === 'earnings'
        ? 'earnings_recorded'
        : input.kind === 'settlement'
          ? 'loan_settled'
          : 'payment_added',
    notes: `#${app.id}: ${money(amount)} on ${day(input.paymentDate)} (fee ${money(fee)}) to instalments ${split}; remaining ${money(newRemaining)}`,
    at: now,
  });
  if (cured) {
    await recordAction(tx, {
      userId: app.userId,
      action: 'loan_cured',
      notes: `#${app.id}: arrears cleared, back to ${sameWorld(app.status, 'active')}`,
      at: now,
    });
  }
  if (closedQuote?.status === 'settled') {
    const owner = await findUserById(tx, app.userId);
    if (owner)
      await enqueueMail(
        tx,
        loanSettledMail(owner.username, owner.firstName, app.id, money(amount), day(input.paymentDate)),
      );
  }
  return { payment, remainingAmount: toMoneyString(newRemaining), completed: paidInFull, cured, allocations };
}

// ---------------------------------------------------------------------------------------------------------
// Reading a loan's position

/** Instalments with their status, and the loan's position, as of `today`. */
export function describeInstalments(instalments: ReadonlyArray<RepaymentInstalment>, today: IsoDate) {
  const balances = instalments.map(asBalance);
  return {
    instalments: instalmentStatuses(balances, today).map<InstalmentView>((i) => ({
      number: i.number,
      dueDate: i.dueDate,
      amountDue: i.amountDue,
      amountPaid: i.amountPaid,
      outstanding: toMoneyString(outstandingOf(i)),
      status: i.status,
    })),
    position: loanPosition(balances, today),
  };
}

/** Shortfall months since the schedule started or was last restructured. */
async function shortfallsOf(
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

function quoteView(
  quote: {
    id: number;
    applicationId: number;
    reference: string;
    amount: string;
    validUntil: string;
    createdAt: Date;
  },
  config: Deps['config'],
): SettlementQuoteView {
  const { bankName, accountName, accountNumber, branchCode } = config.settlement;
  return {
    id: quote.id,
    applicationId: quote.applicationId,
    reference: quote.reference,
    amount: quote.amount,
    validUntil: quote.validUntil,
    createdAt: quote.createdAt.toISOString(),
    bank: { bankName, accountName, accountNumber, branchCode },
  };
}

/**
 * Everything the instalment table and the plan card need about one loan: the instalments and their status,
 * the position (arrears, days past due, bucket, amount due now), the shortfall run, the renegotiation
 * eligibility, and the open settlement quote if one is still valid.
 */
export async function loanServicing(
  { db, config, clock }: Deps,
  applicationId: number,
): Promise<LoanServicing> {
  const schedule = await findScheduleByApplication(db, applicationId);
  if (!schedule) throw notFound('This application has no repayment schedule yet.');
  const today = businessDate(clock.now());
  const instalments = await instalmentsOf(db, schedule.id);
  const { instalments: rows, position } = describeInstalments(instalments, today);
  const shortfalls = await shortfallsOf(db, schedule, instalments, today);
  const quote = await findOpenQuote(db, applicationId);
  return {
    applicationId,
    today,
    instalments: rows,
    position,
    installmentAmount: schedule.installmentAmount,
    consecutiveShortfalls: shortfalls.current,
    longestShortfallRun: shortfalls.longest,
    renegotiationEligible: schedule.renegotiationEligibleAt !== null,
    renegotiationEligibleAt: schedule.renegotiationEligibleAt?.toISOString() ?? null,
    restructuredOn: schedule.restructuredOn,
    settlementQuote: quote && quote.validUntil >= today ? quoteView(quote, config) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Early settlement

function newReference(applicationId: number): string {
  // Crockford-style alphabet: no I, L, O or U, so a reference read over the phone cannot be misheard.
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const suffix = [...randomBytes(6)].map((b) => alphabet[b % 32]).join('');
  return `VUKA-${applicationId}-${suffix}`;
}

/**
 * The creator's "Settle early": the amount that settles the loan today (the remaining balance, no
 * penalty), a payment reference, the product's bank details and a validity date. Asking again while the
 * balance is unchanged and the quote still valid gives the same quote.
 */
export async function requestSettlementQuote({ db, config, clock }: Deps, user: User, applicationId: number) {
  const now = clock.now();
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, applicationId);
    if (!app || app.userId !== user.id) throw notFound(`Could not find application with ID ${applicationId}`);
    const schedule = await lockScheduleByApplication(tx, applicationId);
    if (
      !schedule ||
      !SERVICED_STATUSES.includes(baseStatus(app.status)) ||
      new Decimal(schedule.remainingAmount).lte(0)
    ) {
      throw conflict('Only financing that is being repaid can be settled early.');
    }
    const open = await findOpenQuote(tx, applicationId);
    if (open && open.validUntil >= today && new Decimal(open.amount).equals(schedule.remainingAmount)) {
      return quoteView(open, config);
    }
    if (open) await closeOpenQuote(tx, applicationId, { status: 'superseded' }, now);
    const quote = await insertQuote(tx, {
      applicationId,
      reference: newReference(applicationId),
      amount: schedule.remainingAmount,
      validUntil: addDays(today, config.settlement.quoteValidDays),
      requestedBy: user.id,
      createdAt: now,
    });
    await recordAction(tx, {
      userId: app.userId,
      action: 'settlement_quote_requested',
      notes: `#${applicationId}: ${quote.reference} for ${money(quote.amount)}, valid until ${day(quote.validUntil)}`,
      at: now,
    });
    return quoteView(quote, config);
  });
}

/** Open quotes still valid today: the admin's list of settlements to watch for. */
export async function listOpenQuotes({ db, config, clock }: Deps) {
  const rows = await openQuotes(db, businessDate(clock.now()));
  return rows.map((row) => ({
    ...quoteView(row, config),
    applicationStatus: row.status,
    clientName: `${row.firstName} ${row.lastName}`.trim(),
    clientEmail: row.username,
  }));
}

/**
 * The admin records that a quoted settlement arrived: a payment of the quoted amount, which closes the
 * loan and settles the quote; the creator is told by e-mail. Refused once the quote is closed or expired.
 */
export async function settleQuote(
  { db, clock }: Deps,
  admin: User,
  quoteId: number,
  input: { paymentDate?: IsoDate; notes?: string },
) {
  const now = clock.now();
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    const seen = await findQuote(tx, quoteId);
    if (!seen) throw notFound(`Could not find settlement quote ${quoteId}`);
    // Lock the loan first, then read the quote again: a concurrent settle or payment has finished by then.
    await lockApplication(tx, seen.applicationId);
    const quote = (await findQuote(tx, quoteId))!;
    if (quote.status !== 'open') {
      throw conflict(
        quote.status === 'settled'
          ? `Settlement ${quote.reference} is already recorded.`
          : `Quote ${quote.reference} no longer holds: the balance changed after it was made.`,
      );
    }
    if (quote.validUntil < today) {
      throw conflict(
        `Quote ${quote.reference} expired on ${day(quote.validUntil)}; record the payment as a normal payment.`,
      );
    }
    return recordRepayment(tx, {
      applicationId: quote.applicationId,
      amount: new Decimal(quote.amount),
      paymentDate: input.paymentDate ?? today,
      notes: input.notes || `Early settlement ${quote.reference}`,
      createdBy: admin.id,
      kind: 'settlement',
      now,
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Renegotiation

/**
 * Restructures a loan that three consecutive shortfalls made eligible for renegotiation: the remaining
 * balance over a new period from today, at no extra cost. Paid instalments stay; instalments with part
 * paid are closed at what was paid; unpaid ones are replaced. The ledger does not change (the balance is
 * the same); a defaulted loan that is now up to date returns to active.
 */
export async function restructureLoan(
  { db, clock }: Deps,
  admin: User,
  applicationId: number,
  months: number,
) {
  const now = clock.now();
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, applicationId);
    if (!app) throw notFound(`Could not find application with ID ${applicationId}`);
    const schedule = await lockScheduleByApplication(tx, applicationId);
    if (!schedule || !SERVICED_STATUSES.includes(baseStatus(app.status))) {
      throw conflict('Only financing that is being repaid can be restructured.');
    }
    if (!schedule.renegotiationEligibleAt) {
      throw conflict(
        `This loan is not eligible for renegotiation: that takes ${SHORTFALLS_FOR_RENEGOTIATION} consecutive shortfall months.`,
      );
    }
    const remaining = new Decimal(schedule.remainingAmount);
    const frequency = asScheduleFrequency(schedule.frequency);
    const instalments = await instalmentsOf(tx, schedule.id);
    const plan = planRestructure({
      remaining,
      frequency,
      months,
      start: today,
      firstNumber: Math.max(0, ...instalments.map((i) => i.number)) + 1,
    });
    if (!plan) {
      let most = months - 1;
      while (most > 1 && !planRestructure({ remaining, frequency, months: most, start: today })) most--;
      throw badRequest(
        `${money(remaining)} cannot be spread over ${months} months in instalments of whole cents; choose ${most} months or fewer.`,
        { estimatedPeriod: [`Choose ${most} months or fewer`] },
      );
    }
    const { instalment, planned } = plan;
    const unpaid: number[] = [];
    for (const i of instalments) {
      const open = outstandingOf(i).gt(0);
      if (!open && i.dueDate <= today) continue;
      if (new Decimal(i.amountPaid).gt(0))
        await closeInstalmentAtPaid(tx, i.id, minDate(i.dueDate, today), now);
      else unpaid.push(i.id);
    }
    await deleteInstalments(tx, unpaid);
    await insertInstalments(tx, schedule.id, planned, now);
    const cured = baseStatus(app.status) === 'defaulted';
    await updateSchedule(
      tx,
      schedule.id,
      {
        installmentAmount: toMoneyString(instalment),
        endDate: planned.at(-1)!.dueDate,
        nextPaymentDate: planned[0]!.dueDate,
        estimatedPeriod: months,
        estimatedRemainingDuration: remainingMonthsFor(planned.length, frequency),
        restructuredOn: today,
        renegotiationEligibleAt: null,
        status: 'active',
      },
      now,
    );
    if (cured) await updateApplication(tx, app.id, { status: sameWorld(app.status, 'active') }, now);
    await recordAction(tx, {
      userId: app.userId,
      adminId: admin.id,
      action: 'loan_restructured',
      notes: `#${app.id}: remaining ${money(remaining)} over ${months} months, ${planned.length} instalments of ${money(instalment)} from ${day(planned[0]!.dueDate)}; no extra cost${cured ? '; back to active' : ''}`,
      at: now,
    });
    return {
      instalments: planned.length,
      installmentAmount: toMoneyString(instalment),
      nextPaymentDate: planned[0]!.dueDate,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// The daily review (a job under a lock) and the upgrade of schedules written before instalments existed

/**
 * Marks loans defaulted whose oldest unpaid instalment is more than 90 days overdue; returns defaulted
 * loans that are up to date again to active; marks loans with three consecutive shortfall periods eligible
 * for renegotiation. Each change in its own transaction with the loan locked, each audited.
 */
export async function reviewLoans(db: Db, clock: Clock) {
  const now = clock.now();
  const today = businessDate(now);
  const result = { defaulted: [] as number[], cured: [] as number[], renegotiable: [] as number[] };

  for (const id of await activeLoansPastDueBefore(db, addDays(today, -DEFAULT_AFTER_DAYS))) {
    await db.transaction(async (tx) => {
      const app = await lockApplication(tx, id);
      const schedule = await lockScheduleByApplication(tx, id);
      if (!app || !schedule?.nextPaymentDate || baseStatus(app.status) !== 'active') return;
      const { position } = describeInstalments(await instalmentsOf(tx, schedule.id), today);
      if (position.daysPastDue <= DEFAULT_AFTER_DAYS) return;
      const target = sameWorld(app.status, 'defaulted');
      if (!canTransition(app.status, target, 'system')) return;
      await updateApplication(tx, id, { status: target }, now);
      await updateSchedule(tx, schedule.id, { status: 'defaulted' }, now);
      await recordAction(tx, {
        userId: app.userId,
        action: 'application_defaulted',
        notes: `#${id}: oldest unpaid instalment due ${day(position.nextPaymentDate!)}, ${position.daysPastDue} days past due, ${money(position.amountOverdue)} overdue`,
        at: now,
      });
      result.defaulted.push(id);
    });
  }

  for (const id of await defaultedLoansUpToDate(db, today)) {
    await db.transaction(async (tx) => {
      const app = await lockApplication(tx, id);
      const schedule = await lockScheduleByApplication(tx, id);
      if (!app || !schedule || baseStatus(app.status) !== 'defaulted') return;
      const { position } = describeInstalments(await instalmentsOf(tx, schedule.id), today);
      if (position.daysPastDue > 0 || new Decimal(schedule.remainingAmount).isZero()) return;
      await updateApplication(tx, id, { status: sameWorld(app.status, 'active') }, now);
      await updateSchedule(tx, schedule.id, { status: 'active' }, now);
      await recordAction(tx, {
        userId: app.userId,
        action: 'loan_cured',
        notes: `#${id}: up to date, back to active`,
        at: now,
      });
      result.cured.push(id);
    });
  }

  // Three consecutive short periods leave the loan in arrears, so only loans in arrears are read.
  for (const id of await loansInArrearsNotYetRenegotiable(db, today)) {
    await db.transaction(async (tx) => {
      const app = await lockApplication(tx, id);
      const schedule = await lockScheduleByApplication(tx, id);
      if (!app || !schedule || schedule.renegotiationEligibleAt) return;
      const runs = await shortfallsOf(tx, schedule, await instalmentsOf(tx, schedule.id), today);
      if (runs.longest < SHORTFALLS_FOR_RENEGOTIATION) return;
      await updateSchedule(tx, schedule.id, { renegotiationEligibleAt: now }, now);
      const last = runs.periods.filter((p) => p.short).at(-1);
      await recordAction(tx, {
        userId: app.userId,
        action: 'renegotiation_eligible',
        notes: `#${id}: ${runs.longest} consecutive shortfall months (latest ending ${day(last?.to ?? today)})`,
        at: now,
      });
      result.renegotiable.push(id);
    });
  }
  return result;
}

/**
 * Gives a schedule written before instalments existed its instalments, from its start date with its stored
 * instalment (falling due monthly, as those schedules always did), and allocates its payments to them in
 * the order they were made, with the same rules as a new payment. Idempotent: a schedule that has
 * instalments is left alone, and the schedule row is locked while it is upgraded.
 */
export async function backfillInstalments(db: Db, clock: Clock): Promise<number> {
  const now = clock.now();
  const today = businessDate(now);
  let upgraded = 0;
  for (const applicationId of await schedulesWithoutInstalments(db)) {
    await db.transaction(async (tx) => {
      const schedule = await lockScheduleByApplication(tx, applicationId);
      if (!schedule || (await instalmentsOf(tx, schedule.id)).length > 0) return;
      const start = scheduleStartDay(schedule);
      const total = new Decimal(schedule.totalAmount);
      // Nothing was ever owed on an empty schedule; leave it without instalments rather than refuse to start.
      if (total.lte(0)) return;
      const stored = new Decimal(schedule.installmentAmount);
      const planned = planInstalments({
        start,
        frequency: 'monthly',
        total,
        instalment: stored.gt(0) ? Decimal.min(stored, total) : total,
      });
      await insertInstalments(tx, schedule.id, planned, now);
      for (const payment of await paymentsOf(tx, applicationId)) {
        const instalments = await instalmentsOf(tx, schedule.id);
        // A payment dated before the start (allowed before dates were checked) counts from the start.
        const paidOn = maxDate(payment.paymentDate, start);
        const allocations = allocatePayment(instalments.map(asBalance), new Decimal(payment.amount), paidOn);
        await allocate(tx, payment.id, instalments, allocations, now);
      }
      const { position } = describeInstalments(await instalmentsOf(tx, schedule.id), today);
      await updateSchedule(
        tx,
        schedule.id,
        {
          endDate: planned.at(-1)!.dueDate,
          nextPaymentDate: position.nextPaymentDate,
          estimatedRemainingDuration: remainingMonthsFor(position.instalmentsRemaining, 'monthly'),
        },
        now,
      );
      upgraded++;
    });
  }
  return upgraded;
}
