// The platform fee: a platform fee applies to each repayment. One rule, to the cent, for the payment
// the servicing transaction records (features/loans, recordRepayment), the settlement a top-up makes and the
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

/**
 * How cash received for a loan (a bank line, money out of suspense) splits into the repayment and its platform fee,
 * the cash being the fixed quantity (docs/bank-statements.md, "Money to a loan"). The loan takes at most its balance
 * with that balance's fee; what is beyond is `excess` (kept in suspense, never refused). Below that, the repayment is
 * the smallest whose cash with its fee reaches the cash received, and the fee is what the cash carries beyond it: the
 * rule's fee exactly, or a cent less where no repayment with its fee makes the cash to the cent (the fee steps by a
 * cent every 1/rate cents), so no cent is left over and the fee is never more than the rule's.
 */
export function splitReceipt(
  terms: FeeTerms,
  cash: Amount,
  remaining: Amount,
): { amount: Decimal; fee: Decimal; excess: Decimal } {
  const received = new Decimal(toDecimal(cash) ?? 0);
  const balance = new Decimal(toDecimal(remaining) ?? 0);
  const feeOf = (amount: Decimal) =>
    feeWithinQuote(amount, terms.platformFeeRate, terms.quotedFees, terms.feesPaid);
  const fullFee = feeOf(balance);
  if (received.gte(balance.plus(fullFee))) {
    return { amount: balance, fee: fullFee, excess: received.minus(balance).minus(fullFee) };
  }
  const cent = new Decimal('0.01');
  const reaches = (amount: Decimal) => amount.plus(feeOf(amount)).gte(received);
  let amount = Decimal.min(
    received,
    roundToCent(received.div(checkedFeeRate(terms.platformFeeRate).div(100).plus(1))),
  );
  while (!reaches(amount)) amount = amount.plus(cent);
  while (amount.gt(cent) && reaches(amount.minus(cent))) amount = amount.minus(cent);
  return { amount, fee: received.minus(amount), excess: new Decimal(0) };
}
