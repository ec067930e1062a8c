// The analysis without a model: every sentence is computed from the user's own data, so it is
// deterministic (the same data gives the same analysis) and never invents a figure.
import Decimal from 'decimal.js';
import { formatZar } from '../../../shared/finance/money';
import { formatDateInWords } from '../../../shared/format';
import type { AiAnalysis, IndustryFocus } from '../../../shared/schemas/ai';
import { riskLevel } from '../../../shared/scoring/credit-score';
import { statusLabel } from '../../../shared/status-machine';
import {
  audienceByPlatform,
  type CreatorContext,
  formatCount,
  scorePartsByStrength,
} from '../ai/creator-context';

const zar = (v: string | null) => (v === null ? 'not declared' : formatZar(v));

const FOCUS_LEAD: Record<IndustryFocus, string> = {
  general: 'General review',
  risk: 'Risk review',
  growth: 'Growth review',
  marketing: 'Marketing review',
};

export function rulesAnalysis(ctx: CreatorContext, focus: IndustryFocus, context: string): AiAnalysis {
  const name = ctx.firstName;
  const { platforms, top, topShare } = audienceByPlatform(ctx);
  const verified = platforms.filter((p) => p.verified);
  const score = ctx.score?.total ?? null;
  const risk = riskLevel(score);
  const band = risk ? `${risk.toLowerCase()} risk` : 'unscored';
  const plan = ctx.loan;
  const repaidShare =
    plan && new Decimal(plan.totalAmount).gt(0)
      ? new Decimal(plan.paidAmount).dividedBy(plan.totalAmount).times(100).toDecimalPlaces(0).toNumber()
      : null;
  const weakest = scorePartsByStrength(ctx)[0];
  const strongest = ctx.score
    ? [...ctx.score.parts].sort((a, b) => b.points / b.max - a.points / a.max)[0]
    : undefined;

  const summary = [
    `${FOCUS_LEAD[focus]} of ${name}, a ${ctx.creatorType ?? 'creator'} creator${ctx.city ? ` in ${ctx.city}` : ''}.`,
    score === null ? 'No creditworthiness score yet.' : `Creditworthiness score ${score}/100 (${band}).`,
    `${platforms.length} platform${platforms.length === 1 ? '' : 's'} with ${formatCount(ctx.totalFollowers)} followers in all; declared monthly revenue ${zar(ctx.monthlyRevenue)}.`,
    plan
      ? `${plan.status === 'defaulted' ? 'Plan in default' : 'Active plan'}: ${zar(plan.balance)} of ${zar(plan.totalAmount)} outstanding after ${plan.paymentsCount} payment${plan.paymentsCount === 1 ? '' : 's'}${plan.daysPastDue > 0 ? `; ${zar(plan.amountOverdue)} overdue, ${plan.daysPastDue} days late` : ''}.`
      : ctx.defaulted
        ? 'A previous financing is in default.'
        : 'No active repayment plan.',
    context ? `Reviewer's context: ${context}` : '',
  ]
    .filter(Boolean)
    .join(' ');

  const risks: string[] = [];
  if (ctx.defaulted) risks.push('A financing is in default (a payment more than 90 days overdue).');
  if (topShare !== null && topShare >= 70 && platforms.length > 0)
    risks.push(
      `Concentration: ${topShare}% of the audience is on ${top!.name}; a policy change there would hit income hard.`,
    );
  if (verified.length === 0) risks.push('No platform is verified; audience and earnings are self-reported.');
  if (score !== null && score < 60) risks.push(`Score ${score} is below the medium-risk band (60).`);
  if (!ctx.monthlyRevenue) risks.push('No monthly revenue has been declared.');
  if (risks.length === 0) risks.push('No material risk flags in the data on file.');

  const opportunities: string[] = [];
  if (plan && repaidShare !== null && repaidShare >= 50)
    opportunities.push(
      `${repaidShare}% of the current plan is repaid: a candidate for a larger limit when it completes.`,
    );
  if (platforms.length < 3)
    opportunities.push('Adding a third platform would spread income risk and raise the portfolio score.');
  if (verified.length < platforms.length)
    opportunities.push('Verifying the self-reported platforms would make the figures dependable.');
  if (opportunities.length === 0)
    opportunities.push('Keep the current repayment pattern; the profile is well diversified.');

  const profiles = platforms.length
    ? platforms.map(
        (p) =>
          `${p.name}: ${formatCount(p.followers)} followers${p.engagementPercent !== null ? `, ${p.engagementPercent}% engagement` : ''}${p.verified ? ' (verified)' : ' (self-reported)'}`,
      )
    : ['No platforms connected.'];

  return {
    summary,
    financialAnalysis: {
      overview: `Declared monthly revenue ${zar(ctx.monthlyRevenue)}; ${ctx.applicationsCount} application${ctx.applicationsCount === 1 ? '' : 's'} on file${ctx.latestApplication ? `, the latest for ${zar(ctx.latestApplication.requestedAmount)} (${statusLabel(ctx.latestApplication.status).toLowerCase()})` : ''}.`,
      risk: `Risk band: ${band}. ${risks[0]}`,
      trends: plan
        ? `${plan.paymentsCount} payment${plan.paymentsCount === 1 ? '' : 's'} recorded${plan.lastPaymentDate ? `, the last on ${formatDateInWords(plan.lastPaymentDate)}` : ''}; ${repaidShare ?? 0}% repaid.`
        : 'No repayment history to show a trend yet.',
    },
    platformAnalysis: {
      overview: top
        ? `${platforms.length} platform${platforms.length === 1 ? '' : 's'}; the largest is ${top.name} with ${formatCount(top.followers)} followers (${topShare ?? 0}% of the audience).`
        : 'No platforms connected.',
      trends: verified.length
        ? `${verified.length} of ${platforms.length} platforms verified through their own sign-in.`
        : 'Audience figures are self-reported; no trend can be verified.',
      recommendations: [
        platforms.length < 3
          ? 'Add a second or third platform and repurpose content to it.'
          : 'Keep a consistent schedule across the current platforms.',
        verified.length < platforms.length
          ? 'Connect the self-reported platforms through their verified sign-in.'
          : 'Share platform analytics with us each quarter.',
      ],
    },
    repaymentAnalysis: {
      pattern: plan
        ? `Instalment about ${zar(plan.installmentAmount)}, withholding ${plan.withholdingPercentage ?? '-'}% of earnings; ${plan.daysPastDue > 0 ? `${zar(plan.amountOverdue)} overdue since ${formatDateInWords(plan.oldestUnpaidDueDate)} (${plan.daysPastDue} days); ` : ''}next instalment ${plan.nextInstalment ? `due ${formatDateInWords(plan.nextInstalment.dueDate)}` : 'none left'}.`
        : ctx.defaulted
          ? 'The previous plan defaulted.'
          : 'No active plan.',
      risks,
      opportunities,
    },
    careerTrajectory: {
      currentStanding: `${score === null ? 'Unscored' : `Score ${score}`}; ${formatCount(ctx.totalFollowers)} followers across ${platforms.length} platform${platforms.length === 1 ? '' : 's'}.`,
      potentialGrowthPaths: [
        'Brand partnerships priced per deliverable, backed by a media kit.',
        'Direct audience income: memberships, merchandise or paid communities.',
      ],
      marketOpportunities: [
        'South African brands buying local creator campaigns.',
        top
          ? `Short-form reuse of ${top.name} content on other platforms.`
          : 'Starting on one short-form platform.',
      ],
      skillGaps: weakest
        ? [`${weakest.label}: ${weakest.points} of ${weakest.max} points.`, ...weakest.tips.slice(0, 2)]
        : ['Apply for financing to receive a score breakdown.'],
    },
    brandAnalysis: {
      strengths: strongest
        ? [`${strongest.label}: ${strongest.points} of ${strongest.max} points.`]
        : [top ? `An audience on ${top.name}.` : 'A new creator with room to define the brand.'],
      uniqueSellingPoints: [
        `${ctx.creatorType ?? 'Independent'} creator${ctx.country ? ` based in ${ctx.country}` : ''}.`,
      ],
      developmentAreas: weakest
        ? [`Strengthen ${weakest.label.toLowerCase()}.`]
        : ['Build a verified track record.'],
    },
    onlinePresence: {
      identifiedProfiles: profiles,
      audienceReach: `${formatCount(ctx.totalFollowers)} followers in all.`,
      contentEffectiveness: platforms.some((p) => p.engagementPercent !== null)
        ? `Engagement: ${platforms
            .filter((p) => p.engagementPercent !== null)
            .map((p) => `${p.name} ${p.engagementPercent}%`)
            .join(', ')}.`
        : 'No engagement figures on file.',
    },
    businessIntelligence: {
      industryComparison:
        score === null
          ? 'Not comparable until scored.'
          : `Score ${score} against the book's bands: 80+ low risk, 60-79 medium, below 60 high.`,
      growthOpportunities: opportunities,
      riskFactors: risks,
    },
    actionableInsights: [
      ...(ctx.defaulted ? ['Contact the creator about the defaulted financing before any new credit.'] : []),
      ...(verified.length < platforms.length || platforms.length === 0
        ? ['Ask the creator to verify their platforms.']
        : []),
      ...(plan
        ? [
            plan.daysPastDue > 0
              ? `Follow up the ${zar(plan.amountOverdue)} overdue since ${formatDateInWords(plan.oldestUnpaidDueDate)}.`
              : `Follow the next payment${plan.nextInstalment ? ` due ${formatDateInWords(plan.nextInstalment.dueDate)}` : ''}.`,
          ]
        : []),
      focus === 'growth' || focus === 'marketing'
        ? 'Suggest the Learning Quests on brand deals and diversifying platforms.'
        : 'Review the score breakdown before changing the limit.',
    ],
  };
}
