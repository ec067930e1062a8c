import { describe, expect, it } from 'vitest';
import type { QuestProgressView, QuestStepView, QuestView } from '../../../shared/quests';
import {
  allQuestionsAnswered,
  answersPayload,
  canGoNext,
  canGoPrevious,
  completionCount,
  isQuestTab,
  isStepUnlocked,
  levelPercent,
  missingPrerequisites,
  openingStep,
  parseStepContent,
  questButtonLabel,
  questStepProgress,
  questsForTab,
  quizFailedMessage,
  quizPassedMessage,
  quizReview,
  stepAfterCompleting,
  stepBody,
  stepButtonLabel,
  suggestedQuest,
} from './quest-rules';

const textStep = (title = 'Read this'): QuestStepView => ({
  title,
  description: 'A text step',
  type: 'text',
  content: 'Some text.',
  resources: [],
});

const quizStep: QuestStepView = {
  title: 'Check yourself',
  description: 'A quiz',
  type: 'quiz',
  content: [
    { question: 'One?', options: ['a', 'b'] },
    { question: 'Two?', options: ['a', 'b', 'c'] },
  ],
  resources: [],
};

function progress(overrides: Partial<QuestProgressView> = {}): QuestProgressView {
  return {
    status: 'not_started',
    currentStep: 0,
    completedSteps: [],
    xpEarned: 0,
    startedAt: null,
    completedAt: null,
    ...overrides,
  };
}

function quest(id: number, overrides: Partial<QuestView> = {}): QuestView {
  return {
    id,
    slug: `quest-${id}`,
    title: `Quest ${id}`,
    description: 'A quest for testing',
    category: 'creative',
    type: 'creative',
    difficulty: 'beginner',
    xpReward: 100,
    prerequisites: [],
    prerequisitesMet: true,
    steps: [textStep(), textStep(), quizStep],
    progress: progress(),
    ...overrides,
  };
}

describe('tabs and the header count', () => {
  const quests = [
    quest(1, {
      category: 'creative',
      progress: progress({ status: 'completed', completedSteps: [0, 1, 2] }),
    }),
    quest(2, { category: 'financial', progress: progress({ status: 'in_progress', completedSteps: [0] }) }),
    quest(3, { category: 'financial' }),
    quest(4, {
      category: 'platform',
      progress: progress({ status: 'completed', completedSteps: [0, 1, 2] }),
    }),
  ];

  it('All Quests lists every quest in order; a category tab only its own', () => {
    expect(questsForTab(quests, 'all').map((q) => q.id)).toEqual([1, 2, 3, 4]);
    expect(questsForTab(quests, 'creative').map((q) => q.id)).toEqual([1]);
    expect(questsForTab(quests, 'financial').map((q) => q.id)).toEqual([2, 3]);
    expect(questsForTab(quests, 'platform').map((q) => q.id)).toEqual([4]);
  });

  it('a tab with no quests is empty', () => {
    expect(questsForTab([quest(1)], 'platform')).toEqual([]);
  });

  it('counts completed quests over all quests', () => {
    expect(completionCount(quests)).toEqual({ completed: 2, total: 4 });
    expect(completionCount([])).toEqual({ completed: 0, total: 0 });
  });

  it('knows its tab values', () => {
    expect(['all', 'creative', 'financial', 'platform'].every(isQuestTab)).toBe(true);
    expect(isQuestTab('admin')).toBe(false);
  });
});

describe('the card', () => {
  it('labels the button by status', () => {
    expect(questButtonLabel({ progress: progress() })).toBe('Start Quest');
    expect(questButtonLabel({ progress: progress({ status: 'in_progress' }) })).toBe('Continue');
    expect(questButtonLabel({ progress: progress({ status: 'completed' }) })).toBe('Completed');
  });

  it('shows completed steps over all steps, the percentage rounded down', () => {
    expect(questStepProgress(quest(1, { progress: progress({ completedSteps: [0] }) }))).toEqual({
      completed: 1,
      total: 3,
      percent: 33,
    });
    expect(questStepProgress(quest(1, { progress: progress({ completedSteps: [0, 1] }) })).percent).toBe(66);
    expect(questStepProgress(quest(1, { progress: progress({ completedSteps: [0, 1, 2] }) })).percent).toBe(
      100,
    );
    expect(questStepProgress(quest(1, { steps: [] })).percent).toBe(0);
  });

  it('ignores step indexes that do not exist', () => {
    expect(questStepProgress(quest(1, { progress: progress({ completedSteps: [0, 7] }) })).completed).toBe(1);
  });

  it('names the prerequisites still to complete', () => {
    const basics = quest(1, { title: 'Basics' });
    const budgeting = quest(2, { title: 'Budgeting', progress: progress({ status: 'completed' }) });
    const advanced = quest(3, { prerequisites: [1, 2], prerequisitesMet: false });
    expect(missingPrerequisites(advanced, [basics, budgeting, advanced])).toEqual(['Basics']);
    expect(missingPrerequisites(quest(4), [basics])).toEqual([]);
  });
});

describe('step navigation', () => {
  it('opens the first step always, any other only after the one before it', () => {
    expect(isStepUnlocked(0, [])).toBe(true);
    expect(isStepUnlocked(1, [])).toBe(false);
    expect(isStepUnlocked(1, [0])).toBe(true);
    expect(isStepUnlocked(2, [0])).toBe(false);
    expect(isStepUnlocked(2, [0, 1])).toBe(true);
  });

  it('enables Next only when the current step is completed and is not the last', () => {
    expect(canGoNext(0, [], 3)).toBe(false);
    expect(canGoNext(0, [0], 3)).toBe(true);
    expect(canGoNext(1, [0], 3)).toBe(false);
    expect(canGoNext(2, [0, 1, 2], 3)).toBe(false);
  });

  it('enables Previous after the first step', () => {
    expect(canGoPrevious(0)).toBe(false);
    expect(canGoPrevious(1)).toBe(true);
  });

  it('moves to the next step after completing one, if there is one', () => {
    expect(stepAfterCompleting(0, 3)).toBe(1);
    expect(stepAfterCompleting(2, 3)).toBe(2);
  });

  it('opens where the user left off, a completed quest at the start', () => {
    expect(openingStep(quest(1))).toBe(0);
    expect(
      openingStep(
        quest(1, { progress: progress({ status: 'in_progress', currentStep: 2, completedSteps: [0, 1] }) }),
      ),
    ).toBe(2);
    expect(
      openingStep(
        quest(1, { progress: progress({ status: 'completed', currentStep: 2, completedSteps: [0, 1, 2] }) }),
      ),
    ).toBe(0);
    // A pointer that cannot be opened falls back to the first step not completed.
    expect(
      openingStep(
        quest(1, { progress: progress({ status: 'in_progress', currentStep: 2, completedSteps: [0] }) }),
      ),
    ).toBe(1);
    expect(
      openingStep(
        quest(1, { progress: progress({ status: 'in_progress', currentStep: 9, completedSteps: [0, 1] }) }),
      ),
    ).toBe(2);
  });

  it('names each step button with its number, title and state', () => {
    expect(stepButtonLabel(1, 'Budgeting', { completed: true, unlocked: true })).toBe(
      'Step 2: Budgeting (completed)',
    );
    expect(stepButtonLabel(0, 'Intro', { completed: false, unlocked: true })).toBe('Step 1: Intro');
    expect(stepButtonLabel(2, 'Quiz', { completed: false, unlocked: false })).toBe('Step 3: Quiz (locked)');
  });
});

describe('text content', () => {
  it('splits paragraphs on blank lines and joins wrapped lines', () => {
    expect(parseStepContent('First line\ncontinues here.\n\nSecond paragraph.')).toEqual([
      { kind: 'paragraph', text: 'First line continues here.' },
      { kind: 'paragraph', text: 'Second paragraph.' },
    ]);
  });

  it('turns lines starting with "- " into one list', () => {
    expect(parseStepContent('Remember:\n- one\n- two\n\n- three\nAfter.')).toEqual([
      { kind: 'paragraph', text: 'Remember:' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'list', items: ['three'] },
      { kind: 'paragraph', text: 'After.' },
    ]);
  });

  it('handles Windows line ends, extra blank lines and markup as plain text', () => {
    expect(parseStepContent('\r\n\r\n<b>bold</b>\r\n\r\n\r\n-not a list\r\n')).toEqual([
      { kind: 'paragraph', text: '<b>bold</b>' },
      { kind: 'paragraph', text: '-not a list' },
    ]);
    expect(parseStepContent('')).toEqual([]);
  });

  it('decides what a step shows from its type and content', () => {
    expect(stepBody(textStep())).toEqual({
      kind: 'text',
      blocks: [{ kind: 'paragraph', text: 'Some text.' }],
    });
    expect(stepBody({ type: 'text', content: [] })).toEqual({ kind: 'unavailable' });
    // Content of the wrong type, as a damaged record could hold: the type system would refuse it otherwise.
    expect(stepBody({ type: 'text', content: { html: '<p>x</p>' } as unknown as string })).toEqual({
      kind: 'unavailable',
    });
    expect(stepBody(quizStep)).toMatchObject({
      kind: 'quiz',
      questions: [{ question: 'One?' }, { question: 'Two?' }],
    });
    expect(stepBody({ type: 'quiz', content: [] })).toEqual({ kind: 'no-questions' });
    expect(stepBody({ type: 'quiz', content: 'oops' })).toEqual({ kind: 'no-questions' });
  });
});

describe('quiz', () => {
  it('needs every question answered', () => {
    expect(allQuestionsAnswered({}, 2)).toBe(false);
    expect(allQuestionsAnswered({ 0: 1 }, 2)).toBe(false);
    expect(allQuestionsAnswered({ 0: 1, 1: 0 }, 2)).toBe(true);
    expect(answersPayload({ 1: 0, 0: 1 }, 2)).toEqual([1, 0]);
  });

  it('words the toasts as the product does', () => {
    expect(quizFailedMessage({ correctCount: 2, total: 5, passMark: 4 })).toBe(
      'You got 2 out of 5 correct. Need 4 to pass. Try again!',
    );
    expect(quizPassedMessage({ correctCount: 4, total: 5 })).toBe('You got 4 out of 5 correct. Great job!');
  });

  const questions = [
    { question: 'One?', options: ['a', 'b'], correctAnswer: 1, explanation: 'Because b.' },
    { question: 'Two?', options: ['a', 'b'], correctAnswer: 0, explanation: 'Because a.' },
  ];

  it('reviews a pass from the submission result', () => {
    const review = quizReview(
      questions.map(({ question, options }) => ({ question, options })),
      { 0: 1, 1: 1 },
      {
        correctCount: 1,
        total: 2,
        passMark: 1,
        passed: true,
        results: [
          { correct: true, correctAnswer: 1, explanation: 'Because b.' },
          { correct: false, correctAnswer: 0, explanation: 'Because a.' },
        ],
      },
      undefined,
    );
    expect(review).toEqual([
      { chosen: 1, correct: true, correctAnswer: 1, explanation: 'Because b.' },
      { chosen: 1, correct: false, correctAnswer: 0, explanation: 'Because a.' },
    ]);
  });

  it('reviews a pass after a reload from the quest view', () => {
    expect(quizReview(questions, {}, undefined, [1, 1])).toEqual([
      { chosen: 1, correct: true, correctAnswer: 1, explanation: 'Because b.' },
      { chosen: 1, correct: false, correctAnswer: 0, explanation: 'Because a.' },
    ]);
  });

  it('has nothing to review before a pass', () => {
    const hidden = questions.map(({ question, options }) => ({ question, options }));
    expect(quizReview(hidden, { 0: 1 }, undefined, undefined)).toBeUndefined();
    expect(
      quizReview(
        hidden,
        { 0: 1, 1: 1 },
        { correctCount: 0, total: 2, passMark: 2, passed: false },
        undefined,
      ),
    ).toBeUndefined();
    expect(quizReview(hidden, {}, undefined, [1, 1])).toBeUndefined();
  });
});

describe('level bar', () => {
  it('is the XP into the level over the XP per level, rounded down', () => {
    expect(levelPercent({ xpIntoLevel: 0, xpPerLevel: 250 })).toBe(0);
    expect(levelPercent({ xpIntoLevel: 125, xpPerLevel: 250 })).toBe(50);
    expect(levelPercent({ xpIntoLevel: 249, xpPerLevel: 250 })).toBe(99);
    expect(levelPercent({ xpIntoLevel: 10, xpPerLevel: 0 })).toBe(0);
  });
});

describe('suggestedQuest', () => {
  it('suggests the quest already started, then the first open one, then nothing', () => {
    const done = quest(1, { progress: progress({ status: 'completed' }) });
    const locked = quest(2, { prerequisitesMet: false });
    const open = quest(3);
    const started = quest(4, { progress: progress({ status: 'in_progress', completedSteps: [0] }) });
    expect(suggestedQuest([done, locked, open, started])?.id).toBe(4);
    expect(suggestedQuest([done, locked, open])?.id).toBe(3);
    expect(suggestedQuest([done, locked])).toBeNull();
    expect(suggestedQuest([])).toBeNull();
  });
});
