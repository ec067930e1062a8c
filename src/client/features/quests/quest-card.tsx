// One quest on the Learning Quests grid: category icon, difficulty, title, description,
// step progress, XP reward and the Start Quest / Continue / Completed button. A quest whose prerequisites
// are not completed is overlaid with what unlocks it, and its button is disabled.
import { CheckCircle2, Lock, MonitorPlay, Palette, PiggyBank, Play, RotateCw, Star } from 'lucide-react';
import type { QuestView } from '../../../shared/quests';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/utils';
import { CATEGORY_LABELS, type QuestCategory, questButtonLabel, questStepProgress } from './quest-rules';

const CATEGORY_ICONS = { creative: Palette, financial: PiggyBank, platform: MonitorPlay } as const;

const CATEGORY_TONES: Record<QuestCategory, string> = {
  creative: 'bg-violet-50 text-violet-700',
  financial: 'bg-emerald-50 text-emerald-700',
  platform: 'bg-sky-50 text-sky-700',
};

export function CategoryIcon({ category, className }: { category: QuestCategory; className?: string }) {
  const Icon = CATEGORY_ICONS[category];
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-lg',
        CATEGORY_TONES[category],
        className,
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
      <span className="sr-only">{CATEGORY_LABELS[category]} quest</span>
    </span>
  );
}

const DIFFICULTY_VARIANTS = { beginner: 'success', intermediate: 'info', advanced: 'warning' } as const;

export function DifficultyBadge({ difficulty }: { difficulty: QuestView['difficulty'] }) {
  return (
    <Badge variant={DIFFICULTY_VARIANTS[difficulty]} className="capitalize">
      {difficulty}
    </Badge>
  );
}

export function XpReward({ xp }: { xp: number }) {
  return (
    <span className="flex items-center gap-1 text-sm font-semibold text-amber-700">
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
      {xp} XP
    </span>
  );
}

export function questActionId(questId: number): string {
  return `quest-${questId}-action`;
}

export function QuestCard({
  quest,
  missingPrerequisites,
  starting,
  busy,
  onOpen,
}: {
  quest: QuestView;
  /** Titles of the prerequisites still to complete (empty when the quest is unlocked). */
  missingPrerequisites: string[];
  /** This quest's start request is running. */
  starting: boolean;
  /** Another quest's start request is running. */
  busy: boolean;
  onOpen: (quest: QuestView) => void;
}) {
  const label = questButtonLabel(quest);
  const { completed, total, percent } = questStepProgress(quest);
  const locked = !quest.prerequisitesMet;
  const titleId = `quest-${quest.id}-title`;
  const lockId = `quest-${quest.id}-lock`;
  const ButtonIcon = label === 'Completed' ? CheckCircle2 : label === 'Continue' ? RotateCw : Play;

  return (
    <Card
      data-testid={`quest-card-${quest.slug}`}
      className={cn('relative flex h-full flex-col gap-4 p-5', locked && 'overflow-hidden')}
    >
      <div className="flex items-start justify-between gap-3">
        <CategoryIcon category={quest.category} />
        <DifficultyBadge difficulty={quest.difficulty} />
      </div>
      <div className="grid gap-1.5">
        <h2 id={titleId} className="text-base leading-snug font-semibold text-slate-900">
          {quest.title}
        </h2>
        <p className="text-sm text-slate-600">{quest.description}</p>
      </div>
      <div className="mt-auto grid gap-2">
        <div className="flex items-center justify-between text-sm">
          <span className="text-slate-600">
            {completed}/{total} steps
          </span>
          <span className="font-medium text-slate-900">{percent}%</span>
        </div>
        <Progress value={percent} aria-label={`${quest.title}: ${percent}% complete`} />
      </div>
      <div className="flex items-center justify-between gap-3">
        <XpReward xp={quest.xpReward} />
        <Button
          writes
          id={questActionId(quest.id)}
          variant={label === 'Completed' ? 'outline' : 'default'}
          size="sm"
          disabled={locked || busy}
          loading={starting}
          aria-describedby={locked ? lockId : undefined}
          aria-label={`${label}: ${quest.title}`}
          onClick={() => onOpen(quest)}
          className={cn(label === 'Completed' && 'border-emerald-300 text-emerald-800')}
        >
          {starting ? null : <ButtonIcon aria-hidden="true" />}
          {label}
        </Button>
      </div>

      {locked ? (
        // A light veil keeps the title and description readable; the panel covers the disabled controls.
        <div
          id={lockId}
          data-testid="quest-locked"
          className="absolute inset-0 flex flex-col justify-end bg-slate-50/65 p-3"
        >
          <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white/95 p-3 shadow-sm">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700">
              <Lock className="size-4" aria-hidden="true" />
            </span>
            <div className="grid min-w-0 gap-0.5">
              <p className="text-sm font-semibold text-slate-900">Complete prerequisites to unlock</p>
              {missingPrerequisites.length > 0 ? (
                <p className="text-xs text-slate-600">Requires: {missingPrerequisites.join(', ')}</p>
              ) : null}
            </div>
          </div>
        </div>
      ) : null}
    </Card>
  );
}

export function QuestCardSkeleton() {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-border bg-white p-5">
      <div className="flex items-start justify-between">
        <Skeleton className="size-10 rounded-lg" />
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <div className="grid gap-2">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3.5 w-5/6" />
      </div>
      <Skeleton className="h-2.5 w-full rounded-full" />
      <div className="flex items-center justify-between">
        <Skeleton className="h-4 w-16" />
        <Skeleton className="h-9 w-28" />
      </div>
    </div>
  );
}
