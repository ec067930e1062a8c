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
  loan: {
    applicationId: 7,
    status: 'active',
    totalAmount: '13200.00',
    balance: '9900.00',
    paidAmount: '3300.00',
    installmentAmount: '1100.00',
    withholdingPercentage: '20.00',
    amountOverdue: '0.00',
    daysPastDue: 0,
    oldestUnpaidDueDate: null,
    nextInstalment: { dueDate: '2026-12-01', amount: '1100.00' },
    amountDueNow: '1100.00',
    financeCharge: '3200.00',
    annualCostRate: '76.42',
    settlementAmount: '8410.25',
    settlementSaves: '1489.75',
    renegotiationEligible: false,
    consecutiveShortfalls: 0,
    paymentsCount: 3,
    lastPaymentDate: '2026-11-01',
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
    ['I am behind on my payments', 'repayment'],
    ['How much do I still owe?', 'owed'],
    ['Can I pay off early?', 'owed'],
    ['What is my interest rate?', 'cost'],
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

  it('a loan 45 days late: the overdue amount and the past due date as such, never as "next"', () => {
    const late = {
      ...ctx,
      loan: {
        ...ctx.loan!,
        amountOverdue: '2200.00',
        daysPastDue: 45,
        oldestUnpaidDueDate: '2026-10-09',
        nextInstalment: { dueDate: '2026-12-09', amount: '1100.00' },
        amountDueNow: '3300.00',
        renegotiationEligible: true,
      },
    };
    const reply = basicAdvisorReply('I am behind on my payments', late);
    expect(reply).toMatch(/You are behind: R\s2\s200,00 is overdue\./);
    expect(reply).toContain('The oldest unpaid instalment fell due on 9 October 2026, 45 days ago.');
    expect(reply).toMatch(/Paying R\s3\s300,00 now brings you up to date\./);
    expect(reply).toMatch(/After that, the next instalment of R\s1\s100,00 is due on 9 December 2026\./);
    expect(reply).not.toMatch(/next[^.]*9 October/);
    expect(reply).toContain('you may ask to renegotiate');
    const defaulted = basicAdvisorReply('Am I in default?', {
      ...late,
      loan: { ...late.loan, status: 'defaulted', daysPastDue: 95 },
    });
    expect(defaulted).toMatch(/is in default: R\s2\s200,00 is overdue/);
  });

  it('what is still owed, what settles it today, and what the financing costs', () => {
    const owed = basicAdvisorReply('How much do I still owe?', ctx);
    expect(owed).toMatch(/You still owe R\s9\s900,00 on financing #7/);
    expect(owed).toContain('You are up to date: nothing is overdue.');
    expect(owed).toMatch(/To settle it in full today you would pay R\s8\s410,25/);
    expect(owed).toMatch(/saves you the R\s1\s489,75 of charge not yet earned/);
    const rate = basicAdvisorReply('What is my interest rate?', ctx);
    expect(rate).toMatch(/fixed finance charge of R\s3\s200,00/);
    expect(rate).toMatch(/annualised cost rate of 76,42\s?%/);
    expect(basicAdvisorReply('What is my interest rate?', { ...ctx, loan: null })).toContain(
      'annualised cost rate before you accept it',
    );
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

  it('names an application waiting for a decision in words, never by its code', () => {
    const waiting = { ...ctx.latestApplication!, status: 'pending_review_testing' };
    const reply = basicAdvisorReply('How much do I still owe?', {
      ...ctx,
      loan: null,
      latestApplication: waiting,
    });
    expect(reply).toContain('Your latest application (#7) is under review (test).');
    expect(reply).not.toMatch(/pending|_/);
  });

  it('explains what it can do when the question is unclear, with no active plan', () => {
    const reply = basicAdvisorReply('hi', { ...ctx, loan: null, score: null });
    expect(reply).toMatch(/^Hi Naledi!/);
    expect(reply).not.toContain('left to repay');
  });
});
