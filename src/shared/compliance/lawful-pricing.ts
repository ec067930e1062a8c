// The product's pricing is the list price; the National Credit Act's ceilings win where they are lower
// (docs/compliance.md, "Charges within the ceilings"). Two rules, used by every quote, plan, offer, top-up and
// restructure:
// - the finance charge is at most the largest initiation fee plus the largest interest (at the class's highest rate on
//   the declining balance of equal monthly instalments) for the amount and term: the charge is the Act's initiation fee
//   and interest, each within its own ceiling;
// - the platform fee is a transaction fee that counts against the R60 monthly service fee: the fee rate on a plan is
//   lowered so that no instalment's fee is more than R60 a month's share (R720 a year over the year's instalments).
import Decimal from 'decimal.js';
import type { ScheduleFrequency } from '../finance/instalments';
import { toDecimal } from '../finance/money';
import { agreementClassFor, ncaCeilings } from './ceilings';
import { type AgreementClass, NCA_RULES } from './nca-rules';

/** What the server knows that pricing needs: the repo rate of the day and the creator's loans this calendar year. */
export interface LegalPricing {
  /** Percent a year (config.legal.repoRate). */
  repoRate: string;
  /** 1 for the creator's first loan paid out in this calendar year, 2 for the next, ... */
  loanInYear: number;
}

/** How the ceilings shaped a plan's price. */
export interface LegalPrice {
  agreementClass: AgreementClass;
  /** The term the ceilings were worked out for, in months. */
  months: number;
  /** The list price's finance charge (the list cost percentage of the amount). */
  listCostAmount: string;
  /** True when the list charge was above the ceiling and was reduced to it. */
  costCapped: boolean;
  /** The largest finance charge the Act allows here: the largest initiation fee plus the largest interest. */
  chargeCeiling: string;
  /** The largest cost of credit (charge and service fees) for the amount, term and class. */
  legalMaximumCost: string;
}

/** The largest finance charge for an amount over `months`: the maximum initiation fee plus the maximum interest. */
export function chargeCeiling(amount: Decimal, months: number, legal: LegalPricing) {
  const agreementClass = agreementClassFor(amount, months);
  const ceilings = ncaCeilings({
    amount,
    months,
    agreementClass,
    repoRate: legal.repoRate,
    loanInYear: legal.loanInYear,
  });
  // Down to the cent: the lender never rounds a ceiling up.
  const charge = ceilings.maxInitiationFee.plus(ceilings.maxInterest).toDecimalPlaces(2, Decimal.ROUND_FLOOR);
  return { agreementClass, charge, legalMaximumCost: ceilings.maxCostOfCredit };
}

/**
 * Prices a plan within the ceilings: `price(charge)` gives the plan's term in months for a finance charge; starting
 * from the list charge, the charge is lowered to the ceiling for the term it gives, again until it holds (a lower
 * charge can only shorten the term, which lowers the ceiling; it ends within a few steps).
 */
export function lawfulCharge(
  amount: Decimal,
  listCharge: Decimal,
  monthsFor: (charge: Decimal) => number,
  legal: LegalPricing,
): { charge: Decimal; price: LegalPrice } {
  let charge = listCharge;
  for (let step = 0; step < 50; step += 1) {
    const months = monthsFor(charge);
    const ceiling = chargeCeiling(amount, months, legal);
    if (charge.lte(ceiling.charge)) {
      return {
        charge,
        price: {
          agreementClass: ceiling.agreementClass,
          months,
          listCostAmount: listCharge.toFixed(2),
          costCapped: !charge.equals(listCharge),
          chargeCeiling: ceiling.charge.toFixed(2),
          legalMaximumCost: ceiling.legalMaximumCost.toFixed(2),
        },
      };
    }
    charge = ceiling.charge;
  }
  /* c8 ignore next: the charge falls with the term and the term with the charge; it settles long before */
  throw new Error('The finance charge did not settle within the ceilings');
}

const INSTALMENTS_A_YEAR: Record<ScheduleFrequency, number> = {
  automatic: 12,
  monthly: 12,
  biweekly: 26,
  weekly: 52,
};

/** The most one instalment's fee may be: the R60 monthly service fee, as R720 a year over the year's instalments. */
export function feeCapPerInstalment(frequency: ScheduleFrequency): Decimal {
  return new Decimal(NCA_RULES.monthlyServiceFeeCap.value)
    .times(12)
    .div(INSTALMENTS_A_YEAR[frequency])
    .toDecimalPlaces(2, Decimal.ROUND_FLOOR);
}

/**
 * The platform fee rate (percent, two decimals) a plan charges: the list rate, lowered (down to the hundredth of a
 * percent) so that the fee on its regular instalment stays within the service-fee ceiling. A smaller last instalment
 * carries a smaller fee. Where the term in months and the number of instalments are known, the fees of all the
 * instalments also stay within R60 for each month of the term (9 months of fortnights may be 20 instalments).
 */
export function lawfulFeeRate(
  listRate: Decimal | string | number,
  instalmentAmount: Decimal | string | number,
  frequency: ScheduleFrequency,
  term?: { months: number; instalmentCount: number },
): Decimal {
  const rate = new Decimal(toDecimal(listRate) ?? 0);
  const instalment = toDecimal(instalmentAmount);
  if (!instalment || instalment.lte(0)) return rate;
  let perInstalment = feeCapPerInstalment(frequency);
  if (term && term.instalmentCount > 0) {
    perInstalment = Decimal.min(
      perInstalment,
      new Decimal(NCA_RULES.monthlyServiceFeeCap.value)
        .times(term.months)
        .div(term.instalmentCount)
        .toDecimalPlaces(2, Decimal.ROUND_FLOOR),
    );
  }
  const ceiling = perInstalment.div(instalment).times(100).toDecimalPlaces(2, Decimal.ROUND_FLOOR);
  return Decimal.min(rate, ceiling);
}
