// Double-entry journal of every money movement. Each entry's lines balance (debits = credits); balances
// shown anywhere can be recomputed from here. Accounts:
//   loans_receivable       what creators owe us (principal + financing cost)
//   cash                   money out to creators / in from repayments
//   deferred_cost_income   financing cost not yet earned (recognised as repayments arrive)
//   platform_fee_income    platform fees on repayments
//   write_off_expense      the receivable of a written-off loan, less its unearned cost (docs/lending.md)
//   recoveries             payments received on a loan after it was written off
import Decimal from 'decimal.js';
import { toMoneyString } from '../../../shared/finance/money';
import type { DbOrTx } from '../../db/client';
import { insertJournal, insertJournals, journalLinesOfPayment } from './ledger.repository';

export type JournalLine = { account: string; debit?: Decimal; credit?: Decimal };

export class UnbalancedJournalError extends Error {}

type JournalHead = {
  kind: string;
  applicationId?: number;
  paymentId?: number;
  description?: string;
  createdBy?: number | null;
  /** When the money moved, from the injected clock. */
  at: Date;
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

const entryRow = (entry: JournalHead) => ({
  kind: entry.kind,
  applicationId: entry.applicationId,
  paymentId: entry.paymentId,
  description: entry.description,
  createdBy: entry.createdBy ?? null,
  createdAt: entry.at,
});

/** Many balanced journals in one go (an import's suspense receipts), each checked as postJournal checks one. */
export async function postJournals(
  db: DbOrTx,
  journals: ReadonlyArray<{ entry: JournalHead; lines: JournalLine[] }>,
) {
  return insertJournals(
    db,
    journals.map((j) => ({ entry: entryRow(j.entry), lines: balancedLines(j.entry.kind, j.lines) })),
  );
}

export async function postJournal(db: DbOrTx, entry: JournalHead, lines: JournalLine[]) {
  await insertJournal(db, entryRow(entry), balancedLines(entry.kind, lines));
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
    lines.map((l) => ({ account: l.account, debit: new Decimal(l.credit), credit: new Decimal(l.debit) })),
  );
}

/**
 * Writes a defaulted loan off the books (docs/lending.md, "Write-off and recovery"): what the books hold for it as
 * receivable leaves them, its unearned financing cost is reversed, and the rest is write-off expense.
 */
export function postWriteOff(
  db: DbOrTx,
  entry: { applicationId: number; createdBy: number; at: Date; reason: string },
  receivable: Decimal,
  unearned: Decimal,
) {
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
      { account: 'write_off_expense', debit: receivable.minus(unearned) },
      { account: 'loans_receivable', credit: receivable },
    ],
  );
}
