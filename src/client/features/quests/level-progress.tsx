// The creator's level, XP and the way to the next level: on /learning-quests and in the dashboard's Learning panel.
import type { CreatorMetricsView } from '../../../shared/quests';
import { Progress } from '../../components/ui/progress';
import { cn } from '../../lib/utils';
import { levelPercent } from './quest-rules';

export function LevelProgress({
  metrics,
  levelClassName,
}: {
  metrics: CreatorMetricsView;
  /** The size of the "Level N" line. */
  levelClassName?: string;
}) {
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className={cn('font-bold text-slate-900', levelClassName)} data-testid="quest-level">
          Level {metrics.currentLevel}
        </p>
        <p className="text-sm text-slate-600" data-testid="quest-xp">
          <span className="font-semibold text-slate-900">{metrics.totalXp} XP</span> total
        </p>
      </div>
      <Progress
        value={levelPercent(metrics)}
        aria-label={`Progress to level ${metrics.currentLevel + 1}`}
        aria-valuetext={`${metrics.xpIntoLevel} of ${metrics.xpPerLevel} XP`}
        indicatorClassName="bg-amber-500"
      />
      <p className="text-xs text-slate-600">
        {metrics.xpPerLevel - metrics.xpIntoLevel} XP to level {metrics.currentLevel + 1}
      </p>
    </>
  );
}
