// What a restructure will do, worked out with the same shared functions the server uses
// (servicing.service.ts, restructureLoan): the remaining balance spread over the new period's instalments,
// each rounded up to the cent, the last taking the remainder. No cost is added: the total stays the balance.
import type { IsoDate } from '../../../shared/business-date';
import { MAX_PERIOD_MONTHS, MIN_PERIOD_MONTHS } from '../../../shared/constants';
import { asScheduleFrequency, dueOnBusinessDays, planRestructure } from '../../../shared/finance/instalments';
import { toDecimal, toMoneyString } from '../../../shared/finance/money';

export const RESTRUCTURE_DEFAULT_MONTHS = 12;

interface RestructurePreview {
  months: number;
  instalments: number;
  /** The regular instalment. */
  instalment: string;
  /** The last instalment: the rest of the balance (at most the regular one). */
  lastInstalment: string;
  firstDueDate: IsoDate;
  lastDueDate: IsoDate;
  /** Stays the remaining balance: restructuring costs nothing. */
  total: string;
}

/**
 * The new instalments if the loan is restructured `today` over `months`. Null while the period is not a
 * whole number of 1-36 months or there is no balance to spread.
 */
export function restructurePreview(
  loan: {
    remainingAmount: string | number | null | undefined;
    frequency: string | null | undefined;
    paymentMethod?: string | null;
  },
  months: number | null | undefined,
  today: IsoDate,
): RestructurePreview | null {
  const balance = toDecimal(loan.remainingAmount);
  if (!balance || balance.lte(0)) return null;
  if (
    typeof months !== 'number' ||
    !Number.isInteger(months) ||
    months < MIN_PERIOD_MONTHS ||
    months > MAX_PERIOD_MONTHS
  ) {
    return null;
  }
  // A balance of a few cents cannot fill that many instalments; the server refuses it too.
  const plan = planRestructure({
    remaining: balance,
    frequency: asScheduleFrequency(loan.frequency),
    months,
    start: today,
    businessDaysOnly: dueOnBusinessDays(loan.paymentMethod),
  });
  if (!plan) return null;
  const { instalment, planned } = plan;
  const first = planned[0]!;
  const last = planned.at(-1)!;
  return {
    months,
    instalments: planned.length,
    instalment: toMoneyString(instalment),
    lastInstalment: last.amountDue,
    firstDueDate: first.dueDate,
    lastDueDate: last.dueDate,
    total: toMoneyString(balance),
  };
}
