// Display formatting for the browser. Money goes through the shared finance module so the rounding and
// the en-ZA rand format are the same on every screen and on the server.
import { format as formatDateFns, isValid, parseISO } from 'date-fns';

export { formatPercent, formatZar, formatZarWhole } from '../../shared/finance/money';

export const DATE_SHORT = 'dd MMM yyyy';
export const DATE_MEDIUM = 'PP';
export const DATE_LONG = 'MMMM dd, yyyy';

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

function formatWith(
  pattern: string,
  value: Date | string | number | null | undefined,
  fallback: string,
): string {
  const date = toDate(value);
  return date ? formatDateFns(date, pattern) : fallback;
}

/** '05 Mar 2026' — tables and lists. */
export function formatDate(value: Date | string | number | null | undefined, fallback = '-'): string {
  return formatWith(DATE_SHORT, value, fallback);
}

/** 'Mar 5, 2026' — date-fns's localised medium date. */
export function formatDateMedium(value: Date | string | number | null | undefined, fallback = '-'): string {
  return formatWith(DATE_MEDIUM, value, fallback);
}

/** 'March 05, 2026' — statements and agreements. */
export function formatDateLong(value: Date | string | number | null | undefined, fallback = '-'): string {
  return formatWith(DATE_LONG, value, fallback);
}

const countFormatter = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 0 });

/** A whole count as en-ZA text: 1234 -> '1 234' (no-break space between thousands), as the amounts are. */
export function formatCount(value: number): string {
  return countFormatter.format(Number.isFinite(value) ? Math.trunc(value) : 0);
}

/** '1 application', '1 234 applications': the count and the noun, singular for exactly one. */
export function formatCountOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}
