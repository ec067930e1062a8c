// Admin AI analysis of a user. With a model: structured JSON output validated by
// the Zod schema, one retry on a malformed answer, then the rule-based analysis. Without one: the
// rule-based analysis. Each result is stored in user_insights and audited.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { industryFocusLabel } from '../../../shared/industry-focus';
import {
  type AiAnalysis,
  aiAnalysisSchema,
  type analyzeUserSchema,
  type IndustryFocus,
  type InsightRecord,
} from '../../../shared/schemas/ai';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { type AiClient, createAiClient } from '../ai/ai-client';
import { type CreatorContext, loadCreatorContext } from '../ai/creator-context';
import { recordAction } from '../audit/audit.repository';
import type { SessionUser } from '../sessions/sessions.service';
import { findUserById, userExists } from '../users/users.repository';
import { type InsightRow, insertInsight, insightsOf } from './insights.repository';
import { rulesAnalysis } from './rules-analysis';

type Log = { warn: (obj: object, msg: string) => void };
/** One retry: a model that answers malformed JSON twice is not asked a third time. */
const MODEL_ATTEMPTS = 2;

const ANALYSIS_JSON_SCHEMA = z.toJSONSchema(aiAnalysisSchema, { target: 'draft-7' });

function analysisPrompt(ctx: CreatorContext, focus: IndustryFocus, context: string) {
  return [
    {
      role: 'system' as const,
      content: [
        'You are a credit and growth analyst at Vuka Capital, a South African revenue-based financing provider for content creators.',
        'Analyse the creator below for an internal reviewer. Use only the data given; do not invent figures or profiles. Amounts are in rand (R).',
        'Answer with one JSON object matching the JSON schema you are given, and nothing else.',
        `JSON schema: ${JSON.stringify(ANALYSIS_JSON_SCHEMA)}`,
      ].join('\n'),
    },
    {
      role: 'user' as const,
      content: `Focus: ${focus}.\nReviewer's context: ${context || '(none)'}\nCreator data (JSON): ${JSON.stringify(ctx)}`,
    },
  ];
}

/** Reads a model's answer as an analysis; null when it is not valid JSON of the right shape. */
export function parseModelAnalysis(content: string | null | undefined): AiAnalysis | null {
  if (!content) return null;
  const json = content.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  try {
    const parsed = aiAnalysisSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function modelAnalysis(
  ai: AiClient,
  ctx: CreatorContext,
  focus: IndustryFocus,
  context: string,
  log?: Log,
) {
  for (let attempt = 1; attempt <= MODEL_ATTEMPTS; attempt++) {
    try {
      const completion = await ai.client.chat.completions.create({
        model: ai.model,
        temperature: 0.2,
        max_tokens: 2500,
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'creator_analysis', schema: ANALYSIS_JSON_SCHEMA as Record<string, unknown> },
        },
        messages: analysisPrompt(ctx, focus, context),
      });
      const analysis = parseModelAnalysis(completion.choices[0]?.message?.content);
      if (analysis) return analysis;
      log?.warn({ attempt }, 'analysis: the model answered malformed JSON');
    } catch (error) {
      // A failing or timed-out service is not retried: the rule-based analysis answers at once.
      log?.warn({ err: error }, 'analysis: the model failed');
      return null;
    }
  }
  return null;
}

function toRecord(row: InsightRow): InsightRecord {
  return {
    analysisId: row.analysisId,
    timestamp: row.timestamp.toISOString(),
    industryFocus: row.industryFocus as IndustryFocus,
    context: row.context ?? '',
    source: row.source as InsightRecord['source'],
    analysis: row.analysis as AiAnalysis,
  };
}

export async function analyzeUser(
  deps: Deps & { log?: Log },
  admin: SessionUser,
  userId: number,
  input: z.output<typeof analyzeUserSchema>,
): Promise<InsightRecord> {
  const target = await findUserById(deps.db, userId);
  if (!target) throw notFound(`Could not find user ${userId}`);
  const ctx = await loadCreatorContext(deps, target);
  const ai = createAiClient(deps.config);
  const fromModel = ai ? await modelAnalysis(ai, ctx, input.industryFocus, input.context, deps.log) : null;
  const analysis = fromModel ?? rulesAnalysis(ctx, input.industryFocus, input.context);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await insertInsight(tx, {
      userId,
      analysisId: randomUUID(),
      timestamp: now,
      analysis,
      insight: analysis.summary,
      industryFocus: input.industryFocus,
      context: input.context,
      source: fromModel ? 'ai' : 'rules',
      createdBy: admin.id,
    });
    await recordAction(tx, {
      userId,
      adminId: admin.id,
      action: 'ai_analysis',
      notes: `${industryFocusLabel(input.industryFocus)} focus (${fromModel ? 'AI model' : 'rule-based'})`,
      at: now,
    });
    return toRecord(row);
  });
}

export async function insightsOfUser(db: Db, userId: number): Promise<InsightRecord[]> {
  if (!(await userExists(db, userId))) throw notFound(`Could not find user ${userId}`);
  const rows = await insightsOf(db, userId, 50);
  return rows.map(toRecord);
}
