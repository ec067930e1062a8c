// The product's facts as a person reads them (the FAQ, the terms, the landing page, the apply page, the learning
// content): one wording built from the constants, so a changed limit changes every sentence that states it.
import {
  DECISION_WITHIN_HOURS,
  MAX_PERIOD_MONTHS,
  MAX_REQUESTED_AMOUNT,
  MIN_PERIOD_MONTHS,
  MIN_REQUESTED_AMOUNT,
} from './constants';
import { formatZarWhole } from './format';

/** "R 2 000 to R 50 000": the amounts one may apply for. */
export const AMOUNT_RANGE_TEXT = `${formatZarWhole(MIN_REQUESTED_AMOUNT)} to ${formatZarWhole(MAX_REQUESTED_AMOUNT)}`;

/** "1 to 36 months": the repayment periods a plan, an offer or a restructure may have. */
export const PERIOD_RANGE_TEXT = `${MIN_PERIOD_MONTHS} to ${MAX_PERIOD_MONTHS} months`;

/** "48 hours": the decision time the product promises. */
export const DECISION_TIME_TEXT = `${DECISION_WITHIN_HOURS} hours`;
