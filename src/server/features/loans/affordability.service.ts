// The affordability assessment of an amount for an application (National Credit Act s81, regulation 23A;
// docs/compliance.md, "Affordability"): the creator's plan for that amount priced as the server prices it (within the
// ceilings), its instalment with the platform fee, against the income (verified where the product can see it) less
// declared deductions, the regulation's expense norm and other debt (declared, or the bureau's if more). When it fails,
// the largest whole R1 000 from R2 000 that fits, for the refusal to offer.
import Decimal from 'decimal.js';
import { businessDate } from '../../../shared/business-date';
import { type Affordability, assessAffordability } from '../../../shared/compliance/affordability';
import { lawfulFeeRate } from '../../../shared/compliance/lawful-pricing';
import { MIN_REQUESTED_AMOUNT } from '../../../shared/constants';
import { toMoneyString } from '../../../shared/finance/money';
import { platformFeeOn } from '../../../shared/finance/platform-fee';
import { previewTerms } from '../../../shared/finance/repayment-plan';
import { formatDateInWords, formatZarWhole } from '../../../shared/format';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { ManualPlatformEntry, SocialMediaData } from '../../db/types';
import { AppError } from '../../lib/errors';
import { platformFeeRate } from '../app-settings/app-settings.service';
import {
  type BureauFinding,
  type BureauSubject,
  BureauUnavailable,
  enquireBureau,
} from '../nca/credit-bureau';
import { loansPaidOutInYear } from './credit-quotes.repository';

export interface Assessed {
  userId: number;
  monthlyRevenue: string;
  creditScore: number | null;
  monthlyDeductions: string | null;
  monthlyDebtRepayments: string | null;
  /** The platforms as they were when the application was made, and its manual platforms with their review. */
  socialMediaData: SocialMediaData | null;
  manualPlatforms: ReadonlyArray<ManualPlatformEntry>;
}

/** A bureau's finding, or why there is none. */
export interface BureauOutcome {
  finding: BureauFinding | null;
  note: string | null;
}

/**
 * The income the product itself can see a month: the earnings of platforms connected by the server (YouTube OAuth,
 * a Visionary code) and of manual platforms whose proof an admin verified. Null when it sees none.
 */
export function verifiedIncomeOf(app: Pick<Assessed, 'socialMediaData' | 'manualPlatforms'>): string | null {
  let total = new Decimal(0);
  for (const entry of Object.values(app.socialMediaData ?? {})) {
    const earnings = Number(entry?.monthlyEarnings);
    if (
      entry?.verified === true &&
      entry.status === 'connected' &&
      Number.isFinite(earnings) &&
      earnings > 0
    ) {
      total = total.plus(earnings);
    }
  }
  for (const manual of app.manualPlatforms) {
    const earnings = Number(manual.estimatedRevenue);
    if (manual.proofStatus === 'verified' && Number.isFinite(earnings) && earnings > 0)
      total = total.plus(earnings);
  }
  return total.gt(0) ? toMoneyString(total) : null;
}

/** Who the bureau is asked about: the application's identity (the full numbers go to the bureau and nowhere else). */
export function bureauSubjectOf(app: {
  idNumber: string | null;
  passportNumber: string | null;
  dateOfBirth: string | null;
  registrationNumber: string | null;
  firstName?: string | null;
  lastName?: string | null;
  businessName?: string | null;
}): BureauSubject {
  return {
    idNumber: app.idNumber,
    passportNumber: app.passportNumber,
    dateOfBirth: app.dateOfBirth,
    registrationNumber: app.registrationNumber,
    name: app.businessName ?? [app.firstName, app.lastName].filter(Boolean).join(' '),
  };
}

/**
 * The bureau enquiry for an applicant: made when a bureau is configured; when it does not answer, the outcome says so
 * (the application is still received; its approval asks again: bureauForApproval).
 */
export async function enquireFor(config: Config, subject: BureauSubject, now: Date): Promise<BureauOutcome> {
  if (!config.creditBureau) {
    return { finding: null, note: 'No credit bureau is configured: other debt as declared.' };
  }
  const today = businessDate(now);
  try {
    return { finding: await enquireBureau(config, subject, today), note: null };
  } catch (error) {
    if (!(error instanceof BureauUnavailable)) throw error;
    return {
      finding: null,
      note: `The credit bureau did not answer on ${formatDateInWords(today)}: it is asked again at approval.`,
    };
  }
}

/**
 * The bureau's finding an approval relies on: the one made at submission, or a new enquiry when a bureau is
 * configured and none was made then. A bureau that still does not answer stops the approval (503, try again):
 * granting credit on an assessment that skipped a configured enquiry is what s81 forbids.
 */
export async function bureauForApproval(
  config: Config,
  stored: Affordability | null,
  subject: BureauSubject,
  now: Date,
): Promise<BureauOutcome> {
  if (stored?.bureauEnquiry) return { finding: stored.bureauEnquiry, note: null };
  const outcome = await enquireFor(config, subject, now);
  if (config.creditBureau && !outcome.finding) {
    throw new AppError(
      503,
      'The credit bureau did not answer, so the affordability assessment cannot be completed. Try the approval again in a few minutes.',
      {},
      { 'Retry-After': '60' },
    );
  }
  return outcome;
}

export interface AffordabilityAnswer {
  assessment: Affordability;
  /** The largest whole R1 000 (from R2 000, up to the amount) that passes; null when none does. */
  largestAffordable: number | null;
}

export async function assessAmount(
  db: DbOrTx,
  config: Config,
  app: Assessed,
  amount: number,
  now: Date,
  bureau: BureauOutcome,
): Promise<AffordabilityAnswer> {
  const year = Number(businessDate(now).slice(0, 4));
  const legal = {
    repoRate: config.legal.repoRate,
    loanInYear: (await loansPaidOutInYear(db, app.userId, year)) + 1,
  };
  const listFeeRate = await platformFeeRate(db, config);
  const verifiedIncome = verifiedIncomeOf(app);
  const assess = (principal: number) => {
    const plan = previewTerms({
      requestedAmount: principal,
      monthlyRevenue: app.monthlyRevenue,
      creditScore: app.creditScore,
      legal,
    });
    const rate = lawfulFeeRate(listFeeRate, plan.installmentAmount, 'automatic');
    const instalment = new Decimal(plan.installmentAmount).plus(platformFeeOn(plan.installmentAmount, rate));
    return assessAffordability({
      declaredIncome: app.monthlyRevenue,
      verifiedIncome,
      statutoryDeductions: app.monthlyDeductions ?? '0',
      declaredDebtRepayments: app.monthlyDebtRepayments ?? '0',
      bureau: bureau.finding,
      bureauNote: bureau.note ?? undefined,
      instalment,
    });
  };
  const assessment = assess(amount);
  let largestAffordable: number | null = null;
  if (!assessment.passes) {
    for (
      let principal = Math.floor((amount - 1) / 1000) * 1000;
      principal >= MIN_REQUESTED_AMOUNT;
      principal -= 1000
    ) {
      if (assess(principal).passes) {
        largestAffordable = principal;
        break;
      }
    }
  }
  return {
    assessment: {
      ...assessment,
      largestAffordable: largestAffordable === null ? null : toMoneyString(new Decimal(largestAffordable)),
    },
    largestAffordable,
  };
}

/** Why an amount cannot be approved, and what can (the refusal of s81(3), in an admin's words). */
export function unaffordableMessage(
  amount: number,
  reason: string,
  largestAffordable: number | null,
): string {
  const offer =
    largestAffordable === null
      ? `No amount from ${formatZarWhole(MIN_REQUESTED_AMOUNT)} fits this income.`
      : `The largest amount that fits is ${formatZarWhole(largestAffordable)}.`;
  return `${formatZarWhole(amount)} fails the affordability assessment: ${reason} ${offer}`;
}
