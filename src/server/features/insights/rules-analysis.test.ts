import { describe, expect, it } from 'vitest';
import { aiAnalysisSchema } from '../../../shared/schemas/ai';
import type { CreatorContext } from '../ai/creator-context';
import { parseModelAnalysis } from './insights.service';
import { rulesAnalysis } from './rules-analysis';

const newcomer: CreatorContext = {
  firstName: 'Kabelo',
  creatorType: null,
  country: null,
  city: null,
  platforms: [],
  totalFollowers: 0,
  monthlyRevenue: null,
  score: null,
  latestApplication: null,
  applicationsCount: 0,
  loan: null,
  defaulted: false,
};

describe('rulesAnalysis', () => {
  it('gives a complete, valid analysis even with no data at all', () => {
    for (const focus of ['general', 'risk', 'growth', 'marketing'] as const) {
      const analysis = rulesAnalysis(newcomer, focus, '');
      expect(aiAnalysisSchema.safeParse(analysis).success).toBe(true);
      expect(analysis.summary).toContain('Kabelo');
    }
  });

  it('flags a default and audience concentration as risks', () => {
    const analysis = rulesAnalysis(
      {
        ...newcomer,
        defaulted: true,
        platforms: [
          {
            name: 'TikTok',
            followers: 9_000,
            engagementPercent: 8,
            monthlyEarnings: null,
            verified: false,
            source: 'manual',
          },
        ],
        totalFollowers: 9_000,
      },
      'risk',
      'Second application',
    );
    expect(analysis.repaymentAnalysis.risks.join(' ')).toMatch(/default/);
    expect(analysis.repaymentAnalysis.risks.join(' ')).toMatch(/100% of the audience is on TikTok/);
    expect(analysis.actionableInsights[0]).toMatch(/defaulted/);
    expect(analysis.summary).toContain("Reviewer's context: Second application");
  });

  it("names the latest application's status in words, never by its code", () => {
    const analysis = rulesAnalysis(
      {
        ...newcomer,
        applicationsCount: 1,
        latestApplication: {
          id: 3,
          status: 'pending_review',
          requestedAmount: '5000.00',
          createdAt: '2026-11-01',
        },
      },
      'general',
      '',
    );
    const text = JSON.stringify(analysis);
    expect(text).toContain('(under review)');
    expect(text).not.toContain('pending');
  });

  it('is deterministic', () => {
    expect(rulesAnalysis(newcomer, 'growth', 'x')).toEqual(rulesAnalysis(newcomer, 'growth', 'x'));
  });
});

describe('parseModelAnalysis', () => {
  const valid = rulesAnalysis(newcomer, 'general', '');
  it('accepts JSON of the right shape, also inside a code fence', () => {
    expect(parseModelAnalysis(JSON.stringify(valid))).toEqual(valid);
    expect(parseModelAnalysis(`\`\`\`json\n${JSON.stringify(valid)}\n\`\`\``)).toEqual(valid);
  });
  it('refuses malformed or incomplete answers', () => {
    expect(parseModelAnalysis('{"summary": "cut off')).toBeNull();
    expect(parseModelAnalysis(JSON.stringify({ ...valid, actionableInsights: [] }))).toBeNull();
    expect(parseModelAnalysis(JSON.stringify({ summary: 'only this' }))).toBeNull();
    expect(parseModelAnalysis('')).toBeNull();
    expect(parseModelAnalysis(null)).toBeNull();
  });
});
