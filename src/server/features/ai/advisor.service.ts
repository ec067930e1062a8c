// The Creative Advisor: AI-powered with a configured model, otherwise (or when the
// model fails or times out) Basic Mode. Both answer only from the signed-in creator's own context.
import type { z } from 'zod';
import type { advisorRequestSchema } from '../../../shared/schemas/ai';
import type { Deps } from '../../lib/deps';
import { requireRateSlot } from '../../lib/rate-limits';
import type { SessionUser } from '../sessions/sessions.service';
import { createAiClient } from './ai-client';
import { basicAdvisorReply } from './basic-advisor';
import { type CreatorContext, loadCreatorContext } from './creator-context';
import { modelProfile } from './model-profile';

/** How much earlier conversation the model sees: the last 10 messages. */
const ADVISOR_HISTORY_LIMIT = 10;

function advisorSystemPrompt(ctx: CreatorContext): string {
  return [
    'You are the Creative Advisor of Vuka Capital, a South African revenue-based financing provider for content creators.',
    'Give practical, specific advice for a creator in South Africa: amounts in rand (R), South African institutions (SARS, the Information Regulator), local banks and platforms.',
    'Use the creator profile below; quote their own figures where they help. Never invent figures about them, never mention other users, and never promise credit decisions.',
    'Repayments are a share of monthly platform earnings; settling early costs only the principal owed and the finance charge earned to that day, with no fee; three consecutive shortfall months allow renegotiation; a payment unpaid for over 90 days is a default.',
    'The profile\'s "loan" is where their financing stands today, worked out by the lender: quote its figures for questions about what they owe, being behind, settling early or the cost. When daysPastDue is above 0 they are late since oldestUnpaidDueDate (a past date: never call it the next payment); nextInstalment is the next one not yet due; settlementAmount settles the loan today; annualCostRate is the annualised cost rate in percent.',
    'The profile writes money, percentages, days and statuses as the product shows them (R 6 500,00; 18,5%; 5 March 2026; Under Review): write them the same way, never as codes or ISO dates.',
    'For tax, give general guidance and suggest a registered tax practitioner for their own situation. Keep answers under 250 words, in plain text with short paragraphs or "- " bullets.',
    '',
    'Creator profile (JSON):',
    JSON.stringify(modelProfile(ctx)),
  ].join('\n');
}

type AdvisorReply = { content: string; isBasicMode: boolean };

/**
 * 20 advisor questions per user per 10 minutes (decision 014), counted in the database so every instance of the
 * server shares the limit (lib/rate-limits.ts).
 */
export const ADVISOR_RATE_LIMIT = { limit: 20, windowMs: 10 * 60 * 1000 };
const ADVISOR_RATE_LIMIT_MESSAGE =
  'You have asked a lot of questions in a short time. Please wait a few minutes.';

export async function creativeAdvisorReply(
  deps: Deps & { log?: { warn: (obj: object, msg: string) => void } },
  user: SessionUser,
  input: z.output<typeof advisorRequestSchema>,
): Promise<AdvisorReply> {
  await deps.db.transaction((tx) =>
    requireRateSlot(
      tx,
      { key: `advisor:${user.id}`, ...ADVISOR_RATE_LIMIT },
      deps.clock.now(),
      ADVISOR_RATE_LIMIT_MESSAGE,
    ),
  );
  const ctx = await loadCreatorContext(deps, user);
  const ai = createAiClient(deps.config);
  if (ai) {
    try {
      const completion = await ai.client.chat.completions.create({
        model: ai.model,
        temperature: 0.6,
        max_tokens: 600,
        messages: [
          { role: 'system', content: advisorSystemPrompt(ctx) },
          ...input.history.slice(-ADVISOR_HISTORY_LIMIT),
          { role: 'user', content: input.message },
        ],
      });
      const content = completion.choices[0]?.message?.content?.trim();
      if (content) return { content, isBasicMode: false };
      deps.log?.warn({}, 'advisor: the model returned no content; answering in Basic Mode');
    } catch (error) {
      deps.log?.warn({ err: error }, 'advisor: the model failed; answering in Basic Mode');
    }
  }
  return { content: basicAdvisorReply(input.message, ctx), isBasicMode: true };
}
