// Pure rules of the Learning Quests screen: tabs and the
// header count, the card's button, which steps may be opened, how a text step's plain text becomes
// paragraphs and lists, and how a quiz's answers and results are read. No React here, so all of it is
// unit-tested (quest-rules.test.ts).
import { QUEST_CATEGORIES } from '../../../shared/constants';
import { progressPercent } from '../../../shared/quest-progress';
import type { QuestStepView, QuestView, QuizQuestionView, QuizResult } from '../../../shared/quests';

export type QuestCategory = (typeof QUEST_CATEGORIES)[number];
export type QuestTab = 'all' | QuestCategory;

export const QUEST_TABS: readonly { value: QuestTab; label: string }[] = [
  { value: 'all', label: 'All Quests' },
  { value: 'creative', label: 'Creative' },
  { value: 'financial', label: 'Financial' },
  { value: 'platform', label: 'Platform' },
];

export const CATEGORY_LABELS: Record<QuestCategory, string> = {
  creative: 'Creative',
  financial: 'Financial',
  platform: 'Platform',
};

export function isQuestTab(value: string): value is QuestTab {
  return value === 'all' || (QUEST_CATEGORIES as readonly string[]).includes(value);
}

/** The quests a tab lists, in catalog order. */
export function questsForTab(quests: readonly QuestView[], tab: QuestTab): QuestView[] {
  return tab === 'all' ? [...quests] : quests.filter((q) => q.category === tab);
}

/** The header's "completed over total" count. */
export function completionCount(quests: readonly QuestView[]): { completed: number; total: number } {
  return {
    completed: quests.filter((q) => q.progress.status === 'completed').length,
    total: quests.length,
  };
}

type QuestButtonLabel = 'Start Quest' | 'Continue' | 'Completed';

export function questButtonLabel(quest: Pick<QuestView, 'progress'>): QuestButtonLabel {
  switch (quest.progress.status) {
    case 'completed':
      return 'Completed';
    case 'in_progress':
      return 'Continue';
    default:
      return 'Start Quest';
  }
}

/** Completed steps over all steps, and the percentage rounded down. */
export function questStepProgress(quest: Pick<QuestView, 'steps' | 'progress'>): {
  completed: number;
  total: number;
  percent: number;
} {
  const total = quest.steps.length;
  const completed = new Set(quest.progress.completedSteps.filter((s) => s >= 0 && s < total)).size;
  return { completed, total, percent: progressPercent(completed, total) };
}

/**
 * The quest the dashboard's Learning panel suggests next: the first one already started (catalog order), else
 * the first one not started whose prerequisites are done; null when nothing is left to take.
 */
export function suggestedQuest(quests: readonly QuestView[]): QuestView | null {
  return (
    quests.find((q) => q.progress.status === 'in_progress') ??
    quests.find((q) => q.progress.status === 'not_started' && q.prerequisitesMet) ??
    null
  );
}

/** The titles of the prerequisites this user has not completed yet (for the locked card's overlay). */
export function missingPrerequisites(quest: QuestView, all: readonly QuestView[]): string[] {
  if (quest.prerequisitesMet) return [];
  return quest.prerequisites
    .map((id) => all.find((q) => q.id === id))
    .filter((q): q is QuestView => q !== undefined && q.progress.status !== 'completed')
    .map((q) => q.title);
}

/**
 * The first step may always be opened; any other only once the step before it is completed (the server
 * answers 409 otherwise). A completed step stays open for review.
 */
export function isStepUnlocked(step: number, completedSteps: readonly number[]): boolean {
  return step === 0 || completedSteps.includes(step - 1) || completedSteps.includes(step);
}

/** Next is enabled only when the current step is completed and is not the last. */
export function canGoNext(step: number, completedSteps: readonly number[], totalSteps: number): boolean {
  return step < totalSteps - 1 && completedSteps.includes(step);
}

export function canGoPrevious(step: number): boolean {
  return step > 0;
}

/**
 * Where the sheet opens: a completed quest from the start (to review it); otherwise the step the server
 * says the user is on, provided it may be opened, else the first step not yet completed.
 */
export function openingStep(quest: Pick<QuestView, 'steps' | 'progress'>): number {
  const total = quest.steps.length;
  if (total === 0 || quest.progress.status === 'completed') return 0;
  const done = quest.progress.completedSteps;
  const current = Math.min(Math.max(0, Math.floor(quest.progress.currentStep)), total - 1);
  if (isStepUnlocked(current, done)) return current;
  const firstOpen = quest.steps.findIndex((_, i) => !done.includes(i));
  return firstOpen === -1 ? 0 : firstOpen;
}

/** The step after completing `step`: the next one when it exists, else the same one. */
export function stepAfterCompleting(step: number, totalSteps: number): number {
  return Math.min(step + 1, Math.max(0, totalSteps - 1));
}

export type ContentBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/**
 * A text step's plain text as blocks: blank lines separate paragraphs, lines starting with "- " are list
 * items (consecutive ones form one list), other consecutive lines join into one paragraph. The result is
 * rendered as React text, never as HTML.
 */
export function parseStepContent(text: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  const flushList = () => {
    if (list.length > 0) blocks.push({ kind: 'list', items: list });
    list = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      flushParagraph();
      flushList();
    } else if (line.startsWith('- ')) {
      flushParagraph();
      const item = line.slice(2).trim();
      if (item !== '') list.push(item);
    } else {
      flushList();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushList();
  return blocks;
}

/** What a step's body shows, decided from its type and the shape of its content. */
type StepBody =
  | { kind: 'text'; blocks: ContentBlock[] }
  | { kind: 'quiz'; questions: QuizQuestionView[] }
  | { kind: 'no-questions' }
  | { kind: 'unavailable' };

function isQuizQuestion(value: unknown): value is QuizQuestionView {
  if (typeof value !== 'object' || value === null) return false;
  const q = value as Record<string, unknown>;
  return (
    typeof q.question === 'string' &&
    Array.isArray(q.options) &&
    q.options.length > 0 &&
    q.options.every((o) => typeof o === 'string')
  );
}

export function stepBody(step: Pick<QuestStepView, 'type' | 'content'>): StepBody {
  const content: unknown = step.content;
  if (step.type === 'quiz') {
    const questions = Array.isArray(content) ? content.filter(isQuizQuestion) : [];
    return questions.length > 0 ? { kind: 'quiz', questions } : { kind: 'no-questions' };
  }
  if (typeof content !== 'string' || content.trim() === '') return { kind: 'unavailable' };
  return { kind: 'text', blocks: parseStepContent(content) };
}

/** Answers keyed by question index; a question without a key is unanswered. */
export type QuizAnswers = Readonly<Record<number, number>>;

export function allQuestionsAnswered(answers: QuizAnswers, questionCount: number): boolean {
  for (let i = 0; i < questionCount; i += 1) if (answers[i] === undefined) return false;
  return true;
}

/** The answers as the server wants them: one option index per question, in order. */
export function answersPayload(answers: QuizAnswers, questionCount: number): number[] {
  return Array.from({ length: questionCount }, (_, i) => answers[i] ?? -1);
}

export type QuestionReview = {
  chosen: number | undefined;
  correct: boolean;
  correctAnswer: number;
  explanation: string;
};

/**
 * The per-question review of a passed quiz: from the answer to the submission when there is one, otherwise
 * (after a reload) from the quest view, which carries the answers, right options and explanations of
 * passed quizzes. Undefined when there is nothing to review.
 */
export function quizReview(
  questions: readonly QuizQuestionView[],
  given: QuizAnswers,
  result: QuizResult | undefined,
  stored: readonly number[] | undefined,
): QuestionReview[] | undefined {
  if (result?.passed && result.results && result.results.length === questions.length) {
    return result.results.map((r, i) => ({
      chosen: given[i] ?? stored?.[i],
      correct: r.correct,
      correctAnswer: r.correctAnswer,
      explanation: r.explanation,
    }));
  }
  if (!stored || stored.length !== questions.length) return undefined;
  if (!questions.every((q) => q.correctAnswer !== undefined)) return undefined;
  return questions.map((q, i) => ({
    chosen: stored[i],
    correct: stored[i] === q.correctAnswer,
    correctAnswer: q.correctAnswer as number,
    explanation: q.explanation ?? '',
  }));
}

export const INCOMPLETE_QUIZ = {
  title: 'Incomplete Quiz',
  description: 'Please answer all questions before submitting.',
} as const;

export function quizFailedMessage(result: Pick<QuizResult, 'correctCount' | 'total' | 'passMark'>): string {
  return `You got ${result.correctCount} out of ${result.total} correct. Need ${result.passMark} to pass. Try again!`;
}

export function quizPassedMessage(result: Pick<QuizResult, 'correctCount' | 'total'>): string {
  return `You got ${result.correctCount} out of ${result.total} correct. Great job!`;
}

/** The XP bar to the next level, as a whole percentage. */
export function levelPercent(metrics: { xpIntoLevel: number; xpPerLevel: number }): number {
  if (metrics.xpPerLevel <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((metrics.xpIntoLevel * 100) / metrics.xpPerLevel)));
}

/** The step button's accessible name, e.g. "Step 2: Budgeting basics (completed)". */
export function stepButtonLabel(
  index: number,
  title: string,
  state: { completed: boolean; unlocked: boolean },
): string {
  const suffix = state.completed ? ' (completed)' : state.unlocked ? '' : ' (locked)';
  return `Step ${index + 1}: ${title}${suffix}`;
}
