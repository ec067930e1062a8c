// Score card: the latest application's credit score, its band and how it was made up.
import { Gauge } from 'lucide-react';
import { Link } from 'react-router';
import { scoreBand } from '../../../shared/scoring/credit-score';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import type { ApplyEligibility, ListedApplication } from '../../features/applications';
import { ApplicationScoreBreakdown, ScoreBreakdownSkeleton } from '../../features/applications';
import { cn } from '../../lib/utils';

const BAND_TONE = { Excellent: 'success', Good: 'info', Fair: 'warning', 'N/A': 'secondary' } as const;

export function ScoreCard({
  latest,
  today,
  loading,
  unavailable = false,
  breakdown = true,
  className,
}: {
  latest: ListedApplication | null;
  /** The score today, with today's repayment history (the server's, GET /api/applications/eligibility). */
  today?: ApplyEligibility['scoreToday'];
  loading: boolean;
  /** The applications could not be read: say so instead of claiming there are none. */
  unavailable?: boolean;
  /** False while the page draws its first view: the breakdown (and its accordion) follows in the next pass. */
  breakdown?: boolean;
  className?: string;
}) {
  // Today's score when the server has one for this application: a creator who has fallen behind sees it here.
  const current = today && latest && today.applicationId === latest.id ? today : null;
  const score = current ? current.total : (latest?.creditScore ?? null);
  const band = scoreBand(score);
  return (
    <Card
      data-testid="score-card"
      data-tour={loading ? undefined : 'credit-score'}
      className={cn('flex flex-col', className)}
    >
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <Gauge className="size-5 text-emerald-700" aria-hidden="true" />
          Credit Score
        </CardTitle>
        <CardDescription>Higher scores unlock better financing terms.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {loading ? (
          // As tall as a scored card, the commonest answer, so the cards below stay where they are.
          <>
            <Skeleton className="h-10 w-28" />
            <ScoreBreakdownSkeleton />
          </>
        ) : unavailable ? (
          <p className="text-sm text-slate-600">Your score could not be loaded right now.</p>
        ) : score === null ? (
          <div className="grid gap-2">
            <p className="text-4xl font-bold text-slate-900">N/A</p>
            {latest ? (
              <p className="text-sm text-slate-600">
                Your score will appear here once your application has been assessed.
              </p>
            ) : (
              <p className="text-sm text-slate-600">
                <Link to="/apply" className="font-medium text-primary underline-offset-4 hover:underline">
                  Submit an application
                </Link>{' '}
                to get your creditworthiness score.
              </p>
            )}
          </div>
        ) : (
          <>
            <div className="flex items-center gap-3">
              <p className="text-4xl font-bold tabular-nums text-slate-900">
                {score}
                <span className="text-base font-medium text-slate-500">/100</span>
              </p>
              <Badge variant={BAND_TONE[band]} className="text-sm">
                {band}
              </Badge>
            </div>
            {current && current.total !== current.scoredTotal ? (
              <p className="text-sm text-slate-600" data-testid="score-today-note">
                {current.total < current.scoredTotal
                  ? `Down from ${current.scoredTotal} when you applied, because of your repayment history with us.`
                  : `Up from ${current.scoredTotal} when you applied, because of your repayment history with us.`}
              </p>
            ) : null}
            {!latest ? null : breakdown ? (
              <ApplicationScoreBreakdown
                applicationId={latest.id}
                headingLevel="h3"
                historyToday={current ? current.history : undefined}
              />
            ) : (
              <ScoreBreakdownSkeleton />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
