// Collections (docs/collections.md): the worklist and a loan's case for staff; assigning, contacts and promises to
// pay for those who collect; the creator's "I can't pay this month". Each change is one transaction with the loan
// locked and an audit row (whose notes reach the creator's data export, so they name no member of staff).
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { addDays, businessDate, type IsoDate } from '../../../shared/business-date';
import {
  CONTACT_CHANNEL_LABELS,
  CONTACT_OUTCOME_LABELS,
  HARDSHIP_ANSWER_BUSINESS_DAYS,
  PROMISE_WITHIN_DAYS,
} from '../../../shared/collections';
import { bucketFor } from '../../../shared/finance/instalments';
import { formatZar, toMoneyString } from '../../../shared/finance/money';
import { formatDate as day } from '../../../shared/format';
import { addBusinessDays } from '../../../shared/sa-business-days';
import type {
  assignSchema,
  CollectionCase,
  contactInputSchema,
  HelpRequest,
  helpRequestInputSchema,
  MyHelpRequest,
  promiseInputSchema,
  Worklist,
  WorklistQuery,
  WorklistRow,
} from '../../../shared/schemas/collections';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { dashboardMode } from '../app-settings/app-settings.service';
import { recordAction } from '../audit/audit.repository';
import type { SessionUser } from '../sessions/sessions.service';
import * as repo from './collections.repository';

/** How many contacts a case shows (the newest). */
const CONTACTS_SHOWN = 100;
/** A next action is set at most this far ahead. */
const NEXT_ACTION_WITHIN_DAYS = 366;

const SERVICED = new Set(['active', 'defaulted']);

function toRow(r: repo.WorklistDbRow): WorklistRow {
  return {
    applicationId: r.application_id,
    creatorId: r.user_id,
    creatorName: r.creator_name,
    creatorEmail: r.creator_email,
    status: r.status,
    bucket: bucketFor(r.dpd),
    daysPastDue: r.dpd,
    amountOverdue: SERVICED.has(r.status) ? r.amount_overdue : '0.00',
    balance: r.balance,
    brokenPromises: r.broken,
    openPromise:
      r.promise_id === null
        ? null
        : { id: r.promise_id, amount: r.promise_amount!, promisedFor: r.promise_for!, paid: r.promise_paid! },
    collector: r.collector_id === null ? null : { id: r.collector_id, name: r.collector_name ?? '' },
    nextActionOn: r.next_action_on,
    askedForHelpAt: r.asked_at === null ? null : new Date(r.asked_at).toISOString(),
  };
}

const toHelpRequest = (h: repo.HelpRequestDbRow): HelpRequest => ({
  id: h.id,
  reason: h.reason,
  canPay: h.can_pay,
  status: h.status,
  createdAt: new Date(h.created_at).toISOString(),
  closedAt: h.closed_at === null ? null : new Date(h.closed_at).toISOString(),
  outcome: h.outcome,
});

export async function listWorklist(
  { db, clock }: Deps,
  staff: SessionUser,
  query: WorklistQuery,
): Promise<Omit<Worklist, 'success'>> {
  const today = businessDate(clock.now());
  const filter = { view: query.view, bucket: query.bucket, mode: dashboardMode(staff), staffId: staff.id };
  const [{ rows, total }, people] = await Promise.all([
    repo.worklist(db, filter, query, today),
    repo.collectors(db),
  ]);
  return {
    data: rows.map(toRow),
    total,
    page: query.page,
    pageSize: query.pageSize,
    today,
    collectors: people,
  };
}

export async function getCase(
  { db, clock }: Deps,
  applicationId: number,
): Promise<Omit<CollectionCase, 'success'>> {
  const today = businessDate(clock.now());
  const row = await repo.loanRow(db, applicationId, today);
  if (!row) throw notFound(`Could not find a loan for application ${applicationId}`);
  const [contacts, promises, requests, people] = await Promise.all([
    repo.contactsOf(db, applicationId, CONTACTS_SHOWN),
    repo.promisesOf(db, applicationId, today),
    repo.helpRequestsOf(db, applicationId),
    repo.collectors(db),
  ]);
  return {
    data: {
      ...toRow(row),
      contacts: contacts.map((c) => ({
        id: c.id,
        channel: c.channel,
        outcome: c.outcome,
        note: c.note,
        contactedAt: new Date(c.contacted_at).toISOString(),
        staff: c.staff_id === null ? null : { id: c.staff_id, name: c.staff_name ?? '' },
      })),
      promises: promises.map((p) => ({
        id: p.id,
        amount: p.amount,
        madeOn: p.made_on,
        promisedFor: p.promised_for,
        paid: p.paid,
        status: p.status,
        madeBy: p.made_by === null ? null : { id: p.made_by, name: p.made_by_name ?? '' },
      })),
      helpRequests: requests.map(toHelpRequest),
    },
    today,
    collectors: people,
  };
}

/**
 * Runs `change` with the loan locked, after checking it is a loan being repaid (404 when there is no loan, 409
 * when it is not being repaid).
 */
async function onServicedLoan<T>(
  { db }: Deps,
  applicationId: number,
  change: (tx: DbOrTx, loan: { userId: number; remaining: string }) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const loan = await repo.lockLoan(tx, applicationId);
    if (!loan) throw notFound(`Could not find a loan for application ${applicationId}`);
    if (!SERVICED.has(loan.status)) {
      throw conflict(
        `Loan #${applicationId} is not being repaid (it is ${loan.status}): there is nothing to collect.`,
      );
    }
    return change(tx, { userId: loan.user_id, remaining: loan.remaining_amount });
  });
}

export async function assign(
  deps: Deps,
  staff: SessionUser,
  applicationId: number,
  body: z.infer<typeof assignSchema>,
): Promise<string> {
  const now = deps.clock.now();
  const today = businessDate(now);
  if (body.nextActionOn !== null) {
    if (body.nextActionOn < today)
      throw badRequest('The next action cannot be in the past', {
        nextActionOn: ['The next action cannot be in the past'],
      });
    if (body.nextActionOn > addDays(today, NEXT_ACTION_WITHIN_DAYS)) {
      throw badRequest('The next action must be within a year', {
        nextActionOn: ['The next action must be within a year'],
      });
    }
  }
  return onServicedLoan(deps, applicationId, async (tx, loan) => {
    if (body.collectorId !== null) {
      const people = await repo.collectors(tx);
      if (!people.some((p) => p.id === body.collectorId)) {
        throw badRequest('The loan can only be assigned to an active member of staff who collects', {
          collectorId: ['Choose an active collector or admin'],
        });
      }
    }
    await repo.saveAccount(tx, applicationId, body, now);
    const parts = [
      body.collectorId === null ? 'no collector' : 'a collector',
      body.nextActionOn === null ? 'no next action date' : `next action on ${day(body.nextActionOn)}`,
    ];
    await recordAction(tx, {
      userId: loan.userId,
      adminId: staff.id,
      action: 'collections_assigned',
      notes: `Loan #${applicationId} in collections: ${parts.join(', ')}.`,
      at: now,
    });
    return `Loan #${applicationId}: ${parts.join(', ')}.`;
  });
}

export async function logContact(
  deps: Deps,
  staff: SessionUser,
  applicationId: number,
  body: z.infer<typeof contactInputSchema>,
): Promise<string> {
  const now = deps.clock.now();
  return onServicedLoan(deps, applicationId, async (tx, loan) => {
    await repo.insertContact(tx, { applicationId, staffId: staff.id, ...body, at: now });
    const said = `${CONTACT_CHANNEL_LABELS[body.channel]}: ${CONTACT_OUTCOME_LABELS[body.outcome].toLowerCase()}`;
    await recordAction(tx, {
      userId: loan.userId,
      adminId: staff.id,
      action: 'collections_contact',
      notes: `Loan #${applicationId}: ${said}.`,
      at: now,
    });
    return `Contact logged: ${said}.`;
  });
}

export async function makePromise(
  deps: Deps,
  staff: SessionUser,
  applicationId: number,
  body: z.infer<typeof promiseInputSchema>,
): Promise<string> {
  const now = deps.clock.now();
  const today = businessDate(now);
  const latest = addDays(today, PROMISE_WITHIN_DAYS);
  const promisedFor = body.promisedFor as IsoDate;
  if (promisedFor < today || promisedFor > latest) {
    const message = `The promised date must be from today to ${day(latest)} (${PROMISE_WITHIN_DAYS} days); a later one is a new plan.`;
    throw badRequest(message, { promisedFor: [message] });
  }
  const amount = toMoneyString(new Decimal(body.amount));
  return onServicedLoan(deps, applicationId, async (tx, loan) => {
    if (new Decimal(amount).gt(loan.remaining)) {
      const message = `The promise cannot be more than the balance owed, ${formatZar(loan.remaining)}.`;
      throw badRequest(message, { amount: [message] });
    }
    // Read under the loan's lock: of any number of promises asked at once, one finds none open.
    const open = await repo.openPromise(tx, applicationId, today);
    if (open) {
      throw conflict(
        `Loan #${applicationId} already has an open promise of ${formatZar(open.amount)} by ${day(open.promised_for as IsoDate)}: it is kept or broken before another is made.`,
      );
    }
    const id = await repo.insertPromise(tx, {
      applicationId,
      amount,
      madeOn: today,
      promisedFor,
      madeBy: staff.id,
      at: now,
    });
    const said = `${formatZar(amount)} by ${day(promisedFor)}`;
    await recordAction(tx, {
      userId: loan.userId,
      adminId: staff.id,
      action: 'promise_to_pay',
      notes: `Loan #${applicationId}: promise #${id} to pay ${said}.`,
      at: now,
    });
    return `Promise to pay ${said} recorded.`;
  });
}

export async function closeHelpRequest(
  deps: Deps,
  staff: SessionUser,
  applicationId: number,
  requestId: number,
  outcome: string,
): Promise<string> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const loan = await repo.lockLoan(tx, applicationId);
    if (!loan) throw notFound(`Could not find a loan for application ${applicationId}`);
    const closed = await repo.closeHelpRequest(tx, {
      applicationId,
      requestId,
      outcome,
      by: staff.id,
      at: now,
    });
    if (!closed) throw conflict(`Request #${requestId} on loan #${applicationId} is not open.`);
    await recordAction(tx, {
      userId: loan.user_id,
      adminId: staff.id,
      action: 'help_request_closed',
      notes: `Loan #${applicationId}: request for help #${requestId} answered: ${outcome}`,
      at: now,
    });
    return `Request #${requestId} closed.`;
  });
}

/** The creator's loan, or 404 when it is not theirs or not a loan (another creator's object is not found). */
async function creatorsLoan({ db }: Deps, creator: SessionUser, applicationId: number) {
  const loan = await repo.loanOwner(db, applicationId);
  if (!loan || loan.user_id !== creator.id) throw notFound(`Could not find application ${applicationId}`);
  return loan;
}

const answerBy = (request: repo.HelpRequestDbRow | null) =>
  request?.status === 'open'
    ? addBusinessDays(businessDate(new Date(request.created_at)), HARDSHIP_ANSWER_BUSINESS_DAYS)
    : null;

export async function myHelpRequest(
  deps: Deps,
  creator: SessionUser,
  applicationId: number,
): Promise<Omit<MyHelpRequest, 'success'>> {
  await creatorsLoan(deps, creator, applicationId);
  const latest = await repo.latestHelpRequest(deps.db, applicationId);
  return { data: latest ? toHelpRequest(latest) : null, answerBy: answerBy(latest) };
}

export async function askForHelp(
  deps: Deps,
  creator: SessionUser,
  applicationId: number,
  body: z.infer<typeof helpRequestInputSchema>,
): Promise<Omit<MyHelpRequest, 'success'> & { message: string }> {
  await creatorsLoan(deps, creator, applicationId);
  const now = deps.clock.now();
  const today = businessDate(now);
  const canPay =
    body.canPay === null || body.canPay === undefined ? null : toMoneyString(new Decimal(body.canPay));
  await deps.db.transaction(async (tx) => {
    const loan = await repo.lockLoan(tx, applicationId);
    if (!loan || !SERVICED.has(loan.status)) {
      throw conflict('This loan is not being repaid, so there is no payment to ask about.');
    }
    const id = await repo.insertHelpRequest(tx, { applicationId, reason: body.reason, canPay, at: now });
    if (id === null) {
      throw conflict(
        'You have already asked for help with this loan: a collector will contact you about it.',
      );
    }
    // Into the worklist's "Action due" by the day the creator is told to expect an answer.
    await repo.bringNextActionForward(
      tx,
      applicationId,
      addBusinessDays(today, HARDSHIP_ANSWER_BUSINESS_DAYS),
      now,
    );
    await recordAction(tx, {
      userId: creator.id,
      action: 'help_requested',
      notes: `Loan #${applicationId}: the creator asked for help ("I can't pay this month")${canPay === null ? '' : `, can pay ${formatZar(canPay)}`}.`,
      at: now,
    });
  });
  const answer = await myHelpRequest(deps, creator, applicationId);
  return {
    ...answer,
    message: `Request sent. A collector will contact you by ${day(answer.answerBy!)} to agree what to do.`,
  };
}
