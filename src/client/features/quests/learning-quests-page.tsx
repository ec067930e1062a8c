// Learning Quests: the completed-over-total count, the
// user's level and XP, the quest grid by category tab, and the bottom sheet where a quest is taken.
import { GraduationCap, Trophy } from 'lucide-react';
import { useRef, useState } from 'react';
import type { CreatorMetricsView, QuestView } from '../../../shared/quests';
import { PageContainer, PageHeader } from '../../components/page-header';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { LevelProgress } from './level-progress';
import { QuestCard, QuestCardSkeleton, questActionId } from './quest-card';
import {
  CATEGORY_LABELS,
  completionCount,
  isQuestTab,
  missingPrerequisites,
  openingStep,
  QUEST_TABS,
  type QuestTab,
  questsForTab,
} from './quest-rules';
import { QuestSheet } from './quest-sheet';
import { useQuestMetrics, useQuestProgress, useQuests } from './quests-api';

type OpenQuest = { id: number; step: number; session: number };

export function LearningQuestsPage() {
  useDocumentTitle('Learning Quests');
  const questsQuery = useQuests();
  const metricsQuery = useQuestMetrics();
  const start = useQuestProgress();
  const [tab, setTab] = useState<QuestTab>('all');
  const [open, setOpen] = useState<OpenQuest | null>(null);
  // The quest last opened, for giving focus back once the sheet has closed (by then `open` is null).
  const lastOpened = useRef<number | null>(null);

  const quests = questsQuery.data;
  const openQuest = open ? (quests?.find((q) => q.id === open.id) ?? null) : null;
  const startingId = start.isPending ? start.variables?.questId : undefined;

  const show = (quest: QuestView, step: number) => {
    lastOpened.current = quest.id;
    setOpen((prev) => ({ id: quest.id, step, session: (prev?.session ?? 0) + 1 }));
  };

  const openQuestSheet = (quest: QuestView) => {
    if (quest.progress.status !== 'not_started') {
      show(quest, openingStep(quest));
      return;
    }
    // Starting records step 0 as opened (not completed); the sheet opens once the server agrees.
    start.mutate(
      { questId: quest.id, step: 0, completed: false },
      {
        onSuccess: (answer) => show(answer.quest, 0),
        onError: (error) =>
          toast({
            title: 'Error',
            description: messageOf(error, 'Failed to start the quest'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <PageContainer>
      <PageHeader
        title="Learning Quests"
        description="Short courses on creative, financial and platform skills. Earn XP and level up as you learn."
      />

      <QuestStats quests={quests} metrics={metricsQuery.data} metricsFailed={metricsQuery.isError} />

      {questsQuery.isPending ? (
        <div role="status" aria-live="polite" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">Loading quests…</span>
          {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
            <QuestCardSkeleton key={k} />
          ))}
        </div>
      ) : quests === undefined ? (
        <QueryErrorPanel query={questsQuery} title="Quests could not be loaded" />
      ) : (
        <Tabs value={tab} onValueChange={(value) => (isQuestTab(value) ? setTab(value) : undefined)}>
          <TabsList
            aria-label="Quest categories"
            className="grid w-full grid-cols-4 sm:inline-flex sm:w-auto"
          >
            {QUEST_TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value} className="px-1.5 text-[13px] sm:px-4 sm:text-sm">
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {QUEST_TABS.map((t) => (
            <TabsContent key={t.value} value={t.value} className="mt-6">
              <QuestGrid
                quests={questsForTab(quests, t.value)}
                all={quests}
                tab={t.value}
                startingId={startingId}
                onOpen={openQuestSheet}
              />
            </TabsContent>
          ))}
        </Tabs>
      )}

      <QuestSheet
        quest={openQuest}
        initialStep={open?.step ?? 0}
        sessionKey={open?.session ?? 0}
        onClose={() => setOpen(null)}
        onCloseAutoFocus={(event) => {
          // The sheet opens from a card's button, not a Radix trigger: give focus back to that button.
          const id = lastOpened.current;
          const button = id === null ? null : document.getElementById(questActionId(id));
          if (button) {
            event.preventDefault();
            button.focus();
          }
        }}
      />
    </PageContainer>
  );
}

function QuestGrid({
  quests,
  all,
  tab,
  startingId,
  onOpen,
}: {
  quests: QuestView[];
  all: QuestView[];
  tab: QuestTab;
  startingId: number | undefined;
  onOpen: (quest: QuestView) => void;
}) {
  if (quests.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <GraduationCap className="size-6" aria-hidden="true" />
        </span>
        <p className="text-lg font-semibold text-slate-900">
          {tab === 'all' ? 'No quests yet' : `No ${CATEGORY_LABELS[tab].toLowerCase()} quests yet`}
        </p>
        <p className="max-w-md text-sm text-slate-600">New quests are added regularly. Check back soon.</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {quests.map((quest) => (
        <li key={quest.id}>
          <QuestCard
            quest={quest}
            missingPrerequisites={missingPrerequisites(quest, all)}
            starting={startingId === quest.id}
            busy={startingId !== undefined && startingId !== quest.id}
            onOpen={onOpen}
          />
        </li>
      ))}
    </ul>
  );
}

function QuestStats({
  quests,
  metrics,
  metricsFailed,
}: {
  quests: QuestView[] | undefined;
  metrics: CreatorMetricsView | undefined;
  metricsFailed: boolean;
}) {
  const count = quests ? completionCount(quests) : undefined;
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
      <Card className="flex items-center gap-4 p-5">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <GraduationCap className="size-5" aria-hidden="true" />
        </span>
        <div>
          <p className="text-sm whitespace-nowrap text-slate-600">Quests completed</p>
          {count ? (
            <p className="text-2xl font-bold text-slate-900" data-testid="quests-completed-count">
              {count.completed}/{count.total}
            </p>
          ) : (
            <Skeleton className="mt-1 h-7 w-16" />
          )}
        </div>
      </Card>
      <Card className="flex items-center gap-4 p-5">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-600">
          <Trophy className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 flex-1 gap-2">
          {metrics ? (
            <LevelProgress metrics={metrics} levelClassName="text-lg" />
          ) : metricsFailed ? (
            <p className="text-sm text-slate-600">Your XP and level could not be loaded right now.</p>
          ) : (
            <>
              <Skeleton className="h-6 w-24" />
              <Skeleton className="h-2.5 w-full rounded-full" />
            </>
          )}
        </div>
      </Card>
    </div>
  );
}
