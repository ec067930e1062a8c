// The creator's notices by e-mail (docs/notices.md), all through the mail outbox (decision 005):
//   event notices   written by the change that causes them, in its transaction: application received, approved
//                   or rejected, cancelled, repayment plan active, payment received (a receipt), loan repaid
//                   (paid-up letter), loan restructured (the new terms), loan in default
//   daily notices   sendDueNotices, a job under its lock in the Johannesburg morning: a reminder three days before
//                   an instalment falls due (the creator may turn these off), overdue notices at 1, 30 and 60 days;
//                   the National Credit Act's notices (docs/compliance.md): the section 129 notice and the notice
//                   before a credit bureau report on the 20th business day in arrears, and each month's statement
//                   (s108). Nothing but the statement goes to a creator under debt review.
// Each row names the person (mail_outbox.user_id). A notice that must go once carries a key
// (mail_outbox.notice_key, unique): a second insert with it does nothing, whatever the number of instances or
// runs. Test applications (`_testing`) are rehearsals: nothing is sent about them. "Now" is the injected clock.
import Decimal from 'decimal.js';
import type { z } from 'zod';
import {
  addDays,
  addMonths,
  businessClock,
  businessDate,
  daysBetween,
  type IsoDate,
} from '../../../shared/business-date';
import { agreementPdfName } from '../../../shared/compliance/credit-documents';
import { NCA_RULES } from '../../../shared/compliance/nca-rules';
import {
  adverseListingAllowedFrom,
  enforcementAllowedFrom,
  section129DueOn,
} from '../../../shared/compliance/nca-timeline';
import { financedAmount } from '../../../shared/finance/amount-financed';
import {
  arrearsFrom,
  type LoanPosition,
  loanPosition,
  outstandingOf,
} from '../../../shared/finance/instalments';
import { sumDecimal, toMoneyString } from '../../../shared/finance/money';
import { withFee } from '../../../shared/finance/platform-fee';
import type { CreditQuote } from '../../../shared/finance/quote';
import type { NoticePreferences, noticePreferencesSchema } from '../../../shared/schemas/notices';
import { baseStatus, isTestingStatus } from '../../../shared/status-machine';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type {
  FinancingApplication,
  MailAttachmentRef,
  Payment,
  RepaymentSchedule,
  User,
} from '../../db/types';
import type { Clock } from '../../lib/clock';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { giveWay } from '../../lib/event-loop';
import { recordAction } from '../audit/audit.repository';
import { enqueueMail, enqueueMails } from '../mail/mail.service';
import type { MailMessage, OutboxMessage } from '../mail/mail.templates';
import { insertNcaEvent } from '../nca/nca-events.repository';
import type { SessionUser } from '../sessions/sessions.service';
import { findUserById, findUsersByIds, lockUser, updateUser } from '../users/users.repository';
import {
  loansInArrears,
  loansOwedStatement,
  loansWithInstalmentsDueBetween,
  type NoticeLoan,
  paymentsFrom,
} from './notices.repository';
import {
  applicationApprovedMail,
  applicationCancelledMail,
  applicationReceivedMail,
  applicationRejectedMail,
  approvalWithdrawnMail,
  balanceForgivenMail,
  bureauNoticeMail,
  loanDefaultedMail,
  loanRestructuredMail,
  monthlyStatementMail,
  type OverdueStage,
  offerMadeMail,
  offerWithdrawnMail,
  overdueMail,
  paidUpMail,
  paymentReceiptMail,
  paymentReminderMail,
  paymentReversedMail,
  planActiveMail,
  quoteAcceptedMail,
  type Recipient,
  section129NoticeMail,
} from './notices.templates';

/** A reminder goes this many days before an instalment falls due (later, if a morning was missed). */
export const REMINDER_DAYS_BEFORE = 3;
/** Overdue notices: the highest of these a loan's days past due has reached, once per unpaid instalment. */
export const OVERDUE_STAGES: readonly OverdueStage[] = [1, 30, 60];
/** The daily notices go out from 08:00 to before 18:00 in Johannesburg, never at night. */
export const NOTICE_HOURS = { from: 8, until: 18 } as const;

const canWriteTo = <U extends SessionUser>(user: U | undefined): user is U =>
  user !== undefined && user.status !== 'deleted' && user.anonymisedAt === null;

const recipientOf = (user: Pick<User, 'username' | 'firstName'>): Recipient => ({
  to: user.username,
  firstName: user.firstName,
});

/**
 * Writes one notice about `user` to the outbox in the caller's transaction; false if its key was used. A document it
 * carries is named (`attachment`) and drawn when it is delivered.
 */
function send(
  tx: DbOrTx,
  userId: number,
  message: MailMessage,
  at: Date,
  noticeKey?: string,
  attachment?: MailAttachmentRef,
) {
  return enqueueMail(tx, outboxMessage(userId, message, at, noticeKey, attachment));
}

/** A notice about `userId` as the outbox keeps it. */
const outboxMessage = (
  userId: number,
  message: MailMessage,
  at: Date,
  noticeKey?: string,
  attachment?: MailAttachmentRef,
): OutboxMessage => ({
  ...message,
  userId,
  noticeKey: noticeKey ?? null,
  at,
  attachment: attachment ?? null,
});

async function ownerOf(tx: DbOrTx, app: Pick<FinancingApplication, 'userId' | 'status'>) {
  if (isTestingStatus(app.status)) return undefined;
  const owner = await findUserById(tx, app.userId);
  return canWriteTo(owner) ? owner : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Event notices, in the transaction of the change

/** Submission: the application is under review. */
export async function noticeApplicationReceived(
  tx: DbOrTx,
  user: SessionUser,
  app: Pick<FinancingApplication, 'id' | 'requestedAmount' | 'createdAt'>,
) {
  if (!canWriteTo(user)) return;
  await send(
    tx,
    user.id,
    applicationReceivedMail(recipientOf(user), {
      id: app.id,
      requestedAmount: app.requestedAmount,
      submittedAt: app.createdAt,
    }),
    app.createdAt,
  );
}

/**
 * The admin's decision, given the application as it is after the change and the status before it: approved (with
 * the amount approved), rejected with the reason written for the creator (never the admin's notes), cancelled, or an
 * approval taken back (under review again after approved, offered or accepted). Other status changes send nothing.
 */
export async function noticeDecision(
  tx: DbOrTx,
  app: Pick<
    FinancingApplication,
    | 'id'
    | 'userId'
    | 'status'
    | 'requestedAmount'
    | 'approvedAmount'
    | 'rejectionReason'
    | 'cancellationReason'
  >,
  previousStatus: string,
  now: Date,
) {
  const decision = baseStatus(app.status);
  if (decision === 'cancelled') return noticeCancelled(tx, app, 'admin', now);
  const withdrawn =
    decision === 'pending_review' && ['approved', 'offered', 'accepted'].includes(baseStatus(previousStatus));
  const offerWithdrawn = decision === 'approved' && baseStatus(previousStatus) === 'offered';
  if (decision !== 'approved' && decision !== 'rejected' && !withdrawn) return;
  const owner = await ownerOf(tx, app);
  if (!owner) return;
  const message = withdrawn
    ? approvalWithdrawnMail(recipientOf(owner), app)
    : offerWithdrawn
      ? offerWithdrawnMail(recipientOf(owner), app)
      : decision === 'approved'
        ? applicationApprovedMail(recipientOf(owner), app)
        : applicationRejectedMail(recipientOf(owner), { ...app, reason: app.rejectionReason ?? '' });
  await send(tx, owner.id, message, now);
}

/**
 * A cancellation (by the creator, or by an admin), given the application as it is after the change. The reason is
 * the one stored with it (`cancellation_reason`), which the creator sees with their application anyway; the
 * admin's notes never go. Cancelled is final, so the key only guards against a second write of the same change.
 */
export async function noticeCancelled(
  tx: DbOrTx,
  app: Pick<FinancingApplication, 'id' | 'userId' | 'status' | 'requestedAmount' | 'cancellationReason'>,
  by: 'creator' | 'admin',
  now: Date,
) {
  if (baseStatus(app.status) !== 'cancelled') return;
  const owner = await ownerOf(tx, app);
  if (!owner) return;
  const message = applicationCancelledMail(recipientOf(owner), {
    id: app.id,
    requestedAmount: app.requestedAmount,
    reason: app.cancellationReason,
    by,
  });
  await send(tx, owner.id, message, now, `cancelled:${app.id}`);
}

/** The payout: where the money went and the plan's figures as written, once per loan. */
export async function noticePlanActive(
  tx: DbOrTx,
  app: Pick<
    FinancingApplication,
    'id' | 'userId' | 'status' | 'requestedAmount' | 'approvedAmount' | 'topUpOfApplicationId'
  >,
  schedule: Pick<
    RepaymentSchedule,
    'costAmount' | 'totalAmount' | 'installmentAmount' | 'frequency' | 'withholdingPercentage'
  >,
  planned: ReadonlyArray<{ dueDate: IsoDate }>,
  payout: { paidOutOn: IsoDate; payoutAccount: string; payoutReference: string; paidToCreator: string },
  now: Date,
) {
  const owner = await ownerOf(tx, app);
  if (!owner || planned.length === 0) return;
  const message = planActiveMail(recipientOf(owner), {
    ...payout,
    id: app.id,
    amountFinanced: financedAmount(app),
    costAmount: schedule.costAmount,
    totalAmount: schedule.totalAmount,
    installmentAmount: schedule.installmentAmount,
    instalments: planned.length,
    frequency: schedule.frequency,
    firstDueDate: planned[0]!.dueDate,
    lastDueDate: planned.at(-1)!.dueDate,
    withholdingPercentage: Number(schedule.withholdingPercentage),
    topUpOf: app.topUpOfApplicationId,
  });
  await send(tx, owner.id, message, now, `plan-active:${app.id}`);
}

/** An admin's offer, to accept by its date. */
export async function noticeOffer(
  tx: DbOrTx,
  app: Pick<FinancingApplication, 'id' | 'userId' | 'status'>,
  quote: Pick<
    CreditQuote,
    | 'amountFinanced'
    | 'totalPayable'
    | 'instalmentAmount'
    | 'instalmentFee'
    | 'instalmentCount'
    | 'annualCostRate'
  >,
  validUntil: IsoDate,
  quoteId: number,
  now: Date,
) {
  const owner = await ownerOf(tx, app);
  if (!owner) return;
  const message = offerMadeMail(recipientOf(owner), {
    id: app.id,
    amountFinanced: quote.amountFinanced,
    totalPayable: quote.totalPayable,
    instalmentAmount: quote.instalmentAmount,
    instalmentFee: quote.instalmentFee,
    instalments: quote.instalmentCount,
    annualCostRate: quote.annualCostRate,
    validUntil,
  });
  await send(tx, owner.id, message, now, `offer:${quoteId}`);
}

/** The creator's acceptance: a copy of what they agreed to, and what happens next. */
export async function noticeAccepted(
  tx: DbOrTx,
  app: Pick<FinancingApplication, 'id' | 'userId' | 'status'>,
  quote: Pick<CreditQuote, 'amountFinanced' | 'totalPayable'>,
  bankAccount: string | null,
  quoteId: number,
  now: Date,
) {
  const owner = await ownerOf(tx, app);
  if (!owner) return;
  const agreementFile = agreementPdfName(app.id);
  const message = quoteAcceptedMail(recipientOf(owner), {
    id: app.id,
    amountFinanced: quote.amountFinanced,
    totalPayable: quote.totalPayable,
    acceptedOn: businessDate(now),
    bankAccount,
    agreementFile,
  });
  // The agreement (s93) goes with it as a PDF (docs/compliance.md, "Pre-agreement statement and the agreement").
  await send(tx, owner.id, message, now, `accepted:${quoteId}`, {
    kind: 'credit_agreement',
    quoteId,
    filename: agreementFile,
  });
}

/**
 * A payment: a receipt with the new balance, or, for the payment that closes the loan, the paid-up letter
 * (which is its receipt too). Receipts and the paid-up letter are always sent, whatever the reminder choice.
 */
/** Receipts drawn between two turns of the event loop (a few milliseconds of templates). */
const NOTICES_PER_SLICE = 20;

export type PaymentNotice = {
  app: Pick<FinancingApplication, 'id' | 'userId' | 'status' | 'requestedAmount' | 'approvedAmount'>;
  schedule: Pick<
    RepaymentSchedule,
    'totalAmount' | 'startDate' | 'rebatedAmount' | 'platformFeeRate' | 'quotedFees' | 'feesPaid'
  >;
  payment: Pick<Payment, 'id' | 'amount' | 'platformFee' | 'paymentDate' | 'kind'>;
  position: LoanPosition;
  remaining: Decimal;
  /** What an early settlement rebated with this payment. */
  rebate: Decimal;
  now: Date;
};

/**
 * Payments' notices, in the payments' transaction: a receipt with the new balance, or the paid-up letter for the
 * payment that closes the loan. Their creators read in one statement and the notices written in one more, however
 * many payments (a bank statement's batch).
 */
export async function noticePayments(tx: DbOrTx, inputs: ReadonlyArray<PaymentNotice>) {
  const wanted = inputs.filter((i) => !isTestingStatus(i.app.status));
  const owners = new Map(
    (
      await findUsersByIds(
        tx,
        wanted.map((i) => i.app.userId),
      )
    ).map((u) => [u.id, u]),
  );
  const messages: OutboxMessage[] = [];
  for (const [index, input] of wanted.entries()) {
    // A statement's batch writes hundreds: the requests waiting meanwhile are answered between slices.
    if (index % NOTICES_PER_SLICE === NOTICES_PER_SLICE - 1) await giveWay();
    const owner = owners.get(input.app.userId);
    if (canWriteTo(owner)) messages.push(paymentNotice(owner, input));
  }
  await enqueueMails(tx, messages);
}

function paymentNotice(owner: User, input: PaymentNotice): OutboxMessage {
  const { app, payment, now } = input;
  if (input.remaining.isZero()) {
    const letter = paidUpMail(recipientOf(owner), {
      id: app.id,
      amount: payment.amount,
      paymentDate: payment.paymentDate,
      kind: payment.kind,
      amountFinanced: financedAmount(app),
      // Everything paid: the total less what settlements rebated (before this payment, and with it).
      totalRepaid: toMoneyString(
        new Decimal(input.schedule.totalAmount).minus(input.schedule.rebatedAmount).minus(input.rebate),
      ),
      rebate: toMoneyString(input.rebate),
      startDate: input.schedule.startDate,
    });
    return outboxMessage(owner.id, letter, now, `paid-up:${app.id}`);
  }
  const next = input.position.nextInstalment;
  // The fees already charged include this payment's: what the next one would carry is counted from there.
  const terms = {
    ...input.schedule,
    feesPaid: toMoneyString(new Decimal(input.schedule.feesPaid).plus(payment.platformFee)),
  };
  const receipt = paymentReceiptMail(recipientOf(owner), {
    applicationId: app.id,
    paymentId: payment.id,
    amount: payment.amount,
    fee: payment.platformFee,
    total: toMoneyString(new Decimal(payment.amount).plus(payment.platformFee)),
    paymentDate: payment.paymentDate,
    kind: payment.kind,
    remaining: toMoneyString(input.remaining),
    next: next
      ? { dueDate: next.dueDate, outstanding: next.outstanding, ...withFee(terms, next.outstanding) }
      : null,
    amountOverdue: input.position.amountOverdue,
  });
  return outboxMessage(owner.id, receipt, now, `receipt:${payment.id}`);
}

/** A reversed payment: always sent (it changes what the creator owes), with the reason written for them. */
export async function noticePaymentReversed(
  tx: DbOrTx,
  input: {
    app: Pick<FinancingApplication, 'id' | 'userId' | 'status'>;
    payment: { id: number; amount: string; fee: string; paymentDate: string };
    reason: string;
    remaining: string;
    amountOverdue: string;
    now: Date;
  },
) {
  const owner = await ownerOf(tx, input.app);
  if (!owner) return;
  const message = paymentReversedMail(recipientOf(owner), {
    applicationId: input.app.id,
    paymentId: input.payment.id,
    amount: input.payment.amount,
    fee: input.payment.fee,
    paymentDate: input.payment.paymentDate,
    reason: input.reason,
    remaining: input.remaining,
    amountOverdue: input.amountOverdue,
  });
  await send(tx, owner.id, message, input.now, `reversed:${input.payment.id}`);
}

/**
 * A restructure: the new terms, a legal notice sent whatever the reminder choice. A schedule can be restructured
 * again after three new shortfall months; each restructure's own row names it in the key.
 */
export async function noticeRestructure(
  tx: DbOrTx,
  input: {
    app: Pick<FinancingApplication, 'id' | 'userId' | 'status'>;
    schedule: Pick<RepaymentSchedule, 'id' | 'frequency'>;
    planned: ReadonlyArray<{ number: number; dueDate: IsoDate; amountDue: string }>;
    balance: string;
    installmentAmount: string;
    months: number;
    backToActive: boolean;
    /** The restructure (loan_restructures.id): names this one in the notice's key. */
    restructureId: number;
    now: Date;
  },
) {
  const { app, planned } = input;
  const owner = await ownerOf(tx, app);
  const first = planned[0];
  const last = planned.at(-1);
  if (!owner || !first || !last) return;
  const message = loanRestructuredMail(recipientOf(owner), {
    applicationId: app.id,
    balance: input.balance,
    installmentAmount: input.installmentAmount,
    lastInstalmentAmount: last.amountDue,
    instalments: planned.length,
    months: input.months,
    frequency: input.schedule.frequency,
    firstDueDate: first.dueDate,
    lastDueDate: last.dueDate,
    backToActive: input.backToActive,
  });
  await send(
    tx,
    owner.id,
    message,
    input.now,
    `restructured:${app.id}:${input.schedule.id}:${input.restructureId}`,
  );
}

/**
 * A loan moved to default, with its position as read under the change's lock. A loan can be cured and fall into
 * default again later; a new default is about a later unpaid instalment, so the oldest unpaid due date names it.
 */
export async function noticeDefault(
  tx: DbOrTx,
  input: {
    app: Pick<FinancingApplication, 'id' | 'userId' | 'status'>;
    position: Pick<LoanPosition, 'nextPaymentDate' | 'daysPastDue' | 'amountOverdue'>;
    balance: string;
    now: Date;
  },
) {
  const { app, position } = input;
  if (!position.nextPaymentDate) return;
  const owner = await ownerOf(tx, app);
  if (!owner) return;
  const message = loanDefaultedMail(recipientOf(owner), {
    applicationId: app.id,
    oldestDueDate: position.nextPaymentDate,
    daysPastDue: position.daysPastDue,
    amountOverdue: position.amountOverdue,
    balance: input.balance,
  });
  await send(tx, owner.id, message, input.now, `default:${app.id}:${position.nextPaymentDate}`);
}

/** Forgiveness: the creator's written confirmation that nothing more is owed on the loan. */
export async function noticeBalanceForgiven(
  tx: DbOrTx,
  input: {
    app: Pick<FinancingApplication, 'id' | 'userId' | 'status'>;
    forgivenOn: string;
    forgivenAmount: string;
    totalRepaid: string;
    now: Date;
  },
) {
  const owner = await ownerOf(tx, input.app);
  if (!owner) return;
  const message = balanceForgivenMail(recipientOf(owner), {
    applicationId: input.app.id,
    forgivenOn: input.forgivenOn,
    forgivenAmount: input.forgivenAmount,
    totalRepaid: input.totalRepaid,
  });
  await send(tx, owner.id, message, input.now, `forgiven:${input.app.id}`);
}

// ---------------------------------------------------------------------------------------------------------
// The daily notices (a job under its lock)

export type DueNoticesResult = {
  ran: boolean;
  reminders: number;
  overdue: number;
  section129: number;
  bureauNotices: number;
  statements: number;
};

const isOpen = (i: { amountDue: string; amountPaid: string }) => outstandingOf(i).gt(0);

/**
 * Reminders for open instalments falling due in the next REMINDER_DAYS_BEFORE days (creators who turned
 * reminders off get none), and an overdue notice for each loan whose oldest unpaid instalment has reached a
 * stage (1, 30 or 60 days past due); then the Act's notices and the monthly statements (below). Runs only within
 * NOTICE_HOURS in Johannesburg; each notice has a key, so running it again (every 15 minutes, on any number of
 * instances) sends nothing twice, and a morning missed is caught up by the next run.
 */
export async function sendDueNotices(db: Db, clock: Clock, config: Config): Promise<DueNoticesResult> {
  const now = clock.now();
  const hour = businessClock(now).hour;
  const result: DueNoticesResult = {
    ran: false,
    reminders: 0,
    overdue: 0,
    section129: 0,
    bureauNotices: 0,
    statements: 0,
  };
  if (hour < NOTICE_HOURS.from || hour >= NOTICE_HOURS.until) return result;
  result.ran = true;
  const today = businessDate(now);
  const until = addDays(today, REMINDER_DAYS_BEFORE);

  for (const loan of await loansWithInstalmentsDueBetween(db, addDays(today, 1), until)) {
    // Under debt review the counsellor's plan governs the payments: no reminders (docs/compliance.md).
    if (loan.underDebtReview) continue;
    const position = loanPosition(loan.instalments, today, loan.arrearsTolerance);
    for (const instalment of loan.instalments) {
      if (instalment.dueDate <= today || instalment.dueDate > until || !isOpen(instalment)) continue;
      const outstanding = toMoneyString(outstandingOf(instalment));
      const message = paymentReminderMail(recipientOf(loanOwner(loan)), {
        applicationId: loan.applicationId,
        number: instalment.number,
        instalments: loan.instalments.length,
        dueDate: instalment.dueDate,
        outstanding,
        ...withFee(loan, outstanding),
        daysBefore: daysBetween(today, instalment.dueDate),
        amountOverdue: position.amountOverdue,
      });
      const key = `reminder:${instalment.id}:${instalment.dueDate}`;
      if (await send(db, loan.userId, message, now, key)) result.reminders++;
    }
  }

  for (const loan of await loansInArrears(db, today)) {
    if (loan.underDebtReview) continue;
    const position = loanPosition(loan.instalments, today, loan.arrearsTolerance);
    const stage = [...OVERDUE_STAGES].reverse().find((s) => position.daysPastDue >= s);
    // The instalment the loan is late from (arrears below the tolerance before it are not overdue).
    const lateSince = arrearsFrom(loan.instalments, loan.arrearsTolerance);
    const oldest = loan.instalments.find((i) => i.dueDate === lateSince);
    if (!stage || !oldest || !lateSince) continue;
    const toPay = withFee(loan, position.amountOverdue);
    const message = overdueMail(recipientOf(loanOwner(loan)), {
      applicationId: loan.applicationId,
      stage,
      daysPastDue: position.daysPastDue,
      number: oldest.number,
      dueDate: oldest.dueDate,
      instalmentOutstanding: toMoneyString(outstandingOf(oldest)),
      amountOverdue: position.amountOverdue,
      overdueFee: toPay.fee,
      overdueTotal: toPay.total,
      remaining: loan.remainingAmount,
    });
    if (await send(db, loan.userId, message, now, `overdue:${oldest.id}:${stage}`)) result.overdue++;
    const sent = await sendArrearsNotices(db, config, loan, lateSince, position.amountOverdue, today, now);
    result.section129 += sent.section129;
    result.bureauNotices += sent.bureauNotice;
  }

  result.statements = await sendMonthlyStatements(db, today, now);
  return result;
}

/**
 * On the 20th business day in arrears (docs/compliance.md, "Default and enforcement"): the section 129(1)(a) notice,
 * e-mailed to the address the creator chose (their sign-in address), and the notice before adverse information is
 * reported to a credit bureau. Each is recorded in nca_events with its delivery, once per spell of arrears (the key
 * names the oldest unpaid due date), in one transaction with its e-mail.
 */
async function sendArrearsNotices(
  db: Db,
  config: Config,
  loan: NoticeLoan,
  lateSince: IsoDate,
  amountOverdue: string,
  today: IsoDate,
  now: Date,
): Promise<{ section129: number; bureauNotice: number }> {
  const sent = { section129: 0, bureauNotice: 0 };
  if (today < section129DueOn(lateSince)) return sent;
  const toPay = withFee(loan, amountOverdue);
  const recipient = recipientOf(loanOwner(loan));
  const enforcementFrom = enforcementAllowedFrom(today);
  await db.transaction(async (tx) => {
    const key = `s129:${loan.applicationId}:${lateSince}`;
    const recorded = await insertNcaEvent(tx, {
      applicationId: loan.applicationId,
      kind: 's129_notice',
      occurredOn: today,
      onceKey: key,
      details: {
        method: 'email',
        arrearsFrom: lateSince,
        amountOverdue,
        balance: loan.remainingAmount,
        enforcementFrom,
      },
      at: now,
    });
    if (!recorded) return;
    const message = section129NoticeMail(recipient, {
      applicationId: loan.applicationId,
      arrearsFrom: lateSince,
      businessDaysInArrears: NCA_RULES.section129ArrearsBusinessDays.value,
      amountOverdue,
      overdueTotal: toPay.total,
      balance: loan.remainingAmount,
      enforcementFrom,
      recourse: config.legal.recourse,
      howToPay: config.settlement,
    });
    await send(tx, loan.userId, message, now, key);
    sent.section129++;
  });
  await db.transaction(async (tx) => {
    const key = `bureau-notice:${loan.applicationId}:${lateSince}`;
    const listableFrom = adverseListingAllowedFrom(today);
    const recorded = await insertNcaEvent(tx, {
      applicationId: loan.applicationId,
      kind: 'bureau_adverse_notice',
      occurredOn: today,
      onceKey: key,
      details: { method: 'email', arrearsFrom: lateSince, amountOverdue, listableFrom },
      at: now,
    });
    if (!recorded) return;
    const message = bureauNoticeMail(recipient, {
      applicationId: loan.applicationId,
      amountOverdue,
      arrearsFrom: lateSince,
      listableFrom,
    });
    await send(tx, loan.userId, message, now, key);
    sent.bureauNotice++;
  });
  return sent;
}

/**
 * The statement of section 108 for last month, once per loan with a balance (the key `statement:<id>:<YYYY-MM>`):
 * the opening balance, the month's payments and fees, the closing balance. The balances are read back from today's
 * balance and the payments since (reversed payments count for nothing), so a restructure or a reversal is in them.
 */
async function sendMonthlyStatements(db: Db, today: IsoDate, now: Date): Promise<number> {
  const periodFrom = addMonths(`${today.slice(0, 7)}-01` as IsoDate, -1);
  const periodTo = addDays(`${today.slice(0, 7)}-01` as IsoDate, -1);
  const period = periodFrom.slice(0, 7);
  const loans = await loansOwedStatement(db, periodTo, period);
  const payments = await paymentsFrom(
    db,
    loans.map((l) => l.applicationId),
    periodFrom,
  );
  // Grouped once by loan: filtering the whole list for each loan is quadratic (15 724 loans x 93 129 payments on the
  // scale book).
  const paymentsByLoan = new Map<number, typeof payments>();
  for (const payment of payments) {
    const list = paymentsByLoan.get(payment.applicationId);
    if (list) list.push(payment);
    else paymentsByLoan.set(payment.applicationId, [payment]);
  }
  let sent = 0;
  for (const loan of loans) {
    const own = paymentsByLoan.get(loan.applicationId) ?? [];
    const inPeriod = own.filter((p) => p.date <= periodTo);
    const after = sumDecimal(own.filter((p) => p.date > periodTo).map((p) => p.amount));
    const paid = sumDecimal(inPeriod.map((p) => p.amount));
    const closing = new Decimal(loan.remainingAmount).plus(after);
    const position = loanPosition(loan.instalments, today, loan.arrearsTolerance);
    const message = monthlyStatementMail(recipientOf(loanOwner(loan)), {
      applicationId: loan.applicationId,
      periodFrom,
      periodTo,
      opening: toMoneyString(closing.plus(paid)),
      payments: inPeriod.map((p) => ({ date: p.date, amount: p.amount, fee: p.fee })),
      paid: toMoneyString(paid),
      fees: toMoneyString(sumDecimal(inPeriod.map((p) => p.fee))),
      closing: toMoneyString(closing),
      amountOverdue: position.amountOverdue,
      nextDueDate: position.nextPaymentDate,
    });
    if (await send(db, loan.userId, message, now, `statement:${loan.applicationId}:${period}`)) sent++;
  }
  return sent;
}

const loanOwner = (loan: NoticeLoan) => ({ username: loan.email, firstName: loan.firstName });

// ---------------------------------------------------------------------------------------------------------
// The creator's choice (Settings)

export async function noticePreferences({ db }: Deps, user: SessionUser): Promise<NoticePreferences> {
  const current = await findUserById(db, user.id);
  if (!current) throw notFound('Could not find your account');
  return { remindersEnabled: current.remindersEnabled };
}

/** Turns payment reminders on or off, with an audit row, in one transaction under the user's row lock. */
export async function setNoticePreferences(
  { db, clock }: Deps,
  user: SessionUser,
  input: z.output<typeof noticePreferencesSchema>,
): Promise<NoticePreferences> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const current = await findUserById(tx, user.id);
    if (!current) throw notFound('Could not find your account');
    if (current.remindersEnabled !== input.remindersEnabled) {
      await updateUser(tx, user.id, { remindersEnabled: input.remindersEnabled });
      await recordAction(tx, {
        userId: user.id,
        action: input.remindersEnabled ? 'payment_reminders_on' : 'payment_reminders_off',
        notes: input.remindersEnabled
          ? 'Payment reminders turned on in Settings'
          : 'Payment reminders turned off in Settings (receipts and loan notices still sent)',
        at: now,
      });
    }
    return { remindersEnabled: input.remindersEnabled };
  });
}
