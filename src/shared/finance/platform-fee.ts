// The platform fee: spec "a platform fee applies to each repayment". One rule, to the cent, for the payment
// the servicing transaction records (features/lifecycle, recordRepayment), the settlement a top-up makes and the
// quote the creator is shown before signing, so the quote charges exactly what the ledger will.
import Decimal from 'decimal.js';
import { roundToCent, toDecimal, toMoneyString } from './money';

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

/**
 * The fee a repayment of `amount` carries on a loan: the one rule above, but never more than what the quote disclosed
 * for the whole loan (`quotedFees`, the fees on every instalment as quoted) less the fees already charged. Many small
 * payments round their fees up a cent at a time; the cap keeps the fees within what the creator agreed to. Without a
 * disclosed total (`null`) the rule alone applies.
 */
export function feeWithinQuote(
  amount: Amount,
  feeRatePercent: Amount,
  quotedFees: Amount | null,
  feesPaid: Amount,
): Decimal {
  const fee = platformFeeOn(amount, feeRatePercent);
  if (quotedFees === null) return fee;
  const left = Decimal.max(0, new Decimal(toDecimal(quotedFees) ?? 0).minus(toDecimal(feesPaid) ?? 0));
  return Decimal.min(fee, left);
}

/** A loan's fee terms: its rate, what its quote disclosed in all (null when unknown), what was charged so far. */
export interface FeeTerms {
  platformFeeRate: Amount;
  quotedFees: Amount | null;
  feesPaid: Amount;
}

/** What a repayment of `amount` made now carries as platform fee, and what the creator hands over in all. */
export function withFee(terms: FeeTerms, amount: Amount): { fee: string; total: string } {
  const fee = feeWithinQuote(amount, terms.platformFeeRate, terms.quotedFees, terms.feesPaid);
  return { fee: toMoneyString(fee), total: toMoneyString(fee.plus(toDecimal(amount) ?? 0)) };
}
