// The tones and words of the status and score badges (components/application-status-badge.tsx,
// components/credit-score-badge.tsx), shared by the creator's and the admin's screens.
import { EXCELLENT_FROM, GOOD_FROM } from '../../shared/scoring/credit-score';
import { baseStatus } from '../../shared/status-machine';

export { statusLabel } from '../../shared/status-machine';

export type StatusTone = 'success' | 'warning' | 'destructive' | 'info' | 'secondary';

export function statusTone(status: string): StatusTone {
  switch (baseStatus(status)) {
    // Accepted: the creator agreed and only the payout is left, as good news as an approval.
    case 'approved':
    case 'accepted':
    case 'completed':
      return 'success';
    case 'pending_review':
      return 'warning';
    case 'rejected':
    case 'defaulted':
      return 'destructive';
    // An offer waits on the creator: news to read, not a warning.
    case 'offered':
    case 'active':
      return 'info';
    default:
      return 'secondary';
  }
}

type ScoreTone = 'excellent' | 'good' | 'fair' | 'none';

/** Score badge bands: 80+ excellent, 60-79 good, below 60 fair. */
export function scoreTone(score: number | null | undefined): ScoreTone {
  if (typeof score !== 'number' || !Number.isFinite(score)) return 'none';
  if (score >= EXCELLENT_FROM) return 'excellent';
  if (score >= GOOD_FROM) return 'good';
  return 'fair';
}
