import { Badge } from '../../components/ui/badge';
import { statusTone } from '../../lib/badge-tones';
import { formatStatusLabel } from './lending-filters';

/**
 * The applications feature's badge colours, with the Status filter's wording ('Pending Review Testing'),
 * so an admin reads the same name in the filter and in the table. The creator's badge keeps its own
 * wording ('Under Review', raw _testing values) for the dashboard.
 */
export function LendingStatusBadge({ status }: { status: string }) {
  return <Badge variant={statusTone(status)}>{formatStatusLabel(status)}</Badge>;
}
