// Pricing as the server does it: the list price held within the National Credit Act's ceilings on the test app's repo
// rate (docs/compliance.md), for a creator's first loan of the calendar year.
import type { LegalPricing } from '../../src/shared/compliance/lawful-pricing';
import type { TestApp } from './test-app';

export const firstLoanPricing = (t: Pick<TestApp, 'config'>): LegalPricing => ({
  repoRate: t.config.legal.repoRate,
  loanInYear: 1,
});
