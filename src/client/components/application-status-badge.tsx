import { isTestingStatus } from '../../shared/status-machine';
import { statusLabel, statusTone } from '../lib/badge-tones';
import { cn } from '../lib/utils';
import { Badge } from './ui/badge';

/** pending_review reads 'Under Review', completed 'Repaid', approved is green, the rest raw (spec section 2). */
export function ApplicationStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge variant={statusTone(status)} className={cn(!isTestingStatus(status) && 'capitalize', className)}>
      {statusLabel(status)}
    </Badge>
  );
}
