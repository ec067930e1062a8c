// The explainable credit score: each part's points out of its maximum, optionally with the factors
// behind it, and the tips to raise it. ApplicationScoreBreakdown reads it from the application's detail,
// once: the polled list does not carry it.
import { Lightbulb, UserCheck } from 'lucide-react';
import { scoreSetByAdmin } from '../../../shared/scoring/score-source';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import { Progress } from '../../components/ui/progress';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/utils';
import { useApplication } from './api';
import type { CreditScoreBreakdown } from './types';

/**
 * The height of the four parts and the closed tips row, so nothing below moves when they arrive (on a phone the
 * dashboard's cards stack, and a score card that grew pushed the others down: layout shift 0.11).
 */
export function ScoreBreakdownSkeleton() {
  return (
    <div className="grid gap-4" role="status" aria-label="Loading the score breakdown">
      <div className="grid gap-3">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="grid gap-1.5">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-2 w-full" />
          </div>
        ))}
      </div>
      <Skeleton className="h-[2.875rem] w-full rounded-lg" />
    </div>
  );
}

/** The breakdown and tips of one scored application, with its own loading and error states. */
export function ApplicationScoreBreakdown({
  applicationId,
  showFactors = false,
  headingLevel = 'h4',
  historyToday,
}: {
  applicationId: number;
  showFactors?: boolean;
  headingLevel?: 'h3' | 'h4';
  /**
   * The repayment history as it stands today (the dashboard's score today), shown instead of the one the application
   * was scored with; undefined shows the stored one.
   */
  historyToday?: CreditScoreBreakdown['history'];
}) {
  const detail = useApplication(applicationId);
  if (detail.isPending) {
    return <ScoreBreakdownSkeleton />;
  }
  if (detail.isError) {
    return (
      <p className="text-sm text-slate-600">
        The score breakdown could not be loaded.{' '}
        <button
          type="button"
          onClick={() => void detail.refetch()}
          disabled={detail.isFetching}
          aria-busy={detail.isFetching}
          className="font-medium text-primary underline-offset-4 hover:underline disabled:opacity-60"
        >
          {detail.isFetching ? 'Retrying…' : 'Retry'}
        </button>
      </p>
    );
  }
  const stored = detail.data.creditScoreBreakdown;
  if (!stored) return null;
  const breakdown = historyToday === undefined ? stored : { ...stored, history: historyToday };
  // Parts that add up to another number would mislead: say who set the score instead.
  if (scoreSetByAdmin(detail.data.creditScore, stored)) {
    return <AdminSetScoreNote automaticTotal={breakdown.total} />;
  }
  return (
    <>
      <ScoreBreakdownList breakdown={breakdown} showFactors={showFactors} />
      {breakdown.history ? <RepaymentHistoryRow history={breakdown.history} /> : null}
      <ScoreTips breakdown={breakdown} headingLevel={headingLevel} />
    </>
  );
}

/** An admin set the score by hand: it is not the sum of the automatic parts, which are therefore not shown. */
export function AdminSetScoreNote({ automaticTotal }: { automaticTotal: number }) {
  return (
    <div
      className="flex gap-3 rounded-lg border border-border bg-slate-50 p-3 text-sm"
      data-testid="score-set-by-admin"
    >
      <UserCheck className="mt-0.5 size-4 shrink-0 text-slate-600" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-medium text-slate-900">Set by an admin</p>
        <p className="text-slate-600">
          Our team set this score when reviewing your application, so it is not made up of the automatic
          parts. The automatic assessment gave {automaticTotal}/100.
        </p>
      </div>
    </div>
  );
}

export function ScoreBreakdownList({
  breakdown,
  showFactors = false,
  className,
}: {
  breakdown: CreditScoreBreakdown;
  showFactors?: boolean;
  className?: string;
}) {
  if (breakdown.parts.length === 0) return null;
  return (
    <ul className={cn('grid gap-3', className)} aria-label="Score breakdown">
      {breakdown.parts.map((part) => (
        <li key={part.key} className="grid gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="font-medium text-slate-800">{part.label}</span>
            <span className="shrink-0 tabular-nums text-slate-600">
              {part.points}/{part.max}
              <span className="sr-only"> points</span>
            </span>
          </div>
          <Progress
            value={part.points}
            max={part.max > 0 ? part.max : 1}
            aria-label={`${part.label}: ${part.points} of ${part.max} points`}
            className="h-2"
          />
          {/* Scores stored before factors were recorded have none (the schema's factors is optional). */}
          {showFactors && part.factors && part.factors.length > 0 ? (
            <ul className="mt-1 grid gap-1 border-l-2 border-slate-200 pl-3 text-xs text-slate-600">
              {part.factors.map((factor) => (
                <li key={factor.label} className="grid gap-0.5">
                  <span className="flex justify-between gap-2">
                    <span className="font-medium text-slate-700">{factor.label}</span>
                    <span className="shrink-0 tabular-nums">
                      {factor.points}/{factor.max}
                    </span>
                  </span>
                  {factor.detail ? <span>{factor.detail}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Every distinct tip of every part, in part order. */
export function scoreTips(breakdown: CreditScoreBreakdown): string[] {
  // The repayment history's tip first: paying what is overdue is worth the most.
  const tips = [...(breakdown.history?.tips ?? []), ...breakdown.parts.flatMap((part) => part.tips ?? [])];
  return [...new Set(tips.filter((tip) => tip.trim() !== ''))];
}

/** '−25 points', '+5 points', '0 points': the factor's sign said, as it is added to the parts. */
export function historyPointsText(points: number): string {
  const sign = points > 0 ? '+' : points < 0 ? '\u2212' : '';
  return `${sign}${Math.abs(points)} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
}

/** The creator's repayment history with Vuka: added to the parts (docs/credit-scoring.md). */
export function RepaymentHistoryRow({ history }: { history: NonNullable<CreditScoreBreakdown['history']> }) {
  return (
    <div className="grid gap-0.5 text-sm" data-testid="score-history">
      <div className="flex items-baseline justify-between gap-3">
        <span className="font-medium text-slate-800">{history.label}</span>
        <span
          className={cn(
            'shrink-0 font-medium tabular-nums',
            history.points < 0 ? 'text-red-700' : history.points > 0 ? 'text-emerald-800' : 'text-slate-600',
          )}
        >
          {historyPointsText(history.points)}
        </span>
      </div>
      <span className="text-xs text-slate-600">{history.detail}</span>
    </div>
  );
}

export function ScoreTips({
  breakdown,
  headingLevel = 'h4',
}: {
  breakdown: CreditScoreBreakdown;
  headingLevel?: 'h3' | 'h4';
}) {
  const tips = scoreTips(breakdown);
  if (tips.length === 0) return null;
  return (
    <Accordion type="single" collapsible className="rounded-lg border border-border px-3">
      <AccordionItem value="tips">
        <AccordionTrigger headingLevel={headingLevel} className="py-3 text-sm">
          <span className="flex items-center gap-2">
            <Lightbulb className="size-4 text-amber-600" aria-hidden="true" />
            How to raise your score
          </span>
        </AccordionTrigger>
        <AccordionContent className="pb-3">
          <ul className="grid list-disc gap-1.5 pl-5">
            {tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </AccordionContent>
      </AccordionItem>
    </Accordion>
  );
}
