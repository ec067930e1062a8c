// A debit-order run's credit on our bank statement (docs/debit-orders.md, "The run's credit on the statement"). The bank
// pays a run's collections into our account as one sum named with our abbreviation. The result import has already
// recorded each paid item as a payment with its cash, so that credit is reconciled to the run, once, and moves no
// money: it never goes to suspense.

import type { Decimal } from 'decimal.js';
import { toMoneyString } from '../../../shared/finance/money';
import type { DbOrTx } from '../../db/client';
import { recordAction } from '../audit/audit.repository';
import { CREDITOR_ABBREVIATION } from './debit-order-files';
import { lockUnsettledRunPaying, settleRun } from './debit-orders.repository';

/**
 * The run this statement line is the credit of (its words name our abbreviation and its amount is the run's paid
 * total, not found on a statement before), marked as found; null when it is no run's. Runs in the caller's
 * transaction with the run locked, so two lines never settle one run.
 */
export async function reconcileRunCredit(
  tx: DbOrTx,
  line: { lineId: number; amount: Decimal; description: string; adminId: number; now: Date },
): Promise<{ runId: number } | null> {
  if (!line.description.toUpperCase().includes(CREDITOR_ABBREVIATION)) return null;
  const run = await lockUnsettledRunPaying(tx, toMoneyString(line.amount));
  if (!run || !(await settleRun(tx, run.id, line.lineId))) return null;
  await recordAction(tx, {
    userId: null,
    adminId: line.adminId,
    action: 'debit_run_credit_reconciled',
    notes: `Debit-order run ${run.id}: its collections' credit found on the bank statement (line ${line.lineId})`,
    at: line.now,
  });
  return { runId: run.id };
}
