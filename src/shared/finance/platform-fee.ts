// The platform fee: spec "a platform fee applies to each repayment". One rule, to the cent, for the payment
// the servicing transaction records (features/lifecycle, recordRepayment), the settlement a top-up makes and the
// quote the creator is shown before signing, so the quote charges exactly what the ledger will.
import Decimal from 'decimal.js';
import { roundToCent, toDecimal } from './money';

type Amount = Decimal | string | number;

/** The fee on a repayment of `amount` at `feeRatePercent` % (the rate copied onto the schedule): half up to the cent. */
export function platformFeeOn(amount: Amount, feeRatePercent: Amount): Decimal {
  const paid = toDecimal(amount);
  if (!paid || paid.lt(0)) throw new RangeError(`A repayment must not be negative, got ${String(amount)}`);
  return roundToCent(paid.times(checkedFeeRate(feeRatePercent)).div(100));
}

/** The fee rate in percent, checked: 0-100. */
export function checkedFeeRate(percent: Amount): Decimal {
  const rate = toDecimal(percent);
  if (!rate || rate.lt(0) || rate.gt(100)) {
    throw new RangeError(`The platform fee rate must be 0-100 %, got ${String(percent)}`);
  }
  return new Decimal(rate);
}
