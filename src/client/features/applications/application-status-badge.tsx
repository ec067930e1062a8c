import { isTestingStatus } from '../../../shared/status-machine';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/utils';
import { statusLabel, statusTone } from './selectors';

/** pending_review reads 'Under Review', completed 'Repaid', approved is green, the rest raw (spec section 2). */
export function ApplicationStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge variant={statusTone(status)} className={cn(!isTestingStatus(status) && 'capitalize', className)}>
      {statusLabel(status)}
    </Badge>
  );
}
