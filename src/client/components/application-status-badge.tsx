import { statusLabel, statusTone } from '../lib/badge-tones';
import { cn } from '../lib/utils';
import { Badge } from './ui/badge';

/** pending_review reads 'Under Review', completed 'Repaid', approved is green, the rest the spec's words; test applications say so. */
export function ApplicationStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge variant={statusTone(status)} className={cn('capitalize', className)}>
      {statusLabel(status)}
    </Badge>
  );
}
