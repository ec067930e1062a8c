// Learning quests: the catalog's shape, shared by the server (which stores and
// enforces it) and the client (which shows it). The pure progress rules both sides rely on are in
// quest-progress.ts.
import { z } from 'zod';
import { QUEST_CATEGORIES, QUEST_DIFFICULTIES } from './constants';

export const RESOURCE_TYPES = ['official', 'article', 'guide', 'video', 'tool'] as const;

export const questResourceSchema = z.object({
  url: z.url({ protocol: /^https$/ }),
  title: z.string().min(3).max(160),
  description: z.string().max(300).optional(),
  type: z.enum(RESOURCE_TYPES),
});

export const quizQuestionSchema = z
  .object({
    question: z.string().min(10).max(400),
    options: z.array(z.string().min(1).max(200)).min(2).max(6),
    /** Index into options. */
    correctAnswer: z.number().int().min(0),
    explanation: z.string().min(10).max(600),
  })
  .refine((q) => q.correctAnswer < q.options.length, 'correctAnswer must index an option');

const textStepSchema = z.object({
  title: z.string().min(3).max(120),
  description: z.string().min(10).max(300),
  type: z.literal('text'),
  /** Plain text; blank lines separate paragraphs, lines starting with "- " are list items. */
  content: z.string().min(200).max(4000),
  resources: z.array(questResourceSchema).max(6).default([]),
});

const quizStepSchema = z.object({
  title: z.string().min(3).max(120),
  description: z.string().min(10).max(300),
  type: z.literal('quiz'),
  content: z.array(quizQuestionSchema).min(3).max(10),
  resources: z.array(questResourceSchema).max(6).default([]),
});

export const questStepSchema = z.discriminatedUnion('type', [textStepSchema, quizStepSchema]);

/** One quest as written in the catalog. `slug` is its stable identity across catalog updates. */
export const questDefinitionSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: z.string().min(5).max(120),
  description: z.string().min(20).max(300),
  category: z.enum(QUEST_CATEGORIES),
  difficulty: z.enum(QUEST_DIFFICULTIES),
  xpReward: z.number().int().min(10).max(1000),
  /** Slugs of quests that must be completed first. */
  prerequisites: z.array(z.string()).default([]),
  steps: z.array(questStepSchema).min(2).max(12),
});

export type QuestResource = z.infer<typeof questResourceSchema>;
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;
export type QuestStepDefinition = z.infer<typeof questStepSchema>;
export type QuestDefinition = z.input<typeof questDefinitionSchema>;

/** POST /api/quests/{questId}/progress. `answers` (one option index per question) only for quiz steps. */
export const questProgressSchema = z.object({
  step: z
    .number({ error: 'Step must be a number' })
    .finite('Step must be a number')
    .transform((v) => Math.floor(v))
    .pipe(z.number().int().min(0, 'Step must be 0 or more').max(100, 'There is no such step')),
  completed: z.boolean({ error: 'completed must be true or false' }),
  answers: z
    .array(z.number().int().min(0).max(9), { error: 'Answers must be a list of option numbers' })
    .max(20)
    .optional(),
});

export const questPreferencesSchema = z
  .object({
    preferredCategories: z.array(z.enum(QUEST_CATEGORIES)).max(3).default([]),
    difficulty: z.enum(QUEST_DIFFICULTIES, { error: 'Difficulty is beginner, intermediate or advanced' }),
    learningGoals: z.array(z.string().trim().min(1).max(120)).max(10).default([]),
  })
  .strict();

// What the browser sees of the quests (the quest routes' answers) is defined by their response schemas.
export type {
  CreatorMetricsView,
  QuestProgressView,
  QuestStepView,
  QuestView,
  QuizQuestionView,
  QuizResult,
} from './schemas/quests';
