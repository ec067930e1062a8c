// Double-entry journal of every money movement. Each entry's lines balance (debits = credits); balances
// shown anywhere can be recomputed from here. The accounts are the chart of accounts (src/shared/ledger/
// chart-of-accounts.ts, docs/accounting.md): a line naming any other is refused here and by the database.
//
// Each journal concerns a South African day (a payment's date; otherwise the day it is posted) and is booked on that
// day, unless that day's month has been closed: then it is booked on the day it is posted, in the open month, with
// the day it concerns kept beside it and named in its description, so a closed month never changes.
import Decimal from 'decimal.js';
import { businessDate, type IsoDate } from '../../../shared/business-date';
import { toMoneyString } from '../../../shared/finance/money';
import { formatDate } from '../../../shared/format';
import { type LedgerAccount, periodEnd } from '../../../shared/ledger/chart-of-accounts';
import type { DbOrTx } from '../../db/client';
import {
  holdBooksOpen,
  insertJournal,
  insertJournals,
  journalLinesOfPayment,
  lastClosedPeriod,
} from './ledger.repository';

export type JournalLine = { account: LedgerAccount; debit?: Decimal; credit?: Decimal };

export class UnbalancedJournalError extends Error {}

type JournalHead = {
  kind: string;
  applicationId?: number;
  paymentId?: number;
  description?: string;
  createdBy?: number | null;
  /** When it was posted, from the injected clock. */
  at: Date;
  /** The day it concerns when that is not the day it is posted (a payment received earlier). */
  concernsOn?: IsoDate;
};

function balancedLines(kind: string, lines: JournalLine[]) {
  const debits = lines.reduce((sum, l) => sum.plus(l.debit ?? 0), new Decimal(0));
  const credits = lines.reduce((sum, l) => sum.plus(l.credit ?? 0), new Decimal(0));
  if (!debits.equals(credits) || debits.isZero()) {
    throw new UnbalancedJournalError(`Journal ${kind} does not balance: ${debits} vs ${credits}`);
  }
  return lines
    .filter((l) => !(l.debit ?? new Decimal(0)).isZero() || !(l.credit ?? new Decimal(0)).isZero())
    .map((l) => ({
      account: l.account,
      debit: toMoneyString(l.debit ?? new Decimal(0)),
      credit: toMoneyString(l.credit ?? new Decimal(0)),
    }));
}

/**
 * The journals' rows with their booking days. Holds the books open (a shared lock a month-end close waits for) until
 * the transaction ends, so a close never misses a journal posted into the month it is closing.
 */
async function bookedRows(db: DbOrTx, heads: readonly JournalHead[]) {
  await holdBooksOpen(db);
  const closed = await lastClosedPeriod(db);
  const closedThrough = closed ? periodEnd(closed) : null;
  return heads.map((entry) => {
    const posted = businessDate(entry.at);
    const concernsOn = entry.concernsOn ?? posted;
    const late = closedThrough !== null && concernsOn <= closedThrough;
    const description = late
      ? `${entry.description ?? entry.kind} (concerns ${formatDate(concernsOn)}, in a closed month)`
      : entry.description;
    return {
      kind: entry.kind,
      applicationId: entry.applicationId,
      paymentId: entry.paymentId,
      description,
      concernsOn,
      bookedOn: late ? posted : concernsOn,
      createdBy: entry.createdBy ?? null,
      createdAt: entry.at,
    };
  });
}

/** Many balanced journals in one go (an import's suspense receipts), each checked as postJournal checks one. */
export async function postJournals(
  db: DbOrTx,
  journals: ReadonlyArray<{ entry: JournalHead; lines: JournalLine[] }>,
) {
  if (journals.length === 0) return [];
  const lines = journals.map((j) => balancedLines(j.entry.kind, j.lines));
  const rows = await bookedRows(
    db,
    journals.map((j) => j.entry),
  );
  return insertJournals(
    db,
    rows.map((entry, i) => ({ entry, lines: lines[i]! })),
  );
}

export async function postJournal(db: DbOrTx, entry: JournalHead, lines: JournalLine[]) {
  const balanced = balancedLines(entry.kind, lines);
  const [row] = await bookedRows(db, [entry]);
  await insertJournal(db, row!, balanced);
}

/** Activation: the principal leaves as cash; the creator owes principal + cost; the cost is earned later. */
export function postDisbursement(
  db: DbOrTx,
  applicationId: number,
  principal: Decimal,
  cost: Decimal,
  createdBy: number | null,
  at: Date,
) {
  return postJournal(
    db,
    { kind: 'disbursement', applicationId, description: 'Financing disbursed', createdBy, at },
    [
      { account: 'loans_receivable', debit: principal.plus(cost) },
      { account: 'cash', credit: principal },
      { account: 'deferred_cost_income', credit: cost },
    ],
  );
}

/**
 * A reversal: the payment's journal posted again with each line on the other side (cash back out, the receivable and
 * the fee income restored, the cost earned taken back), so the books read as if it had not been received, and both
 * entries stay.
 */
export async function postPaymentReversal(
  db: DbOrTx,
  entry: { applicationId: number; paymentId: number; createdBy: number; reason: string; at: Date },
) {
  const lines = await journalLinesOfPayment(db, entry.paymentId, 'repayment');
  if (lines.length === 0) throw new Error(`Payment ${entry.paymentId} has no repayment journal to reverse`);
  await postJournal(
    db,
    {
      kind: 'reversal',
      applicationId: entry.applicationId,
      paymentId: entry.paymentId,
      description: `Payment reversed: ${entry.reason}`,
      createdBy: entry.createdBy,
      at: entry.at,
    },
    lines.map((l) => ({
      account: l.account as LedgerAccount,
      debit: new Decimal(l.credit),
      credit: new Decimal(l.debit),
    })),
  );
}

/**
 * Writes a defaulted loan off the books (docs/lending.md, "Write-off and recovery"): what the books hold for it as
 * receivable leaves them, its unearned financing cost is reversed, what the loss allowance held for it is used, and
 * the rest is write-off expense.
 */
export function postWriteOff(
  db: DbOrTx,
  entry: { applicationId: number; createdBy: number; at: Date; reason: string },
  amounts: { receivable: Decimal; unearned: Decimal; allowanceUsed: Decimal },
) {
  const { receivable, unearned, allowanceUsed } = amounts;
  return postJournal(
    db,
    {
      kind: 'write_off',
      applicationId: entry.applicationId,
      description: `Loan written off: ${entry.reason}`,
      createdBy: entry.createdBy,
      at: entry.at,
    },
    [
      { account: 'deferred_cost_income', debit: unearned },
      { account: 'loss_allowance', debit: allowanceUsed },
      { account: 'write_off_expense', debit: receivable.minus(unearned).minus(allowanceUsed) },
      { account: 'loans_receivable', credit: receivable },
    ],
  );
}
