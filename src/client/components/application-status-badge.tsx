import { statusLabel, statusTone } from '../lib/badge-tones';
import { cn } from '../lib/utils';
import { Badge } from './ui/badge';

/**
 * The status in the shared words (statusLabel: 'Under Review', 'Approved', 'Repaid' for completed…), approved is
 * green; test applications say so. A closed loan whose written-off balance was forgiven reads 'Balance forgiven', never 'Repaid'.
 */
export function ApplicationStatusBadge({
  status,
  forgiven = false,
  className,
}: {
  status: string;
  /** The loan's schedule has a forgiven balance (RepaymentScheduleView.forgiven). */
  forgiven?: boolean;
  className?: string;
}) {
  if (forgiven) {
    return (
      <Badge variant="secondary" className={className}>
        Balance forgiven
      </Badge>
    );
  }
  return (
    // The longest status ('Accepted, awaiting payout (test)') wraps within what holds it rather than pushing past a
    // 390 px screen; the short ones stay on one line.
    <Badge variant={statusTone(status)} className={cn('max-w-full whitespace-normal', className)}>
      {statusLabel(status)}
    </Badge>
  );
}
