import { formatPercent } from '../../lib/format';

/** The quote in words (en-ZA money, dates in words): the plan dialog and the agreement show the same. */
export { type QuoteText, quoteText } from '../../../shared/finance/quote';

/** Percentages as en-ZA text with a decimal only when the figure has one: '28%', '31,3%'. */
export function percentText(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const number = Number(value);
  if (!Number.isFinite(number)) return '-';
  return formatPercent(value, { decimals: Number.isInteger(number) ? 0 : 1 });
}

export function monthsText(months: number | null | undefined): string {
  if (months === null || months === undefined || !Number.isFinite(months)) return '-';
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}
