// Calendar dates of the business. Due dates, payment dates and earnings months are South African calendar
// days (Africa/Johannesburg), whatever time zone the server or the browser runs in. SAST is UTC+2 all year
// (no daylight saving), so a fixed offset is exact. A calendar date travels as 'YYYY-MM-DD' (ISO 8601) and
// is compared as text: that order is the calendar's order.

export type IsoDate = string;

const BUSINESS_UTC_OFFSET_MS = 2 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function fromUtcDay(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

function utcDay(date: IsoDate): number {
  const parts = ISO_DATE.exec(date);
  if (!parts) throw new RangeError(`Not a calendar date: ${date}`);
  return Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
}

/**
 * True only for 'YYYY-MM-DD' naming a day that exists: '2024-02-29' yes, '2023-02-29', '2024-02-30',
 * '2024-1-01' and '2024-01-01junk' no (Date would roll the first two over into March and read the rest).
 */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const parts = ISO_DATE.exec(value);
  if (!parts) return false;
  const year = Number(parts[1]);
  if (year < 1900 || year > 2999) return false;
  const ms = Date.UTC(year, Number(parts[2]) - 1, Number(parts[3]));
  return fromUtcDay(ms) === value;
}

/** The last calendar day businessDate worked out, by its number of days since 1970 on the UTC+2 clock. */
let lastDay: { number: number; date: IsoDate } = { number: Number.NaN, date: '' };

/** The South African calendar date of an instant. */
export function businessDate(instant: Date): IsoDate {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid instant');
  // The last day worked out is kept: the server asks for today on every poll (for its ETag and the loans'
  // days past due), and formatting a Date each time was about 1% of a changed poll's CPU.
  const day = Math.floor((ms + BUSINESS_UTC_OFFSET_MS) / DAY_MS);
  if (day !== lastDay.number) lastDay = { number: day, date: fromUtcDay(day * DAY_MS) };
  return lastDay.date;
}

/** A day and time on the South African clock; month 1-12. */
export interface BusinessClockTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** An instant on the South African clock: the calendar day, hour and minute. */
export function businessClock(instant: Date): BusinessClockTime {
  const wall = new Date(instant.getTime() + BUSINESS_UTC_OFFSET_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** The instant a South African calendar day begins (00:00 SAST). */
export function startOfBusinessDay(date: IsoDate): Date {
  return new Date(utcDay(date) - BUSINESS_UTC_OFFSET_MS);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`Days must be a whole number, got ${days}`);
  return fromUtcDay(utcDay(date) + days * DAY_MS);
}

/** Calendar-month addition that clamps to the month's last day: 31 Jan + 1 month = 28/29 Feb. */
export function addMonths(date: IsoDate, months: number): IsoDate {
  if (!Number.isInteger(months)) throw new RangeError(`Months must be a whole number, got ${months}`);
  const start = new Date(utcDay(date));
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fromUtcDay(Date.UTC(year, month, Math.min(start.getUTCDate(), lastDay)));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((utcDay(to) - utcDay(from)) / DAY_MS);
}

/** A month as one comparable number: 2026-11 -> 2026 * 12 + 10. */
export function monthNumber(year: number, month: number): number {
  return year * 12 + (month - 1);
}

/** The month number of a calendar date. */
export function monthOf(date: IsoDate): number {
  const parts = ISO_DATE.exec(date);
  if (!parts) throw new RangeError(`Not a calendar date: ${date}`);
  return monthNumber(Number(parts[1]), Number(parts[2]));
}

export const minDate = (a: IsoDate, b: IsoDate): IsoDate => (a <= b ? a : b);
export const maxDate = (a: IsoDate, b: IsoDate): IsoDate => (a >= b ? a : b);

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'November 2026' for a month number (see monthNumber). */
export const monthLabel = (month: number): string => `${MONTH_NAMES[month % 12]} ${Math.floor(month / 12)}`;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** 'Sunday, 29 November 2026' for '2026-11-29' (a date field's reading); null for anything that is not a day. */
export function calendarDayInWords(value: string | null | undefined): string | null {
  if (!value || !isIsoDate(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday}, ${day} ${MONTH_NAMES[month - 1]} ${year}`;
}
