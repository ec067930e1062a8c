import { describe, expect, it } from 'vitest';
import { basicAdvisorReply, detectTopic } from './basic-advisor';
import type { CreatorContext } from './creator-context';

const ctx: CreatorContext = {
  firstName: 'Naledi',
  creatorType: 'full-time',
  country: 'South Africa',
  city: 'Durban',
  platforms: [
    {
      name: 'YouTube',
      followers: 40_000,
      engagementPercent: 5,
      monthlyEarnings: 9_000,
      verified: true,
      source: 'connected',
    },
    {
      name: 'TikTok',
      followers: 10_000,
      engagementPercent: null,
      monthlyEarnings: null,
      verified: false,
      source: 'manual',
    },
  ],
  totalFollowers: 50_000,
  monthlyRevenue: '12000.00',
  score: {
    total: 68,
    parts: [
      { label: 'Platform Revenue & Integration', points: 40, max: 50, tips: [] },
      { label: 'Community Impact', points: 3, max: 15, tips: ['Reply to comments within a day.'] },
    ],
  },
  latestApplication: {
    id: 7,
    status: 'active',
    requestedAmount: '10000.00',
    createdAt: '2026-10-01T00:00:00Z',
  },
  applicationsCount: 1,
  activePlan: {
    applicationId: 7,
    totalAmount: '13200.00',
    remainingAmount: '9900.00',
    paidAmount: '3300.00',
    installmentAmount: '1100.00',
    withholdingPercentage: '20.00',
    nextPaymentDate: '2026-12-01T00:00:00Z',
    paymentsCount: 3,
    lastPaymentDate: '2026-11-01T00:00:00Z',
  },
  defaulted: false,
};

describe('detectTopic', () => {
  it.each([
    ['What happens if I miss a repayment?', 'repayment'],
    ['I had a shortfall this month', 'repayment'],
    ['How do I improve my credit score?', 'score'],
    ['Do I pay provisional tax to SARS?', 'tax'],
    ['Which camera should I buy?', 'equipment'],
    ['Should I start on TikTok as well?', 'diversify'],
    ['How do I get brand deals?', 'monetisation'],
    ['How can I grow my audience and get more subscribers?', 'growth'],
    ['Hello there', 'general'],
  ])('%s → %s', (message, topic) => {
    expect(detectTopic(message)).toBe(topic);
  });
});

describe('basicAdvisorReply', () => {
  it('answers repayment questions with the plan’s own figures and the shortfall rules', () => {
    const reply = basicAdvisorReply('What if I cannot pay my instalment?', ctx);
    expect(reply).toMatch(/R\s3\s300,00 of R\s13\s200,00/);
    expect(reply).toMatch(/R\s9\s900,00 remains on application #7/);
    expect(reply).toContain('withholds 20%');
    expect(reply).toContain('three consecutive shortfall months');
    expect(reply).toContain('more than 90 days');
  });

  it('points at the weakest part of the score with its tips', () => {
    const reply = basicAdvisorReply('How do I raise my score?', ctx);
    expect(reply).toContain('Your score is 68 out of 100');
    expect(reply).toContain('Your biggest opportunity is Community Impact.');
    expect(reply).toContain('- Reply to comments within a day.');
  });

  it('measures concentration when asked about platforms', () => {
    expect(basicAdvisorReply('Should I diversify?', ctx)).toContain('80% of your followers are on YouTube.');
  });

  it('explains what it can do when the question is unclear, with no active plan', () => {
    const reply = basicAdvisorReply('hi', { ...ctx, activePlan: null, score: null });
    expect(reply).toMatch(/^Hi Naledi!/);
    expect(reply).not.toContain('left to repay');
  });
});
