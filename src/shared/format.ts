// The one format module (issue 12): money, percentages, counts and plurals, and dates the way South Africans
// read them, for the browser, server messages, audit notes, e-mails, CSV and the AI texts alike.
//
// Dates are shown in Africa/Johannesburg whatever time zone the browser or the server runs in (a creator
// abroad, a server in UTC): an instant such as `createdAt` is converted with @date-fns/tz first, and a
// calendar day ('2026-11-23': due dates, payment dates) is shown as that day, never shifted by a time zone.
import { TZDate } from '@date-fns/tz';
import { format, isValid } from 'date-fns';

export { formatPercent, formatZar, formatZarWhole } from './finance/money';

export const TIME_ZONE = 'Africa/Johannesburg';

/** '05 Mar 2026': tables, lists, server messages and audit notes. */
export const DATE_SHORT = 'dd MMM yyyy';
/** 'Mar 5, 2026': date-fns's localised medium date. */
export const DATE_MEDIUM = 'PP';
/** 'March 05, 2026': statements and agreements. */
export const DATE_LONG = 'MMMM dd, yyyy';

type DateInput = Date | string | number | null | undefined;

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The moment or day as a date in Johannesburg, or null for nothing or something unreadable. */
export function inJohannesburg(value: DateInput): TZDate | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const day = CALENDAR_DAY.exec(value);
    if (day) {
      const date = new TZDate(Number(day[1]), Number(day[2]) - 1, Number(day[3]), TIME_ZONE);
      return isValid(date) && date.getDate() === Number(day[3]) ? date : null;
    }
  }
  const instant = value instanceof Date ? value : new Date(value);
  return isValid(instant) ? new TZDate(instant.getTime(), TIME_ZONE) : null;
}

function formatWith(pattern: string, value: DateInput, fallback: string): string {
  const date = inJohannesburg(value);
  return date ? format(date, pattern) : fallback;
}

/** '05 Mar 2026', or the fallback ('-') for nothing. */
export function formatDate(value: DateInput, fallback = '-'): string {
  return formatWith(DATE_SHORT, value, fallback);
}

/** 'Mar 5, 2026'. */
export function formatDateMedium(value: DateInput, fallback = '-'): string {
  return formatWith(DATE_MEDIUM, value, fallback);
}

/** 'March 05, 2026'. */
export function formatDateLong(value: DateInput, fallback = '-'): string {
  return formatWith(DATE_LONG, value, fallback);
}

/** '5 March 2026': prose (the advisor's texts, e-mails). */
export function formatDateInWords(value: DateInput, fallback = '-'): string {
  return formatWith('d MMMM yyyy', value, fallback);
}

const countFormatter = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 0 });

/** A whole count as en-ZA text: 1234 -> '1 234' (no-break space between thousands), as the amounts are. */
export function formatCount(value: number): string {
  return countFormatter.format(Number.isFinite(value) ? Math.trunc(value) : 0);
}

/** 'application' for exactly one, the plural otherwise. */
export function plural(value: number, singular: string, pluralForm = `${singular}s`): string {
  return value === 1 ? singular : pluralForm;
}

/** '1 application', '1 234 applications': the count and the noun, singular for exactly one. */
export function formatCountOf(value: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(value)} ${plural(value, singular, pluralForm)}`;
}

const oneDecimal = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 1 });

/** '15 B', '12 KB', '1,5 MB': an upload's size. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatCount(Math.round(bytes / 1024))} KB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}
