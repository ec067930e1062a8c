// The National Credit Act 34 of 2005 and its regulations, as the product applies them: every ceiling, threshold,
// norm and waiting period in one place, each with the section or regulation it comes from (docs/compliance.md
// explains each rule and what still needs a lawyer's reading). Facts that change (the repo rate) are not here:
// they are settings (NCA_REPO_RATE, src/server/config.ts) that production refuses to start without.
//
// Amounts are rand as "0.00" text, rates are percent; nothing here is computed (src/shared/compliance/ceilings.ts).

/** A rule's value with where the law says it. */
export interface Sourced<T> {
  value: T;
  source: string;
}

/** The classes of credit agreement the product grants (regulation 39, Table A of regulation 42). */
export type AgreementClass = 'short_term' | 'unsecured';

export const AGREEMENT_CLASSES: ReadonlyArray<AgreementClass> = ['short_term', 'unsecured'];

export const AGREEMENT_CLASS_LABELS: Record<AgreementClass, string> = {
  short_term: 'Short-term credit transaction',
  unsecured: 'Unsecured credit transaction',
};

export const NCA_RULES = {
  /** Juristic persons at or above this asset value or annual turnover are outside the Act. */
  juristicThreshold: {
    value: '1000000.00',
    source: 'NCA s4(1)(a)(i); threshold set at R1 million by GN 713 of 1 June 2006',
  },
  /** A large agreement (principal at or above this) with a juristic person below the threshold is outside the Act. */
  largeAgreementThreshold: {
    value: '250000.00',
    source: 'NCA s4(1)(b) and s9(4)(c); R250 000 by GN 713 of 1 June 2006',
  },
  /** A short-term credit transaction: at most this much, repayable within that many months. */
  shortTermMaxPrincipal: {
    value: '8000.00',
    source: 'Regulation 39 (definition of short-term credit transaction)',
  },
  shortTermMaxMonths: { value: 6, source: 'Regulation 39 (definition of short-term credit transaction)' },
  /** Unsecured credit transactions: the repo rate plus this, a year. */
  unsecuredRateAboveRepo: {
    value: '21',
    source: 'Regulation 42(1), Table A, as amended by GN R1080 of 6 November 2015 (in force 6 May 2016)',
  },
  /** Short-term credit transactions: per month on the first loan in a calendar year, and on later ones. */
  shortTermMonthlyRateFirstLoan: {
    value: '5',
    source: 'Regulation 42(1), Table A (short-term credit transactions), as amended by GN R1080',
  },
  shortTermMonthlyRateLaterLoans: {
    value: '3',
    source: 'Regulation 42(1), Table A (short-term credit transactions), as amended by GN R1080',
  },
  /** Initiation fee: a fixed part, plus a share of the principal above a floor, capped. */
  initiationFeeBase: {
    value: '165.00',
    source:
      'Regulation 42(1), Table B (unsecured and short-term credit transactions), as amended by GN R1080',
  },
  initiationFeeShareAbove: {
    value: '1000.00',
    source: 'Regulation 42(1), Table B: plus 10% of the principal in excess of R1 000',
  },
  initiationFeeSharePercent: { value: '10', source: 'Regulation 42(1), Table B' },
  initiationFeeCap: { value: '1050.00', source: 'Regulation 42(1), Table B: never above R1 050' },
  initiationFeeCapPercentOfPrincipal: {
    value: '15',
    source: 'Regulation 42(1), Table B as amended by GN R1080: never above 15% of the principal debt',
  },
  /** Service fee: at most this a month; transaction (per-repayment) fees count against it. */
  monthlyServiceFeeCap: {
    value: '60.00',
    source: 'Regulation 44(1), Table C, as amended by GN R1080 (R60 a month); NCA s101(1)(c)',
  },
  /** A pre-agreement quotation binds the provider for this many business days. */
  quoteBindingBusinessDays: { value: 5, source: 'NCA s92(2)' },
  /** Business days in arrears before the section 129 notice goes out (the product's rule; the Act's minimum is s129). */
  section129ArrearsBusinessDays: {
    value: 20,
    source:
      'NCA s129(1)(a) and s130(1)(a): in default, notice before enforcement (product rule: 20 business days)',
  },
  /** Business days after delivery of the section 129 notice before any enforcement step. */
  section130WaitBusinessDays: { value: 10, source: 'NCA s130(1)(a) (10 business days after delivery)' },
  /** Notice to the consumer before adverse information goes to a credit bureau. */
  bureauNoticeBusinessDays: {
    value: 20,
    source: 'Regulation 19(4) (20 business days notice before adverse information is reported)',
  },
  /** When that notice goes: business days in arrears (the product's rule: with the section 129 notice). */
  bureauNoticeArrearsBusinessDays: {
    value: 20,
    source: 'Regulation 19(4); product rule: sent with the section 129 notice',
  },
  /** A consumer must be of age to contract alone. */
  minimumAge: { value: 18, source: 'Children’s Act 38 of 2005 s17 (majority at 18); NCA s89(2)(a)' },
} as const satisfies Record<string, Sourced<unknown>>;

/**
 * The minimum monthly expense norms of regulation 23A(8) (Table, as published in GN R1080 of 6 November 2015): for
 * gross monthly income in a band, the norm is the fixed factor plus the percentage of the income above the band's
 * floor. The last band has no ceiling.
 */
export const EXPENSE_NORM_BANDS: ReadonlyArray<{
  from: string;
  to: string | null;
  fixedFactor: string;
  percentAboveFloor: string;
}> = [
  { from: '0.00', to: '800.00', fixedFactor: '0.00', percentAboveFloor: '100' },
  { from: '800.01', to: '6250.00', fixedFactor: '800.00', percentAboveFloor: '6.75' },
  { from: '6250.01', to: '25000.00', fixedFactor: '1167.88', percentAboveFloor: '9' },
  { from: '25000.01', to: '50000.00', fixedFactor: '2855.38', percentAboveFloor: '8.2' },
  { from: '50000.01', to: null, fixedFactor: '4905.38', percentAboveFloor: '6.75' },
];

export const EXPENSE_NORM_SOURCE =
  'Regulation 23A(8) and its Table of minimum expense norms (GN R1080 of 6 November 2015)';
