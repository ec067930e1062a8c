// Forbearance (docs/lending.md, "Forbearance"). A restructured loan is forborne: it stays in
// probation until three instalments of its new plan in a row are paid on time, and only then counts as cured. Until
// then it counts in the portfolio at risk, whatever its days past due. Pure: the loan review stores what this decides.
import Decimal from 'decimal.js';
import type { IsoDate } from '../business-date';

/** Instalments of the new plan paid on time, in a row, that end probation. */
export const ON_TIME_INSTALMENTS_TO_CURE = 3;

export interface ProbationInstalment {
  number: number;
  dueDate: IsoDate;
  amountDue: string;
  amountPaid: string;
  amountRebated?: string;
  /** The day the payments in force that paid it were made (the last of them); null while nothing is paid. */
  paidOn: IsoDate | null;
}

/**
 * The run of the new plan's instalments (numbered from `firstNumber`) paid in full no later than their due dates, in
 * number order: a late one (due before `today` and not paid in full on time) starts the count again; one not yet due
 * and not yet paid ends the reading. Paying ahead is paying on time.
 */
export function onTimeInARow(
  instalments: ReadonlyArray<ProbationInstalment>,
  firstNumber: number,
  today: IsoDate,
): number {
  let run = 0;
  let best = 0;
  for (const i of [...instalments]
    .filter((i) => i.number >= firstNumber)
    .sort((a, b) => a.number - b.number)) {
    const paidInFull = new Decimal(i.amountPaid).plus(i.amountRebated ?? 0).gte(i.amountDue);
    if (paidInFull && i.paidOn !== null && i.paidOn <= i.dueDate) {
      run += 1;
      best = Math.max(best, run);
    } else if (i.dueDate < today) {
      run = 0;
    } else {
      break;
    }
  }
  return best;
}

export const endsProbation = (run: number) => run >= ON_TIME_INSTALMENTS_TO_CURE;
