// The one OpenAI-compatible client of the server. Configured only by AI_BASE_URL / AI_API_KEY / AI_MODEL;
// without them every AI feature runs in its rule-based mode. The key stays on the server.
import OpenAI from 'openai';
import type { Config } from '../../config';

export type AiClient = { client: OpenAI; model: string };

export function createAiClient(config: Config): AiClient | null {
  const { baseUrl, apiKey, model } = config.ai;
  if (!baseUrl || !apiKey || !model) return null;
  // No SDK retries: a slow or failing model falls back to the rule-based answer instead of stacking waits.
  return {
    client: new OpenAI({ baseURL: baseUrl, apiKey, timeout: config.ai.timeoutMs, maxRetries: 0 }),
    model,
  };
}
