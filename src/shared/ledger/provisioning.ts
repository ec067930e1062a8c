// Provisions for expected credit losses (IFRS 9, docs/accounting.md "Provisions"): each loan on the books in a stage,
// and its expected credit loss = PD x LGD x exposure with the stage's probability of default and loss given default.
// The figures below are the lender's own assumptions, set here (one configured place) and reviewed by finance at
// each year end against what the book really lost; they are not law.

export const PROVISION_STAGES = [1, 2, 3] as const;
export type ProvisionStage = (typeof PROVISION_STAGES)[number];

export const STAGE_LABELS: Record<ProvisionStage, string> = {
  1: 'Stage 1: performing (up to 30 days late)',
  2: 'Stage 2: credit risk up (31 to 90 days late, or forborne)',
  3: 'Stage 3: credit-impaired (in default)',
};

/**
 * Probability of default (12 months for stage 1, lifetime for 2 and 3) and loss given default, as fractions written
 * as text so no float touches them. Stage 3 has defaulted: its PD is 1. LGD is one figure for the unsecured book:
 * recoveries after default have been about a third of the balance.
 */
export const ECL_PARAMETERS: Record<ProvisionStage, { pd: string; lgd: string }> = {
  1: { pd: '0.05', lgd: '0.65' },
  2: { pd: '0.35', lgd: '0.65' },
  3: { pd: '1.00', lgd: '0.65' },
};

/** Days past due above which a loan's credit risk has risen significantly (stage 2): the IFRS 9 rebuttable 30 days. */
export const STAGE_TWO_AFTER_DAYS = 30;
