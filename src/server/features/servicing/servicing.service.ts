// Loan servicing: reading a loan (the instalment table and position), early settlement quotes, and the upgrade
// of schedules written before instalments existed. Every status change with money behind it (activation,
// repayments with completion and cure, restructuring, defaults) is the application lifecycle's
// (features/loans/application-lifecycle.service.ts); a settled quote is recorded through its
// recordRepayment. The rules are in docs/lending.md; "now" always comes from the injected clock.
import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { businessDate, type IsoDate } from '../../../shared/business-date';
import type { LoanPosition } from '../../../shared/finance/instalments';
import { allocatePayment, planInstalments, remainingMonthsFor } from '../../../shared/finance/instalments';
import { paymentReferenceFor } from '../../../shared/finance/payment-reference';
import { withFee } from '../../../shared/finance/platform-fee';
import type { SettlementFigures } from '../../../shared/finance/settlement';
import { formatDate as day } from '../../../shared/format';
import { addBusinessDays } from '../../../shared/sa-business-days';
import type { LoanServicing, SettlementQuoteView } from '../../../shared/schemas/servicing';
import { baseStatus, isServicedStatus } from '../../../shared/status-machine';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Deps } from '../../lib/deps';
import { conflict, notFound } from '../../lib/errors';
import { recordAction } from '../audit/audit.repository';
import {
  allocate,
  asBalance,
  closeOpenQuote,
  describeInstalments,
  findOpenQuote,
  findQuote,
  findScheduleByApplication,
  insertInstalments,
  insertSettlementQuote,
  instalmentsOf,
  instalmentsSettledEarly,
  lockApplication,
  lockScheduleByApplication,
  money,
  openQuotes,
  paymentsOf,
  recordRepayment,
  SERVICED_STATUSES,
  scheduleDates,
  scheduleStartDay,
  schedulesWithoutInstalments,
  settlementOf,
  shortfallsOf,
  updateSchedule,
} from '../loans';
import type { SessionUser } from '../sessions/sessions.service';

// ---------------------------------------------------------------------------------------------------------
// Reading a loan's position

function quoteView(
  quote: {
    id: number;
    applicationId: number;
    reference: string;
    amount: string;
    principal: string | null;
    accruedCharge: string | null;
    rebate: string;
    validUntil: string;
    createdAt: Date;
  },
  config: Deps['config'],
): SettlementQuoteView {
  return {
    id: quote.id,
    applicationId: quote.applicationId,
    reference: quote.reference,
    amount: quote.amount,
    // A quote made before the split was kept settled the whole balance: all of it counted as principal.
    principal: quote.principal ?? quote.amount,
    accruedCharge: quote.accruedCharge ?? '0.00',
    rebate: quote.rebate,
    validUntil: quote.validUntil,
    createdAt: quote.createdAt.toISOString(),
    bank: bankOf(config),
  };
}

/** Our account creators pay into (settings; production refuses to start without the real number). */
function bankOf(config: Deps['config']) {
  const { bankName, accountName, accountNumber, branchCode } = config.settlement;
  return { bankName, accountName, accountNumber, branchCode };
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
  const settledEarly = await instalmentsSettledEarly(db, schedule.id);
  const { instalments: rows, position } = describeInstalments(schedule, instalments, today, settledEarly);
  const shortfalls = await shortfallsOf(db, schedule, instalments, today);
  const quote = await findOpenQuote(db, applicationId);
  const dueNow = withFee(schedule, position.amountDueNow);
  return {
    applicationId,
    today,
    instalments: rows,
    position,
    installmentAmount: schedule.installmentAmount,
    platformFeeRate: schedule.platformFeeRate,
    feeDueNow: dueNow.fee,
    totalDueNow: dueNow.total,
    consecutiveShortfalls: shortfalls.current,
    longestShortfallRun: shortfalls.longest,
    renegotiationEligible: schedule.renegotiationEligibleAt !== null,
    renegotiationEligibleAt: schedule.renegotiationEligibleAt?.toISOString() ?? null,
    restructuredOn: schedule.restructuredOn,
    writtenOffOn: schedule.writtenOffOn,
    forgiven:
      schedule.forgivenOn && schedule.forgivenAmount
        ? { on: schedule.forgivenOn, amount: schedule.forgivenAmount }
        : null,
    settlementQuote: quote && quote.validUntil >= today ? quoteView(quote, config) : null,
    howToPay: {
      reference: paymentReferenceFor(applicationId),
      amount: dueNow.total,
      bank: bankOf(config),
    },
  };
}

/**
 * Where a loan being repaid stands today, in the figures a creator asks about (the advisor's "how much do I still
 * owe", "am I behind", "can I pay off early"): its position (what is overdue and since when, the next instalment), the
 * balance, what settles it today and what that saves, and whether three short months made it renegotiable. Null for a
 * loan not being repaid (no schedule, closed, or nothing left owed).
 */
export async function loanStanding(
  { db, clock }: Deps,
  applicationId: number,
): Promise<{
  today: IsoDate;
  balance: string;
  position: LoanPosition;
  settlement: SettlementFigures;
  renegotiationEligible: boolean;
  consecutiveShortfalls: number;
} | null> {
  const schedule = await findScheduleByApplication(db, applicationId);
  if (!schedule || !isServicedStatus(schedule.status)) return null;
  if (new Decimal(schedule.remainingAmount).lte(0)) return null;
  const today = businessDate(clock.now());
  const instalments = await instalmentsOf(db, schedule.id);
  const { position } = describeInstalments(schedule, instalments, today);
  const shortfalls = await shortfallsOf(db, schedule, instalments, today);
  return {
    today,
    balance: schedule.remainingAmount,
    position,
    settlement: await settlementOf(db, schedule, instalments, today),
    renegotiationEligible: schedule.renegotiationEligibleAt !== null,
    consecutiveShortfalls: shortfalls.current,
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
 * The creator's "Settle early": the amount that settles the loan today (the principal owed and the charge earned to
 * today; the rest of the finance charge is rebated; no fee or penalty), a payment reference, the product's bank
 * details and a validity date (5 business days). Asking again while the balance is unchanged and the quote still
 * valid gives the same quote: it holds at its amount.
 */
export async function requestSettlementQuote(
  { db, config, clock }: Deps,
  user: SessionUser,
  applicationId: number,
) {
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
    const holds =
      open &&
      open.validUntil >= today &&
      open.principal !== null &&
      new Decimal(open.amount).plus(open.rebate).equals(schedule.remainingAmount);
    if (open && holds) return quoteView(open, config);
    if (open) await closeOpenQuote(tx, applicationId, { status: 'superseded' }, now);
    const figures = await settlementOf(tx, schedule, await instalmentsOf(tx, schedule.id), today);
    const quote = await insertSettlementQuote(tx, {
      applicationId,
      reference: newReference(applicationId),
      amount: figures.amount,
      principal: figures.principal,
      accruedCharge: figures.accruedCharge,
      rebate: figures.rebate,
      validUntil: addBusinessDays(today, config.settlement.quoteValidBusinessDays),
      requestedBy: user.id,
      createdAt: now,
    });
    await recordAction(tx, {
      userId: app.userId,
      action: 'settlement_quote_requested',
      notes: `#${applicationId}: ${quote.reference} for ${money(quote.amount)} (principal ${money(figures.principal)}, charge earned ${money(figures.accruedCharge)}; ${money(figures.rebate)} not earned, rebated), valid until ${day(quote.validUntil)}`,
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
  admin: SessionUser,
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
      rebate: new Decimal(quote.rebate),
      paymentDate: input.paymentDate ?? today,
      notes: input.notes || `Early settlement ${quote.reference}`,
      createdBy: admin.id,
      kind: 'settlement',
      now,
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// The upgrade of schedules written before instalments existed

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
        const allocations = allocatePayment(instalments.map(asBalance), new Decimal(payment.amount));
        await allocate(tx, payment.id, instalments, allocations, now);
      }
      const instalments = await instalmentsOf(tx, schedule.id);
      const { position } = describeInstalments(schedule, instalments, today);
      await updateSchedule(
        tx,
        schedule.id,
        {
          endDate: planned.at(-1)!.dueDate,
          ...scheduleDates(schedule, instalments.map(asBalance)),
          estimatedRemainingDuration: remainingMonthsFor(position.instalmentsRemaining, 'monthly'),
        },
        now,
      );
      upgraded++;
    });
  }
  return upgraded;
}
