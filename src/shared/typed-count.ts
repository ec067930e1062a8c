// A count as a person types it into a count field (followers, subscribers): "12000", "12 000", "12,000", "12.000",
// and the way the product itself shows a count ("12 000" with a no-break space). Read on the screen, which says what it
// understood; the form holds the number, so the shared schemas check it as the API does.

/** Spaces a person or the product's own formatting may put inside a count: space, no-break and narrow no-break. */
const SPACES = /[\s\u00a0\u202f]/g;

/** The most digits a count may have: every such number is exact in JavaScript (below Number.MAX_SAFE_INTEGER). */
const MAX_DIGITS = 15;

/**
 * The whole number `text` means, or null when it is not one. Spaces anywhere are dropped; a comma or a point may group
 * thousands ("12,000", "1.250.000"), one kind in one count and always in threes, so "12,5", "1,2345" and "1,000.000"
 * are no count (a count has no decimals). A sign, a letter or an exponent makes it no count.
 */
export function readTypedCount(text: string): number | null {
  const plain = text.replace(SPACES, '');
  const grouped = /^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*$/.test(plain);
  if (!grouped && !/^\d+$/.test(plain)) return null;
  const digits = plain.replace(/[.,]/g, '').replace(/^0+(?=\d)/, '');
  return digits.length > MAX_DIGITS ? null : Number(digits);
}
