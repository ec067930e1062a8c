// How an AI analysis record is laid out on screen: every section and
// field of the analysis with its label, and the labels of focus and source. Pure, so a test can check that
// nothing in the record is left out.

import { INDUSTRY_FOCUS_LABELS } from '../../../shared/industry-focus';
import type { AiAnalysis, IndustryFocus, InsightRecord } from '../../../shared/schemas/ai';
import { formatDateTimeSast } from '../../lib/format';

export const FOCUS_LABELS: Record<IndustryFocus, string> = INDUSTRY_FOCUS_LABELS;

export const SOURCE_LABELS: Record<InsightRecord['source'], string> = {
  ai: 'AI',
  rules: 'Rule-based',
};

type NestedKey = Exclude<keyof AiAnalysis, 'summary' | 'actionableInsights'>;

type AnalysisSection = {
  [K in NestedKey]: {
    key: K;
    title: string;
    fields: ReadonlyArray<{ key: keyof AiAnalysis[K] & string; label: string }>;
  };
}[NestedKey];

/** The nested sections, in the record's order; summary and actionableInsights are shown on their own. */
export const ANALYSIS_SECTIONS: readonly AnalysisSection[] = [
  {
    key: 'financialAnalysis',
    title: 'Financial analysis',
    fields: [
      { key: 'overview', label: 'Overview' },
      { key: 'risk', label: 'Risk' },
      { key: 'trends', label: 'Trends' },
    ],
  },
  {
    key: 'platformAnalysis',
    title: 'Platform analysis',
    fields: [
      { key: 'overview', label: 'Overview' },
      { key: 'trends', label: 'Trends' },
      { key: 'recommendations', label: 'Recommendations' },
    ],
  },
  {
    key: 'repaymentAnalysis',
    title: 'Repayment analysis',
    fields: [
      { key: 'pattern', label: 'Pattern' },
      { key: 'risks', label: 'Risks' },
      { key: 'opportunities', label: 'Opportunities' },
    ],
  },
  {
    key: 'careerTrajectory',
    title: 'Career trajectory',
    fields: [
      { key: 'currentStanding', label: 'Current standing' },
      { key: 'potentialGrowthPaths', label: 'Potential growth paths' },
      { key: 'marketOpportunities', label: 'Market opportunities' },
      { key: 'skillGaps', label: 'Skill gaps' },
    ],
  },
  {
    key: 'brandAnalysis',
    title: 'Brand analysis',
    fields: [
      { key: 'strengths', label: 'Strengths' },
      { key: 'uniqueSellingPoints', label: 'Unique selling points' },
      { key: 'developmentAreas', label: 'Development areas' },
    ],
  },
  {
    key: 'onlinePresence',
    title: 'Online presence',
    fields: [
      { key: 'identifiedProfiles', label: 'Identified profiles' },
      { key: 'audienceReach', label: 'Audience reach' },
      { key: 'contentEffectiveness', label: 'Content effectiveness' },
    ],
  },
  {
    key: 'businessIntelligence',
    title: 'Business intelligence',
    fields: [
      { key: 'industryComparison', label: 'Industry comparison' },
      { key: 'growthOpportunities', label: 'Growth opportunities' },
      { key: 'riskFactors', label: 'Risk factors' },
    ],
  },
];

export type FieldValue = string | string[];

/** A stored value as text or a list of texts; anything else (an older or damaged record) is null. */
export function readFieldValue(value: unknown): FieldValue | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (Array.isArray(value)) {
    const items = value.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
    return items.length > 0 ? items : null;
  }
  return null;
}

interface SectionField {
  key: string;
  label: string;
  value: FieldValue;
}

/** The fields of one section that the record has, in display order. */
export function sectionFields(analysis: AiAnalysis, section: AnalysisSection): SectionField[] {
  const data = (analysis as Record<string, unknown>)[section.key];
  if (typeof data !== 'object' || data === null) return [];
  const out: SectionField[] = [];
  for (const field of section.fields) {
    const value = readFieldValue((data as Record<string, unknown>)[field.key]);
    if (value !== null) out.push({ key: field.key, label: field.label, value });
  }
  return out;
}

/** The date and time of an analysis on Johannesburg's clock, whatever the browser's time zone: '05 Mar 2026, 14:03'. */
export function formatAnalysisDate(timestamp: string): string {
  return formatDateTimeSast(timestamp);
}
