// The dashboard's Learning panel (its further panel): the
// creator's level and XP, the quest suggested next, and the way to /learning-quests, for every creator.
import { ArrowRight, GraduationCap } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/utils';
import { LevelProgress } from './level-progress';
import { DifficultyBadge } from './quest-card';
import { questStepProgress, suggestedQuest } from './quest-rules';
import { useQuestMetrics, useQuests } from './quests-api';

export function LearningPanel({ className }: { className?: string }) {
  const questsQuery = useQuests();
  const metricsQuery = useQuestMetrics();
  const metrics = metricsQuery.data;
  const quests = questsQuery.data;
  const next = quests ? suggestedQuest(quests) : null;
  const nextProgress = next ? questStepProgress(next) : null;

  return (
    <Card data-testid="learning-panel" className={cn('flex flex-col', className)}>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <GraduationCap className="size-5 text-emerald-700" aria-hidden="true" />
          Learning
        </CardTitle>
        <CardDescription>Short quests on money, content and platforms. Earn XP as you learn.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {metrics ? (
          <div className="grid gap-2">
            <LevelProgress metrics={metrics} levelClassName="text-2xl" />
          </div>
        ) : metricsQuery.isError ? (
          <p className="text-sm text-slate-600">Your XP and level could not be loaded right now.</p>
        ) : (
          <div className="grid gap-2">
            <Skeleton className="h-8 w-28" />
            <Skeleton className="h-2 w-full rounded-full" />
          </div>
        )}

        {quests ? (
          next && nextProgress ? (
            <div className="grid gap-1.5 rounded-lg border border-border bg-slate-50 p-3">
              <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">
                {next.progress.status === 'in_progress' ? 'Continue where you left off' : 'Suggested next'}
              </p>
              <p className="font-semibold text-slate-900" data-testid="learning-next-quest">
                {next.title}
              </p>
              <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <DifficultyBadge difficulty={next.difficulty} />
                <span>{next.xpReward} XP</span>
                <span aria-hidden="true">·</span>
                <span>
                  {nextProgress.completed}/{nextProgress.total} steps
                </span>
              </div>
            </div>
          ) : (
            <p className="text-sm text-slate-600">
              You have completed every quest available to you. New quests unlock as you finish others.
            </p>
          )
        ) : questsQuery.isError ? (
          <p className="text-sm text-slate-600">Your quests could not be loaded right now.</p>
        ) : (
          <Skeleton className="h-[5.5rem] w-full rounded-lg" />
        )}

        <Link
          to="/learning-quests"
          className={cn(buttonVariants({ variant: 'outline' }), 'justify-self-start')}
        >
          {next?.progress.status === 'in_progress' ? 'Continue learning' : 'Open Learning Quests'}
          <ArrowRight aria-hidden="true" />
        </Link>
      </CardContent>
    </Card>
  );
}
