// Amounts and days as banks write them in their files (docs/bank-statements.md, "Reading a file"). Pure; the CSV and
// OFX readers use both, the unit tests beside them pin every form seen in South African exports.
import Decimal from 'decimal.js';
import { businessDate, type IsoDate, isIsoDate } from '../../../shared/business-date';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const isoOf = (year: number, month: number, day: number): IsoDate | null => {
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
};

/**
 * A bank's day ('2026/11/02', '2026-11-02', '20261102', '02/11/2026', '2 Nov 2026', '02Nov2026', with or without a
 * time after it) as the calendar day it names, or null. South African banks write day before month; a four-digit
 * first part is the year. Impossible days (31 Nov) are null.
 */
export function parseBankDay(text: string): IsoDate | null {
  const value = text.trim().replace(/^'+/, '');
  let m = /^(\d{4})[-/.]?(\d{2})[-/.]?(\d{2})(?:$|[\sT])/.exec(value);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:$|\s)/.exec(value);
  if (m) return isoOf(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[\s-]?([A-Za-z]{3})[A-Za-z]*[\s-]?(\d{4})(?:$|\s)/.exec(value);
  if (m) {
    const month = MONTHS[m[2]!.toLowerCase()];
    return month ? isoOf(Number(m[3]), month, Number(m[1])) : null;
  }
  return null;
}

/**
 * An OFX date-time ('20261102', '20261102120000', '20261102220000.000[-5:EST]') as the South African calendar day
 * it falls on. Without a zone the bank's own day is taken as written; with one, the instant is placed in SA time.
 */
export function parseOfxDay(text: string): IsoDate | null {
  const m =
    /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?(?:\.\d+)?)?(?:\[([+-]?\d+(?:\.\d+)?)(?::[^\]]*)?\])?$/.exec(
      text.trim(),
    );
  if (!m) return null;
  const day = isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  if (!day || m[7] === undefined) return day;
  const offsetHours = Number(m[7]);
  const utc =
    Date.UTC(
      Number(m[1]),
      Number(m[2]) - 1,
      Number(m[3]),
      Number(m[4] ?? 0),
      Number(m[5] ?? 0),
      Number(m[6] ?? 0),
    ) -
    offsetHours * 3_600_000;
  return businessDate(new Date(utc));
}

/**
 * An amount as a bank writes it, signed (money in positive): '1234.56', '-1234.56', '1 234,56', '1,234.56',
 * 'R 1 234.56', '1234.56 Cr', '1234.56 Dr' (out), '(123.45)' (out), '123.45-' (out). Null when it is not an amount
 * in rand and cents (letters, more than two decimals, an empty cell).
 */
export function parseBankAmount(text: string): Decimal | null {
  let value = text.replace(/[\s\u00a0\u202f']/g, '');
  if (!value) return null;
  let negative = false;
  const suffix = /(cr|dr)$/i.exec(value);
  if (suffix) {
    negative = suffix[1]!.toLowerCase() === 'dr';
    value = value.slice(0, -2);
  }
  if (/^\(.*\)$/.test(value)) {
    negative = !negative;
    value = value.slice(1, -1);
  }
  if (value.startsWith('-')) {
    negative = !negative;
    value = value.slice(1);
  } else if (value.endsWith('-')) {
    negative = !negative;
    value = value.slice(0, -1);
  } else if (value.startsWith('+')) value = value.slice(1);
  value = value.replace(/^(zar|r)/i, '');
  if (!/^[\d.,]+$/.test(value) || !/\d/.test(value)) return null;
  const lastComma = value.lastIndexOf(',');
  const lastDot = value.lastIndexOf('.');
  let decimalMark: ',' | '.' | null = null;
  if (lastComma >= 0 && lastDot >= 0) decimalMark = lastComma > lastDot ? ',' : '.';
  else if (lastComma >= 0)
    decimalMark = /,\d{1,2}$/.test(value) && value.split(',').length === 2 ? ',' : null;
  else if (lastDot >= 0) decimalMark = value.split('.').length === 2 ? '.' : null;
  const thousands = decimalMark === ',' ? '.' : ',';
  let [whole, cents = ''] = decimalMark ? splitAtLast(value, decimalMark) : [value, ''];
  whole = whole.split(thousands).join('');
  if (decimalMark === null) whole = whole.replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(cents)) return null;
  const amount = new Decimal(`${whole}.${cents || '0'}`);
  return negative ? amount.negated() : amount;
}

function splitAtLast(value: string, mark: string): [string, string] {
  const at = value.lastIndexOf(mark);
  return [value.slice(0, at), value.slice(at + 1)];
}
