// Early settlement costs only what was earned (docs/lending.md "Early settlement"). The finance
// charge is earned day by day at the agreement's own rate: the annual cost rate of the finance charge alone (the
// effective annual rate at which the instalments, without platform fees, repay the amount financed). On any day,
// what settles the loan is the principal still owed plus the charge accrued on it to that day (which includes
// what fell due and was not paid); the rest of the finance charge is rebated. Settled on the day it was paid out,
// a loan costs exactly its principal. Pure, on Decimal; the server stores and the screens show what it gives.
import Decimal from 'decimal.js';
import { daysBetween, type IsoDate, maxDate } from '../business-date';
import { type MoneyInput, roundToCent, toDecimal, toMoneyString } from './money';
import { annualRate } from './quote';

// Its own Decimal, 40 significant digits, as the rate's own computation (quote.ts).
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const DAYS_PER_YEAR = 365;
const dec = (value: MoneyInput) => new D((toDecimal(value) ?? new Decimal(0)).toString());

/**
 * The agreement's charge rate: the effective annual rate (a fraction) at which `instalments` (without fees),
 * each on its due date, repay `principal` paid out on `startDay`. 0 for a loan without a finance charge.
 */
export function chargeRateOf(
  principal: MoneyInput,
  startDay: IsoDate,
  instalments: ReadonlyArray<{ dueDate: IsoDate; amountDue: MoneyInput }>,
): Decimal {
  const repaid = instalments.reduce((sum, i) => sum.plus(dec(i.amountDue)), new D(0));
  if (repaid.lte(dec(principal))) return new D(0);
  return annualRate({
    disbursement: { date: startDay, amount: dec(principal) },
    repayments: instalments.map((i) => ({ date: i.dueDate, amount: dec(i.amountDue) })),
  });
}

export interface SettlementInput {
  /** What was paid out (the amount financed). */
  principal: MoneyInput;
  /** The day it was paid out. */
  startDay: IsoDate;
  /** The agreement's charge rate (chargeRateOf), an effective annual rate as a fraction. */
  chargeRate: MoneyInput;
  /** What is owed on the instalments now (the schedule's remaining balance). */
  remaining: MoneyInput;
  /** Every payment to the loan so far (amounts without fees), in the order they were recorded. */
  payments: ReadonlyArray<{ paymentDate: IsoDate; amount: MoneyInput }>;
  /** The day the loan is settled. */
  on: IsoDate;
}

export interface SettlementFigures {
  /** What settles the loan on the day: principal + accrued charge, at most the remaining balance. */
  amount: string;
  /** The principal still owed. */
  principal: string;
  /** The finance charge earned and not yet paid, to the day (with any that fell due unpaid). */
  accruedCharge: string;
  /** The part of the finance charge not earned: the remaining balance less the amount. "You save R X". */
  rebate: string;
}

/**
 * (1 + r)^(days / 365) − 1, as ((1 + r)^(1 / 365))^days − 1: a fractional power at 40 digits costs about half a
 * millisecond and a whole power a fiftieth of that, so each rate's daily factor is worked out once (the income accrual
 * reads every loan's payments each day). The two forms agree to 38 digits. Bounded: emptied when it holds too many.
 */
const DAILY_FACTORS = new Map<string, Decimal>();
function growthOver(rate: Decimal, days: number): Decimal {
  const key = rate.toString();
  let daily = DAILY_FACTORS.get(key);
  if (!daily) {
    if (DAILY_FACTORS.size >= 50_000) DAILY_FACTORS.clear();
    daily = rate.plus(1).pow(new D(1).div(DAYS_PER_YEAR));
    DAILY_FACTORS.set(key, daily);
  }
  return daily.pow(days).minus(1);
}

/** What the charge's daily accrual gives on a day: the principal still owed, the charge accrued and unpaid, and all
 * the charge accrued since the payout (paid or not). */
interface Accrued {
  principal: Decimal;
  charge: Decimal;
  earned: Decimal;
}

/**
 * The charge accrues daily on the principal outstanding: between two events, the principal P earns
 * P × ((1 + r)^(days / 365) − 1), an effective annual rate r spread over calendar days as the quote's rate is; each
 * payment pays the accrued charge first, then principal. This is the effective interest method on the loan as it was
 * really repaid: what the books earn by a day (chargeEarned) and what a settlement keeps are the same figure.
 */
function accrue(input: Omit<SettlementInput, 'remaining'>): Accrued {
  const rate = dec(input.chargeRate);
  const growth = (days: number) => (days <= 0 || rate.isZero() ? new D(0) : growthOver(rate, days));
  let principal = dec(input.principal);
  let charge = new D(0);
  let earned = new D(0);
  let last = input.startDay;
  const grow = (until: IsoDate) => {
    if (principal.lte(0)) return;
    const added = principal.times(growth(daysBetween(last, until)));
    charge = charge.plus(added);
    earned = earned.plus(added);
  };
  const dated = input.payments
    .map((p, order) => ({ ...p, order }))
    .filter((p) => p.paymentDate <= input.on)
    .sort((a, b) =>
      a.paymentDate === b.paymentDate ? a.order - b.order : a.paymentDate < b.paymentDate ? -1 : 1,
    );
  for (const payment of dated) {
    const day = maxDate(payment.paymentDate, input.startDay);
    grow(day);
    last = day;
    const amount = dec(payment.amount);
    const toCharge = D.min(charge, amount);
    charge = charge.minus(toCharge);
    principal = principal.minus(amount.minus(toCharge));
  }
  grow(input.on);
  return { principal, charge, earned };
}

/**
 * The settlement figures on `on` (the charge accrued as `accrue` says). Never above the remaining balance (a loan
 * cannot cost more to settle than to repay as agreed) and, since a settlement is a payment, never below one cent
 * while anything is owed.
 */
export function settlementFigures(input: SettlementInput): SettlementFigures {
  const remaining = roundToCent(dec(input.remaining));
  if (remaining.lte(0)) return { amount: '0.00', principal: '0.00', accruedCharge: '0.00', rebate: '0.00' };
  const { principal, charge } = accrue(input);
  const owed = roundToCent(D.max(0, principal.plus(charge)));
  const amount = D.max(new D('0.01'), D.min(remaining, owed));
  const principalOwed = D.min(amount, roundToCent(D.max(0, principal)));
  return {
    amount: toMoneyString(amount),
    principal: toMoneyString(principalOwed),
    accruedCharge: toMoneyString(amount.minus(principalOwed)),
    rebate: toMoneyString(remaining.minus(amount)),
  };
}

/** A loan as stored, with what settling it needs. */
export interface SettlementLoan {
  totalAmount: MoneyInput;
  costAmount: MoneyInput;
  remainingAmount: MoneyInput;
  /** The day it was paid out. */
  startDay: IsoDate;
  /** The agreement's charge rate; null for loans written before it was kept (worked out from the instalments). */
  chargeRate: MoneyInput | null;
  instalments: ReadonlyArray<{ dueDate: IsoDate; amountDue: MoneyInput }>;
  payments: ReadonlyArray<{ paymentDate: IsoDate; amount: MoneyInput }>;
}

/** The settlement figures of a stored loan on `on` (its principal is its total less its finance charge). */
export function settlementOfLoan(loan: SettlementLoan, on: IsoDate): SettlementFigures {
  return settlementFigures({ ...accrualInput(loan, on), remaining: loan.remainingAmount });
}

function accrualInput(loan: Omit<SettlementLoan, 'remainingAmount'>, on: IsoDate) {
  const principal = dec(loan.totalAmount).minus(dec(loan.costAmount));
  return {
    principal,
    startDay: loan.startDay,
    chargeRate: loan.chargeRate ?? chargeRateOf(principal, loan.startDay, loan.instalments),
    payments: loan.payments,
    on,
  };
}

/**
 * The finance charge a stored loan has earned by the end of `on` (docs/accounting.md, "Income"): the charge accrued
 * day by day at the agreement's rate on the principal outstanding, to the cent, never more than the finance charge
 * itself (a loan repaid late keeps accruing until its whole charge is earned, and no further).
 */
export function chargeEarned(loan: Omit<SettlementLoan, 'remainingAmount'>, on: IsoDate): string {
  const { earned } = accrue(accrualInput(loan, on));
  return toMoneyString(D.min(roundToCent(earned), dec(loan.costAmount)));
}
