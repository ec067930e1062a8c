// The National Credit Act's charge ceilings for one agreement (regulations 42-44 as amended by GN R1080 of
// 6 November 2015; the rules and their sources are in nca-rules.ts, explained in docs/compliance.md): the highest
// interest rate, initiation fee and monthly service fee the law allows for a class, amount and term, and the
// largest cost of credit those allow. The repo rate is passed in (a setting: NCA_REPO_RATE), never assumed here.
import Decimal from 'decimal.js';
import { roundToCent, toMoneyString } from '../finance/money';
import { type AgreementClass, EXPENSE_NORM_BANDS, NCA_RULES } from './nca-rules';

const d = (value: string | number) => new Decimal(value);

export interface CeilingsInput {
  /** The principal debt in rand. */
  amount: Decimal | string | number;
  /** Months over which it is repaid in equal monthly instalments (at least 1). */
  months: number;
  agreementClass: AgreementClass;
  /** The repo rate (percent a year) on the day of the agreement. */
  repoRate: Decimal | string | number;
  /** For a short-term transaction: 1 for the consumer's first loan in the calendar year, 2 or more for later ones. */
  loanInYear?: number;
}

export interface Ceilings {
  agreementClass: AgreementClass;
  /** Percent a year (for short-term credit: the monthly rate times 12). */
  maxAnnualInterestRate: Decimal;
  /** Percent a month (for unsecured credit: the annual rate over 12). */
  maxMonthlyInterestRate: Decimal;
  maxInitiationFee: Decimal;
  maxMonthlyServiceFee: Decimal;
  /** Interest at the maximum rate on the declining balance of equal monthly instalments, plus the maximum
   * initiation fee (not financed), plus the maximum service fee for each month; to the cent. */
  maxCostOfCredit: Decimal;
  /** The interest part of maxCostOfCredit, to the cent. */
  maxInterest: Decimal;
}

/** The highest interest rate (percent a month and a year) for a class. */
export function maxInterestRates(
  agreementClass: AgreementClass,
  repoRate: Decimal | string | number,
  loanInYear = 1,
): { monthly: Decimal; annual: Decimal } {
  if (agreementClass === 'short_term') {
    const monthly = d(
      loanInYear <= 1
        ? NCA_RULES.shortTermMonthlyRateFirstLoan.value
        : NCA_RULES.shortTermMonthlyRateLaterLoans.value,
    );
    return { monthly, annual: monthly.times(12) };
  }
  const annual = d(repoRate.toString()).plus(NCA_RULES.unsecuredRateAboveRepo.value);
  return { monthly: annual.div(12), annual };
}

/** R165 plus 10% of the principal above R1 000, never above R1 050 nor 15% of the principal; to the cent. */
export function maxInitiationFee(amount: Decimal | string | number): Decimal {
  const principal = d(amount.toString());
  const scaled = d(NCA_RULES.initiationFeeBase.value).plus(
    Decimal.max(principal.minus(NCA_RULES.initiationFeeShareAbove.value), 0)
      .times(NCA_RULES.initiationFeeSharePercent.value)
      .div(100),
  );
  const percentCap = principal.times(NCA_RULES.initiationFeeCapPercentOfPrincipal.value).div(100);
  return roundToCent(Decimal.min(scaled, d(NCA_RULES.initiationFeeCap.value), percentCap));
}

/**
 * Total interest of a loan repaid in `months` equal monthly instalments at `monthlyRatePercent` on the declining
 * balance (the annuity: instalment = P r / (1 - (1 + r)^-n)), unrounded.
 */
export function annuityInterest(principal: Decimal, monthlyRatePercent: Decimal, months: number): Decimal {
  const r = monthlyRatePercent.div(100);
  if (r.isZero()) return new Decimal(0);
  const instalment = principal.times(r).div(new Decimal(1).minus(r.plus(1).pow(-months)));
  return instalment.times(months).minus(principal);
}

export function ncaCeilings(input: CeilingsInput): Ceilings {
  const months = Math.max(1, Math.trunc(input.months));
  const principal = d(input.amount.toString());
  const rates = maxInterestRates(input.agreementClass, input.repoRate, input.loanInYear);
  const initiation = maxInitiationFee(principal);
  const service = d(NCA_RULES.monthlyServiceFeeCap.value);
  const interest = annuityInterest(principal, rates.monthly, months);
  return {
    agreementClass: input.agreementClass,
    maxAnnualInterestRate: rates.annual,
    maxMonthlyInterestRate: rates.monthly,
    maxInitiationFee: initiation,
    maxMonthlyServiceFee: service,
    maxInterest: roundToCent(interest),
    maxCostOfCredit: roundToCent(interest.plus(initiation).plus(service.times(months))),
  };
}

/** The class of an agreement: short-term when at most R8 000 and repayable within 6 months, else unsecured. */
export function agreementClassFor(amount: Decimal | string | number, months: number): AgreementClass {
  return d(amount.toString()).lte(NCA_RULES.shortTermMaxPrincipal.value) &&
    months <= NCA_RULES.shortTermMaxMonths.value
    ? 'short_term'
    : 'unsecured';
}

/** The ceilings as the API answers them: rates in percent (up to 4 decimals), money as "0.00" text. */
export function ceilingsAnswer(ceilings: Ceilings) {
  return {
    class: ceilings.agreementClass,
    maxAnnualInterestRate: ceilings.maxAnnualInterestRate.toDecimalPlaces(4).toNumber(),
    maxMonthlyInterestRate: ceilings.maxMonthlyInterestRate.toDecimalPlaces(4).toNumber(),
    maxInitiationFee: toMoneyString(ceilings.maxInitiationFee),
    maxMonthlyServiceFee: toMoneyString(ceilings.maxMonthlyServiceFee),
    maxCostOfCredit: toMoneyString(ceilings.maxCostOfCredit),
  };
}

/**
 * The regulation 23A minimum monthly expense norm for a gross monthly income: the band's fixed factor plus its
 * percentage of the income above the band's floor (the previous band's top); to the cent.
 */
export function minimumExpenseNorm(grossMonthlyIncome: Decimal | string | number): Decimal {
  const income = Decimal.max(d(grossMonthlyIncome.toString()), 0);
  let floor = new Decimal(0);
  for (const band of EXPENSE_NORM_BANDS) {
    if (band.to === null || income.lte(band.to)) {
      return roundToCent(
        d(band.fixedFactor).plus(income.minus(floor).times(band.percentAboveFloor).div(100)),
      );
    }
    floor = d(band.to);
  }
  /* c8 ignore next: the last band has no ceiling */
  throw new Error('unreachable');
}
