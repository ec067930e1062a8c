// South African business days: Monday to Friday, except public holidays. The holidays are those of the Public
// Holidays Act 36 of 1994 (schedule 1): fixed days, and Good Friday and Family Day (the Monday after Easter) from
// the date of Easter; a public holiday that falls on a Sunday makes the Monday after it a public holiday too
// (section 2(1)). Days the President declares a public holiday under section 2A (an election day) are listed in
// DECLARED_HOLIDAYS, each with its Government Gazette notice. Pure functions over 'YYYY-MM-DD', shared by the
// server and the browser (docs/compliance.md, docs/lending.md "Business days").
import { addDays, type IsoDate } from './business-date';

/** The Act's fixed public holidays: month and day. */
const FIXED_HOLIDAYS: ReadonlyArray<readonly [month: number, day: number, name: string]> = [
  [1, 1, "New Year's Day"],
  [3, 21, 'Human Rights Day'],
  [4, 27, 'Freedom Day'],
  [5, 1, "Workers' Day"],
  [6, 16, 'Youth Day'],
  [8, 9, "National Women's Day"],
  [9, 24, 'Heritage Day'],
  [12, 16, 'Day of Reconciliation'],
  [12, 25, 'Christmas Day'],
  [12, 26, 'Day of Goodwill'],
];

/**
 * Days declared public holidays under section 2A of the Act, with their source. A new declaration is added here
 * (with a test) as soon as it is gazetted: due dates of bank debits and "business days" depend on it.
 */
export const DECLARED_HOLIDAYS: ReadonlyArray<{ date: IsoDate; name: string; source: string }> = [
  {
    date: '2016-08-03',
    name: 'Local government elections',
    source: 'declared under section 2A by the President, announced 24 June 2016',
  },
  {
    date: '2019-05-08',
    name: 'National and provincial elections',
    source: 'declared under section 2A by the President, February 2019',
  },
  {
    date: '2021-11-01',
    name: 'Local government elections',
    source: 'declared under section 2A by the President, 11 October 2021',
  },
  {
    date: '2024-05-29',
    name: 'National and provincial elections',
    source: 'declared under section 2A by the President, Government Gazette of 23 February 2024',
  },
];

export interface PublicHoliday {
  date: IsoDate;
  name: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number): IsoDate => `${year}-${pad(month)}-${pad(day)}`;

/** Easter Sunday of `year` (Gregorian calendar; the anonymous algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

/** 0 = Sunday ... 6 = Saturday, of a calendar date (no time zone: the date itself). */
export function weekday(date: IsoDate): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

const cache = new Map<number, PublicHoliday[]>();

/** The public holidays of `year` in date order, with the Mondays after those that fall on a Sunday. */
export function publicHolidays(year: number): PublicHoliday[] {
  const known = cache.get(year);
  if (known) return known;
  const easter = easterSunday(year);
  const days: PublicHoliday[] = [
    ...FIXED_HOLIDAYS.map(([month, day, name]) => ({ date: iso(year, month, day), name })),
    { date: addDays(easter, -2), name: 'Good Friday' },
    { date: addDays(easter, 1), name: 'Family Day' },
    ...DECLARED_HOLIDAYS.filter((h) => h.date.startsWith(`${year}-`)).map(({ date, name }) => ({
      date,
      name,
    })),
  ];
  const observed = days
    .filter((h) => weekday(h.date) === 0)
    .map((h) => ({ date: addDays(h.date, 1), name: `${h.name} (observed)` }));
  const all = [...days, ...observed]
    .filter((h, index, list) => list.findIndex((o) => o.date === h.date) === index)
    .sort((a, b) => a.date.localeCompare(b.date));
  cache.set(year, all);
  return all;
}

export function isPublicHoliday(date: IsoDate): boolean {
  return publicHolidays(Number(date.slice(0, 4))).some((h) => h.date === date);
}

/** Monday to Friday and not a public holiday. */
export function isBusinessDay(date: IsoDate): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6 && !isPublicHoliday(date);
}

/** `date` itself when it is a business day, else the next business day after it. */
export function nextBusinessDay(date: IsoDate): IsoDate {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/**
 * The business day `count` business days after `date`: a quote made on a Friday and valid for 5 business days holds
 * until the next Friday (later across a holiday); one made on a Saturday, until the Friday after. `count` 0 is the
 * date itself.
 */
export function addBusinessDays(date: IsoDate, count: number): IsoDate {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`Business days must be 0 or more, got ${count}`);
  let day = date;
  for (let n = 0; n < count; n++) day = nextBusinessDay(addDays(day, 1));
  return day;
}
