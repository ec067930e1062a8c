// Learning quest answers (decision 013): the views of src/shared/quests.ts as schemas, used as the quest routes'
// response schemas. The catalog's own shape and the request schemas stay in src/shared/quests.ts.
import { z } from 'zod';
import { QUEST_CATEGORIES, QUEST_DIFFICULTIES } from '../constants';
import { RESOURCE_TYPES } from '../quests';

const resourceSchema = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string().optional(),
  type: z.enum(RESOURCE_TYPES),
});

/** A quiz question as the browser sees it: the answer and explanation only once the quiz is passed. */
export const quizQuestionViewSchema = z.object({
  question: z.string(),
  options: z.array(z.string()),
  correctAnswer: z.number().int().optional(),
  explanation: z.string().optional(),
});
export type QuizQuestionView = z.infer<typeof quizQuestionViewSchema>;

export const questStepViewSchema = z.object({
  title: z.string(),
  description: z.string(),
  type: z.enum(['text', 'quiz']),
  /** Text for a text step, the questions for a quiz. */
  content: z.union([z.string(), z.array(quizQuestionViewSchema)]),
  resources: z.array(resourceSchema),
  /** For a passed quiz: the answers given. */
  answers: z.array(z.number().int()).optional(),
});
export type QuestStepView = z.infer<typeof questStepViewSchema>;

export const questProgressViewSchema = z.object({
  status: z.enum(['not_started', 'in_progress', 'completed']),
  currentStep: z.number().int(),
  completedSteps: z.array(z.number().int()),
  xpEarned: z.number().int(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type QuestProgressView = z.infer<typeof questProgressViewSchema>;

export const questViewSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(QUEST_CATEGORIES),
  /** The quest view's name for the category. */
  type: z.enum(QUEST_CATEGORIES),
  difficulty: z.enum(QUEST_DIFFICULTIES),
  xpReward: z.number().int(),
  prerequisites: z.array(z.number().int()),
  prerequisitesMet: z.boolean(),
  steps: z.array(questStepViewSchema),
  progress: questProgressViewSchema,
});
export type QuestView = z.infer<typeof questViewSchema>;

/** GET /api/quests. */
export const questListSchema = z.array(questViewSchema);

/** GET /api/quests/metrics. */
export const creatorMetricsSchema = z.object({
  totalXp: z.number().int(),
  currentLevel: z.number().int(),
  questsCompleted: z.number().int(),
  xpIntoLevel: z.number().int(),
  xpPerLevel: z.number().int(),
});
export type CreatorMetricsView = z.infer<typeof creatorMetricsSchema>;

export const quizResultSchema = z.object({
  correctCount: z.number().int(),
  total: z.number().int(),
  passMark: z.number().int(),
  passed: z.boolean(),
  /** Per question, only when passed: whether the answer was right, the right option and why. */
  results: z
    .array(z.object({ correct: z.boolean(), correctAnswer: z.number().int(), explanation: z.string() }))
    .optional(),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

/** POST /api/quests/{questId}/progress. */
export const questProgressAnswerSchema = z.object({
  quest: questViewSchema,
  quizResult: quizResultSchema.optional(),
  /** True only on the request that completed the quest (and granted its XP). */
  questCompleted: z.boolean(),
  metrics: creatorMetricsSchema,
});
export type QuestProgressAnswer = z.infer<typeof questProgressAnswerSchema>;

/** GET and PUT /api/quests/preferences. */
export const questPreferencesAnswerSchema = z.object({
  preferredCategories: z.array(z.string()),
  difficulty: z.string(),
  learningGoals: z.array(z.string()),
  lastUpdated: z.string().nullable(),
});
