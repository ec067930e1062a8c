// Where a proof of earnings stands after an admin's review, the same for admins and creators.
import { PROOF_STATUS_LABELS, type ProofStatus } from '../../shared/constants';
import { Badge } from './ui/badge';

const VARIANT = { pending: 'warning', verified: 'success', rejected: 'destructive' } as const;

export function ProofStatusBadge({ status, platform }: { status: ProofStatus; platform?: string }) {
  const label = PROOF_STATUS_LABELS[status];
  return (
    <Badge variant={VARIANT[status]}>
      {platform ? `${platform}: ${label.charAt(0).toLowerCase()}${label.slice(1)}` : label}
    </Badge>
  );
}
