// POST /api/ai/creative-advisor and the chat's message model. The server answers for the
// signed-in creator whatever userId and creatorType say (decision 014); they are sent as the original client
// sends them.
import { useMutation } from '@tanstack/react-query';
import { ADVISOR_MESSAGE_MAX } from '../../../shared/constants';
import type { AdvisorReply } from '../../../shared/schemas/ai';
import { apiRequest } from '../../lib/api';

const ADVISOR_URL = '/api/ai/creative-advisor';

/** What the advisor says when a question fails, whatever the failure. */
export const ADVISOR_FAILURE_REPLY =
  'I encountered an issue, but I can still assist you with guidance. What would you like to know about?';

/** The server keeps only the last 10 messages of history; sending more would be wasted bytes. */
export const ADVISOR_HISTORY_SENT = 10;

export type AdvisorRole = 'user' | 'assistant';

export interface ChatMessage {
  id: number;
  role: AdvisorRole;
  content: string;
  /**
   * Written by this screen, not said in the conversation with the server (the welcome and the failure
   * reply): it is shown but never sent back as history.
   */
  local?: boolean;
  /** A short note under a reply, such as the server's rate-limit message. */
  notice?: string;
}

interface AdvisorRequest {
  message: string;
  creatorType: string | null;
  userId: number | null;
  history: Array<{ role: AdvisorRole; content: string }>;
}

/** POST /api/ai/creative-advisor (advisorReplySchema). */
export type AdvisorAnswer = AdvisorReply;

/**
 * The conversation before the new question, as the server accepts it: only what was really said (no local
 * messages), the last ADVISOR_HISTORY_SENT messages, each within the server's length limit.
 */
export function historyForRequest(messages: readonly ChatMessage[]): AdvisorRequest['history'] {
  return messages
    .filter((m) => !m.local && m.content.trim() !== '')
    .slice(-ADVISOR_HISTORY_SENT)
    .map((m) => ({ role: m.role, content: m.content.trim().slice(0, ADVISOR_MESSAGE_MAX) }));
}

function askAdvisor(request: AdvisorRequest): Promise<AdvisorAnswer> {
  return apiRequest<AdvisorAnswer>('POST', ADVISOR_URL, request);
}

export function useAskAdvisor() {
  return useMutation({ mutationFn: askAdvisor });
}
