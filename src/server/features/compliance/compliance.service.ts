// The National Credit Act as the server applies it: the charge ceilings of the day (the repo rate is a setting,
// config.legal) for any amount, term and class (docs/compliance.md).
import { agreementClassFor, ceilingsAnswer, ncaCeilings } from '../../../shared/compliance/ceilings';
import type { CeilingsAnswer, CeilingsQuery, ProviderAnswer } from '../../../shared/schemas/compliance';
import type { Deps } from '../../lib/deps';

export function ceilingsFor({ config }: Pick<Deps, 'config'>, query: CeilingsQuery): CeilingsAnswer {
  const agreementClass = query.class ?? agreementClassFor(query.amount, query.months);
  const ceilings = ncaCeilings({
    amount: query.amount,
    months: query.months,
    agreementClass,
    repoRate: config.legal.repoRate,
    loanInYear: query.loanInYear,
  });
  return {
    ...ceilingsAnswer(ceilings),
    repoRate: Number(config.legal.repoRate),
    repoRateEffective: config.legal.repoRateEffective,
  };
}

export function providerFor({ config }: Pick<Deps, 'config'>): ProviderAnswer {
  return {
    legalName: config.legal.providerLegalName,
    ncrRegistrationNumber: config.legal.ncrRegistrationNumber,
    address: config.legal.providerAddress,
  };
}
