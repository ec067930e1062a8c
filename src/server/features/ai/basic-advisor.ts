// Basic Mode: a rule-based Creative Advisor used when no AI service is configured or it fails. It
// recognises the common questions and answers them with the creator's own figures (and only theirs).
import Decimal from 'decimal.js';
import { MAX_REQUESTED_AMOUNT, MIN_REQUESTED_AMOUNT } from '../../../shared/constants';
import { formatDateInWords, formatPercent, formatZar, formatZarWhole } from '../../../shared/format';
import { statusLabel } from '../../../shared/status-machine';
import {
  audienceByPlatform,
  type CreatorContext,
  formatCount,
  scorePartsByStrength,
} from './creator-context';

type AdvisorTopic =
  | 'owed'
  | 'cost'
  | 'repayment'
  | 'score'
  | 'tax'
  | 'equipment'
  | 'diversify'
  | 'monetisation'
  | 'growth'
  | 'general';

// Checked in this order; the first topic with the most keyword hits wins.
const TOPIC_PATTERNS: [AdvisorTopic, RegExp][] = [
  // What is left to pay and what settles it: "How much do I still owe?", "Can I pay off early?".
  [
    'owed',
    /\b(owe|owing|balance|outstanding|settle\w*|settlement|pay (it |this |the loan )?off|early|payoff|left to (pay|repay))\b/gi,
  ],
  // What the financing costs: "What is my interest rate?".
  ['cost', /\b(interest|apr|cost (rate|of credit)|annual\w*|finance charge|how much does it cost)\b/gi],
  [
    'repayment',
    /\b(repay\w*|instal+ments?|shortfalls?|withh?old\w*|behind|late|overdue|arrears|missed?|default\w*|next payment|pay (it )?back|plan)\b/gi,
  ],
  ['score', /\b(credit ?score|score|creditworth\w*|rating|qualify|eligib\w*|limit|approv\w*)\b/gi],
  ['tax', /\b(tax\w*|sars|vat|provisional|efiling|irp6|deduct\w*|invoice\w*)\b/gi],
  [
    'equipment',
    /\b(equipment|camera|mic(rophone)?s?|gear|laptop|lighting|lights?|studio|upgrade|computer|phone)\b/gi,
  ],
  [
    'diversify',
    /\b(diversif\w*|other platforms?|new platforms?|tiktok|instagram|youtube|facebook|spotify|podcast\w*|patreon|twitch|substack|multiple platforms)\b/gi,
  ],
  [
    'monetisation',
    /\b(monet\w*|earn\w*|income|revenue|brand deals?|sponsor\w*|paid|money|rates?|charge|affiliate\w*|merch\w*|adsense|rpm|cpm)\b/gi,
  ],
  [
    'growth',
    /\b(grow\w*|audience|followers?|subscribers?|views?|reach|engagement|algorithm|viral|content|post(ing)?|upload\w*)\b/gi,
  ],
];

export function detectTopic(message: string): AdvisorTopic {
  let best: AdvisorTopic = 'general';
  let bestHits = 0;
  for (const [topic, pattern] of TOPIC_PATTERNS) {
    const hits = message.match(pattern)?.length ?? 0;
    if (hits > bestHits) {
      best = topic;
      bestHits = hits;
    }
  }
  return best;
}

const zar = (v: string | number | null | undefined) => (v === null || v === undefined ? '-' : formatZar(v));
const date = (iso: string | null) => formatDateInWords(iso, 'not set yet');

function platformLine(ctx: CreatorContext): string {
  if (ctx.platforms.length === 0) return 'You have not connected any platforms yet.';
  const list = [...ctx.platforms]
    .sort((a, b) => b.followers - a.followers)
    .map((p) => `${p.name} (${formatCount(p.followers)} followers${p.verified ? ', verified' : ''})`)
    .join(', ');
  return `Your platforms: ${list}.`;
}

function biggestShare(ctx: CreatorContext): { name: string; percent: number } | null {
  const { top, topShare } = audienceByPlatform(ctx);
  return top && topShare !== null ? { name: top.name, percent: topShare } : null;
}

type Loan = NonNullable<CreatorContext['loan']>;

function noLoan(ctx: CreatorContext): string[] {
  return [
    'You have no financing being repaid right now.',
    'When a plan is active, repayments are a share of your monthly platform earnings, so a quiet month means a smaller payment rather than a missed one. Settling early costs only what you still owe of the amount you received and the charge earned so far, with no fee.',
    ctx.latestApplication
      ? `Your latest application (#${ctx.latestApplication.id}) is ${statusLabel(ctx.latestApplication.status).toLowerCase()}.`
      : `You can apply for ${formatZarWhole(MIN_REQUESTED_AMOUNT)} to ${formatZarWhole(MAX_REQUESTED_AMOUNT)} from the Apply page.`,
  ];
}

/** Where the loan stands: late (since when, how much) or up to date, and the next instalment (never a past date). */
function standingLines(loan: Loan): string[] {
  const lines: string[] = [];
  if (loan.status === 'defaulted') {
    lines.push(
      `Your financing #${loan.applicationId} is in default: ${zar(loan.amountOverdue)} is overdue and the oldest unpaid instalment fell due on ${date(loan.oldestUnpaidDueDate)}, ${loan.daysPastDue} days ago.`,
    );
  } else if (loan.daysPastDue > 0) {
    lines.push(
      `You are behind: ${zar(loan.amountOverdue)} is overdue. The oldest unpaid instalment fell due on ${date(loan.oldestUnpaidDueDate)}, ${loan.daysPastDue} ${loan.daysPastDue === 1 ? 'day' : 'days'} ago.`,
    );
  } else {
    lines.push('You are up to date: nothing is overdue.');
  }
  if (loan.daysPastDue > 0) {
    lines.push(`Paying ${zar(loan.amountDueNow)} now brings you up to date.`);
  }
  if (loan.nextInstalment) {
    lines.push(
      `${loan.daysPastDue > 0 ? 'After that, the' : 'The'} next instalment of ${zar(loan.nextInstalment.amount)} is due on ${date(loan.nextInstalment.dueDate)}.`,
    );
  }
  return lines;
}

const settlementLine = (loan: Loan) =>
  `To settle it in full today you would pay ${zar(loan.settlementAmount)}: what you still owe of the amount you received and the charge earned so far, with no fee.${new Decimal(loan.settlementSaves).gt(0) ? ` That saves you the ${zar(loan.settlementSaves)} of charge not yet earned.` : ''} Ask for a settlement quote with "Settle early" on your plan.`;

const REPLIES: Record<AdvisorTopic, (ctx: CreatorContext) => string[]> = {
  owed: (ctx) => {
    const loan = ctx.loan;
    if (!loan) return noLoan(ctx);
    return [
      `You still owe ${zar(loan.balance)} on financing #${loan.applicationId}: you have repaid ${zar(loan.paidAmount)} of ${zar(loan.totalAmount)}.`,
      ...standingLines(loan),
      settlementLine(loan),
      'Paying extra in a strong month is free too: it covers the coming instalments and shortens the plan.',
    ];
  },
  cost: (ctx) => {
    const loan = ctx.loan;
    if (!loan) {
      return [
        ...noLoan(ctx).slice(0, 1),
        'Each quote shows the finance charge, the platform fee on each repayment and the annualised cost rate before you accept it, and the National Credit Act caps what we may charge.',
      ];
    }
    return [
      `Your financing #${loan.applicationId} has a fixed finance charge of ${zar(loan.financeCharge)}, set when you accepted it.`,
      loan.annualCostRate
        ? `As a yearly rate that is an annualised cost rate of ${formatPercent(loan.annualCostRate, { decimals: 2 })}, the platform fee on each repayment included (it is in your agreement and your statement).`
        : 'Your agreement and your statement give the annualised cost rate, the platform fee on each repayment included.',
      settlementLine(loan),
    ];
  },
  repayment: (ctx) => {
    const loan = ctx.loan;
    if (!loan) return noLoan(ctx);
    const withheld = loan.withholdingPercentage
      ? `${new Decimal(loan.withholdingPercentage).toString()}%`
      : 'a share';
    const lines = [
      ...standingLines(loan),
      `You have repaid ${zar(loan.paidAmount)} of ${zar(loan.totalAmount)}; ${zar(loan.balance)} remains on application #${loan.applicationId}.`,
      `Your plan withholds ${withheld} of your monthly platform earnings, with an expected instalment of about ${zar(loan.installmentAmount)}.`,
    ];
    if (loan.renegotiationEligible) {
      lines.push(
        'Three months in a row fell short, so you may ask to renegotiate the plan: use "I can\'t pay this month" on your plan and we will work it out with you.',
      );
    }
    lines.push(
      'If a month is short:',
      '- Pay what the withholding covers; a smaller payment in a quiet month is expected.',
      loan.renegotiationEligible
        ? '- Tell us early with "I can\'t pay this month" on your plan.'
        : '- After three consecutive shortfall months you may ask to renegotiate the plan. Talk to us early.',
      '- A payment left unpaid for more than 90 days counts as a default, which hurts your future limits.',
      '- Paying extra in a strong month is free and shortens the plan.',
    );
    return lines;
  },
  score: (ctx) => {
    if (!ctx.score) {
      return [
        'You do not have a creditworthiness score yet: it is worked out when you submit an application.',
        'It weighs platform revenue and integration (50%), your creative portfolio (25%), community impact (15%) and growth (10%). Connecting verified platforms before you apply helps most.',
      ];
    }
    const weakest = scorePartsByStrength(ctx)[0];
    const lines = [
      `Your score is ${ctx.score.total} out of 100. ${ctx.score.total >= 80 ? 'That is excellent.' : ctx.score.total >= 60 ? 'That is good; 80 or more is excellent.' : 'That is fair; 60 or more is good.'}`,
      ...ctx.score.parts.map((p) => `- ${p.label}: ${p.points} of ${p.max} points`),
    ];
    if (weakest) {
      lines.push(`Your biggest opportunity is ${weakest.label}.`);
      for (const tip of weakest.tips.slice(0, 3)) lines.push(`- ${tip}`);
    }
    return lines;
  },
  tax: (ctx) => [
    `As a ${ctx.creatorType ? `${ctx.creatorType} ` : ''}creator, your platform income is taxable in South Africa, including payouts in US dollars.`,
    '- Register for income tax on SARS eFiling if you have not, and declare creator income in your annual return.',
    '- If you earn income that is not taxed through PAYE (ad revenue, brand deals), you are likely a provisional taxpayer: file IRP6 returns twice a year, by the end of August and the end of February.',
    '- VAT registration becomes compulsory once taxable supplies pass the threshold SARS sets (for many years R1 million in any 12 months); check SARS for the current figure.',
    '- Keep invoices, payout statements and receipts for five years. Equipment and other business costs can reduce your taxable income.',
    ctx.monthlyRevenue
      ? `With about ${zar(ctx.monthlyRevenue)} a month in revenue, setting aside 20-25% of each payout in a separate account avoids a painful bill.`
      : 'Setting aside 20-25% of each payout in a separate account avoids a painful bill.',
    'For your own situation, a registered tax practitioner is worth the fee.',
  ],
  equipment: (ctx) => {
    const revenue = ctx.monthlyRevenue ? new Decimal(ctx.monthlyRevenue) : null;
    return [
      'Buy the equipment that fixes what your audience notices first: sound, then light, then picture.',
      '- A good microphone usually does more for retention than a new camera.',
      '- Buy for the content you make every week, not for the occasional big project; rent for those.',
      revenue
        ? `- With about ${zar(ctx.monthlyRevenue)} a month in revenue, an upgrade of ${zar(revenue.times(2).toFixed(2))} or less repays itself without straining you.`
        : '- Keep an upgrade within about two months of your revenue so it repays itself without strain.',
      'Equipment is one of the uses of funds our financing covers, and repayments follow your earnings.',
    ];
  },
  diversify: (ctx) => {
    const share = biggestShare(ctx);
    const lines = [platformLine(ctx)];
    if (share && ctx.platforms.length > 1) {
      lines.push(`${share.percent}% of your followers are on ${share.name}.`);
    }
    if (ctx.platforms.length <= 1) {
      lines.push(
        'Depending on one platform is a risk: one policy change can cut your income. Add a second platform that suits your content, and repurpose rather than create twice:',
      );
    } else {
      lines.push('To spread your risk further:');
    }
    lines.push(
      '- Cut long videos into Shorts, Reels and TikToks that point back to the full piece.',
      '- Start an e-mail list you own (with consent, as POPIA requires), so you can reach your audience anywhere.',
      '- Add a direct-support income such as memberships or merchandise.',
      'Connecting each platform in Settings also improves your creditworthiness score.',
    );
    return lines;
  },
  monetisation: (ctx) => {
    const lines = [platformLine(ctx)];
    if (ctx.monthlyRevenue) lines.push(`You report about ${zar(ctx.monthlyRevenue)} a month in revenue.`);
    const perThousand =
      ctx.monthlyRevenue && ctx.totalFollowers >= 1000
        ? new Decimal(ctx.monthlyRevenue).times(1000).dividedBy(ctx.totalFollowers).toFixed(2)
        : null;
    if (perThousand) lines.push(`That is about ${zar(perThousand)} a month per 1,000 followers.`);
    lines.push(
      'Ways to earn more from the audience you have:',
      '- Brand deals: build a one-page media kit with your reach, engagement and audience, and quote per deliverable, not per post.',
      '- Affiliate links for gear and tools you already use.',
      '- Memberships or paid communities for your most engaged fans.',
      '- Platform programmes: make sure you meet each platform’s monetisation rules.',
    );
    return lines;
  },
  growth: (ctx) => {
    const share = biggestShare(ctx);
    return [
      platformLine(ctx),
      share ? `${share.name} is your biggest audience, so grow it first and use it to feed the others.` : '',
      'What grows an audience most reliably:',
      '- A clear niche and two or three content pillars your audience can expect.',
      '- A publishing rhythm you can keep for months, not weeks.',
      '- Strong first seconds: a hook and a title or thumbnail that promise one specific thing.',
      '- Replying to comments in the first hour, and collaborations with creators of a similar size.',
      'The Learning Quests have step-by-step lessons on each of these.',
    ].filter(Boolean);
  },
  general: (ctx) => {
    const lines = [
      `Hi ${ctx.firstName}! I can help with growing your audience, earning more, your creditworthiness score, repayments, tax and equipment.`,
    ];
    if (ctx.score) lines.push(`Your current score is ${ctx.score.total} out of 100.`);
    if (ctx.loan) {
      lines.push(
        ctx.loan.daysPastDue > 0
          ? `You have ${zar(ctx.loan.balance)} left to repay, of which ${zar(ctx.loan.amountOverdue)} is overdue.`
          : `You have ${zar(ctx.loan.balance)} left to repay.`,
      );
    }
    lines.push(platformLine(ctx), 'What would you like to work on?');
    return lines;
  },
};

export function basicAdvisorReply(message: string, ctx: CreatorContext): string {
  return REPLIES[detectTopic(message)](ctx).join('\n');
}
