// The one format module: money, percentages, counts and plurals, and dates the way South Africans
// read them, for the browser, server messages, audit notes, e-mails, CSV and the AI texts alike.
//
// Dates are shown in Africa/Johannesburg whatever time zone the browser or the server runs in (a creator
// abroad, a server in UTC): an instant such as `createdAt` is read on the Johannesburg clock (UTC+2 all year),
// and a calendar day ('2026-11-23': due dates, payment dates) is shown as that day, never shifted by a time
// zone. Nothing here uses Intl for the rand or for dates: Intl's first use on a page is slow (see
// `inJohannesburg` and `enZaNumber`), and tests hold the hand-written forms to Intl's.
import {
  type BusinessClockTime,
  businessClock,
  isIsoDate,
  MONTH_NAMES,
  startOfBusinessDay,
} from './business-date';
import { enZaNumber } from './finance/money';

export { formatDecimal, formatPercent, formatZar, formatZarWhole } from './finance/money';

export const TIME_ZONE = 'Africa/Johannesburg';

// The patterns each date function writes, in date-fns's notation (a screen that formats a time of its own
// uses them to match).
/** '05 Mar 2026': tables, lists, server messages and audit notes. */
export const DATE_SHORT = 'dd MMM yyyy';
/** 'Mar 5, 2026': the medium date. */
export const DATE_MEDIUM = 'MMM d, yyyy';
/** 'March 05, 2026': statements and agreements. */
export const DATE_LONG = 'MMMM dd, yyyy';

type DateInput = Date | string | number | null | undefined;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day and time on Johannesburg's clock; month 1-12. */
export type JohannesburgTime = BusinessClockTime;

/**
 * The instant given, or the start of the calendar day named ('YYYY-MM-DD', 00:00 in Johannesburg); null for
 * nothing or something unreadable ('2026-02-30' included).
 */
export function toInstant(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) {
    return isIsoDate(value) ? startOfBusinessDay(value) : null;
  }
  const instant = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/**
 * The moment or day on Johannesburg's clock (a calendar day is that day at 00:00), or null. SAST is UTC+2 all
 * year (business-date.ts), so no Intl time zone data is needed: a page's first Intl object costs 30-90 ms of
 * main-thread time in Chromium while ICU loads.
 */
export function inJohannesburg(value: DateInput): JohannesburgTime | null {
  const instant = toInstant(value);
  return instant ? businessClock(instant) : null;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const shortMonth = (month: number) => MONTH_NAMES[month - 1].slice(0, 3);
const year4 = (n: number) => String(n).padStart(4, '0');

function formatWith(value: DateInput, fallback: string, write: (t: JohannesburgTime) => string): string {
  const time = inJohannesburg(value);
  return time ? write(time) : fallback;
}

/** '05 Mar 2026', or the fallback ('-') for nothing. */
export function formatDate(value: DateInput, fallback = '-'): string {
  return formatWith(value, fallback, (t) => `${pad2(t.day)} ${shortMonth(t.month)} ${year4(t.year)}`);
}

/** '05 Mar 2026, 14:30' on Johannesburg's clock, whatever the reader's own time zone (the audit trail's times). */
export function formatDateTimeSast(value: DateInput, fallback = '-'): string {
  return formatWith(
    value,
    fallback,
    (t) => `${pad2(t.day)} ${shortMonth(t.month)} ${year4(t.year)}, ${pad2(t.hour)}:${pad2(t.minute)}`,
  );
}

/** 'Mar 5, 2026'. */
export function formatDateMedium(value: DateInput, fallback = '-'): string {
  return formatWith(value, fallback, (t) => `${shortMonth(t.month)} ${t.day}, ${year4(t.year)}`);
}

/** 'March 05, 2026'. */
export function formatDateLong(value: DateInput, fallback = '-'): string {
  return formatWith(value, fallback, (t) => `${MONTH_NAMES[t.month - 1]} ${pad2(t.day)}, ${year4(t.year)}`);
}

/** '5 March 2026': prose (the advisor's texts, e-mails). */
export function formatDateInWords(value: DateInput, fallback = '-'): string {
  return formatWith(value, fallback, (t) => `${t.day} ${MONTH_NAMES[t.month - 1]} ${year4(t.year)}`);
}

/**
 * '2026-03-05': a date in a CSV file (every export, one rule): the South African calendar day, an instant such as
 * `createdAt` read on Johannesburg's clock and a calendar day written as it is, ISO 8601 so a spreadsheet sorts it;
 * the fallback ('') for nothing.
 */
export function formatCsvDate(value: DateInput, fallback = ''): string {
  return formatWith(value, fallback, (t) => `${year4(t.year)}-${pad2(t.month)}-${pad2(t.day)}`);
}

/** A platform handle as people write it, with one '@' whether or not it was typed: 'thandi' and '@thandi' -> '@thandi'. */
export function formatHandle(username: string): string {
  return `@${username.trim().replace(/^@+/, '')}`;
}

/** A whole count as en-ZA text: 1234 -> '1 234' (no-break space between thousands), as the amounts are. */
export function formatCount(value: number): string {
  const whole = Number.isFinite(value) ? Math.trunc(value) : 0;
  // BigInt writes every digit (String would switch to an exponent past 1e21); -0 is 0.
  return enZaNumber(Number.isSafeInteger(whole) ? String(whole + 0) : BigInt(whole).toString());
}

/** 'application' for exactly one, the plural otherwise. */
export function plural(value: number, singular: string, pluralForm = `${singular}s`): string {
  return value === 1 ? singular : pluralForm;
}

/** '1 application', '1 234 applications': the count and the noun, singular for exactly one. */
export function formatCountOf(value: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(value)} ${plural(value, singular, pluralForm)}`;
}

/** '15 B', '12 KB', '1,5 MB': an upload's size. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatCount(Math.round(bytes / 1024))} KB`;
  const megabytes = Math.round((bytes * 10) / (1024 * 1024)) / 10;
  return `${enZaNumber(String(megabytes))} MB`;
}

/** A calendar month written 'YYYY-MM' as 'Nov 2026' (a payout cohort); the text itself when it is not one. */
export function formatMonth(value: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  const month = match ? Number(match[2]) : 0;
  return match && month >= 1 && month <= 12 ? `${shortMonth(month)} ${match[1]}` : value;
}
