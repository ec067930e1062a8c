// The one place where money is parsed, rounded and formatted (docs/ARCHITECTURE.md, "Conventions").
// Every other finance module goes through these helpers so the rounding rules cannot drift apart.
import Decimal from 'decimal.js';
import { DEFAULT_CURRENCY } from '../constants';

export type MoneyInput = Decimal | string | number | null | undefined;

// Deliberately stricter than Decimal's own parser: it would accept '0x1f', 'Infinity' or '1e400', none
// of which is a money amount a person or the database ever writes. Grouped figures ('2,160.00') are
// rejected too, because the comma is ambiguous in en-ZA where it is the decimal separator.
const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

const MISSING = '-';

/** A numeric money value as a Decimal, or null when the value is missing or not a plain number. */
export function toDecimal(value: unknown): Decimal | null {
  if (Decimal.isDecimal(value)) return value.isFinite() ? value : null;
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value) : null;
  if (typeof value === 'string') {
    const text = value.trim();
    return PLAIN_DECIMAL.test(text) ? new Decimal(text) : null;
  }
  return null;
}

/**
 * Money as a request may send it in text: digits, then optionally a point and one or two decimals. No sign,
 * spaces, exponent, or hex, binary and octal forms (Number() would read '0x10' as 16, '0b11' as 3, '1e3' as
 * 1000, ' 12' as 12). Ten whole digits at most: numeric(12,2).
 */
export const MONEY_TEXT = /^\d{1,10}(?:\.\d{1,2})?$/;

/**
 * A finite number with at most two decimals, judged on its shortest decimal form (what the JSON said):
 * 12.5 and 12.34 are, 12.345, 1e-7, 1e21 and -0 are not. Signs are the schemas' business.
 */
export function hasAtMostCents(value: number): boolean {
  return Number.isFinite(value) && !Object.is(value, -0) && /^-?\d+(?:\.\d{1,2})?$/.test(String(value));
}

/**
 * A money amount from a request (a JSON number, or text in MONEY_TEXT form) as a number, or null when it is
 * neither. The one strict reading every money field of a request goes through (src/shared/schemas/fields.ts).
 */
export function parseMoneyInput(value: unknown): number | null {
  if (typeof value === 'number') return hasAtMostCents(value) ? value : null;
  if (typeof value === 'string' && MONEY_TEXT.test(value)) return Number(value);
  return null;
}

/** True for values that toDecimal accepts: use it to tell "0" from "absent" or "garbage". */
export function isNumericMoney(value: unknown): boolean {
  return toDecimal(value) !== null;
}

// '-0.00' would otherwise leak out of a rounding like -0.001 and print as '-R 0,00'.
function withoutNegativeZero(value: Decimal): Decimal {
  return value.isZero() ? new Decimal(0) : value;
}

/** Half-up (away from zero) to the cent: the commercial rounding used wherever no other rule is given. */
export function roundToCent(value: Decimal): Decimal {
  return withoutNegativeZero(value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
}

/** Up to the next cent, for instalments that must never leave a shortfall. */
export function ceilToCent(value: Decimal): Decimal {
  return withoutNegativeZero(value.toDecimalPlaces(2, Decimal.ROUND_CEIL));
}

/** Up to the next whole rand, where the repayment-plan rules say "ceiling". */
export function ceilToRand(value: Decimal): Decimal {
  return withoutNegativeZero(value.toDecimalPlaces(0, Decimal.ROUND_CEIL));
}

/** The wire and storage form of money: exactly two decimals, rounded half-up, e.g. '2160.00'. */
export function toMoneyString(value: Decimal): string {
  return roundToCent(value).toFixed(2);
}

const CENTS_TEXT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Money text (the database's numeric(12,2), '1234.5', '-3') as whole cents: 123450n. For loops over many
 * stored amounts (a loan's position on every changed poll), where a Decimal per amount cost most of
 * the time. Anything with more decimals is rounded half-up to the cent, as toMoneyString would; anything that
 * is not a plain number throws.
 */
export function toCents(value: string): bigint {
  const fast = plainCents(value);
  if (fast !== undefined) return BigInt(fast);
  const parts = CENTS_TEXT.exec(value);
  if (parts) {
    const cents = BigInt(parts[2]!) * 100n + BigInt((parts[3] ?? '').padEnd(2, '0'));
    return parts[1] ? -cents : cents;
  }
  const decimal = toDecimal(value);
  if (!decimal) throw new RangeError(`Not a money amount: ${value}`);
  return BigInt(roundToCent(decimal).times(100).toFixed(0));
}

/**
 * The cents of the database's own form ('-1234.5', '7', '0.05': at most 13 whole digits and 2 decimals) as a
 * number, without a regular expression or a BigInt per part (toCents is called for every instalment of every
 * loan on each changed poll); undefined for anything else. 13 digits keep the cents below 2^53, so exact.
 */
function plainCents(value: string): number | undefined {
  const length = value.length;
  let at = value.charCodeAt(0) === 0x2d ? 1 : 0;
  const negative = at === 1;
  const start = at;
  let units = 0;
  for (; at < length; at++) {
    const digit = value.charCodeAt(at) - 0x30;
    if (digit < 0 || digit > 9) break;
    units = units * 10 + digit;
  }
  const whole = at - start;
  if (whole === 0 || whole > 13) return undefined;
  let cents = units * 100;
  if (at < length) {
    const decimals = length - at - 1;
    if (value.charCodeAt(at) !== 0x2e || decimals < 1 || decimals > 2) return undefined;
    const tenths = value.charCodeAt(at + 1) - 0x30;
    const hundredths = decimals === 2 ? value.charCodeAt(at + 2) - 0x30 : 0;
    if (tenths < 0 || tenths > 9 || hundredths < 0 || hundredths > 9) return undefined;
    cents += tenths * 10 + hundredths;
  }
  // -0 is 0 for BigInt.
  return negative ? -cents : cents;
}

/** Whole cents in the wire and storage form: 123450n -> '1234.50', -5n -> '-0.05'. */
export function centsToMoneyString(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Adds money values; anything missing or non-numeric counts as 0 (statement rule of section 9). */
export function sumDecimal(values: Iterable<unknown>): Decimal {
  let total = new Decimal(0);
  for (const value of values) {
    const amount = toDecimal(value);
    if (amount) total = total.plus(amount);
  }
  return total;
}

/** sumDecimal as a two-decimal money string. */
export function sumMoney(values: Iterable<unknown>): string {
  return toMoneyString(sumDecimal(values));
}

export interface FormatMoneyOptions {
  /** ISO 4217 code; anything malformed falls back to ZAR rather than throwing inside a render. */
  currency?: string | null;
  /** What to show for a missing or non-numeric amount. */
  fallback?: string;
}

const NBSP = '\u00a0';

/**
 * A plain decimal text ('-2160.5', '1234') as en-ZA writes it: '-2 160,5', '1 234' (thousands grouped by
 * no-break spaces, a comma before the decimals). This is what Intl.NumberFormat('en-ZA') prints, written out
 * by hand because a page's first Intl formatter costs 30-90 ms of main-thread time in Chromium while ICU
 * loads (the dashboard and the landing page format amounts before their first paint). A property
 * test holds it to Intl's output.
 */
export function enZaNumber(plain: string): string {
  const negative = plain.startsWith('-');
  const unsigned = negative ? plain.slice(1) : plain;
  const point = unsigned.indexOf('.');
  const whole = point === -1 ? unsigned : unsigned.slice(0, point);
  const head = whole.length % 3 || 3;
  let grouped = whole.slice(0, head);
  for (let i = head; i < whole.length; i += 3) grouped += NBSP + whole.slice(i, i + 3);
  return `${negative ? '-' : ''}${grouped}${point === -1 ? '' : `,${unsigned.slice(point + 1)}`}`;
}

// Other currencies than the rand are rare (an application's currency is ZAR unless imported otherwise), so
// their Intl formatters are built only when one is shown.
const otherCurrencyFormatters = new Map<string, Intl.NumberFormat>();

function otherCurrency(amount: Decimal, currency: string, wholeUnits: boolean): string {
  const key = `${currency}:${wholeUnits ? 0 : 2}`;
  let cached = otherCurrencyFormatters.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat('en-ZA', {
      style: 'currency',
      currency,
      ...(wholeUnits ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    otherCurrencyFormatters.set(key, cached);
  }
  return cached.format(amount.toFixed(wholeUnits ? 0 : 2) as `${number}`);
}

function currencyCode(currency: string | null | undefined): string {
  const code = currency?.trim().toUpperCase();
  return code && /^[A-Z]{3}$/.test(code) ? code : DEFAULT_CURRENCY;
}

/** 'R 2 160,00' from '2160.00', '-R 5,50' from '-5.50' (en-ZA puts the sign before the symbol). */
function rand(fixed: string): string {
  return fixed.startsWith('-') ? `-R${NBSP}${enZaNumber(fixed.slice(1))}` : `R${NBSP}${enZaNumber(fixed)}`;
}

/**
 * en-ZA currency text with two decimals: 'R 2 160,00' (U+00A0 no-break spaces, comma decimal separator),
 * as Intl.NumberFormat('en-ZA') prints it. The amount is rounded with Decimal first, so a binary float such
 * as 1.005 can never round the wrong way.
 */
export function formatZar(amount: MoneyInput, opts: FormatMoneyOptions = {}): string {
  const value = toDecimal(amount);
  if (!value) return opts.fallback ?? MISSING;
  const rounded = roundToCent(value);
  const currency = currencyCode(opts.currency);
  return currency === 'ZAR' ? rand(rounded.toFixed(2)) : otherCurrency(rounded, currency, false);
}

/** Whole-rand currency text for headline figures such as 'R 2 000' (rounded half-up to the rand). */
export function formatZarWhole(amount: MoneyInput, opts: FormatMoneyOptions = {}): string {
  const value = toDecimal(amount);
  if (!value) return opts.fallback ?? MISSING;
  const whole = withoutNegativeZero(value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP));
  const currency = currencyCode(opts.currency);
  return currency === 'ZAR' ? rand(whole.toFixed(0)) : otherCurrency(whole, currency, true);
}

export interface FormatPercentOptions {
  /** Fixed number of decimals; 1 by default because every percentage on screen shows one. */
  decimals?: number;
  fallback?: string;
}

/**
 * A value already expressed in percent (21.6 means 21.6 %) as en-ZA text, '21,6%'. The same locale as
 * the money figures beside it, so the decimal separator never changes within one screen.
 */
export function formatPercent(value: MoneyInput, opts: FormatPercentOptions = {}): string {
  if (!toDecimal(value)) return opts.fallback ?? MISSING;
  return `${formatDecimal(value, opts)}%`;
}

/** A number with a fixed count of decimals (1 unless told), half-up, as en-ZA text: 72.45 -> '72,5'. */
export function formatDecimal(value: MoneyInput, opts: FormatPercentOptions = {}): string {
  const number = toDecimal(value);
  if (!number) return opts.fallback ?? MISSING;
  const decimals = Math.min(Math.max(Math.trunc(opts.decimals ?? 1), 0), 20);
  const rounded = withoutNegativeZero(number.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP));
  return enZaNumber(rounded.toFixed(decimals));
}
