// Collection runs (docs/debit-orders.md, "The collection run"): an admin builds the run of a business day, one item
// per active mandate with something due by then (the amount due, capped at the mandate's maximum and the balance),
// downloads its file for the bank (the one place the account numbers are written out; audited), and later imports
// the bank's results (results.service.ts). Building a date again, or twenty times at once, gives the one run.
import Decimal from 'decimal.js';
import type { z } from 'zod';
import { addDays, businessDate, type IsoDate } from '../../../shared/business-date';
import {
  type DebitAccountType,
  type FailureOutcome,
  type ItemStatus,
  mandateAccountText,
  unpaidReasonText,
} from '../../../shared/debit-orders';
import { roundToCent, toDecimal, toMoneyString } from '../../../shared/finance/money';
import { withFee } from '../../../shared/finance/platform-fee';
import { formatDate, formatZar } from '../../../shared/format';
import { addBusinessDays, isBusinessDay } from '../../../shared/sa-business-days';
import type {
  DebitRun,
  DebitRunDetail,
  DebitRunsPage,
  ImportSummary,
  runItemsQuerySchema,
  runsQuerySchema,
} from '../../../shared/schemas/debit-orders';
import { baseStatus } from '../../../shared/status-machine';
import type { DbOrTx } from '../../db/client';
import type { DebitOrderItem, DebitOrderRun } from '../../db/types';
import type { Deps } from '../../lib/deps';
import { badRequest, notFound } from '../../lib/errors';
import { openSecret } from '../../lib/secret-box';
import { recordAction } from '../audit/audit.repository';
import { SERVICED_STATUSES } from '../loans';
import type { SessionUser } from '../sessions/sessions.service';
import { runFileText } from './debit-order-files';
import {
  deleteItems,
  findRun,
  findRunByDate,
  insertItems,
  instalmentsDueBy,
  itemsForFile,
  itemsOfRun,
  itemsPage,
  lockRun,
  lockRunForDate,
  type RunCandidate,
  runCandidates,
  runsPage,
  runWithFigures,
  updateItem,
  updateRun,
} from './debit-orders.repository';
import { ACCOUNT_PURPOSE, accountBinding } from './mandates.service';

/** How far back and ahead a run's collection date may be, in calendar days. */
export const RUN_DAYS_BACK = 10;
export const RUN_DAYS_AHEAD = 90;

type Figures = Awaited<ReturnType<typeof runWithFigures>>['figures'];

export function toRun(run: DebitOrderRun, figures: Figures): DebitRun {
  return {
    id: run.id,
    collectionDate: run.collectionDate,
    status: run.status as DebitRun['status'],
    items: figures.items,
    total: toMoneyString(new Decimal(figures.total)),
    paid: figures.paid,
    unpaid: figures.unpaid,
    pending: figures.pending,
    excluded: run.excluded,
    submittedAt: run.submittedAt?.toISOString() ?? null,
    resultSummary: (run.resultSummary as ImportSummary | null) ?? null,
    createdAt: run.createdAt.toISOString(),
  };
}

/** What one mandate gives a run: an item's amounts, or the reason it is left out. */
export type Collection =
  | { include: true; attempt: number; amount: string; fee: string; total: string }
  | { include: false; reason: string };

/**
 * The rule of one mandate on a collection date (pure but for its inputs): what is open on instalments due by then,
 * never more than the mandate's maximum (fee included) nor the balance; nothing for a loan no longer being repaid (or
 * already in this run); left out, with the reason, under debt review, with nothing due,
 * before its first date, while an earlier collection waits for its result or for its re-presentment day, and after
 * the attempts of a collection ran out until a new instalment falls due.
 */
export function collectionFor(
  candidate: RunCandidate,
  openDue: ReadonlyArray<{ dueDate: IsoDate; open: string }>,
  collectionDate: IsoDate,
  runId: number,
): Collection | null {
  const { mandate, schedule, last } = candidate;
  // Already in this run (a second build): nothing to add, nothing to explain.
  if (last && last.runId === runId) return null;
  // A repaid (or otherwise closed) loan's mandate has nothing more to collect: not worth a line in every run.
  if (!schedule || !SERVICED_STATUSES.includes(baseStatus(candidate.applicationStatus))) return null;
  if (candidate.underDebtReview) return { include: false, reason: 'Under debt review: collections stop.' };
  if (new Decimal(schedule.remainingAmount).lte(0))
    return { include: false, reason: 'Nothing left to repay.' };
  if (collectionDate < mandate.firstCollectionDate)
    return {
      include: false,
      reason: `The first collection is on ${formatDate(mandate.firstCollectionDate)}.`,
    };
  let attempt = 1;
  if (last?.status === 'pending')
    return {
      include: false,
      reason: `The collection of ${formatDate(last.collectionDate)} is waiting for its result.`,
    };
  if (last?.status === 'unpaid' && last.outcome === 'represent') {
    if (last.representOn && last.representOn > collectionDate)
      return { include: false, reason: `Re-presented from ${formatDate(last.representOn)}.` };
    attempt = last.attempt + 1;
  }
  if (
    last?.status === 'unpaid' &&
    last.outcome === 'exhausted' &&
    !openDue.some((i) => i.dueDate > last.collectionDate)
  )
    return {
      include: false,
      reason: `Its attempts ran out on ${formatDate(last.collectionDate)}: collected again with the next instalment.`,
    };
  const due = openDue.reduce((sum, i) => sum.plus(i.open), new Decimal(0));
  if (due.lte(0)) return { include: false, reason: `Nothing falls due by ${formatDate(collectionDate)}.` };
  let amount = Decimal.min(due, schedule.remainingAmount);
  let charged = withFee(schedule, amount);
  const maximum = new Decimal(mandate.maximumAmount);
  if (new Decimal(charged.total).gt(maximum)) {
    // Never above the consented maximum: the part to the loan that, with its fee, fits.
    const rate = new Decimal(schedule.platformFeeRate).div(100);
    amount = roundToCent(maximum.div(rate.plus(1)).toDecimalPlaces(2, Decimal.ROUND_DOWN));
    charged = withFee(schedule, amount);
    while (new Decimal(charged.total).gt(maximum)) {
      amount = amount.minus('0.01');
      charged = withFee(schedule, amount);
    }
  }
  return { include: true, attempt, amount: toMoneyString(amount), fee: charged.fee, total: charged.total };
}

/**
 * What each active mandate gives the run of a date (with its id, or 0 before it exists): an item, a reason it is left
 * out, or nothing (null: a loan no longer being repaid, or already in this run). `refreshing` works out this run's
 * own items afresh (runCandidates).
 */
async function collectionsOn(tx: DbOrTx, collectionDate: IsoDate, runId: number, refreshing = false) {
  const candidates = await runCandidates(tx, collectionDate, refreshing ? { runId } : undefined);
  const due = await instalmentsDueBy(
    tx,
    candidates.flatMap((c) => (c.schedule ? [c.schedule.id] : [])),
    collectionDate,
  );
  const openDueBySchedule = new Map<number, Array<{ dueDate: IsoDate; open: string }>>();
  for (const i of due) {
    const list = openDueBySchedule.get(i.schedule_id) ?? [];
    list.push({ dueDate: i.due_date, open: i.open });
    openDueBySchedule.set(i.schedule_id, list);
  }
  return candidates.map((candidate) => {
    const openDue = (candidate.schedule && openDueBySchedule.get(candidate.schedule.id)) || [];
    return { candidate, collection: collectionFor(candidate, openDue, collectionDate, runId) };
  });
}

/** The reasons kept on a run: one per loan, the newest. */
function withReason(excluded: DebitOrderRun['excluded'], applicationId: number, reason: string | null) {
  const others = excluded.filter((e) => e.applicationId !== applicationId);
  return reason === null ? others : [...others, { applicationId, reason }];
}

const newItem = (run: DebitOrderRun, candidate: RunCandidate, collection: Included, now: Date) => ({
  runId: run.id,
  mandateId: candidate.mandate.id,
  applicationId: candidate.mandate.applicationId,
  collectionDate: run.collectionDate,
  attempt: collection.attempt,
  amount: collection.amount,
  fee: collection.fee,
  total: collection.total,
  createdAt: now,
});
type Included = Extract<Collection, { include: true }>;

/**
 * The run of a date built or completed under its row lock: an item for each mandate with something to collect, the
 * reasons of the others kept on the run, audited as the admin's (or, built by the scheduled job, nobody's) action.
 */
async function fillRun(tx: DbOrTx, collectionDate: IsoDate, actorId: number | null, now: Date) {
  const run = await lockRunForDate(tx, collectionDate, actorId, now);
  if (run.status !== 'built') return run;
  let excluded = [...run.excluded];
  const items = [];
  for (const { candidate, collection } of await collectionsOn(tx, collectionDate, run.id)) {
    if (!collection) continue;
    const applicationId = candidate.mandate.applicationId;
    if (!collection.include) {
      excluded = withReason(excluded, applicationId, collection.reason);
      continue;
    }
    excluded = withReason(excluded, applicationId, null);
    items.push(newItem(run, candidate, collection, now));
  }
  await insertItems(tx, items);
  await updateRun(tx, run.id, { excluded });
  // The scheduled job builds again every hour: only a build that added something is worth a line in the trail.
  if (actorId !== null || items.length > 0)
    await recordAction(tx, {
      userId: null,
      adminId: actorId,
      action: 'debit_run_built',
      notes:
        `Debit-order run ${run.id} for ${formatDate(collectionDate)}${actorId === null ? ' (built by the scheduled job)' : ''}: ` +
        `${items.length} new item(s), ${excluded.length} left out`,
      at: now,
    });
  return run;
}

/**
 * A built run brought up to date under its lock before its file is written (runs are built days ahead, by the
 * scheduled job too): an item whose debit order was cancelled or suspended, whose loan was repaid, went under debt
 * review or has nothing due now goes, with the reason kept on the run; an amount that changed becomes the amount due
 * now; debit orders authorised since are added. An item left as it was keeps its id. Returns what changed, in words.
 */
async function refreshRun(tx: DbOrTx, run: DebitOrderRun, now: Date): Promise<string> {
  const items = await itemsOfRun(tx, run.id);
  const itemOf = new Map(items.map((i) => [i.mandateId, i]));
  let excluded = [...run.excluded];
  const added = [];
  const dropped: number[] = [];
  let changed = 0;
  const seen = new Set<number>();
  for (const { candidate, collection } of await collectionsOn(tx, run.collectionDate, run.id, true)) {
    const applicationId = candidate.mandate.applicationId;
    const item = itemOf.get(candidate.mandate.id);
    seen.add(candidate.mandate.id);
    if (!collection?.include) {
      if (item) dropped.push(item.id);
      const reason = collection ? collection.reason : item ? 'The loan is no longer being repaid.' : null;
      if (reason) excluded = withReason(excluded, applicationId, reason);
      continue;
    }
    excluded = withReason(excluded, applicationId, null);
    if (!item) added.push(newItem(run, candidate, collection, now));
    else if (
      item.amount !== collection.amount ||
      item.total !== collection.total ||
      item.attempt !== collection.attempt
    ) {
      const { attempt, amount, fee, total } = collection;
      await updateItem(tx, item.id, { attempt, amount, fee, total });
      changed++;
    }
  }
  // Items of debit orders no longer active (runCandidates reads active ones only).
  for (const item of items.filter((i) => !seen.has(i.mandateId))) {
    dropped.push(item.id);
    excluded = withReason(excluded, item.applicationId, 'The debit order is no longer active.');
  }
  await deleteItems(tx, dropped);
  await insertItems(tx, added);
  await updateRun(tx, run.id, { excluded });
  return `${added.length} added, ${changed} changed, ${dropped.length} removed since it was built`;
}

/** POST /api/admin/debit-orders/runs: the run of a business day, built (or completed with new mandates). */
export async function buildRun(deps: Deps, admin: SessionUser, collectionDate: IsoDate): Promise<DebitRun> {
  const now = deps.clock.now();
  const today = businessDate(now);
  if (!isBusinessDay(collectionDate)) {
    const message = `${formatDate(collectionDate)} is not a business day: banks collect on business days only.`;
    throw badRequest(message, { collectionDate: [message] });
  }
  // A day already passed is for collections the bank was sent before the run was built here (its results can then be
  // imported at once); a bank takes no collection dated further back than that.
  const earliest = addDays(today, -RUN_DAYS_BACK);
  if (collectionDate < earliest || collectionDate > addDays(today, RUN_DAYS_AHEAD)) {
    const message = `The collection date must be from ${formatDate(earliest)} to ${formatDate(addDays(today, RUN_DAYS_AHEAD))}.`;
    throw badRequest(message, { collectionDate: [message] });
  }
  return deps.db.transaction(async (tx) => {
    const run = await fillRun(tx, collectionDate, admin.id, now);
    const { run: fresh, figures } = await runWithFigures(tx, (await findRun(tx, run.id))!);
    return toRun(fresh, figures);
  });
}

/** The collection date the scheduled job builds a run for: the configured number of business days after today. */
export function scheduledCollectionDate(now: Date, leadBusinessDays: number): IsoDate {
  return addBusinessDays(businessDate(now), leadBusinessDays);
}

/**
 * The scheduled job (docs/debit-orders.md, "Built by itself"): the run of the business day the configured lead ahead,
 * built as an admin's would be, so its file is ready to download and submit in time. A date with nothing to collect
 * gets no run (the check is a read; the build itself is under the run's lock, so a build by an admin at the same
 * moment still gives the one run). Hourly and idempotent: a later tick adds mandates authorised since, while the run
 * is still `built`. Returns the run's id, or null when there was nothing to build.
 */
export async function buildScheduledRun(deps: Deps): Promise<number | null> {
  const now = deps.clock.now();
  const collectionDate = scheduledCollectionDate(now, deps.config.debitOrders.runLeadBusinessDays);
  const existing = await findRunByDate(deps.db, collectionDate);
  if (existing && existing.status !== 'built') return null;
  const collections = await collectionsOn(deps.db, collectionDate, existing?.id ?? 0);
  if (!collections.some((c) => c.collection?.include)) return null;
  const run = await deps.db.transaction((tx) => fillRun(tx, collectionDate, null, now));
  return run.id;
}

export async function listRuns(
  { db }: Deps,
  query: z.output<typeof runsQuerySchema>,
): Promise<DebitRunsPage> {
  const { rows, total } = await runsPage(db, query);
  return {
    data: rows.map(({ run, figures }) => toRun(run, figures)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

function toItem(
  item: DebitOrderItem,
  mandate: { bank: string; accountType: string; accountLast4: string; contractReference: string },
  creatorName: string,
) {
  return {
    id: item.id,
    mandateId: item.mandateId,
    applicationId: item.applicationId,
    creatorName,
    contractReference: mandate.contractReference,
    accountText: mandateAccountText(mandate.bank, mandate.accountType, mandate.accountLast4),
    attempt: item.attempt,
    amount: item.amount,
    fee: item.fee,
    total: item.total,
    status: item.status as ItemStatus,
    reasonCode: item.reasonCode,
    reasonText: unpaidReasonText(item.reasonCode),
    outcome: item.outcome as FailureOutcome | null,
    representOn: item.representOn,
    paymentId: item.paymentId,
    resultAt: item.resultAt?.toISOString() ?? null,
  };
}

export async function runDetail(
  { db }: Deps,
  id: number,
  query: z.output<typeof runItemsQuerySchema>,
): Promise<DebitRunDetail> {
  const found = await findRun(db, id);
  if (!found) throw notFound(`Could not find debit-order run ${id}`);
  const { run, figures } = await runWithFigures(db, found);
  const { rows, total } = await itemsPage(db, id, query);
  return {
    run: toRun(run, figures),
    items: {
      data: rows.map(({ item, mandate, creatorName }) => toItem(item, mandate, creatorName)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    },
  };
}

/**
 * GET /api/admin/debit-orders/runs/:id/file: the file for the bank (docs/debit-orders.md, "The run file"), with the
 * account numbers in full. Audited; the run is marked submitted (the items then wait for the bank's results).
 */
export async function runFile(deps: Deps, admin: SessionUser, id: number) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const run = await lockRun(tx, id);
    if (!run) throw notFound(`Could not find debit-order run ${id}`);
    // The first download sends the run: what it collects is worked out again now, from the loans as they are.
    const refreshed = run.status === 'built' ? await refreshRun(tx, run, now) : null;
    const rows = await itemsForFile(tx, id);
    const items = rows.map(({ item, mandate }) => {
      const accountNumber = openSecret(
        deps.config.sessionSecret,
        ACCOUNT_PURPOSE,
        accountBinding(mandate),
        mandate.accountNumberSealed,
      );
      // A number that cannot be opened (SESSION_SECRET changed) cannot be collected: refuse the file, say which.
      if (accountNumber === null) {
        throw badRequest(
          `The account of debit order ${mandate.id} cannot be read (was SESSION_SECRET changed?): the creator must authorise it again.`,
        );
      }
      return {
        id: item.id,
        contractReference: mandate.contractReference,
        accountHolder: mandate.accountHolder,
        branchCode: mandate.branchCode,
        accountNumber,
        accountType: mandate.accountType as DebitAccountType,
        total: item.total,
        trackingDays: mandate.trackingDays,
        attempt: item.attempt,
      };
    });
    const content = runFileText(
      { id: run.id, collectionDate: run.collectionDate, createdOn: businessDate(run.createdAt) },
      items,
    );
    if (run.status === 'built')
      await updateRun(tx, id, { status: 'submitted', submittedAt: now, submittedBy: admin.id });
    const total = items.reduce((sum, i) => sum.plus(toDecimal(i.total) ?? 0), new Decimal(0));
    await recordAction(tx, {
      userId: null,
      adminId: admin.id,
      action: 'debit_run_file_downloaded',
      notes:
        `Debit-order run ${id} for ${formatDate(run.collectionDate)}: file with ${items.length} collection(s), ${formatZar(total)}` +
        (refreshed ? ` (${refreshed})` : ''),
      at: now,
    });
    return { fileName: `vuka-debit-orders-${run.collectionDate}-run-${run.id}.csv`, content };
  });
}
