import { Badge } from '../../components/ui/badge';
import { statusLabel, statusTone } from '../../lib/badge-tones';

/**
 * The applications feature's badge colours and the one status vocabulary ('Under Review', 'Repaid',
 * 'Under Review (test)'): the same words in the filter, the table, the creator's screens and the CSVs.
 */
export function LendingStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={statusTone(status)} className="capitalize">
      {statusLabel(status)}
    </Badge>
  );
}
