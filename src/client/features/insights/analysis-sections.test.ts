import { describe, expect, it } from 'vitest';
import { type AiAnalysis, aiAnalysisSchema, INDUSTRY_FOCUSES } from '../../../shared/schemas/ai';
import {
  ANALYSIS_SECTIONS,
  FOCUS_LABELS,
  formatAnalysisDate,
  readFieldValue,
  SOURCE_LABELS,
  sectionFields,
} from './analysis-sections';

const analysis: AiAnalysis = {
  summary: 'Summary.',
  financialAnalysis: { overview: 'o', risk: 'r', trends: 't' },
  platformAnalysis: { overview: 'o', trends: 't', recommendations: ['a', 'b'] },
  repaymentAnalysis: { pattern: 'p', risks: ['r'], opportunities: ['o'] },
  careerTrajectory: {
    currentStanding: 'c',
    potentialGrowthPaths: ['g'],
    marketOpportunities: ['m'],
    skillGaps: ['s'],
  },
  brandAnalysis: { strengths: ['s'], uniqueSellingPoints: ['u'], developmentAreas: ['d'] },
  onlinePresence: { identifiedProfiles: ['YouTube'], audienceReach: 'a', contentEffectiveness: 'c' },
  businessIntelligence: { industryComparison: 'i', growthOpportunities: ['g'], riskFactors: ['r'] },
  actionableInsights: ['Do this'],
};

describe('ANALYSIS_SECTIONS', () => {
  it('shows every section and field of the record (summary and actionable insights on their own)', () => {
    const shape = aiAnalysisSchema.shape;
    const nested = Object.keys(shape).filter((key) => key !== 'summary' && key !== 'actionableInsights');
    expect(ANALYSIS_SECTIONS.map((s) => s.key)).toEqual(nested);
    for (const section of ANALYSIS_SECTIONS) {
      const fields = Object.keys(shape[section.key].shape);
      expect(
        section.fields.map((f) => f.key),
        section.key,
      ).toEqual(fields);
    }
  });

  it('has a label for every focus and source', () => {
    expect(Object.keys(FOCUS_LABELS)).toEqual([...INDUSTRY_FOCUSES]);
    expect(SOURCE_LABELS).toEqual({ ai: 'AI', rules: 'Rule-based' });
  });
});

describe('sectionFields', () => {
  it('gives the labelled values of a section in order', () => {
    const platform = ANALYSIS_SECTIONS.find((s) => s.key === 'platformAnalysis')!;
    expect(sectionFields(analysis, platform)).toEqual([
      { key: 'overview', label: 'Overview', value: 'o' },
      { key: 'trends', label: 'Trends', value: 't' },
      { key: 'recommendations', label: 'Recommendations', value: ['a', 'b'] },
    ]);
  });

  it('leaves out what a damaged record lacks instead of failing', () => {
    // Damaged stored records (wrong item types, missing sections): casts stand in for data the types refuse.
    const damaged = {
      ...analysis,
      brandAnalysis: { strengths: [], uniqueSellingPoints: [1, 'x'] },
    } as unknown as AiAnalysis;
    const brand = ANALYSIS_SECTIONS.find((s) => s.key === 'brandAnalysis')!;
    expect(sectionFields(damaged, brand)).toEqual([
      { key: 'uniqueSellingPoints', label: 'Unique selling points', value: ['x'] },
    ]);
    const missing = { summary: 's' } as unknown as AiAnalysis;
    expect(sectionFields(missing, brand)).toEqual([]);
  });
});

describe('readFieldValue', () => {
  it('reads text and lists of text only', () => {
    expect(readFieldValue('a')).toBe('a');
    expect(readFieldValue('  ')).toBeNull();
    expect(readFieldValue(['a', '', 2])).toEqual(['a']);
    expect(readFieldValue([])).toBeNull();
    expect(readFieldValue(3)).toBeNull();
    expect(readFieldValue(null)).toBeNull();
    expect(readFieldValue({})).toBeNull();
  });
});

describe('formatAnalysisDate', () => {
  it('shows the date as dd MMM yyyy with the time, on the Johannesburg clock', () => {
    expect(formatAnalysisDate('2026-03-05T12:03:00.000Z')).toBe('05 Mar 2026, 14:03');
    // 22:15 UTC on the 31st is 00:15 on 1 April in South Africa: the day, month and hour all move.
    expect(formatAnalysisDate('2026-03-31T22:15:00.000Z')).toBe('01 Apr 2026, 00:15');
  });

  it('falls back to a dash for a date it cannot read', () => {
    expect(formatAnalysisDate('not a date')).toBe('-');
  });
});
