// Each loan in the book on a day with its delinquency bucket, days past due and balance, by the servicing rule
// (loanPosition) over the instalments as they stood at the end of that day (bookOn): the Form 39 return's book in
// arrears, and what a month-end close keeps for aged arrears and roll rates (docs/accounting.md).
import type { IsoDate } from '../../../shared/business-date';
import {
  type DelinquencyBucket,
  loanPosition,
  totalOutstandingCents,
} from '../../../shared/finance/instalments';
import { centsToMoneyString } from '../../../shared/finance/money';
import type { DbOrTx } from '../../db/client';
import { bookOn } from './form39.repository';

export type BookPosition = {
  applicationId: number;
  bucket: DelinquencyBucket;
  daysPastDue: number;
  balance: string;
};

/** The loans with something owed at the end of `day`, each with where it stood. */
export async function bookPositions(db: DbOrTx, day: IsoDate): Promise<BookPosition[]> {
  const positions: BookPosition[] = [];
  for (const loan of await bookOn(db, day)) {
    // In whole cents: a book of 27 000 loans summed a Decimal per instalment in about a second.
    const balance = totalOutstandingCents(loan.instalments);
    if (balance <= 0n) continue; // repaid by then: not in the book
    const { bucket, daysPastDue } = loanPosition(loan.instalments, day, loan.arrears_tolerance);
    positions.push({
      applicationId: loan.application_id,
      bucket,
      daysPastDue,
      balance: centsToMoneyString(balance),
    });
  }
  return positions;
}
