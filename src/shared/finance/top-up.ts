// Top-ups (docs/lending.md, "Top-ups"): when may a creator with a loan being repaid ask for
// more, and how the new money is split when it is paid out. Pure rules: the server decides with them under the
// creator's row lock (applications.service: submitApplication, applyEligibility), the lifecycle settles the old
// loan with them (application-lifecycle.service: activate), and the screens only show what the server answered.
import Decimal from 'decimal.js';
import { MAX_REQUESTED_AMOUNT, MIN_REQUESTED_AMOUNT } from '../constants';
import { formatPercent, type MoneyInput, roundToCent, toDecimal, toMoneyString } from './money';

/** The share of a plan's total that must be repaid before a top-up is offered: 75 %. */
export const TOP_UP_REPAID_SHARE = new Decimal('0.75');
export const TOP_UP_REPAID_PERCENT = 75;

export type TopUpRefusal = 'not_active' | 'not_enough_repaid' | 'overdue' | 'nothing_owed';

export interface TopUpLoan {
  /** The application's status (a top-up is offered only on a production loan being repaid: 'active'). */
  status: string;
  /** The schedule's total repayable (principal + cost). */
  totalAmount: MoneyInput;
  /** What is still owed on it. */
  remainingAmount: MoneyInput;
  /** What is overdue today (instalments whose due date has passed, still open). */
  amountOverdue: MoneyInput;
}

export type TopUpEligibility =
  | { eligible: true; repaidPercent: string }
  | { eligible: false; repaidPercent: string; refusal: TopUpRefusal; reason: string };

const dec = (value: MoneyInput) => toDecimal(value) ?? new Decimal(0);

/**
 * The share of the total repaid, as a percentage to two decimals rounded down (74.999 % shows as 74.99 %,
 * never as the 75.00 % it has not reached).
 */
export function repaidPercent(totalAmount: MoneyInput, remainingAmount: MoneyInput): string {
  const total = dec(totalAmount);
  if (total.lte(0)) return '0.00';
  const paid = total.minus(dec(remainingAmount));
  return paid.times(100).div(total).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

/**
 * Whether this loan earns a top-up today: it is active (not defaulted, not a test), at least 75 % of its total
 * is repaid (paid / total, exactly: no rounding helps a loan across the line) and nothing is overdue.
 */
export function topUpEligibility(loan: TopUpLoan): TopUpEligibility {
  const total = dec(loan.totalAmount);
  const remaining = dec(loan.remainingAmount);
  const percent = repaidPercent(total, remaining);
  const refuse = (refusal: TopUpRefusal, reason: string): TopUpEligibility => ({
    eligible: false,
    repaidPercent: percent,
    refusal,
    reason,
  });
  if (loan.status !== 'active') {
    return refuse('not_active', 'A top-up is offered only on financing that is being repaid and up to date.');
  }
  if (remaining.lte(0))
    return refuse('nothing_owed', 'This financing is repaid: apply for new financing instead.');
  if (dec(loan.amountOverdue).gt(0)) {
    return refuse('overdue', 'A payment is overdue: a top-up is offered once nothing is overdue.');
  }
  if (total.minus(remaining).lt(total.times(TOP_UP_REPAID_SHARE))) {
    return refuse(
      'not_enough_repaid',
      `A top-up is offered once ${formatPercent(TOP_UP_REPAID_PERCENT, { decimals: 0 })} of the plan is repaid (${formatPercent(percent, { decimals: 2 })} so far).`,
    );
  }
  return { eligible: true, repaidPercent: percent };
}

export interface TopUpAmounts {
  /** The least a top-up can be (whole rand): a rand more than what it settles, and never below the product's minimum. */
  minimumAmount: number;
  /** Where the form starts: the loan's own amount (what the creator was financed last time), within the limits. */
  suggestedAmount: number;
  /** The product's maximum: the affordability assessment may approve less. */
  maximumAmount: number;
}

/**
 * The amounts a top-up form starts from, whole rand. A top-up must be more than what it settles (the submission
 * refuses it otherwise), so the least is the settlement amount rounded down plus one rand.
 */
export function topUpAmounts(previousAmount: number, settlesAmount: MoneyInput): TopUpAmounts {
  const minimumAmount = Math.min(
    MAX_REQUESTED_AMOUNT,
    Math.max(MIN_REQUESTED_AMOUNT, dec(settlesAmount).floor().toNumber() + 1),
  );
  return {
    minimumAmount,
    suggestedAmount: Math.min(MAX_REQUESTED_AMOUNT, Math.max(minimumAmount, Math.round(previousAmount))),
    maximumAmount: MAX_REQUESTED_AMOUNT,
  };
}

export interface TopUpSplit {
  /** What settles the old loan first: its settlement amount (principal and the charge earned to the day). */
  settlesAmount: string;
  /** Always 0.00: a settlement carries no fee of any kind (kept in the answer for the clients that read it). */
  platformFee: string;
  /** What reaches the creator: the amount financed less the settlement. */
  creatorReceives: string;
}

/**
 * How a top-up's payout is split: first the old loan is settled, at its settlement amount (no fee; the charge it has
 * not earned is rebated), the rest to the creator. Exactly the figures the lifecycle writes.
 */
export function topUpSplit(requestedAmount: MoneyInput, settlesAmount: MoneyInput): TopUpSplit {
  const settles = roundToCent(dec(settlesAmount));
  return {
    settlesAmount: toMoneyString(settles),
    platformFee: '0.00',
    creatorReceives: toMoneyString(dec(requestedAmount).minus(settles)),
  };
}
