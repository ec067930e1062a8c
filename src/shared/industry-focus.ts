// The focus an admin picks for a creator's AI analysis (INDUSTRY_FOCUSES), in words: the analysis panel and the
// audit note of an analysis read the same labels.
import type { IndustryFocus } from './schemas/ai';

export const INDUSTRY_FOCUS_LABELS: Record<IndustryFocus, string> = {
  general: 'General',
  risk: 'Risk',
  growth: 'Growth',
  marketing: 'Marketing',
};

/** 'risk' -> 'Risk'; a focus not listed as it was stored. */
export function industryFocusLabel(focus: string): string {
  return Object.hasOwn(INDUSTRY_FOCUS_LABELS, focus) ? INDUSTRY_FOCUS_LABELS[focus as IndustryFocus] : focus;
}
