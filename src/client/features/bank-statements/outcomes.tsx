// How the bank tabs name and colour what became of a statement line, and the link to a loan's Application Details.
import type { LineOutcome } from '../../../shared/bank-statements/constants';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';

export const OUTCOME_LABELS: Record<LineOutcome, string> = {
  matched: 'Matched',
  suggested: 'Suggested',
  suspense: 'Suspense',
  duplicate: 'Duplicate',
  failed: 'Failed',
  outgoing: 'Money out',
};

const OUTCOME_VARIANTS = {
  matched: 'success',
  suggested: 'info',
  suspense: 'warning',
  duplicate: 'secondary',
  failed: 'destructive',
  outgoing: 'outline',
} as const;

export function OutcomeBadge({ outcome }: { outcome: LineOutcome }) {
  return <Badge variant={OUTCOME_VARIANTS[outcome]}>{OUTCOME_LABELS[outcome]}</Badge>;
}

/** '#123' opening the loan's Application Details, with its payment reference for screen readers and the eye. */
export function LoanLink({
  applicationId,
  reference,
  onOpen,
}: {
  applicationId: number;
  reference: string | null;
  onOpen: (applicationId: number) => void;
}) {
  return (
    <Button
      type="button"
      variant="link"
      size="sm"
      className="h-auto p-0 font-mono text-xs"
      onClick={() => onOpen(applicationId)}
      aria-label={`Open application #${applicationId}${reference ? ` (${reference})` : ''}`}
    >
      {reference ?? `#${applicationId}`}
    </Button>
  );
}
