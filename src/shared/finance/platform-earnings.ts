// The pure rules of earnings read from the platforms (docs/platform-earnings.md): the withholding a month's earnings
// pay (the one rule the admin's typed earnings and the review queue share), dollars to rand at a kept rate rounded
// to the cent once, Patreon pledges summed, AdSense payment amounts read, and how a month's parts combine.
import Decimal from 'decimal.js';
import type { EarningsSource } from '../constants';
import { roundToCent } from './money';

type Amount = Decimal | string | number;

/**
 * What a month's earnings pay towards the loan: earnings × withholding % rounded half-up to the cent (`calculated`),
 * never more than the remaining balance (`payment`). The platform fee on it is the servicing's (feeWithinQuote).
 */
export function earningsWithholding(earnings: Amount, withholdingPercent: Amount, remaining: Amount) {
  const calculated = roundToCent(new Decimal(earnings).times(withholdingPercent).div(100));
  const payment = Decimal.min(calculated, new Decimal(remaining));
  return { calculated, payment, capped: payment.lt(calculated) };
}

/** Dollars in rand at `zarPerUsd`, rounded half-up to the cent once (never per part). */
export function usdToZar(usd: Amount, zarPerUsd: Amount): Decimal {
  return roundToCent(new Decimal(usd).times(zarPerUsd));
}

/** The last calendar day of a month, 'YYYY-MM-DD': the day an exchange rate is taken for. */
export function lastDayOfMonth(year: number, month: number): string {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The month before a calendar day's month: the month the job reads on that day. */
export function previousMonthOf(day: string): { year: number; month: number } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

export type PatreonMember = {
  attributes?: { currently_entitled_amount_cents?: number | null; patron_status?: string | null };
};

/** A campaign's monthly pledges in cents: what its active patrons are entitled to now (former and declined not). */
export function patreonMonthlyCents(members: readonly PatreonMember[]): number {
  let cents = 0;
  for (const member of members) {
    const attributes = member.attributes ?? {};
    if (attributes.patron_status !== 'active_patron') continue;
    const amount = attributes.currently_entitled_amount_cents ?? 0;
    if (Number.isInteger(amount) && amount > 0) cents += amount;
  }
  return cents;
}

const CURRENCY_MARKS: ReadonlyArray<[RegExp, string]> = [
  [/^(?:ZAR|R)/i, 'ZAR'],
  [/^(?:USD|US\$|\$)/i, 'USD'],
  [/^(?:EUR|€)/i, 'EUR'],
  [/^(?:GBP|£)/i, 'GBP'],
];

/**
 * An AdSense payment's amount as the API writes it, formatted for the account's locale ('R 1 234,56', '$123.45',
 * 'US$1,234.56', '-R 50,00'): its currency and the amount as plain decimal text, or null when it cannot be read.
 * The separator followed by one or two final digits is the decimal one; every other '.', ',' or space groups.
 */
export function parseAdsenseAmount(text: string): { currency: string; amount: string } | null {
  let rest = text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  const negative = rest.startsWith('-');
  if (negative) rest = rest.slice(1).trim();
  const mark = CURRENCY_MARKS.find(([pattern]) => pattern.test(rest));
  if (!mark) return null;
  rest = rest.replace(mark[0], '').trim();
  if (!/^\d[\d., ]*$/.test(rest)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(rest);
  const whole = (decimal ? rest.slice(0, decimal.index) : rest).replace(/[., ]/g, '');
  if (!/^\d+$/.test(whole)) return null;
  const amount = new Decimal(`${whole}.${decimal?.[1] ?? '0'}`);
  return { currency: mark[1], amount: (negative ? amount.negated() : amount).toFixed(2) };
}

export type MonthPart = { platform: string; currency: string; amount: string; verified: boolean };

/**
 * A month's parts as one figure: the rand parts and the dollar parts (converted once, at `zarPerUsd`) added; the
 * source is payout-verified only when every part is a payout. Other currencies are refused (null) rather than
 * guessed. Without a rate, dollars give `{ needsRate: true }`.
 */
export function combineParts(parts: readonly MonthPart[], zarPerUsd: Amount | null) {
  let zar = new Decimal(0);
  let usd = new Decimal(0);
  for (const part of parts) {
    if (part.currency === 'ZAR') zar = zar.plus(part.amount);
    else if (part.currency === 'USD') usd = usd.plus(part.amount);
    else return { unsupported: part.currency } as const;
  }
  const source: EarningsSource =
    parts.length > 0 && parts.every((p) => p.verified) ? 'payout_verified' : 'platform_api';
  const hasUsd = parts.some((p) => p.currency === 'USD');
  if (!hasUsd)
    return {
      earnings: roundToCent(zar),
      originalCurrency: 'ZAR',
      originalAmount: roundToCent(zar),
      source,
    } as const;
  if (zarPerUsd === null)
    return { needsRate: true, originalCurrency: 'USD', originalAmount: roundToCent(usd), source } as const;
  return {
    earnings: roundToCent(zar.plus(usdToZar(usd, zarPerUsd))),
    originalCurrency: 'USD',
    originalAmount: roundToCent(usd),
    source,
  } as const;
}
