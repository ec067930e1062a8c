// Typing to the Creative Advisor: Shift+Enter starts a new line and sends nothing; a suggested question is sent as it
// is, leaving what was being typed alone and the keyboard in the input; the send button then sends the typed question
// with the conversation so far. The advisor's replies are answered here at the network boundary (fetch); the real
// server's Basic Mode reply is the advisor journey's.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { creatorUser, jsonResponse } from '../../../../tests/support/client-fixtures';
import type { AdvisorReply } from '../../../shared/schemas/ai';
import { createQueryClient } from '../../lib/api';
import { USER_QUERY_KEY } from '../../lib/session';
import { CreativeAdvisorCard } from './creative-advisor-card';

const CREATOR = creatorUser({
  id: 52,
  username: 'thabo@example.com',
  firstName: 'Thabo',
  lastName: 'Nkosi',
  city: 'Pretoria',
});

interface AdvisorRequest {
  url: string;
  message: string;
  history: Array<{ role: string; content: string }>;
}

/** Answers every question with a numbered Basic Mode reply, recording what was asked. */
function answerQuestions(): AdvisorRequest[] {
  const asked: AdvisorRequest[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    asked.push({ url: String(input), ...(JSON.parse(String(init?.body)) as Omit<AdvisorRequest, 'url'>) });
    const reply: AdvisorReply = { content: `Answer ${asked.length}.`, isBasicMode: true };
    return jsonResponse(200, reply);
  });
  return asked;
}

function renderCard() {
  const client = createQueryClient();
  client.setQueryData(USER_QUERY_KEY, CREATOR);
  render(
    <QueryClientProvider client={client}>
      <CreativeAdvisorCard />
    </QueryClientProvider>,
  );
  const card = screen.getByRole('region', { name: 'Creative Advisor' });
  return {
    input: within(card).getByRole('textbox', { name: 'Ask the Creative Advisor' }) as HTMLTextAreaElement,
    suggestions: () =>
      within(card)
        .queryAllByRole('list', { name: 'Suggested questions' })
        .flatMap((list) => within(list).getAllByRole('button')),
    userMessages: () =>
      within(card)
        .queryAllByTestId('advisor-message-user')
        .map((m) => m.textContent),
    assistantMessages: () => within(card).queryAllByTestId('advisor-message-assistant'),
    send: within(card).getByRole('button', { name: 'Send message' }),
  };
}

describe('the Creative Advisor composer', () => {
  it('Shift+Enter adds a newline without sending; a suggestion is sent, then the typed question with the history', async () => {
    const asked = answerQuestions();
    const card = renderCard();
    const user = userEvent.setup();
    // The welcome opens the chat.
    expect(card.assistantMessages()).toHaveLength(1);

    await user.click(card.input);
    await user.keyboard('First line{Shift>}{Enter}{/Shift}Second line');
    expect(card.input.value).toBe('First line\nSecond line');
    expect(card.userMessages()).toEqual([]);
    expect(card.suggestions()).toHaveLength(3);
    expect(asked).toEqual([]);

    const question = card.suggestions()[0]!.textContent ?? '';
    expect(question).toMatch(/\?$/);
    await user.click(card.suggestions()[0]!);
    await waitFor(() => expect(card.assistantMessages()).toHaveLength(2));
    expect(asked).toEqual([
      expect.objectContaining({ url: '/api/ai/creative-advisor', message: question, history: [] }),
    ]);
    expect(card.userMessages()).toEqual([question]);
    expect(card.suggestions()).toEqual([]);
    // The suggestion did not touch what was being typed, and the keyboard is back in the input.
    expect(card.input.value).toBe('First line\nSecond line');
    expect(document.activeElement).toBe(card.input);

    // The typed two-line question goes with the send button, with the conversation so far as history.
    await user.click(card.send);
    await waitFor(() => expect(card.assistantMessages()).toHaveLength(3));
    expect(asked).toHaveLength(2);
    expect(asked[1]!.url).toBe('/api/ai/creative-advisor');
    expect(asked[1]!.message).toBe('First line\nSecond line');
    expect(asked[1]!.history).toEqual([
      { role: 'user', content: question },
      { role: 'assistant', content: 'Answer 1.' },
    ]);
    expect(card.userMessages()).toEqual([question, 'First line\nSecond line']);
    expect(card.suggestions()).toEqual([]);
  });
});
