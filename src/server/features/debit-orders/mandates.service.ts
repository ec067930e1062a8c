// The creator's debit order mandate (docs/debit-orders.md, "The mandate"): the terms shown before consent (the
// instalment with its fee, the maximum a collection may be, the collection day, the first and last dates, the
// contract reference, the tracking days), the authorisation recorded like the agreement (time, IP address, browser,
// the text's version) with the account number sealed, and the creator's cancellation. Another creator's loan is 404.
import type { z } from 'zod';
import { addDays, businessDate, type IsoDate, maxDate } from '../../../shared/business-date';
import {
  MANDATE_TEXT_VERSION,
  type MandateStatus,
  mandateAccountText,
  mandateMaximum,
} from '../../../shared/debit-orders';
import { outstandingOf } from '../../../shared/finance/instalments';
import { paymentReferenceFor } from '../../../shared/finance/payment-reference';
import { withFee } from '../../../shared/finance/platform-fee';
import { formatDate, formatDateInWords, formatZar } from '../../../shared/format';
import { nextBusinessDay } from '../../../shared/sa-business-days';
import type {
  Mandate,
  MandatesPage,
  MandateView,
  mandateFormSchema,
  mandatesQuerySchema,
} from '../../../shared/schemas/debit-orders';
import { baseStatus } from '../../../shared/status-machine';
import type { DbOrTx } from '../../db/client';
import type { DebitMandate, RepaymentInstalment, RepaymentSchedule } from '../../db/types';
import type { Deps } from '../../lib/deps';
import { conflict, notFound } from '../../lib/errors';
import { sealSecret } from '../../lib/secret-box';
import { recordAction } from '../audit/audit.repository';
import type { ConsentMeta } from '../loans';
import { findApplicationRow, findScheduleByApplication, instalmentsOf, SERVICED_STATUSES } from '../loans';
import type { SessionUser } from '../sessions/sessions.service';
import {
  cancelSuspendedMandates,
  currentMandate,
  insertMandate,
  lockMandate,
  mandatesPage,
  updateMandate,
} from './debit-orders.repository';

export const ACCOUNT_PURPOSE = 'debit-mandate-account-v1';
/** The row a sealed account number belongs to: its loan and creator (a copied value opens nowhere else). */
export const accountBinding = (m: Pick<DebitMandate, 'applicationId' | 'userId'>) =>
  `mandate:${m.applicationId}:${m.userId}`;

export function toMandate(m: DebitMandate): Mandate {
  return {
    id: m.id,
    applicationId: m.applicationId,
    userId: m.userId,
    accountHolder: m.accountHolder,
    bank: m.bank,
    branchCode: m.branchCode,
    accountType: m.accountType as Mandate['accountType'],
    accountLast4: m.accountLast4,
    instalmentAmount: m.instalmentAmount,
    maximumAmount: m.maximumAmount,
    collectionDay: m.collectionDay,
    firstCollectionDate: m.firstCollectionDate,
    lastCollectionDate: m.lastCollectionDate,
    contractReference: m.contractReference,
    trackingDays: m.trackingDays,
    status: m.status as MandateStatus,
    statusReason: m.statusReason,
    consentedAt: m.consentedAt.toISOString(),
    textVersion: m.textVersion,
    cancelledAt: m.cancelledAt?.toISOString() ?? null,
  };
}

type Terms = NonNullable<MandateView['terms']>;

/** The mandate's words the creator consents to (version MANDATE_TEXT_VERSION). */
function mandateText(t: Omit<Terms, 'text' | 'textVersion'>): string {
  return [
    `I authorise Vuka Capital to collect the instalments of my financing (contract reference ${t.contractReference}) by debit order from the account I give here.`,
    `Each instalment is ${formatZar(t.instalmentAmount)} with its platform fee, collected on day ${t.collectionDay} of the month (the next business day when that is not one), from ${formatDateInWords(t.firstCollectionDate)} to ${formatDateInWords(t.lastCollectionDate)}.`,
    `A collection can include instalments not yet paid, but never more than ${formatZar(t.maximumAmount)}. My bank may try a collection again for up to ${t.trackingDays} business days.`,
    'I can cancel this authority at any time in the app; instalments I still owe must then be paid another way.',
  ].join(' ');
}

/**
 * The terms a mandate on this loan would have today; null (with the reason) when the loan is not collected by debit
 * order, or has nothing left to collect.
 */
function termsFor(
  schedule: RepaymentSchedule,
  instalments: RepaymentInstalment[],
  today: IsoDate,
  trackingDays: number,
): { terms: Terms | null; reason: string | null } {
  if (schedule.paymentMethod !== 'bank_debit')
    return { terms: null, reason: 'This loan is not repaid by debit order.' };
  const open = instalments
    .filter((i) => i.voidedOn === null && outstandingOf(i).gt(0))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  if (open.length === 0) return { terms: null, reason: 'Nothing is left to collect on this loan.' };
  // The first collection: the next instalment still to fall due, or (all of it late) the next business day.
  const coming = open.find((i) => i.dueDate > today);
  const first = coming?.dueDate ?? nextBusinessDay(addDays(today, 1));
  const instalmentAmount = withFee(schedule, schedule.installmentAmount).total;
  const base = {
    instalmentAmount,
    maximumAmount: mandateMaximum(instalmentAmount),
    collectionDay: Number(first.slice(8, 10)),
    firstCollectionDate: first,
    lastCollectionDate: maxDate(open.at(-1)!.dueDate, first),
    contractReference: paymentReferenceFor(schedule.applicationId),
    trackingDays,
  };
  return { terms: { ...base, textVersion: MANDATE_TEXT_VERSION, text: mandateText(base) }, reason: null };
}

async function ownLoan(db: DbOrTx, creator: SessionUser, applicationId: number) {
  const app = await findApplicationRow(db, applicationId);
  if (!app || app.userId !== creator.id)
    throw notFound(`Could not find application with ID ${applicationId}`);
  const schedule = await findScheduleByApplication(db, applicationId);
  return { app, schedule };
}

async function viewOf(
  deps: Deps,
  db: DbOrTx,
  applicationId: number,
  schedule: RepaymentSchedule | null | undefined,
) {
  const mandate = await currentMandate(db, applicationId);
  if (!schedule) {
    return { eligible: false, reason: 'The loan has not been paid out yet.', terms: null, mandate: null };
  }
  const today = businessDate(deps.clock.now());
  const { terms, reason } = termsFor(
    schedule,
    await instalmentsOf(db, schedule.id),
    today,
    deps.config.debitOrders.trackingDays,
  );
  return {
    eligible: terms !== null,
    reason,
    terms,
    mandate: mandate ? toMandate(mandate) : null,
  } satisfies MandateView;
}

/** The creator's plan card: the terms to consent to, and the mandate in force. */
export async function mandateView(
  deps: Deps,
  creator: SessionUser,
  applicationId: number,
): Promise<MandateView> {
  const { schedule } = await ownLoan(deps.db, creator, applicationId);
  return viewOf(deps, deps.db, applicationId, schedule);
}

/**
 * The creator authorises a debit order on their loan. One active mandate per loan: of any number at once one is
 * stored and the rest answer 409. A suspended mandate (after a bank refused a collection) is replaced.
 */
export async function authoriseMandate(
  deps: Deps,
  creator: SessionUser,
  applicationId: number,
  input: z.output<typeof mandateFormSchema>,
  meta: ConsentMeta,
): Promise<MandateView> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { app, schedule } = await ownLoan(tx, creator, applicationId);
    if (!schedule || !SERVICED_STATUSES.includes(baseStatus(app.status))) {
      throw conflict('A debit order can be authorised once the loan is paid out and until it is repaid.');
    }
    const { terms, reason } = termsFor(
      schedule,
      await instalmentsOf(tx, schedule.id),
      businessDate(now),
      deps.config.debitOrders.trackingDays,
    );
    if (!terms) throw conflict(reason ?? 'This loan cannot be collected by debit order.');
    await cancelSuspendedMandates(tx, applicationId, now, creator.id);
    const mandate = await insertMandate(tx, {
      applicationId,
      userId: creator.id,
      accountHolder: input.accountHolder,
      bank: input.bank,
      branchCode: input.branchCode,
      accountType: input.accountType,
      accountNumberSealed: sealSecret(
        deps.config.sessionSecret,
        ACCOUNT_PURPOSE,
        accountBinding({ applicationId, userId: creator.id }),
        input.accountNumber,
      ),
      accountLast4: input.accountNumber.slice(-4),
      instalmentAmount: terms.instalmentAmount,
      maximumAmount: terms.maximumAmount,
      collectionDay: terms.collectionDay,
      firstCollectionDate: terms.firstCollectionDate,
      lastCollectionDate: terms.lastCollectionDate,
      contractReference: terms.contractReference,
      trackingDays: terms.trackingDays,
      status: 'active',
      consentedAt: now,
      consentIp: meta.ip,
      consentUserAgent: meta.userAgent?.slice(0, 400) ?? null,
      textVersion: terms.textVersion,
      createdAt: now,
    });
    if (!mandate)
      throw conflict('This loan already has an active debit order: cancel it first to change it.');
    await recordAction(tx, {
      userId: creator.id,
      action: 'debit_mandate_authorised',
      notes: `#${applicationId}: debit order ${mandate.id} from ${mandateAccountText(mandate.bank, mandate.accountType, mandate.accountLast4)}, ${formatZar(mandate.instalmentAmount)} a month (at most ${formatZar(mandate.maximumAmount)}) from ${formatDate(mandate.firstCollectionDate)}; ${MANDATE_TEXT_VERSION} from ${meta.ip}`,
      at: now,
    });
    return viewOf(deps, tx, applicationId, schedule);
  });
}

/** The creator cancels their mandate (active or suspended): nothing more is collected on it. */
export async function cancelMandate(
  deps: Deps,
  creator: SessionUser,
  applicationId: number,
): Promise<MandateView> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { schedule } = await ownLoan(tx, creator, applicationId);
    const current = await currentMandate(tx, applicationId);
    if (!current) throw notFound('This loan has no debit order to cancel.');
    const mandate = await lockMandate(tx, current.id);
    if (!mandate || mandate.status === 'cancelled') throw conflict('This debit order is already cancelled.');
    await updateMandate(tx, mandate.id, {
      status: 'cancelled',
      statusReason: 'Cancelled by the creator',
      cancelledAt: now,
      cancelledBy: creator.id,
    });
    await recordAction(tx, {
      userId: creator.id,
      action: 'debit_mandate_cancelled',
      notes: `#${applicationId}: debit order ${mandate.id} cancelled by the creator`,
      at: now,
    });
    return viewOf(deps, tx, applicationId, schedule);
  });
}

/**
 * An admin cancels a mandate (a suspended one after speaking to the creator, one the creator asked to stop by other
 * means): nothing more is collected by it; the creator may authorise a new one. Audited with the admin's reason.
 */
export async function cancelMandateByAdmin(
  { db, clock }: Deps,
  admin: SessionUser,
  mandateId: number,
  reason: string,
): Promise<Mandate> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const mandate = await lockMandate(tx, mandateId);
    if (!mandate) throw notFound(`Could not find debit order ${mandateId}`);
    if (mandate.status === 'cancelled') throw conflict('This debit order is already cancelled.');
    await updateMandate(tx, mandate.id, {
      status: 'cancelled',
      statusReason: `Cancelled by an admin: ${reason}`.slice(0, 200),
      cancelledAt: now,
      cancelledBy: admin.id,
    });
    await recordAction(tx, {
      userId: mandate.userId,
      adminId: admin.id,
      action: 'debit_mandate_cancelled',
      notes: `#${mandate.applicationId}: debit order ${mandate.id} cancelled by an admin: ${reason}`,
      at: now,
    });
    return toMandate((await lockMandate(tx, mandate.id))!);
  });
}

/** The admins' list of mandates, paged and filtered by status in SQL. */
export async function listMandates(
  { db }: Deps,
  query: z.output<typeof mandatesQuerySchema>,
): Promise<MandatesPage> {
  const { rows, total } = await mandatesPage(db, query);
  return {
    data: rows.map(({ mandate, creatorName }) => ({
      ...toMandate(mandate),
      creatorName,
      accountText: mandateAccountText(mandate.bank, mandate.accountType, mandate.accountLast4),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
