// The delinquency bucket of a loan (current, 1-30, 31-60, 61-90, over 90 days past due), the same badge on
// the creator's plan card, the admin's views and the lending table.
import { DELINQUENCY_BUCKET_LABELS, type DelinquencyBucket } from '../../../shared/finance/instalments';
import { Badge } from '../../components/ui/badge';

const TONES: Record<DelinquencyBucket, 'success' | 'warning' | 'destructive' | 'info'> = {
  current: 'success',
  '1-30': 'warning',
  '31-60': 'warning',
  '61-90': 'destructive',
  '90+': 'destructive',
};

export function DelinquencyBadge({
  bucket,
  daysPastDue,
  className,
}: {
  bucket: DelinquencyBucket;
  daysPastDue?: number | null;
  className?: string;
}) {
  const label =
    bucket === 'current' ? DELINQUENCY_BUCKET_LABELS.current : `${DELINQUENCY_BUCKET_LABELS[bucket]} late`;
  return (
    <Badge
      variant={TONES[bucket]}
      className={className}
      title={daysPastDue ? `${daysPastDue} ${daysPastDue === 1 ? 'day' : 'days'} past due` : undefined}
    >
      {label}
    </Badge>
  );
}
