// The bank statement import and the suspense account (docs/bank-statements.md).
//
// An import reads the file whole first (a bad file is refused before anything is stored), then stores the lines in
// batches of transactions: each line's row (claimed by its lasting key, so a line is never imported twice, even from
// another file) with the payment or the suspense item, its journal and audit row. A crash leaves each line
// whole or absent; loading the same file again resumes the import it began, and a complete file loaded again finds
// only duplicates.
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { BANK_NAMES, type Bank, type LineOutcome } from '../../../shared/bank-statements/constants';
import { businessDate, type IsoDate } from '../../../shared/business-date';
import { loanPosition } from '../../../shared/finance/instalments';
import { toMoneyString } from '../../../shared/finance/money';
import { loanOfReference, paymentReferenceFor } from '../../../shared/finance/payment-reference';
import { withFee } from '../../../shared/finance/platform-fee';
import { formatZar } from '../../../shared/format';
import type {
  ImportSummary,
  StatementDetail,
  StatementLinesQuery,
  StatementList,
  StatementsQuery,
  SuspenseAllocateInput,
  SuspenseItemView,
  SuspenseList,
  SuspenseQuery,
  SuspenseRefundInput,
} from '../../../shared/schemas/bank-statements';
import type { DbOrTx } from '../../db/client';
import type { BankStatement } from '../../db/types';
import { isDeadlock } from '../../lib/database-errors';
import type { Deps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { recordAction, recordActions } from '../audit/audit.repository';
import { reconcileRunCredit } from '../debit-orders/run-settlement.service';
import { postJournal, postJournals } from '../ledger/ledger.service';
import { asBalance, instalmentsOf, receiveCash, receiveCashAll } from '../loans';
import * as repo from './bank-statements.repository';
import { lineKeys } from './line-keys';
import { type ReadLine, readStatement } from './statement-parsers';

type Admin = { id: number };

const money = (amount: Decimal | string) => formatZar(amount);

/**
 * Batches imported side by side. One: on the two-core machine two batches at once made a 10 000-line import about 10%
 * faster but took both cores from the requests made meanwhile (p95 50 to 70 ms, some over 100 ms, against 21 to 30 ms
 * and none over 90 ms one at a time; docs/bank-statements.md, "Scale"). Kept as a setting of the loop below.
 */
const IMPORT_CONCURRENCY = 1;
/** Times a batch is tried when the database breaks a deadlock by rolling it back. */
const DEADLOCK_ATTEMPTS = 3;
/** Lines per transaction: each line is whole or absent after a crash either way; fewer commits go faster. */
const IMPORT_BATCH_LINES = 400;

// ---------------------------------------------------------------------------------------------------------
// Import

export async function importStatement(
  deps: Deps,
  admin: Admin,
  input: { bank: Bank; fileName: string; data: Buffer },
): Promise<ImportSummary> {
  const { db, clock } = deps;
  const read = await readStatement(input.bank, input.data);
  if (read.lines.length === 0) {
    throw badRequest('The statement has no transactions', { file: ['The statement has no transactions'] });
  }
  const fileSha256 = createHash('sha256').update(input.data).digest('hex');
  const statement =
    (await repo.unfinishedImportOf(db, input.bank, fileSha256)) ??
    (await repo.insertStatement(db, {
      bank: input.bank,
      fileName: input.fileName.slice(0, 255),
      fileSha256,
      uploadedBy: admin.id,
      createdAt: clock.now(),
    }));
  const keys = await lineKeys(read.lines);
  // Batches of whole loans (IMPORT_CONCURRENCY side by side, another import's too). The lines
  // naming one loan stay together, in one batch and in the file's order: a payment sees the ones before it (which
  // of two pays off the loan, and which one's excess is held, follows the bank's order), and no two batches wait on
  // each other's loans.
  const groups = new Map<string, number[]>();
  read.lines.forEach((line, index) => {
    const loan = line.problem ? null : loanOfReference(line.description);
    const group = loan === null ? `line:${index}` : `loan:${loan}`;
    const members = groups.get(group);
    if (members) members.push(index);
    else groups.set(group, [index]);
  });
  // Lines go to the database in batches, one transaction each (a commit per line cost more than the line).
  const batches: number[][] = [[]];
  for (const members of groups.values()) {
    if (batches.at(-1)!.length >= IMPORT_BATCH_LINES) batches.push([]);
    batches.at(-1)!.push(...members);
  }
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      const entries = batch.map((index) => ({ line: read.lines[index]!, key: keys[index] ?? null }));
      // A batch the database rolled back to break a deadlock left nothing behind: it is run again.
      for (let attempt = 1; ; attempt++) {
        try {
          await db.transaction((tx) => importBatch(tx, clock.now(), admin, statement, entries));
          break;
        } catch (error) {
          if (!isDeadlock(error) || attempt >= DEADLOCK_ATTEMPTS) throw error;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: IMPORT_CONCURRENCY }, worker));
  const done = await repo.completeStatement(
    db,
    statement.id,
    await repo.countOutcomes(db, statement.id),
    clock.now(),
  );
  return summaryOf(done);
}

const summaryOf = (s: BankStatement): ImportSummary => ({
  id: s.id,
  lines: s.lines,
  matched: s.matched,
  suggested: s.suggested,
  suspense: s.suspense,
  duplicates: s.duplicates,
  failed: s.failed,
  outgoing: s.outgoing,
});

/** A line's row as stored (its outcome and key are the caller's). */
const lineRow = (statement: BankStatement, line: ReadLine, now: Date) => ({
  statementId: statement.id,
  position: line.position,
  bank: statement.bank,
  bankLineId: line.bankLineId?.slice(0, 255) ?? null,
  postedOn: line.postedOn,
  amount: line.amount ? toMoneyString(line.amount) : null,
  description: line.description,
  createdAt: now,
});

/** A line whose key was stored before: by this import (resuming: nothing to add), or by another (a duplicate). */
async function recordUnclaimed(
  tx: DbOrTx,
  statement: BankStatement,
  base: ReturnType<typeof lineRow>,
  key: string,
) {
  const original = await repo.lineByKey(tx, statement.bank, key);
  if (!original || original.statementId === statement.id) return;
  await repo.insertKeylessLine(tx, {
    ...base,
    outcome: 'duplicate',
    duplicateOfId: original.id,
    reason: `Imported before, with statement #${original.statementId}`,
  });
}

const NO_REFERENCE_REASON = 'No payment reference, and no single loan fits its amount and name';
const suggestedReason = (applicationId: number) =>
  `No payment reference; the amount due now and the name fit loan #${applicationId}`;
const lineSource = (statement: BankStatement, line: ReadLine) =>
  `statement #${statement.id} line ${line.position}`;

/**
 * A batch of lines in one transaction, as sets (the 10 000-line statement): their rows claimed by their keys in
 * one statement (a line stored before, by this import when it resumes or by another as a duplicate, is not claimed
 * again); the lines naming a loan paid to it together (`receiveCashAll`: the lines of one loan in the bank's order,
 * so which of two pays it off, and whose excess is held, follows the bank); what no loan takes held in suspense, with a
 * suggested loan when one fits, its journals and audit rows. A few statements for the batch, not some twenty a line,
 * and the same rows; a crash leaves each line whole or absent.
 */
async function importBatch(
  tx: DbOrTx,
  now: Date,
  admin: Admin,
  statement: BankStatement,
  entries: ReadonlyArray<{ line: ReadLine; key: string | null }>,
) {
  for (const { line, key } of entries) {
    // Unreadable: kept with its reason and no key, so a corrected file imports it later.
    if (key === null) {
      await repo.insertKeylessLine(tx, {
        ...lineRow(statement, line, now),
        outcome: 'failed',
        reason: line.problem,
      });
    }
  }
  const keyed = entries.filter((e): e is { line: ReadLine; key: string } => e.key !== null);
  const bases = keyed.map(({ line }) => lineRow(statement, line, now));
  const claimed = new Map(
    (
      await repo.claimLines(
        tx,
        keyed.map(({ line, key }, i) => ({
          ...bases[i]!,
          lineKey: key,
          outcome: (line.amount!.gt(0) ? 'suspense' : 'outgoing') as LineOutcome,
        })),
      )
    ).map((r) => [r.lineKey!, r.id]),
  );
  const forLoans: Array<{ line: ReadLine; lineId: number; loanId: number }> = [];
  const held: Array<{ line: ReadLine; lineId: number; refusal?: string }> = [];
  for (const [i, { line, key }] of keyed.entries()) {
    const lineId = claimed.get(key);
    if (lineId === undefined) {
      await recordUnclaimed(tx, statement, bases[i]!, key);
      continue;
    }
    // Money out of our account (payouts, bank charges) is kept for the record only.
    if (line.amount!.lte(0)) continue;
    const loanId = loanOfReference(line.description);
    if (loanId !== null) {
      forLoans.push({ line, lineId, loanId });
      continue;
    }
    // A debit-order run's collections in one sum: already recorded as payments, so reconciled, never held.
    const run = await reconcileRunCredit(tx, {
      lineId,
      amount: line.amount!,
      description: line.description,
      adminId: admin.id,
      now,
    });
    if (run) {
      await repo.updateLine(tx, lineId, {
        outcome: 'matched',
        reason: `Debit-order run #${run.runId}: its paid collections, recorded as payments when its results were imported`,
      });
    } else held.push({ line, lineId });
  }
  const outcomes = await receiveCashAll(
    tx,
    forLoans.map(({ line, loanId }) => ({
      applicationId: loanId,
      cash: line.amount!,
      paymentDate: line.postedOn!,
      kind: 'bank_transfer' as const,
      notes:
        `Bank transfer (${BANK_NAMES[statement.bank as Bank]} ${lineSource(statement, line)}): ${line.description}`.slice(
          0,
          500,
        ),
      createdBy: admin.id,
      now,
    })),
  );
  const matched: Array<{ lineId: number; applicationId: number; paymentId: number }> = [];
  const toSuspense: SuspenseReceipt[] = [];
  for (const [i, paid] of outcomes.entries()) {
    const { line, lineId, loanId } = forLoans[i]!;
    if (paid.refused) {
      held.push({
        line,
        lineId,
        refusal: `${paymentReferenceFor(loanId)} names loan #${loanId}, which refused it: ${paid.refused.message}`,
      });
      continue;
    }
    matched.push({ lineId, applicationId: loanId, paymentId: paid.payment.id });
    if (paid.excess.gt(0)) {
      toSuspense.push({
        lineId,
        amount: paid.excess,
        receivedOn: line.postedOn!,
        suggestedApplicationId: null,
        creatorId: paid.creatorId,
        reason: `${money(paid.excess)} more than loan #${loanId} owed with its fee: the loan is paid in full`,
        source: lineSource(statement, line),
      });
    }
  }
  await repo.markMatched(tx, matched);
  const suggestions =
    held.length === 0
      ? []
      : await suggestedLoans(
          tx,
          held.map((h) => ({ description: h.line.description, amount: h.line.amount! })),
          businessDate(now),
        );
  await repo.markSuggested(
    tx,
    held.filter((_, i) => suggestions[i]).map((h) => h.lineId),
  );
  for (const [i, h] of held.entries()) {
    const suggestion = suggestions[i] ?? null;
    toSuspense.push({
      lineId: h.lineId,
      amount: h.line.amount!,
      receivedOn: h.line.postedOn!,
      suggestedApplicationId: suggestion?.applicationId ?? null,
      creatorId: suggestion?.creatorId ?? null,
      reason: heldReason(h.refusal, suggestion),
      source: lineSource(statement, h.line),
    });
  }
  await holdInSuspense(tx, admin, now, toSuspense);
}

/** Why money waits in suspense: no reference (or the loan it names refused it), and the loan that fits, if one does. */
function heldReason(refusal: string | undefined, suggestion: { applicationId: number } | null) {
  if (refusal === undefined) {
    return suggestion ? suggestedReason(suggestion.applicationId) : NO_REFERENCE_REASON;
  }
  return suggestion
    ? `${refusal}; the amount due now and the name fit loan #${suggestion.applicationId}`
    : refusal;
}

/** Money received into the suspense account from a statement line. */
type SuspenseReceipt = {
  lineId: number;
  amount: Decimal;
  /** The day the bank received it (the journal concerns that day). */
  receivedOn: IsoDate;
  suggestedApplicationId: number | null;
  creatorId: number | null;
  reason: string;
  source: string;
};

/** Money received into the suspense account: the items, their journals (cash in, owed to someone), the audit rows. */
async function holdInSuspense(tx: DbOrTx, admin: Admin, now: Date, receipts: ReadonlyArray<SuspenseReceipt>) {
  if (receipts.length === 0) return;
  const itemIds = await repo.insertSuspenseItems(
    tx,
    receipts.map((r) => ({
      lineId: r.lineId,
      amount: toMoneyString(r.amount),
      amountLeft: toMoneyString(r.amount),
      suggestedApplicationId: r.suggestedApplicationId,
      reason: r.reason,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await postJournals(
    tx,
    receipts.map((r, i) => ({
      entry: {
        kind: 'suspense_receipt',
        description: `Suspense #${itemIds[i]}: ${r.source}`,
        createdBy: admin.id,
        at: now,
        concernsOn: r.receivedOn,
      },
      lines: [
        { account: 'cash', debit: r.amount },
        { account: 'suspense', credit: r.amount },
      ],
    })),
  );
  await recordActions(
    tx,
    receipts.map((r, i) => ({
      userId: r.creatorId,
      adminId: admin.id,
      action: 'suspense_received',
      notes: `Suspense #${itemIds[i]}: ${money(r.amount)} from ${r.source} (${r.reason})`,
      at: now,
    })),
  );
}

/** The words of a bank line, lower case: what names are looked for in. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}'-]+/u)
    .filter(Boolean);

/** Surnames of one to three words ('Van der Merwe'): every run of up to three of a line's words. */
function surnameRuns(words: string[]): string[] {
  const runs = new Set<string>();
  words.forEach((_, i) => {
    for (let size = 1; size <= 3 && i + size <= words.length; size++) {
      const run = words.slice(i, i + size).join(' ');
      if (run.length > 1) runs.add(run);
    }
  });
  return [...runs].slice(0, 90);
}

/**
 * For each line without a reference, the one serviced loan it fits, if exactly one does: the creator's surname and
 * first name (or its initial) are among the line's words, and the amount is what the loan has due now (with its fee,
 * or without). A suggestion only: the money waits in suspense for an admin's click. The candidates of all the lines
 * are read together, each loan's position once.
 */
async function suggestedLoans(
  tx: DbOrTx,
  lines: ReadonlyArray<{ description: string; amount: Decimal }>,
  today: IsoDate,
): Promise<Array<{ applicationId: number; creatorId: number } | null>> {
  const wordsOfLines = lines.map((l) => wordsOf(l.description));
  const runsOfLines = wordsOfLines.map(surnameRuns);
  const candidates = await repo.candidatesBySurname(tx, [...new Set(runsOfLines.flat())], 50 * lines.length);
  const dueOf = new Map<number, { due: Decimal; total: Decimal }>();
  const results: Array<{ applicationId: number; creatorId: number } | null> = [];
  for (const [i, line] of lines.entries()) {
    const words = wordsOfLines[i]!;
    const runs = new Set(runsOfLines[i]);
    const fits: Array<{ applicationId: number; creatorId: number }> = [];
    for (const c of candidates) {
      if (!runs.has(c.last_name.toLowerCase())) continue;
      const first = c.first_name.toLowerCase();
      if (!words.includes(first) && !words.includes(first.slice(0, 1))) continue;
      let owed = dueOf.get(c.schedule_id);
      if (!owed) {
        const position = loanPosition(
          (await instalmentsOf(tx, c.schedule_id)).map(asBalance),
          today,
          c.arrears_tolerance,
        );
        const due = new Decimal(position.amountDueNow);
        const fees = {
          platformFeeRate: c.platform_fee_rate,
          quotedFees: c.quoted_fees,
          feesPaid: c.fees_paid,
        };
        owed = { due, total: new Decimal(withFee(fees, due).total) };
        dueOf.set(c.schedule_id, owed);
      }
      if (owed.due.gt(0) && (line.amount.equals(owed.total) || line.amount.equals(owed.due))) {
        fits.push({ applicationId: c.application_id, creatorId: c.user_id });
      }
    }
    results.push(fits.length === 1 ? fits[0]! : null);
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------------
// Reading imports

const iso = (value: Date | string) => new Date(value).toISOString();

export async function statementList({ db }: Deps, query: StatementsQuery): Promise<StatementList> {
  const { rows, total } = await repo.statementsPage(db, query.page, query.pageSize);
  return {
    data: rows.map((r) => ({
      id: r.id,
      bank: r.bank as Bank,
      fileName: r.file_name,
      status: r.status as 'importing' | 'complete',
      lines: r.lines,
      matched: r.matched,
      suggested: r.suggested,
      suspense: r.suspense,
      duplicates: r.duplicates,
      failed: r.failed,
      outgoing: r.outgoing,
      uploadedBy: r.uploaded_by_name,
      createdAt: iso(r.created_at),
      completedAt: r.completed_at ? iso(r.completed_at) : null,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function statementDetail(
  { db }: Deps,
  id: number,
  query: StatementLinesQuery,
): Promise<StatementDetail> {
  const found = await repo.findStatement(db, id);
  if (!found) throw notFound(`Could not find bank statement #${id}`);
  const { statement } = found;
  // While an import runs its counts are the lines stored so far.
  const counts = statement.status === 'complete' ? null : await repo.countOutcomes(db, id);
  const { rows, total } = await repo.linesPage(db, id, query.outcome, query.page, query.pageSize);
  return {
    statement: {
      ...summaryOf(statement),
      ...(counts ?? {}),
      bank: statement.bank as Bank,
      fileName: statement.fileName,
      status: statement.status as 'importing' | 'complete',
      uploadedBy: found.uploadedBy,
      createdAt: statement.createdAt.toISOString(),
      completedAt: statement.completedAt?.toISOString() ?? null,
    },
    lines: {
      data: rows.map((r) => ({
        id: r.id,
        position: r.position,
        postedOn: r.posted_on,
        amount: r.amount === null ? null : new Decimal(r.amount).toFixed(2),
        description: r.description,
        outcome: r.outcome,
        applicationId: r.application_id,
        paymentReference: r.application_id ? paymentReferenceFor(r.application_id) : null,
        paymentId: r.payment_id,
        reason: r.reason,
        suspenseItemId: r.suspense_item_id,
        duplicateOfStatementId: r.duplicate_of_statement_id,
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Suspense worklist

export async function suspenseList({ db }: Deps, query: SuspenseQuery): Promise<SuspenseList> {
  const { rows, total, amountLeft } = await repo.suspensePage(db, query);
  const allocations = await repo.allocationsOfItems(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => itemView(r, allocations)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    amountLeft: new Decimal(amountLeft).toFixed(2),
  };
}

async function suspenseItem(db: DbOrTx, id: number): Promise<SuspenseItemView> {
  const { rows } = await repo.suspensePage(db, { search: `#${id}`, page: 1, pageSize: 1 });
  if (!rows[0]) throw notFound(`Could not find suspense item #${id}`);
  return itemView(rows[0], await repo.allocationsOfItems(db, [id]));
}

function itemView(
  r: repo.SuspenseRow,
  allocations: Awaited<ReturnType<typeof repo.allocationsOfItems>>,
): SuspenseItemView {
  return {
    id: r.id,
    amount: new Decimal(r.amount).toFixed(2),
    amountLeft: new Decimal(r.amount_left).toFixed(2),
    status: r.status,
    reason: r.reason,
    suggested: r.suggested_application_id
      ? {
          applicationId: r.suggested_application_id,
          paymentReference: paymentReferenceFor(r.suggested_application_id),
          creatorName: r.suggested_creator,
        }
      : null,
    line: {
      statementId: r.statement_id,
      bank: r.bank as Bank,
      postedOn: r.posted_on,
      description: r.description,
    },
    allocations: allocations
      .filter((a) => a.suspense_item_id === r.id)
      .map((a) => ({
        applicationId: a.application_id,
        paymentReference: paymentReferenceFor(a.application_id),
        paymentId: a.payment_id,
        amount: new Decimal(a.amount).toFixed(2),
        allocatedBy: a.allocated_by_name,
        createdAt: iso(a.created_at),
      })),
    refundReference: r.refund_reference,
    refundNotes: r.refund_notes,
    resolvedBy: r.resolved_by_name,
    resolvedAt: r.resolved_at ? iso(r.resolved_at) : null,
    createdAt: iso(r.created_at),
  };
}

async function lockOpenItem(tx: DbOrTx, id: number) {
  const item = await repo.lockSuspenseItem(tx, id);
  if (!item) throw notFound(`Could not find suspense item #${id}`);
  if (item.status !== 'open') throw conflict(`Suspense item #${id} is already ${item.status}.`);
  return item;
}

/**
 * Pays money held in suspense to a loan: a bank-transfer payment dated on the bank's day, its journal debiting
 * suspense (not cash: the cash came in when the line was imported). Under the item's lock, so of many allocations
 * at once one takes the money and the rest are refused.
 */
export async function allocateSuspense(
  deps: Deps,
  admin: Admin,
  id: number,
  input: SuspenseAllocateInput,
): Promise<SuspenseItemView> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const item = await lockOpenItem(tx, id);
    const left = new Decimal(item.amountLeft);
    const cash = input.amount === undefined ? left : new Decimal(input.amount);
    if (cash.gt(left)) {
      const message = `Only ${money(left)} is left in suspense item #${id}`;
      throw badRequest(message, { amount: [message] });
    }
    const line = await repo.lineOfItem(tx, item.lineId);
    const paid = await receiveCash(tx, {
      applicationId: input.applicationId,
      cash,
      paymentDate: line.postedOn!,
      kind: 'bank_transfer',
      sourceAccount: 'suspense',
      notes: `Bank transfer allocated from suspense #${id} (statement #${line.statementId} line ${line.position})`,
      createdBy: admin.id,
      now,
    });
    if (paid.excess.gt(0)) {
      throw conflict(
        `Loan #${input.applicationId} needs only ${money(cash.minus(paid.excess))} to be paid in full: allocate at most that.`,
      );
    }
    const after = left.minus(cash);
    await repo.updateSuspenseItem(tx, id, {
      amountLeft: toMoneyString(after),
      status: after.isZero() ? 'allocated' : 'open',
      ...(after.isZero() ? { resolvedBy: admin.id, resolvedAt: now } : {}),
      updatedAt: now,
    });
    await repo.insertSuspenseAllocation(tx, {
      suspenseItemId: id,
      applicationId: input.applicationId,
      paymentId: paid.payment.id,
      amount: toMoneyString(cash),
      allocatedBy: admin.id,
      createdAt: now,
    });
    await recordAction(tx, {
      userId: paid.creatorId,
      adminId: admin.id,
      action: 'suspense_allocated',
      notes: `Suspense #${id}: ${money(cash)} to loan #${input.applicationId} (payment #${paid.payment.id}); ${money(after)} left`,
      at: now,
    });
  });
  return suspenseItem(deps.db, id);
}

/** Sends what is left of an item back to whoever paid it: recorded with the bank's refund reference. */
export async function refundSuspense(
  deps: Deps,
  admin: Admin,
  id: number,
  input: SuspenseRefundInput,
): Promise<SuspenseItemView> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const item = await lockOpenItem(tx, id);
    const left = new Decimal(item.amountLeft);
    await repo.updateSuspenseItem(tx, id, {
      amountLeft: '0.00',
      status: 'refunded',
      refundReference: input.reference,
      refundNotes: input.notes || null,
      resolvedBy: admin.id,
      resolvedAt: now,
      updatedAt: now,
    });
    await postJournal(
      tx,
      {
        kind: 'suspense_refund',
        description: `Suspense #${id} refunded, reference ${input.reference}`,
        createdBy: admin.id,
        at: now,
      },
      [
        { account: 'suspense', debit: left },
        { account: 'cash', credit: left },
      ],
    );
    await recordAction(tx, {
      userId: null,
      adminId: admin.id,
      action: 'suspense_refunded',
      notes: `Suspense #${id}: ${money(left)} refunded, reference ${input.reference}${input.notes ? `; ${input.notes}` : ''}`,
      at: now,
    });
  });
  return suspenseItem(deps.db, id);
}
