// What follows a failed collection (docs/debit-orders.md, "Re-presentment"). A funds problem (by default 02 Not
// provided for and 22 Account effects not cleared) is tried again some business days after the failed action date,
// up to the most attempts; every other reason (the account stopped, closed, unknown, no authority, …) suspends the
// mandate: collecting again would be against the creator's instruction or bound to fail, so an admin must act.
import type { IsoDate } from '../../../shared/business-date';
import type { FailureOutcome } from '../../../shared/debit-orders';
import { formatDate } from '../../../shared/format';
import { addBusinessDays } from '../../../shared/sa-business-days';
import type { DebitOrderRule } from '../../config';

export type FailureDecision = { outcome: FailureOutcome; representOn: IsoDate | null };

export function decideAfterFailure(
  rule: Pick<DebitOrderRule, 'representCodes' | 'representAfterBusinessDays' | 'maxAttempts'>,
  failure: { reasonCode: string; attempt: number; actionDate: IsoDate },
): FailureDecision {
  if (!rule.representCodes.includes(failure.reasonCode)) return { outcome: 'suspend', representOn: null };
  if (failure.attempt >= rule.maxAttempts) return { outcome: 'exhausted', representOn: null };
  return {
    outcome: 'represent',
    representOn: addBusinessDays(failure.actionDate, rule.representAfterBusinessDays),
  };
}

/** What the outcome means, in the words the screens and the creator's e-mail use. */
export function outcomeText(decision: FailureDecision, maxAttempts: number): string {
  switch (decision.outcome) {
    case 'represent':
      return `It will be collected again from ${decision.representOn ? formatDate(decision.representOn) : 'a later day'}.`;
    case 'exhausted':
      return `It was tried ${maxAttempts} times: it is not collected again by itself.`;
    case 'suspend':
      return 'The debit order is suspended: nothing more is collected until it is authorised again.';
  }
}
