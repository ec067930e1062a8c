// The bank's results of a run (docs/debit-orders.md, "The result file"): each line in its own transaction with its
// item locked, so importing the same file again changes nothing (applied lines count as duplicates) and a crash
// part-way leaves every line whole or absent; importing it again finishes the rest. A paid line becomes a payment of
// kind debit_order dated on the action date (recordRepayment: the balance, the ledger journal, the receipt); an
// unpaid line is the failed-collection record with its reason code, the re-presentment rule's outcome, and an e-mail
// to the creator (once per item; not under debt review).
import Decimal from 'decimal.js';
import { businessDate } from '../../../shared/business-date';
import { mandateAccountText, unpaidReasonText } from '../../../shared/debit-orders';
import { toCents } from '../../../shared/finance/money';
import { paymentReferenceFor } from '../../../shared/finance/payment-reference';
import { formatDate, formatZar } from '../../../shared/format';
import type { ImportSummary } from '../../../shared/schemas/debit-orders';
import { isTestingStatus } from '../../../shared/status-machine';
import type { DbOrTx } from '../../db/client';
import type { DebitOrderItem, DebitOrderRun } from '../../db/types';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { recordAction } from '../audit/audit.repository';
import { findApplicationRow, recordRepayment } from '../loans';
import { enqueueMail } from '../mail/mail.service';
import { isUnderDebtReview } from '../nca/nca-events.repository';
import type { SessionUser } from '../sessions/sessions.service';
import { findUserById } from '../users/users.repository';
import { parseResultFile, ResultFileError, type ResultLine } from './debit-order-files';
import { debitOrderUnpaidMail } from './debit-orders.mail';
import {
  findRun,
  lockItem,
  lockItemByReference,
  lockMandate,
  lockRun,
  pendingItemCount,
  updateItem,
  updateMandate,
  updateRun,
} from './debit-orders.repository';
import { decideAfterFailure, outcomeText } from './represent-rule';

/** How many of an import's line problems the summary keeps (their count is `failed`). */
const MAX_PROBLEMS_KEPT = 100;

type LineResult = 'paid' | 'unpaid' | 'represented' | 'duplicate';

/** The line's item, locked, or why there is none. */
async function itemOf(tx: DbOrTx, run: DebitOrderRun, line: ResultLine): Promise<DebitOrderItem> {
  const item =
    line.itemId !== null
      ? await lockItem(tx, line.itemId)
      : await lockItemByReference(tx, run.id, line.contractReference!);
  if (!item || item.runId !== run.id) {
    throw badRequest(`No collection ${line.itemId ?? line.contractReference} in run ${run.id}`);
  }
  return item;
}

async function applyLine(
  deps: Deps,
  admin: SessionUser,
  run: DebitOrderRun,
  line: ResultLine,
): Promise<LineResult> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const item = await itemOf(tx, run, line);
    if (line.amountCents !== toCents(item.total)) {
      throw badRequest(
        `The amount ${line.amountCents} cents is not the ${toCents(item.total)} cents collected`,
      );
    }
    if (item.status !== 'pending') {
      if (item.status === line.status && item.reasonCode === line.reasonCode) return 'duplicate';
      throw conflict(
        `Collection ${item.id} already has the result ${item.status}${item.reasonCode ? ` ${item.reasonCode}` : ''}`,
      );
    }
    if (line.status === 'paid') {
      const result = await recordRepayment(tx, {
        applicationId: item.applicationId,
        amount: new Decimal(item.amount),
        paymentDate: run.collectionDate,
        kind: 'debit_order',
        notes: `Debit order, run ${run.id} (${paymentReferenceFor(item.applicationId)}), attempt ${item.attempt}`,
        createdBy: admin.id,
        idempotencyKey: `debit-order-item:${item.id}`,
        now,
      });
      await updateItem(tx, item.id, { status: 'paid', paymentId: result.payment.id, resultAt: now });
      return 'paid';
    }
    const code = line.reasonCode!;
    const reasonText = unpaidReasonText(code)!;
    const decision = decideAfterFailure(deps.config.debitOrders, {
      reasonCode: code,
      attempt: item.attempt,
      actionDate: run.collectionDate,
    });
    await updateItem(tx, item.id, {
      status: 'unpaid',
      reasonCode: code,
      outcome: decision.outcome,
      representOn: decision.representOn,
      resultAt: now,
    });
    const mandate = (await lockMandate(tx, item.mandateId))!;
    if (decision.outcome === 'suspend' && mandate.status === 'active') {
      await updateMandate(tx, mandate.id, { status: 'suspended', statusReason: `${code} ${reasonText}` });
    }
    const next = outcomeText(decision, deps.config.debitOrders.maxAttempts);
    await recordAction(tx, {
      userId: mandate.userId,
      adminId: admin.id,
      action: 'debit_order_unpaid',
      notes: `#${item.applicationId}: debit order of ${formatZar(item.total)} on ${formatDate(run.collectionDate)} unpaid, ${code} ${reasonText} (attempt ${item.attempt}). ${next}`,
      at: now,
    });
    await tellCreator(
      tx,
      item,
      run,
      {
        code,
        reasonText,
        next,
        account: mandateAccountText(mandate.bank, mandate.accountType, mandate.accountLast4),
      },
      now,
    );
    return decision.outcome === 'represent' ? 'represented' : 'unpaid';
  });
}

/** The creator's e-mail about the failure: once per item (its key), never about a test loan or under debt review. */
async function tellCreator(
  tx: DbOrTx,
  item: DebitOrderItem,
  run: DebitOrderRun,
  facts: { code: string; reasonText: string; next: string; account: string },
  now: Date,
) {
  const app = await findApplicationRow(tx, item.applicationId);
  if (!app || isTestingStatus(app.status)) return;
  if (await isUnderDebtReview(tx, item.applicationId)) return;
  const owner = await findUserById(tx, app.userId);
  if (!owner || owner.status === 'deleted' || owner.anonymisedAt !== null) return;
  const message = debitOrderUnpaidMail(
    { to: owner.username, firstName: owner.firstName },
    {
      applicationId: item.applicationId,
      amount: item.total,
      collectionDate: run.collectionDate,
      reasonCode: facts.code,
      reasonText: facts.reasonText,
      account: facts.account,
      reference: paymentReferenceFor(item.applicationId),
      next: facts.next,
    },
  );
  await enqueueMail(tx, {
    ...message,
    userId: owner.id,
    noticeKey: `debit-unpaid:${item.id}`,
    at: now,
    attachment: null,
  });
}

/**
 * POST /api/admin/debit-orders/runs/:id/results: the bank's result file for a submitted run. A file that cannot be
 * read as a result file is refused whole (400, nothing stored); a line that cannot be applied is counted `failed` with
 * its reason, and the others are applied.
 */
export async function importResults(
  deps: Deps,
  admin: SessionUser,
  runId: number,
  text: string,
): Promise<ImportSummary> {
  const found = await findRun(deps.db, runId);
  if (!found) throw notFound(`Could not find debit-order run ${runId}`);
  if (found.status === 'built')
    throw conflict('Download the run file and submit it to the bank before importing its results.');
  const today = businessDate(deps.clock.now());
  if (found.collectionDate > today) {
    throw conflict(`The results come after the collection date, ${formatDate(found.collectionDate)}.`);
  }
  let parsed: ReturnType<typeof parseResultFile>;
  try {
    parsed = parseResultFile(text);
  } catch (error) {
    if (error instanceof ResultFileError) throw badRequest(error.message, { file: [error.message] });
    throw error;
  }
  if (parsed.lines.length === 0 && parsed.problems.length === 0)
    throw badRequest('The file has no result lines.', { file: ['The file has no result lines.'] });
  const summary: ImportSummary = {
    lines: parsed.lines.length + parsed.problems.length,
    paid: 0,
    unpaid: 0,
    represented: 0,
    duplicates: 0,
    failed: parsed.problems.length,
    problems: [...parsed.problems],
  };
  for (const line of parsed.lines) {
    try {
      const result = await applyLine(deps, admin, found, line);
      if (result === 'duplicate') summary.duplicates += 1;
      else if (result === 'represented') {
        summary.unpaid += 1;
        summary.represented += 1;
      } else summary[result] += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      summary.failed += 1;
      summary.problems.push({ line: line.line, message: error.message });
    }
  }
  // The first problems are what an admin reads; a file of thousands of bad lines is kept short on the run.
  summary.problems = summary.problems.sort((a, b) => a.line - b.line).slice(0, MAX_PROBLEMS_KEPT);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const run = (await lockRun(tx, runId))!;
    const pending = await pendingItemCount(tx, runId);
    await updateRun(tx, runId, {
      resultSummary: summary,
      ...(pending === 0 && run.status !== 'completed' ? { status: 'completed' } : {}),
    });
    await recordAction(tx, {
      userId: null,
      adminId: admin.id,
      action: 'debit_run_results_imported',
      notes: `Debit-order run ${runId}: ${summary.lines} line(s), ${summary.paid} paid, ${summary.unpaid} unpaid (${summary.represented} re-presented), ${summary.duplicates} duplicate(s), ${summary.failed} failed`,
      at: now,
    });
  });
  return summary;
}
