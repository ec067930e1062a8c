// Learning-quest rules enforced by the server: steps exist, they are
// completed in order, prerequisites are met, quizzes are scored here against the 70 % pass mark, and a
// quest's completion and XP are granted once (the progress row is locked while it changes).
import type { z } from 'zod';
import { levelForXp, quizPassMark, XP_PER_LEVEL } from '../../../shared/quest-progress';
import type {
  CreatorMetricsView,
  QuestProgressView,
  QuestStepView,
  QuestView,
  QuizResult,
  questPreferencesSchema,
  questProgressSchema,
} from '../../../shared/quests';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { SessionUser } from '../sessions/sessions.service';
import * as repo from './quests.repository';

const EMPTY_PROGRESS: QuestProgressView = {
  status: 'not_started',
  currentStep: 0,
  completedSteps: [],
  xpEarned: 0,
  startedAt: null,
  completedAt: null,
};

function toProgressView(p: repo.ProgressRow | undefined): QuestProgressView {
  if (!p) return EMPTY_PROGRESS;
  return {
    status: p.status as QuestProgressView['status'],
    currentStep: p.currentStep,
    completedSteps: [...p.completedSteps].sort((a, b) => a - b),
    xpEarned: p.xpEarned,
    startedAt: p.startedAt?.toISOString() ?? null,
    completedAt: p.completedAt?.toISOString() ?? null,
  };
}

/** The quest as the browser sees it: quiz answers and explanations only for quizzes this user passed. */
function toQuestView(
  q: repo.QuestRow,
  p: repo.ProgressRow | undefined,
  completedIds: Set<number>,
): QuestView {
  const done = new Set(p?.completedSteps ?? []);
  const steps: QuestStepView[] = q.steps.map((s, index) => {
    if (s.type !== 'quiz') return { ...s, resources: s.resources ?? [] };
    const passed = done.has(index);
    const answers = p?.quizAnswers[String(index)];
    return {
      title: s.title,
      description: s.description,
      type: 'quiz',
      resources: s.resources ?? [],
      content: s.content.map((question) =>
        passed ? question : { question: question.question, options: question.options },
      ),
      ...(passed && answers ? { answers } : {}),
    };
  });
  return {
    id: q.id,
    slug: q.slug,
    title: q.title,
    description: q.description,
    category: q.category as QuestView['category'],
    type: q.category as QuestView['category'],
    difficulty: q.difficulty as QuestView['difficulty'],
    xpReward: q.xpReward,
    prerequisites: q.prerequisites,
    prerequisitesMet: q.prerequisites.every((id) => completedIds.has(id)),
    steps,
    progress: toProgressView(p),
  };
}

const completedQuestIds = (rows: repo.ProgressRow[]) =>
  new Set(rows.filter((r) => r.status === 'completed').map((r) => r.questId));

export async function listQuests(db: Db, user: SessionUser): Promise<QuestView[]> {
  const [quests, progress] = await Promise.all([repo.listQuestRows(db), repo.progressOfUser(db, user.id)]);
  const completed = completedQuestIds(progress);
  return quests.map((q) =>
    toQuestView(
      q,
      progress.find((p) => p.questId === q.id),
      completed,
    ),
  );
}

function toMetricsView(row: { totalXp: number; currentLevel: number; questsCompleted: number } | undefined) {
  const totalXp = row?.totalXp ?? 0;
  return {
    totalXp,
    currentLevel: row?.currentLevel ?? 1,
    questsCompleted: row?.questsCompleted ?? 0,
    xpIntoLevel: totalXp % XP_PER_LEVEL,
    xpPerLevel: XP_PER_LEVEL,
  } satisfies CreatorMetricsView;
}

export async function creatorMetricsOf(db: Db, user: SessionUser): Promise<CreatorMetricsView> {
  return toMetricsView(await repo.findMetrics(db, user.id));
}

/** Scores a quiz; per-question results are revealed only on a pass. */
function scoreQuiz(
  questions: { options: string[]; correctAnswer: number; explanation: string }[],
  answers: number[] | undefined,
): QuizResult {
  if (!answers || answers.length !== questions.length) {
    throw badRequest('Incomplete Quiz - Please answer all questions before submitting.', {
      answers: ['Answer every question'],
    });
  }
  answers.forEach((a, i) => {
    if (a >= questions[i]!.options.length) {
      throw badRequest(`Question ${i + 1} has no option ${a + 1}.`, {
        answers: ['Choose one of the options'],
      });
    }
  });
  const correct = questions.map((q, i) => q.correctAnswer === answers[i]);
  const correctCount = correct.filter(Boolean).length;
  const passMark = quizPassMark(questions.length);
  const passed = correctCount >= passMark;
  return {
    correctCount,
    total: questions.length,
    passMark,
    passed,
    ...(passed
      ? {
          results: questions.map((q, i) => ({
            correct: correct[i]!,
            correctAnswer: q.correctAnswer,
            explanation: q.explanation,
          })),
        }
      : {}),
  };
}

type ProgressOutcome = {
  quest: QuestView;
  quizResult?: QuizResult;
  /** True only on the request that completed the quest (and granted its XP). */
  questCompleted: boolean;
  metrics: CreatorMetricsView;
};

export async function recordProgress(
  db: Db,
  user: SessionUser,
  questId: number,
  input: z.output<typeof questProgressSchema>,
  now: Date,
): Promise<ProgressOutcome> {
  const quest = await repo.findQuest(db, questId);
  if (!quest) throw notFound(`Could not find quest ${questId}`);
  const { step } = input;
  const stepDef = quest.steps[step];
  if (!stepDef) {
    throw badRequest(`This quest has no step ${step + 1}.`, { step: ['There is no such step'] });
  }

  return db.transaction(async (tx) => {
    const allProgress = await repo.progressOfUser(tx, user.id);
    const completedIds = completedQuestIds(allProgress);
    if (!quest.prerequisites.every((id) => completedIds.has(id))) {
      throw conflict('Complete prerequisites to unlock this quest.');
    }
    const progress = await repo.lockProgress(tx, user.id, quest.id);
    const done = new Set(progress.completedSteps);
    if (step > 0 && !done.has(step - 1) && !done.has(step)) {
      throw conflict(`Complete step ${step} before moving on to step ${step + 1}.`);
    }
    const startedAt = progress.startedAt ?? now;
    const status = progress.status === 'completed' ? 'completed' : 'in_progress';
    const lastStep = quest.steps.length - 1;
    let quizResult: QuizResult | undefined;
    let questCompleted = false;
    let saved: repo.ProgressRow;

    if (!input.completed || done.has(step)) {
      // Opening a step (or repeating a completed one) moves the pointer; it grants nothing.
      saved = await repo.saveProgress(tx, progress.id, { status, startedAt, currentStep: step });
    } else {
      const quizAnswers = { ...progress.quizAnswers };
      if (stepDef.type === 'quiz') {
        quizResult = scoreQuiz(stepDef.content, input.answers);
        if (!quizResult.passed) {
          saved = await repo.saveProgress(tx, progress.id, { status, startedAt, currentStep: step });
          return outcome(tx, user, quest, saved, completedIds, quizResult, false);
        }
        quizAnswers[String(step)] = input.answers!;
      }
      done.add(step);
      const allDone = quest.steps.every((_, i) => done.has(i));
      questCompleted = allDone && progress.status !== 'completed';
      saved = await repo.saveProgress(tx, progress.id, {
        completedSteps: [...done].sort((a, b) => a - b),
        quizAnswers,
        currentStep: Math.min(step + 1, lastStep),
        startedAt,
        status: allDone ? 'completed' : status,
        ...(questCompleted ? { completedAt: now, xpEarned: quest.xpReward } : {}),
      });
      if (questCompleted) {
        await repo.addQuestXp(tx, user.id, quest.xpReward, levelForXp);
        completedIds.add(quest.id);
      }
    }
    return outcome(tx, user, quest, saved, completedIds, quizResult, questCompleted);
  });
}

async function outcome(
  db: Parameters<typeof repo.findMetrics>[0],
  user: SessionUser,
  quest: repo.QuestRow,
  progress: repo.ProgressRow,
  completedIds: Set<number>,
  quizResult: QuizResult | undefined,
  questCompleted: boolean,
): Promise<ProgressOutcome> {
  return {
    quest: toQuestView(quest, progress, completedIds),
    ...(quizResult ? { quizResult } : {}),
    questCompleted,
    metrics: toMetricsView(await repo.findMetrics(db, user.id)),
  };
}

export async function preferencesOf(db: Db, user: SessionUser) {
  const row = await repo.findPreferences(db, user.id);
  return {
    preferredCategories: row?.preferredCategories ?? [],
    difficulty: row?.difficulty ?? 'beginner',
    learningGoals: row?.learningGoals ?? [],
    lastUpdated: row?.lastUpdated?.toISOString() ?? null,
  };
}

export async function savePreferences(
  db: Db,
  user: SessionUser,
  input: z.output<typeof questPreferencesSchema>,
) {
  await repo.upsertPreferences(db, user.id, input);
  return preferencesOf(db, user);
}
