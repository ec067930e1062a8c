/** The quote in words (en-ZA money, dates in words): the plan dialog and the agreement show the same. */
export { type QuoteText, quoteText } from '../../../shared/finance/quote';

/** Percentages as en-ZA text ('28%', '31,3%'): the servicing sentences' own, so the plan's figures read the same. */
export { percentText } from '../servicing';

export function monthsText(months: number | null | undefined): string {
  if (months === null || months === undefined || !Number.isFinite(months)) return '-';
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}
