import { describe, expect, it } from 'vitest';
import { ADVISOR_MESSAGE_MAX } from '../../../shared/constants';
import { ADVISOR_HISTORY_SENT, type ChatMessage, historyForRequest } from './advisor-api';

const message = (id: number, role: ChatMessage['role'], content: string, local = false): ChatMessage => ({
  id,
  role,
  content,
  local,
});

describe('historyForRequest', () => {
  it('sends what was said, without the welcome or a failure reply', () => {
    const history = historyForRequest([
      message(0, 'assistant', 'Welcome!', true),
      message(1, 'user', 'How can I grow my audience?'),
      message(2, 'assistant', 'Post weekly.'),
      message(3, 'user', 'And tax?'),
      message(4, 'assistant', 'I encountered an issue…', true),
    ]);
    expect(history).toEqual([
      { role: 'user', content: 'How can I grow my audience?' },
      { role: 'assistant', content: 'Post weekly.' },
      { role: 'user', content: 'And tax?' },
    ]);
  });

  it('keeps only the last 10 messages, each within the server limit', () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      message(i, i % 2 === 0 ? 'user' : 'assistant', `m${i} ${'x'.repeat(i === 24 ? 3000 : 1)}`),
    );
    const history = historyForRequest(many);
    expect(history).toHaveLength(ADVISOR_HISTORY_SENT);
    expect(history[0]!.content.startsWith('m15 ')).toBe(true);
    expect(history.at(-1)!.content).toHaveLength(ADVISOR_MESSAGE_MAX);
  });

  it('is empty for a fresh chat', () => {
    expect(historyForRequest([message(0, 'assistant', 'Welcome!', true)])).toEqual([]);
  });
});
