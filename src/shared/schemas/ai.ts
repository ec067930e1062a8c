// Contracts of the Creative Advisor and the admin AI analysis.
import { z } from 'zod';
import { ADVISOR_MESSAGE_MAX } from '../constants';

const advisorMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().trim().min(1).max(ADVISOR_MESSAGE_MAX),
});

/**
 * POST /api/ai/creative-advisor. `creatorType` and `userId` are sent by the original client; the server
 * answers for the signed-in user whatever they say (decision 014).
 */
export const advisorRequestSchema = z.object({
  message: z
    .string({ error: 'Type a question for the advisor' })
    .trim()
    .min(1, 'Type a question for the advisor')
    .max(ADVISOR_MESSAGE_MAX, `Keep your question under ${ADVISOR_MESSAGE_MAX} characters`),
  creatorType: z.string().max(40).nullish(),
  userId: z.union([z.number(), z.string()]).nullish(),
  history: z.array(advisorMessageSchema).max(50, 'The conversation is too long').default([]),
});

export const INDUSTRY_FOCUSES = ['general', 'risk', 'growth', 'marketing'] as const;

export const analyzeUserSchema = z.object({
  industryFocus: z
    .enum(INDUSTRY_FOCUSES, { error: 'Focus is general, risk, growth or marketing' })
    .default('general'),
  context: z.string().trim().max(1000, 'Keep the context under 1000 characters').optional().default(''),
});

/**
 * The analysis's sections and fields, for a given text and list schema: the model's answer
 * is held to lengths and counts, the stored record read back is held to the shape.
 */
function analysisShape<T extends z.ZodType<string>, L extends z.ZodType<string[]>>(text: T, list: L) {
  return z.object({
    summary: text,
    financialAnalysis: z.object({ overview: text, risk: text, trends: text }),
    platformAnalysis: z.object({ overview: text, trends: text, recommendations: list }),
    repaymentAnalysis: z.object({ pattern: text, risks: list, opportunities: list }),
    careerTrajectory: z.object({
      currentStanding: text,
      potentialGrowthPaths: list,
      marketOpportunities: list,
      skillGaps: list,
    }),
    brandAnalysis: z.object({ strengths: list, uniqueSellingPoints: list, developmentAreas: list }),
    onlinePresence: z.object({ identifiedProfiles: list, audienceReach: text, contentEffectiveness: text }),
    businessIntelligence: z.object({
      industryComparison: text,
      growthOpportunities: list,
      riskFactors: list,
    }),
    actionableInsights: list,
  });
}

/**
 * The AI analysis record's `analysis` as a model must write it (and the rule-based
 * analysis does): every text 1 to 2000 characters, every list 1 to 10 items of at most 500.
 */
export const aiAnalysisSchema = analysisShape(
  z.string().min(1).max(2000),
  z.array(z.string().min(1).max(500)).min(1).max(10),
);

/** The same sections as sent back from storage: the shape, without the limits a model's answer is held to. */
const storedAnalysisSchema = analysisShape(z.string(), z.array(z.string()));

export type AiAnalysis = z.infer<typeof aiAnalysisSchema>;
export type IndustryFocus = (typeof INDUSTRY_FOCUSES)[number];
/** POST /api/insights/analyze-user/{id}. */
export type AnalyzeUserInput = z.input<typeof analyzeUserSchema>;

/** POST /api/ai/creative-advisor. */
export const advisorReplySchema = z.object({
  content: z.string(),
  /** true when answered without a model (Basic Mode). */
  isBasicMode: z.boolean(),
});
export type AdvisorReply = z.infer<typeof advisorReplySchema>;

/** An analysis record as stored and sent: POST /api/insights/analyze-user/{id} (201), one of the list's. */
export const insightRecordSchema = z.object({
  analysisId: z.string(),
  timestamp: z.string(),
  industryFocus: z.enum(INDUSTRY_FOCUSES),
  context: z.string(),
  /** 'ai' when a model wrote it, 'rules' when computed from the user's data. */
  source: z.enum(['ai', 'rules']),
  analysis: storedAnalysisSchema,
});
export type InsightRecord = z.infer<typeof insightRecordSchema>;

/** GET /api/insights/user/{id}: newest first. */
export const insightListSchema = z.object({ insights: z.array(insightRecordSchema) });
export type InsightList = z.infer<typeof insightListSchema>;
