// An amount as a person types it into a money field, read the South African way and every other way the product itself
// shows money: "8000,50", "8 000,50", "R 8 000,50", "R8 000", "8000.50", "8,000.50". The API stays strict (MONEY_TEXT);
// the screens read what was typed with this and show what they understood before anything is sent.

/** Spaces a person or the product's own formatting may put inside an amount: space, no-break and narrow no-break. */
const SPACES = /[\s\u00a0\u202f]/g;

/**
 * The amount `text` means, as MONEY_TEXT ("8000.50", whole rands as "8000"), or null when it is not an amount. A
 * leading "R" or "ZAR" is dropped. Of a comma and a point, the last one written is the decimal mark and the other
 * groups thousands. A lone comma or point with exactly three digits after it groups thousands ("8,000" and "8.000"
 * are eight thousand: money has two decimals); with one or two it is the decimal mark. More than two decimals,
 * a sign, or anything else makes it no amount.
 */
export function readTypedAmount(text: string): string | null {
  let plain = text.replace(SPACES, '');
  plain = plain.replace(/^(?:ZAR|R)/i, '');
  if (!/^[\d.,]+$/.test(plain) || !/\d/.test(plain)) return null;
  const lastComma = plain.lastIndexOf(',');
  const lastPoint = plain.lastIndexOf('.');
  let whole = plain;
  let cents = '';
  const mark = Math.max(lastComma, lastPoint);
  if (mark >= 0) {
    const markChar = plain[mark]!;
    const other = markChar === ',' ? '.' : ',';
    const after = plain.slice(mark + 1);
    const marksOfKind = plain.split(markChar).length - 1;
    const groupsOnly = !plain.includes(other) && (marksOfKind > 1 || after.length === 3);
    if (!groupsOnly) {
      whole = plain.slice(0, mark);
      cents = after;
      if (cents.length === 0 || cents.length > 2 || /[.,]/.test(cents)) return null;
    }
  }
  // What is left of the whole part may group thousands with the other mark, in threes only.
  if (/[.,]/.test(whole)) {
    if (!/^\d{1,3}(?:[.,]\d{3})+$/.test(whole) || new Set(whole.replace(/\d/g, '')).size > 1) return null;
    whole = whole.replace(/[.,]/g, '');
  }
  if (!/^\d+$/.test(whole)) return null;
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > 10) return null;
  return cents ? `${digits}.${cents}` : digits;
}
