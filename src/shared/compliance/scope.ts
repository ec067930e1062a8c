// Whether the National Credit Act applies to an application (s4(1); docs/compliance.md, "Scope"): to every natural
// person; to a juristic person (a registered business) only below the R1 million threshold of annual turnover or
// asset value, and then not to a large agreement (R250 000 or more). Living expenses make the agreement consumer
// credit, whoever applies.
import Decimal from 'decimal.js';
import { NCA_RULES } from './nca-rules';

export interface ScopeInput {
  applicationType: 'personal' | 'business';
  annualTurnover?: number | string | null;
  assetValue?: number | string | null;
  /** The principal asked for. */
  principal: number | string;
}

export interface Scope {
  applies: boolean;
  /** Why, in a sentence with its section. */
  reason: string;
}

export function ncaScope(input: ScopeInput): Scope {
  if (input.applicationType === 'personal') {
    return { applies: true, reason: 'A natural person: the National Credit Act applies (s4(1)).' };
  }
  const threshold = new Decimal(NCA_RULES.juristicThreshold.value);
  const turnover = new Decimal(input.annualTurnover ?? 0);
  const assets = new Decimal(input.assetValue ?? 0);
  if (turnover.gte(threshold) || assets.gte(threshold)) {
    return {
      applies: false,
      reason:
        'A juristic person with annual turnover or asset value of R1 million or more: outside the National Credit Act (s4(1)(a)(i)).',
    };
  }
  if (new Decimal(input.principal).gte(NCA_RULES.largeAgreementThreshold.value)) {
    return {
      applies: false,
      reason:
        'A large agreement (R250 000 or more) with a juristic person below the threshold: outside the National Credit Act (s4(1)(b)).',
    };
  }
  return {
    applies: true,
    reason:
      'A juristic person with annual turnover and asset value below R1 million: the National Credit Act applies (s4(1)(a)(i)).',
  };
}

/** Living expenses are a consumer's use of credit: the agreement is consumer credit (docs/compliance.md). */
export function isConsumerCredit(useOfFunds: ReadonlyArray<string>): boolean {
  return useOfFunds.includes('living_expenses');
}
