// The words for where loans were at one month's close and where they were at the next (docs/accounting.md, "Aged
// arrears and roll rates"): the delinquency buckets by their labels, and the loans that came into the book or left it.
// The Reports screen's roll-rate matrix and the roll-rates CSV both say them.
import { DELINQUENCY_BUCKET_LABELS, type DelinquencyBucket } from './instalments';

/** A row of the matrix: where the loans were at the earlier close, or 'new' when they came into the book since. */
export const ROLL_FROM_LABELS: Record<'new' | DelinquencyBucket, string> = {
  new: 'New in the book',
  ...DELINQUENCY_BUCKET_LABELS,
};

/** A column of the matrix: where the loans were at the later close, or 'left' when they left the book (repaid, settled). */
export const ROLL_TO_LABELS: Record<DelinquencyBucket | 'left', string> = {
  ...DELINQUENCY_BUCKET_LABELS,
  left: 'Left the book',
};
