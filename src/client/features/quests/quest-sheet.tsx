// The quest's bottom sheet: numbered step buttons, the step's
// title, description and content, Complete Step (text steps) or the quiz, Required Reading, Previous and
// Next. Steps open in order; completing one saves it and moves on, except a passed quiz, which stays on
// screen so its marked answers and explanations can be read (Next is then enabled).
import { ArrowLeft, ArrowRight, BookOpen, Check, CheckCircle2, ExternalLink, Trophy } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { QuestResource, QuestView, QuizResult } from '../../../shared/quests';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/progress';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '../../components/ui/sheet';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { cn } from '../../lib/utils';
import { CategoryIcon, DifficultyBadge, XpReward } from './quest-card';
import {
  allQuestionsAnswered,
  answersPayload,
  type ContentBlock,
  canGoNext,
  canGoPrevious,
  INCOMPLETE_QUIZ,
  isStepUnlocked,
  type QuizAnswers,
  questStepProgress,
  quizFailedMessage,
  quizPassedMessage,
  quizReview,
  stepAfterCompleting,
  stepBody,
  stepButtonLabel,
} from './quest-rules';
import { type QuestProgressAnswer, useQuestProgress } from './quests-api';
import { Quiz } from './quiz';

export function QuestSheet({
  quest,
  initialStep,
  sessionKey,
  onClose,
  onCloseAutoFocus,
}: {
  /** The open quest (kept current by the quest list), or null when the sheet is closed. */
  quest: QuestView | null;
  initialStep: number;
  /** Changes every time a quest is opened, so each opening starts afresh. */
  sessionKey: number;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Sheet open={quest !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent side="bottom" className="gap-0 p-0 sm:p-0" onCloseAutoFocus={onCloseAutoFocus}>
        {quest ? <QuestSheetBody key={sessionKey} quest={quest} initialStep={initialStep} /> : null}
      </SheetContent>
    </Sheet>
  );
}

function errorToast(error: unknown) {
  toast({
    title: 'Error',
    description: messageOf(error, 'Failed to save your progress'),
    variant: 'destructive',
  });
}

function QuestSheetBody({ quest, initialStep }: { quest: QuestView; initialStep: number }) {
  const total = quest.steps.length;
  const [step, setStep] = useState(() => Math.min(Math.max(0, initialStep), Math.max(0, total - 1)));
  const [justCompleted, setJustCompleted] = useState(false);
  const progress = useQuestProgress();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const done = quest.progress.completedSteps;
  const stats = questStepProgress(quest);

  // After moving to another step, bring the sheet back to the top and put focus on the step's heading, so
  // keyboard and screen-reader users land on the new content.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose each time the step changes
  useEffect(() => {
    if (!moved.current) return;
    const heading = headingRef.current;
    heading?.closest('[role="dialog"]')?.scrollTo({ top: 0 });
    heading?.focus({ preventScroll: true });
  }, [step]);

  const goTo = (next: number) => {
    if (next < 0 || next >= total || next === step) return;
    moved.current = true;
    setStep(next);
  };

  const onCompleted = (answer: QuestProgressAnswer) => {
    if (answer.questCompleted) setJustCompleted(true);
  };

  return (
    <>
      <div className="mx-auto grid w-full max-w-3xl gap-5 px-4 pt-6 pb-6 sm:px-6">
        <div className="grid gap-3">
          <SheetHeader className="flex-row items-start gap-3">
            <CategoryIcon category={quest.category} />
            <div className="grid min-w-0 gap-1">
              <SheetTitle className="text-lg leading-snug sm:text-xl">{quest.title}</SheetTitle>
              <SheetDescription>{quest.description}</SheetDescription>
            </div>
          </SheetHeader>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <DifficultyBadge difficulty={quest.difficulty} />
            <XpReward xp={quest.xpReward} />
            <span className="text-sm text-slate-600" data-testid="quest-sheet-progress">
              {stats.completed}/{stats.total} steps · {stats.percent}%
            </span>
          </div>
          <Progress value={stats.percent} aria-label={`Quest progress: ${stats.percent}%`} className="h-2" />
        </div>

        {quest.progress.status === 'completed' ? (
          <QuestCompletePanel xp={quest.progress.xpEarned || quest.xpReward} fresh={justCompleted} />
        ) : null}

        <nav aria-label="Quest steps">
          <ol className="flex flex-wrap gap-2">
            {quest.steps.map((s, i) => {
              const completed = done.includes(i);
              const unlocked = isStepUnlocked(i, done);
              const current = i === step;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional (progress stores indexes)
                <li key={i}>
                  <button
                    type="button"
                    aria-label={stepButtonLabel(i, s.title, { completed, unlocked })}
                    aria-current={current ? 'step' : undefined}
                    disabled={!unlocked || progress.isPending}
                    onClick={() => goTo(i)}
                    className={cn(
                      'flex size-10 items-center justify-center rounded-full border-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed',
                      current && 'ring-2 ring-emerald-600 ring-offset-2',
                      completed
                        ? 'border-emerald-600 bg-emerald-600 text-white hover:bg-emerald-700'
                        : unlocked
                          ? 'border-emerald-600 bg-white text-emerald-800 hover:bg-emerald-50'
                          : 'border-slate-200 bg-slate-50 text-slate-400',
                    )}
                  >
                    {completed ? <Check className="size-4" aria-hidden="true" /> : i + 1}
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>

        <StepPanel
          key={step}
          quest={quest}
          step={step}
          headingRef={headingRef}
          progress={progress}
          onAdvance={() => goTo(stepAfterCompleting(step, total))}
          onCompleted={onCompleted}
        />
      </div>

      <div className="sticky bottom-0 border-t border-border bg-card">
        <div className="mx-auto flex w-full max-w-3xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Button
            variant="outline"
            onClick={() => goTo(step - 1)}
            disabled={!canGoPrevious(step) || progress.isPending}
          >
            <ArrowLeft aria-hidden="true" />
            Previous
          </Button>
          <span className="text-sm text-slate-600" aria-hidden="true">
            {step + 1} / {total}
          </span>
          {quest.progress.status === 'completed' && step === total - 1 ? (
            <SheetClose asChild>
              <Button>
                Done
                <Check aria-hidden="true" />
              </Button>
            </SheetClose>
          ) : (
            <Button
              onClick={() => goTo(step + 1)}
              disabled={!canGoNext(step, done, total) || progress.isPending}
            >
              Next
              <ArrowRight aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>
    </>
  );
}

function QuestCompletePanel({ xp, fresh }: { xp: number; fresh: boolean }) {
  return (
    <div
      role="status"
      data-testid="quest-complete"
      className={cn(
        'flex items-center gap-3 rounded-xl border px-4 py-3',
        fresh
          ? 'border-amber-300 bg-gradient-to-r from-amber-50 to-emerald-50'
          : 'border-emerald-200 bg-emerald-50',
      )}
    >
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          fresh ? 'bg-amber-400 text-white' : 'bg-emerald-600 text-white',
        )}
      >
        <Trophy className="size-5" aria-hidden="true" />
      </span>
      <div>
        <p className="font-semibold text-slate-900">{fresh ? 'Quest complete!' : 'Quest completed'}</p>
        <p className="text-sm text-slate-700">
          {fresh ? `You earned ${xp} XP. Well done!` : `You earned ${xp} XP for this quest.`}
        </p>
      </div>
    </div>
  );
}

function StepPanel({
  quest,
  step,
  headingRef,
  progress,
  onAdvance,
  onCompleted,
}: {
  quest: QuestView;
  step: number;
  headingRef: RefObject<HTMLHeadingElement | null>;
  progress: ReturnType<typeof useQuestProgress>;
  onAdvance: () => void;
  onCompleted: (answer: QuestProgressAnswer) => void;
}) {
  // Answers and results belong to this step: the panel is keyed by step, so moving clears them.
  const [answers, setAnswers] = useState<QuizAnswers>({});
  const [passed, setPassed] = useState<QuizResult | undefined>(undefined);
  const [failed, setFailed] = useState<QuizResult | undefined>(undefined);
  const current = quest.steps[step];
  if (!current) return null;
  const total = quest.steps.length;
  const completed = quest.progress.completedSteps.includes(step);
  const body = stepBody(current);
  const headingId = `quest-${quest.id}-step-${step}-title`;

  const completeStep = () => {
    progress.mutate(
      { questId: quest.id, step, completed: true },
      {
        onSuccess: (answer) => {
          onCompleted(answer);
          toast({ title: 'Progress Updated', description: 'Your quest progress has been saved.' });
          if (step < total - 1) onAdvance();
        },
        onError: errorToast,
      },
    );
  };

  const submitQuiz = (questionCount: number) => {
    if (!allQuestionsAnswered(answers, questionCount)) {
      toast({ ...INCOMPLETE_QUIZ, variant: 'destructive' });
      return;
    }
    progress.mutate(
      { questId: quest.id, step, completed: true, answers: answersPayload(answers, questionCount) },
      {
        onSuccess: (answer) => {
          const result = answer.quizResult;
          if (result && !result.passed) {
            setFailed(result);
            toast({ title: 'Quiz Failed', description: quizFailedMessage(result), variant: 'destructive' });
            return;
          }
          onCompleted(answer);
          if (result) {
            setPassed(result);
            setFailed(undefined);
            toast({ title: 'Quiz Completed!', description: quizPassedMessage(result) });
          } else {
            toast({ title: 'Progress Updated', description: 'Your quest progress has been saved.' });
          }
        },
        onError: errorToast,
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-5">
      <div className="grid gap-1">
        <p className="text-xs font-semibold tracking-wide text-emerald-700 uppercase">
          Step {step + 1} of {total}
          {current.type === 'quiz' ? ' · Quiz' : ''}
        </p>
        <h3
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {current.title}
        </h3>
        <p className="text-sm text-slate-600">{current.description}</p>
      </div>

      {body.kind === 'text' ? (
        <StepText blocks={body.blocks} />
      ) : body.kind === 'unavailable' ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          Content not available
        </p>
      ) : body.kind === 'no-questions' ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          No quiz questions available for this step.
        </p>
      ) : (
        <Quiz
          idPrefix={`quest-${quest.id}-step-${step}`}
          questions={body.questions}
          answers={answers}
          onAnswer={(question, option) => setAnswers((prev) => ({ ...prev, [question]: option }))}
          review={
            passed || completed ? quizReview(body.questions, answers, passed, current.answers) : undefined
          }
          locked={completed}
          failed={failed}
          onSubmit={() => submitQuiz(body.questions.length)}
          submitting={progress.isPending}
        />
      )}

      {/* Reading comes before Complete Step on a text step (read, then mark it done), after a quiz. */}
      {current.type !== 'quiz' && current.resources.length > 0 ? (
        <RequiredReading resources={current.resources} />
      ) : null}

      {current.type !== 'quiz' ? (
        completed ? (
          <p className="flex items-center gap-2 text-sm font-medium text-emerald-800">
            <CheckCircle2 className="size-5" aria-hidden="true" />
            Step completed
          </p>
        ) : (
          <div>
            <Button writes onClick={completeStep} loading={progress.isPending} className="w-full sm:w-auto">
              {progress.isPending ? null : <CheckCircle2 aria-hidden="true" />}
              Complete Step
            </Button>
          </div>
        )
      ) : passed ? (
        <Alert variant="success">
          <CheckCircle2 aria-hidden="true" />
          <div>
            <AlertTitle>Quiz passed</AlertTitle>
            <AlertDescription>{quizPassedMessage(passed)}</AlertDescription>
          </div>
        </Alert>
      ) : null}

      {current.type === 'quiz' && current.resources.length > 0 ? (
        <RequiredReading resources={current.resources} />
      ) : null}
    </section>
  );
}

function StepText({ blocks }: { blocks: ContentBlock[] }) {
  return (
    <div className="grid gap-3 text-[0.95rem] leading-relaxed text-slate-800">
      {blocks.map((block, i) =>
        block.kind === 'paragraph' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks come from fixed text and never reorder
          <p key={i}>{block.text}</p>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks come from fixed text and never reorder
          <ul key={i} className="grid list-disc gap-1.5 pl-5 marker:text-emerald-600">
            {block.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items come from fixed text and never reorder
              <li key={j}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

const RESOURCE_TYPE_LABELS: Record<QuestResource['type'], string> = {
  official: 'Official',
  article: 'Article',
  guide: 'Guide',
  video: 'Video',
  tool: 'Tool',
};

function RequiredReading({ resources }: { resources: QuestResource[] }) {
  return (
    <section aria-labelledby="required-reading" className="grid gap-3 rounded-xl bg-slate-50 p-4">
      <h4 id="required-reading" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <BookOpen className="size-4 text-emerald-700" aria-hidden="true" />
        Required Reading
      </h4>
      <ul className="grid gap-3">
        {resources.map((resource) => (
          <li key={resource.url} className="grid gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <a
                href={resource.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-sm font-medium break-words text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                {resource.title}
                <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
              <Badge variant="outline" className="font-medium text-slate-600">
                {RESOURCE_TYPE_LABELS[resource.type] ?? resource.type}
              </Badge>
            </div>
            {resource.description ? <p className="text-sm text-slate-600">{resource.description}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
