// The affordability assessment of an amount for an application (National Credit Act s81, regulation 23A;
// docs/compliance.md, "Affordability"): the creator's plan for that amount priced as the server prices it (within the
// ceilings), its instalment with the platform fee, against the income the applicant declared less deductions, the
// regulation's expense norm and other debt. Also the largest whole R1 000 from R2 000 that fits, for a refusal to offer.
import Decimal from 'decimal.js';
import { businessDate } from '../../../shared/business-date';
import { type Affordability, assessAffordability } from '../../../shared/compliance/affordability';
import { lawfulFeeRate } from '../../../shared/compliance/lawful-pricing';
import { MIN_REQUESTED_AMOUNT } from '../../../shared/constants';
import { platformFeeOn } from '../../../shared/finance/platform-fee';
import { previewTerms } from '../../../shared/finance/repayment-plan';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { platformFeeRate } from '../app-settings/app-settings.service';
import { loansPaidOutInYear } from './credit-quotes.repository';

export interface Assessed {
  userId: number;
  monthlyRevenue: string;
  creditScore: number | null;
  monthlyDeductions: string | null;
  monthlyDebtRepayments: string | null;
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
): Promise<AffordabilityAnswer> {
  const year = Number(businessDate(now).slice(0, 4));
  const legal = {
    repoRate: config.legal.repoRate,
    loanInYear: (await loansPaidOutInYear(db, app.userId, year)) + 1,
  };
  const listFeeRate = await platformFeeRate(db, config);
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
      grossMonthlyIncome: app.monthlyRevenue,
      incomeSource: 'declared',
      statutoryDeductions: app.monthlyDeductions ?? '0',
      debtRepayments: app.monthlyDebtRepayments ?? '0',
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
  return { assessment, largestAffordable };
}
