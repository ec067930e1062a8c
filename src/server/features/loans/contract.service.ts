// The quote is the contract, and the payout is a step (docs/lending.md "The quote is the
// contract"). Part of the application lifecycle: every change here locks the application row, checks the status
// machine, and writes its audit row (and ledger journal, where money moves) in one transaction.
//   storePlanQuote  the creator's plan, previewed: stored with every instalment, fee and rate; holds 5 business days
//   makeOffer       an admin's setup: an offer for the creator to accept            approved | offered -> offered
//   acceptQuote     the creator accepts their plan's quote or the offer (consent)   approved | offered -> accepted
//   payOut          the admin records the payout: the schedule is written from the accepted quote, dated from the
//                   payout; a top-up settles its old loan first                     accepted -> active
import Decimal from 'decimal.js';
import { bankAccountText } from '../../../shared/bank-account';
import { businessDate, type IsoDate, startOfBusinessDay } from '../../../shared/business-date';
import type { LegalPricing } from '../../../shared/compliance/lawful-pricing';
import { QUOTE_VALID_BUSINESS_DAYS } from '../../../shared/constants';
import { financedAmount } from '../../../shared/finance/amount-financed';
import { dueOnBusinessDays, planInstalments, remainingMonthsFor } from '../../../shared/finance/instalments';
import { toMoneyString } from '../../../shared/finance/money';
import { platformFeeOn } from '../../../shared/finance/platform-fee';
import { type CreditQuote, scheduleQuote } from '../../../shared/finance/quote';
import { estimatedMonthlyWithholding } from '../../../shared/finance/repayment-plan';
import { chargeRateOf } from '../../../shared/finance/settlement';
import { topUpSplit } from '../../../shared/finance/top-up';
import { formatDate as day } from '../../../shared/format';
import { addBusinessDays } from '../../../shared/sa-business-days';
import { baseStatus, canTransition, isTestingStatus, sameWorld } from '../../../shared/status-machine';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { CreditQuoteRow, FinancingApplication, QuoteTerms, User } from '../../db/types';
import type { Deps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { platformFeeRate } from '../app-settings/app-settings.service';
import { recordAction } from '../audit/audit.repository';
import { postDisbursement } from '../ledger/ledger.service';
import { noticeAccepted, noticeOffer, noticePlanActive } from '../notices/notices.service';
import type { SessionUser } from '../sessions/sessions.service';
import { findUserById } from '../users/users.repository';
import { type ApplicationView, loadRecord } from './application-lifecycle.service';
import { findScheduleByApplication, lockApplication, updateApplication } from './applications.repository';
import {
  acceptedQuoteOf,
  closeOpenQuotes,
  findCreditQuote,
  insertCreditQuote,
  latestOpenQuote,
  loansPaidOutInYear,
  markQuoteAccepted,
} from './credit-quotes.repository';
import { describeInstalments, money, scheduleDates, settlementOf } from './loan-position';
import { recordRepayment } from './repayments.service';
import {
  insertInstalments,
  insertSchedule,
  instalmentsOf,
  lockScheduleByApplication,
} from './servicing.repository';

/** A stored quote as the routes answer it: the figures as shown, with its id and the day it holds until. */
export type StoredQuote = CreditQuote & {
  id: number;
  validUntil: IsoDate;
  kind: 'plan' | 'offer';
  status: 'open' | 'accepted' | 'superseded' | 'withdrawn';
};

export const storedQuoteView = (row: CreditQuoteRow): StoredQuote => ({
  ...(row.quote as unknown as CreditQuote),
  id: row.id,
  validUntil: row.validUntil,
  kind: row.kind as StoredQuote['kind'],
  status: row.status as StoredQuote['status'],
});

/** The quote a loan's schedule was written from (`quoteId`), as it was shown and accepted; undefined if none. */
export async function signedQuote(db: DbOrTx, quoteId: number | null): Promise<CreditQuote | undefined> {
  if (quoteId === null) return undefined;
  const row = await findCreditQuote(db, quoteId);
  // credit_quotes.quote is typed as a plain record (db/schema.ts); insertQuote wrote it from creditQuote, so it holds
  // a CreditQuote.
  return row ? (row.quote as unknown as CreditQuote) : undefined;
}

/** The quote of `terms` for `app` made today: the instalments the payout would write if it were today. */
function quoteOf(app: FinancingApplication, terms: QuoteTerms, today: IsoDate, feeRate: number): CreditQuote {
  return scheduleQuote(
    {
      legal: terms.legal ?? null,
      frequency: terms.frequency,
      totalAmount: terms.totalAmount,
      installmentAmount: terms.installmentAmount,
      instalmentCount: terms.instalmentCount,
      paymentMethod: terms.paymentMethod,
      estimatedMonthlyWithholding:
        terms.paymentMethod === 'platform_earnings'
          ? toMoneyString(estimatedMonthlyWithholding(app.monthlyRevenue, terms.withholdingPercentage))
          : null,
    },
    financedAmount(app),
    today,
    feeRate,
  );
}

/** The same terms, key by key (a jsonb column gives its keys back in its own order). */
const sameTerms = (a: QuoteTerms, b: QuoteTerms) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof QuoteTerms>;
  // Nested values (the legal price) compared by their sorted entries: jsonb keeps its own key order.
  const text = (v: unknown) =>
    v !== null && typeof v === 'object' ? JSON.stringify(Object.entries(v).sort()) : String(v ?? null);
  return [...keys].every((k) => text(a[k]) === text(b[k]));
};

/**
 * What the server knows that pricing within the National Credit Act's ceilings needs (docs/compliance.md): the repo
 * rate of the configuration, and which of the creator's loans this would be in the calendar year.
 */
export async function legalPricingFor(
  db: DbOrTx,
  config: Config,
  userId: number,
  now: Date,
): Promise<LegalPricing> {
  const year = Number(businessDate(now).slice(0, 4));
  return { repoRate: config.legal.repoRate, loanInYear: (await loansPaidOutInYear(db, userId, year)) + 1 };
}

/**
 * Same terms, same list fee rate, the same day: a preview asked for again gives the quote already stored. (The row
 * keeps the rate it charges; where the service-fee ceiling lowered it, the quote keeps the list rate beside it.)
 */
const sameQuote = (row: CreditQuoteRow, terms: QuoteTerms, feeRate: number, today: IsoDate) =>
  sameTerms(row.terms, terms) &&
  new Decimal(
    (row.quote as { listPlatformFeeRate?: string | null }).listPlatformFeeRate ?? row.platformFeeRate,
  ).equals(feeRate) &&
  (row.quote as { disbursementDate?: string }).disbursementDate === today;

export async function insertQuote(
  tx: DbOrTx,
  input: {
    app: FinancingApplication;
    kind: 'plan' | 'offer';
    madeBy: number;
    terms: QuoteTerms;
    feeRate: number;
    now: Date;
  },
) {
  const today = businessDate(input.now);
  const quote = quoteOf(input.app, input.terms, today, input.feeRate);
  return insertCreditQuote(tx, {
    applicationId: input.app.id,
    kind: input.kind,
    madeBy: input.madeBy,
    amountFinanced: financedAmount(input.app),
    // The rate the quote charges: the list rate, lowered where the service-fee ceiling needs it.
    platformFeeRate: quote.platformFeeRate,
    terms: input.terms,
    quote: quote as unknown as Record<string, unknown>,
    validUntil: addBusinessDays(today, QUOTE_VALID_BUSINESS_DAYS),
    createdAt: input.now,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Quotes and offers

/**
 * The creator's plan previewed: the quote they see is stored (every instalment, fee and rate) and holds for 5
 * business days. The same preview asked again on the same day gives the same quote; a different one supersedes it.
 */
export async function storePlanQuote(
  { db, config, clock }: Deps,
  creator: SessionUser,
  app: FinancingApplication,
  terms: QuoteTerms,
): Promise<StoredQuote> {
  const feeRate = await platformFeeRate(db, config);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const locked = await lockApplication(tx, app.id);
    if (!locked || locked.userId !== creator.id)
      throw notFound(`Could not find application with ID ${app.id}`);
    const open = await latestOpenQuote(tx, app.id, 'plan');
    if (open && sameQuote(open, terms, feeRate, businessDate(now))) return storedQuoteView(open);
    await closeOpenQuotes(tx, app.id, 'superseded', { kind: 'plan' });
    return storedQuoteView(
      await insertQuote(tx, { app: locked, kind: 'plan', madeBy: creator.id, terms, feeRate, now }),
    );
  });
}

/**
 * An admin's setup: an offer the creator accepts before anything is paid out (approved | offered -> offered). A new
 * offer supersedes the one before it. The creator is told by e-mail.
 */
export async function makeOffer<T>(
  { db, config, clock }: Deps,
  admin: SessionUser,
  id: number,
  price: (app: FinancingApplication, legal: LegalPricing) => QuoteTerms,
  view: ApplicationView<T>,
): Promise<T> {
  const feeRate = await platformFeeRate(db, config);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, id);
    if (!app) throw notFound(`Could not find application with ID ${id}`);
    const target = sameWorld(app.status, 'offered');
    if (!canTransition(app.status, target, 'admin')) {
      throw conflict(
        'An offer can be made only for an approved application (or to replace an offer not yet accepted).',
      );
    }
    const terms = price(app, await legalPricingFor(tx, config, app.userId, now));
    await closeOpenQuotes(tx, id, 'superseded', { kind: 'offer' });
    const row = await insertQuote(tx, { app, kind: 'offer', madeBy: admin.id, terms, feeRate, now });
    const quote = row.quote as unknown as CreditQuote;
    await updateApplication(tx, id, { status: target, estimatedPeriod: terms.estimatedPeriod }, now);
    await recordAction(tx, {
      userId: app.userId,
      adminId: admin.id,
      action: 'offer_made',
      notes: `#${id}: offer ${row.id}, ${money(quote.amountFinanced)} in ${quote.instalmentCount} instalments of ${money(quote.instalmentAmount)} (${terms.frequency}, ${terms.paymentMethod}), ${quote.annualCostRate}% a year with fees, valid until ${day(row.validUntil)}`,
      at: now,
    });
    await noticeOffer(tx, { ...app, status: target }, quote, row.validUntil, row.id, now);
    return view(await loadRecord(tx, id), businessDate(now));
  });
}

// ---------------------------------------------------------------------------------------------------------
// Acceptance

export type ConsentMeta = { ip: string; userAgent?: string | null };

/**
 * The creator accepts a quote: the plan they were shown (approved) or the admin's offer (offered). The quote must be
 * theirs, open and still valid; the acceptance is the contract, recorded with its time, IP address and browser
 * (approved | offered -> accepted). Nothing is paid out yet: the payout is the admin's next step. Under the
 * application's row lock, so of any number of acceptances at once one wins and the rest answer 409.
 */
export async function acceptQuote<T>(
  { db, clock }: Deps,
  creator: SessionUser,
  id: number,
  quoteId: number | undefined,
  meta: ConsentMeta,
  view: ApplicationView<T>,
  /**
   * Given for the creator's own plan choice (POST .../schedule): only for an approved application; without a quote
   * id (clients before quotes were kept), the plan's quote is made now.
   */
  makePlanQuote?: (tx: DbOrTx, app: FinancingApplication) => Promise<CreditQuoteRow>,
): Promise<T> {
  const now = clock.now();
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, id);
    if (!app || app.userId !== creator.id) throw notFound(`Could not find application with ID ${id}`);
    const target = sameWorld(app.status, 'accepted');
    if (!canTransition(app.status, target, 'creator')) {
      throw conflict(
        baseStatus(app.status) === 'accepted'
          ? 'You have already accepted this agreement: the payout is on its way.'
          : 'Only an approved application, or an offer, can be accepted.',
      );
    }
    const offered = baseStatus(app.status) === 'offered';
    // Choosing one's own plan is for an approved application: a waiting offer is accepted as the offer it is.
    if (offered && makePlanQuote) {
      throw conflict('An offer is waiting for this application: accept the offer, or ask us to change it.');
    }
    let quote =
      quoteId !== undefined
        ? await findCreditQuote(tx, quoteId)
        : await latestOpenQuote(tx, id, offered ? 'offer' : 'plan');
    if (!quote && quoteId === undefined && !offered && makePlanQuote) quote = await makePlanQuote(tx, app);
    if (!quote || quote.applicationId !== id)
      throw notFound(`Could not find quote ${quoteId ?? ''} of application #${id}`.trim());
    if (offered && quote.kind !== 'offer') {
      throw conflict('An offer is waiting for this application: accept the offer, or ask us to change it.');
    }
    if (quote.status !== 'open')
      throw conflict('This quote no longer holds: a newer one replaced it. Accept the newer one.');
    if (quote.validUntil < today) {
      throw conflict(`This quote expired on ${day(quote.validUntil)}: ask for a new one before you accept.`);
    }
    await markQuoteAccepted(tx, quote.id, {
      at: now,
      by: creator.id,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 400) ?? null,
    });
    await closeOpenQuotes(tx, id, 'superseded', { except: quote.id });
    await updateApplication(tx, id, { status: target, estimatedPeriod: quote.terms.estimatedPeriod }, now);
    const shown = quote.quote as unknown as CreditQuote;
    await recordAction(tx, {
      userId: app.userId,
      action: 'quote_accepted',
      notes: `#${id}: ${quote.kind} ${quote.id} accepted (${money(shown.amountFinanced)}, ${shown.instalmentCount} instalments of ${money(shown.instalmentAmount)}, ${shown.annualCostRate}% a year with fees) from ${meta.ip}`,
      at: now,
    });
    const owner = await findUserById(tx, app.userId);
    await noticeAccepted(tx, { ...app, status: target }, shown, bankAccountOf(owner), quote.id, now);
    return view(await loadRecord(tx, id), today);
  });
}

/** The account a payout goes to, as people read it ('FNB ..7890'); null without one on file. Never the full number. */
const bankAccountOf = (user: Pick<User, 'bankName' | 'accountNumber'> | undefined): string | null =>
  user ? bankAccountText(user.bankName, user.accountNumber) : null;

// ---------------------------------------------------------------------------------------------------------
// The payout

export type PayoutInput = { paidOn: IsoDate; bankReference: string };

/**
 * The admin records the payout of an accepted agreement (accepted -> active): the money went to the creator's bank
 * account on file (none on file, no payout) on `paidOn`, with the bank's reference. The schedule is written from the
 * accepted quote's terms (the same instalments and fees), its due dates counted from the payout day; a top-up
 * settles the loan it tops up first. One transaction: status, schedule, instalments, disbursement journal, audit
 * row, the creator's notice.
 */
export async function payOut<T>(
  { db, config, clock }: Deps,
  admin: SessionUser,
  id: number,
  input: PayoutInput,
  view: ApplicationView<T>,
): Promise<T> {
  const now = clock.now();
  const today = businessDate(now);
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, id);
    if (!app) throw notFound(`Could not find application with ID ${id}`);
    const target = sameWorld(app.status, 'active');
    if (!canTransition(app.status, target, 'admin')) {
      throw conflict('A payout can be recorded only once the creator has accepted the agreement.');
    }
    if (await findScheduleByApplication(tx, id))
      throw conflict('This application has already been paid out.');
    const quote = await acceptedQuoteOf(tx, id);
    if (!quote) throw conflict('This application has no accepted agreement to pay out.');
    const owner = await findUserById(tx, app.userId);
    const account = bankAccountOf(owner);
    if (!account) {
      throw conflict(
        'The creator has no bank account on file: no payout. Ask them to add one in Settings, then record the payout.',
      );
    }
    const acceptedOn = businessDate(quote.acceptedAt!);
    if (input.paidOn > today) {
      throw badRequest(`The payout date cannot be in the future: today is ${day(today)} in South Africa.`, {
        paidOn: [`Not after ${day(today)}`],
      });
    }
    if (input.paidOn < acceptedOn) {
      throw badRequest(`The payout date cannot be before the creator accepted, on ${day(acceptedOn)}.`, {
        paidOn: [`Not before ${day(acceptedOn)}`],
      });
    }
    const schedule = await startLoan(tx, {
      app,
      quote,
      start: input.paidOn,
      arrearsTolerance: config.arrearsTolerance,
      payout: { reference: input.bankReference, account, admin },
      now,
    });
    return view(await loadRecord(tx, schedule.applicationId), today);
  });
}

/**
 * The loan starts: the one money-moving sequence of a disbursement. The schedule and its instalments from the accepted
 * quote's terms, due dates counted from `start` (the payout day); a top-up first settles the loan it tops up.
 */
async function startLoan(
  tx: DbOrTx,
  input: {
    app: FinancingApplication;
    quote: CreditQuoteRow;
    start: IsoDate;
    arrearsTolerance: string;
    payout: { reference: string; account: string; admin: SessionUser };
    now: Date;
  },
) {
  const { app, quote, start, now } = input;
  const terms = quote.terms;
  const feeRate = quote.platformFeeRate;
  const adminId = input.payout.admin.id;
  // A top-up's payout first settles the loan it tops up, in this transaction: one open loan at a time.
  const settled = app.topUpOfApplicationId === null ? null : await settleForTopUp(tx, app, adminId, now);
  const planned = planInstalments({
    start,
    frequency: terms.frequency,
    total: new Decimal(terms.totalAmount),
    instalment: new Decimal(terms.installmentAmount),
    count: terms.instalmentCount,
    businessDaysOnly: dueOnBusinessDays(terms.paymentMethod),
  });
  // Status first, then the schedule, inside the same transaction.
  await updateApplication(
    tx,
    app.id,
    {
      status: sameWorld(app.status, 'active'),
      estimatedPeriod: terms.estimatedPeriod,
      ...(settled ? { topUpSettledAmount: settled.settlesAmount } : {}),
    },
    now,
  );
  const schedule = await insertSchedule(tx, {
    applicationId: app.id,
    userId: app.userId,
    // The payout day, as the instant it began in South Africa (today: now), so the schedule starts on that day.
    startDate: start === businessDate(now) ? now : startOfBusinessDay(start),
    endDate: planned.at(-1)!.dueDate,
    ...scheduleDates(
      { arrearsTolerance: input.arrearsTolerance },
      planned.map((i) => ({ ...i, amountPaid: '0.00' })),
    ),
    arrearsTolerance: input.arrearsTolerance,
    // The agreement's charge rate, at which the charge accrues for an early settlement.
    chargeRate: chargeRateOf(quote.amountFinanced, start, planned).toFixed(18),
    totalAmount: terms.totalAmount,
    remainingAmount: terms.totalAmount,
    installmentAmount: terms.installmentAmount,
    costAmount: terms.costAmount,
    costPercentage: String(terms.costPercentage),
    withholdingPercentage: String(terms.withholdingPercentage),
    platformFeeRate: feeRate,
    // The fees the quote disclosed: the fee on every instalment. The fees charged never exceed it.
    quotedFees: toMoneyString(
      planned.reduce((sum, i) => sum.plus(platformFeeOn(i.amountDue, feeRate)), new Decimal(0)),
    ),
    frequency: terms.frequency,
    paymentMethod: terms.paymentMethod,
    status: 'active',
    estimatedPeriod: terms.estimatedPeriod,
    estimatedRemainingDuration: remainingMonthsFor(planned.length, terms.frequency),
    quoteId: quote.id,
    paidOutOn: start,
    payoutReference: input.payout.reference,
    payoutAccount: input.payout.account,
    paidOutBy: adminId,
    createdAt: now,
    updatedAt: now,
  });
  await insertInstalments(tx, schedule.id, planned, now);
  await postDisbursement(
    tx,
    app.id,
    new Decimal(quote.amountFinanced),
    new Decimal(terms.costAmount),
    adminId,
    now,
  );
  const paidToCreator = settled ? settled.creatorReceives : toMoneyString(new Decimal(quote.amountFinanced));
  await recordAction(tx, {
    userId: app.userId,
    adminId,
    action: 'payout_recorded',
    notes: `#${app.id}: ${money(paidToCreator)} paid to ${input.payout.account} on ${day(start)} (reference ${input.payout.reference}); total ${money(terms.totalAmount)} in ${planned.length} instalments of ${money(terms.installmentAmount)} (${terms.frequency}), first due ${day(planned[0]!.dueDate)}; the terms of ${quote.kind} ${quote.id}`,
    at: now,
  });
  if (settled) {
    await recordAction(tx, {
      userId: app.userId,
      adminId,
      action: 'top_up_settled',
      notes: `#${app.id}: top-up of #${app.topUpOfApplicationId} settled it for ${money(settled.settlesAmount)} (${money(settled.rebate)} of finance charge not earned rebated, no fee); the creator receives ${money(settled.creatorReceives)}`,
      at: now,
    });
  }
  await noticePlanActive(
    tx,
    app,
    schedule,
    planned,
    {
      paidOutOn: start,
      payoutAccount: input.payout.account,
      payoutReference: input.payout.reference,
      paidToCreator,
    },
    now,
  );
  return schedule;
}

/**
 * The first step of a top-up's payout, in the payout's transaction with both loans locked (the top-up's row
 * first, then the old loan's, as every path that locks both does): the old loan is settled at the amount a
 * settlement quote would show today (principal and the charge earned, no fee; the rest rebated) through
 * recordRepayment, so the old loan completes before the new one starts. The rules for what changed since the top-up
 * was asked for (docs/lending.md, "Top-ups"): an old loan repaid in between leaves nothing to settle (the payout goes
 * to the creator whole); one in arrears or in default stops the payout (409) until it is up to date; a top-up that no
 * longer covers the settlement stops it too.
 */
async function settleForTopUp(tx: DbOrTx, app: FinancingApplication, adminId: number | null, now: Date) {
  const oldId = app.topUpOfApplicationId!;
  if (isTestingStatus(app.status)) throw conflict('A test application cannot settle a real loan.');
  const old = await lockApplication(tx, oldId);
  const schedule = await lockScheduleByApplication(tx, oldId);
  if (!old || old.userId !== app.userId || !schedule) {
    throw conflict(`Financing #${oldId}, which this top-up settles, has no repayment schedule.`);
  }
  const base = baseStatus(old.status);
  if (base === 'completed') return { ...topUpSplit(financedAmount(app), '0.00'), rebate: '0.00' };
  if (base !== 'active') {
    throw conflict(
      `Financing #${oldId}, which this top-up settles, is ${base === 'defaulted' ? 'in default' : base}: it cannot be paid out until that loan is being repaid and up to date.`,
    );
  }
  const today = businessDate(now);
  const instalments = await instalmentsOf(tx, schedule.id);
  const { position } = describeInstalments(schedule, instalments, today);
  if (new Decimal(position.amountOverdue).gt(0)) {
    throw conflict(
      `Financing #${oldId}, which this top-up settles, has ${money(position.amountOverdue)} overdue: it can be paid out once that loan is up to date.`,
    );
  }
  // The same settlement a creator would be quoted today: the principal and the charge earned, no fee; the charge
  // not earned is rebated.
  const settlement = await settlementOf(tx, schedule, instalments, today);
  const split = topUpSplit(financedAmount(app), settlement.amount);
  if (new Decimal(split.creatorReceives).lte(0)) {
    throw conflict(
      `This top-up of ${money(financedAmount(app))} does not cover the ${money(split.settlesAmount)} it settles.`,
    );
  }
  await recordRepayment(tx, {
    applicationId: oldId,
    amount: new Decimal(split.settlesAmount),
    rebate: new Decimal(settlement.rebate),
    paymentDate: today,
    notes: `Settled by top-up #${app.id}`,
    createdBy: adminId,
    kind: 'settlement',
    now,
  });
  return { ...split, rebate: settlement.rebate };
}
