// A calendar day typed the way a South African writes it, read into 'YYYY-MM-DD' (components/date-input.tsx). The
// field shows the day as every screen does ('30 Nov 2026', the format module's formatDate), whatever the
// browser's locale; what a person types may be that, the ISO day, the en-ZA numeric day (2026/11/30) or the day
// before the month (30/11/2026, never the American month first), with or without the weekday.
import { addDays, type IsoDate, isIsoDate, MONTH_NAMES } from '../../shared/business-date';
import { formatDate } from '../../shared/format';

const pad = (n: number) => String(n).padStart(2, '0');

function isoOf(year: number, month: number, day: number): IsoDate | null {
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  return isIsoDate(iso) ? iso : null;
}

/** 'nov', 'november', 'sept' -> 11, 11, 9; null for anything else. */
function monthFromName(name: string): number | null {
  const lower = name.toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return null;
  const index = MONTH_NAMES.findIndex((month) => {
    const full = month.toLowerCase();
    return full === lower || (full.startsWith(lower) && lower.length >= 3);
  });
  return index === -1 ? null : index + 1;
}

/** The day a person typed, or null when it names none (an empty field, a 31 February, an American 11/30/2026). */
export function parseDateEntry(text: string): IsoDate | null {
  // A weekday in front ('Monday, 30 November 2026', as the field reads the day out) says nothing more.
  const trimmed = text.trim().replace(/^[a-z]+,\s*/i, '');
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(trimmed);
  if (match) return isoOf(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4})$/.exec(trimmed);
  if (match) return isoOf(Number(match[3]), Number(match[2]), Number(match[1]));
  match = /^(\d{1,2})\s*([a-z]+\.?),?\s+(\d{4})$/i.exec(trimmed);
  if (match) {
    const month = monthFromName(match[2]!);
    return month === null ? null : isoOf(Number(match[3]), month, Number(match[1]));
  }
  return null;
}

/** How the field shows a day: '30 Nov 2026'; an empty or unreadable value as it is. */
export function showDateEntry(value: string | null | undefined): string {
  if (!value) return '';
  return isIsoDate(value) ? formatDate(value) : value;
}

/** The calendar's weeks of the month that holds `month` ('YYYY-MM-01'): Sunday first, as en-ZA calendars are. */
export function monthGrid(month: IsoDate): IsoDate[][] {
  const first = `${month.slice(0, 7)}-01`;
  const [year, monthNumber] = first.split('-').map(Number) as [number, number];
  const startWeekday = new Date(Date.UTC(year, monthNumber - 1, 1)).getUTCDay();
  let day = addDays(first, -startWeekday);
  const weeks: IsoDate[][] = [];
  do {
    const week: IsoDate[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  } while (day.slice(0, 7) === first.slice(0, 7));
  return weeks;
}
