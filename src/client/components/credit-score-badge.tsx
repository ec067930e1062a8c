import { scoreTone } from '../lib/badge-tones';
import { Badge } from './ui/badge';

const TONES = {
  excellent: { variant: 'success', label: 'Excellent' },
  good: { variant: 'warning', label: 'Good' },
  fair: { variant: 'destructive', label: 'Fair' },
  none: { variant: 'secondary', label: 'Not scored' },
} as const;

/** The score with its band: 80+ excellent (green), 60-79 good (amber), below 60 fair (red). */
export function CreditScoreBadge({ score }: { score: number | null }) {
  const tone = TONES[scoreTone(score)];
  return (
    <Badge variant={tone.variant} className="tabular-nums">
      {score === null ? tone.label : `${score} · ${tone.label}`}
    </Badge>
  );
}
