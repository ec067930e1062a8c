// South African identity numbers (13 digits: YYMMDD SSSS C A Z): the date of birth, the citizenship digit and the
// Luhn check digit Z, as the Department of Home Affairs issues them. The product reads the date of birth from the
// number and refuses anyone under 18 (docs/compliance.md, "Who may apply").
import { formatDateInWords } from '../format';
import { NCA_RULES } from './nca-rules';

export type SaIdCheck =
  | { ok: true; dateOfBirth: string; citizen: boolean; age: number }
  | { ok: false; reason: string };

/** The Luhn check over all 13 digits (the last is the check digit). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Whole years from a 'YYYY-MM-DD' birth date to a 'YYYY-MM-DD' day (a 29 February birthday counts on 1 March). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/**
 * Checks an SA ID number against today's date in South Africa ('YYYY-MM-DD'). The century is the one that puts
 * the birth date in the past: '05...' is 2005 in 2026, '30...' is 1930.
 */
export function checkSaIdNumber(raw: string, today: string): SaIdCheck {
  const id = raw.replace(/\s+/g, '');
  if (!/^\d{13}$/.test(id)) return { ok: false, reason: 'An SA ID number has 13 digits.' };
  const yy = Number(id.slice(0, 2));
  const month = Number(id.slice(2, 4));
  const day = Number(id.slice(4, 6));
  const currentYear = Number(today.slice(0, 4));
  let year = 2000 + yy;
  const candidate = `${year}-${id.slice(2, 4)}-${id.slice(4, 6)}`;
  if (candidate > today) year -= 100;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    month < 1 ||
    month > 12 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    year > currentYear
  ) {
    return { ok: false, reason: 'The first six digits of an SA ID number are a date of birth (YYMMDD).' };
  }
  const citizenship = id[10];
  if (citizenship !== '0' && citizenship !== '1') {
    return { ok: false, reason: 'This is not a valid SA ID number: the 11th digit is 0 or 1.' };
  }
  if (!luhnValid(id)) {
    return {
      ok: false,
      reason: 'This is not a valid SA ID number: its check digit does not match. Check for a typo.',
    };
  }
  const dateOfBirth = `${year}-${id.slice(2, 4)}-${id.slice(4, 6)}`;
  const age = ageOn(dateOfBirth, today);
  if (age < NCA_RULES.minimumAge.value) {
    return {
      ok: false,
      reason: `You must be ${NCA_RULES.minimumAge.value} or older to apply: this ID number gives a date of birth of ${formatDateInWords(dateOfBirth)}.`,
    };
  }
  return { ok: true, dateOfBirth, citizen: citizenship === '0', age };
}

/** Far enough ahead that no date of birth is "in the future" and every age passes: the number's own checks only. */
const ANY_DAY = '9999-12-31';

/**
 * The reason an SA ID number is not well formed (13 digits, a real date of birth, the citizenship digit, the check
 * digit), or null. The age is checked where today is known (the server's clock; the form's own day).
 */
export function saIdNumberProblem(raw: string): string | null {
  const check = checkSaIdNumber(raw, ANY_DAY);
  return check.ok ? null : check.reason;
}

/** The 13-digit number the first 12 digits make with their Luhn check digit (demo data and tests). */
export function withSaIdCheckDigit(first12: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    if (luhnValid(`${first12}${digit}`)) return `${first12}${digit}`;
  }
  /* c8 ignore next: one digit of the ten always completes the sum */
  throw new Error('no check digit');
}
